#pragma once
// Data-parallel loops on a small process-wide worker pool. Results never
// depend on the thread count: callers split work so that every output cell
// is written by exactly one task, from inputs no task of the loop writes.
#include <cstdint>
#include <functional>

namespace terrain {

struct Execution {
  int threads = 0;  // 0 = every hardware thread; 1 = run on the caller only
  // Floats per SIMD vector for kernels that offer widths (thermal erosion):
  // 0 = the widest this CPU runs. Every width gives the same bits.
  int vectorWidth = 0;
};

int resolvedThreadCount(const Execution& exec);

// Calls body(begin, end) on contiguous chunks covering [first, last). Chunks
// are never smaller than minChunk items; runs inline when one chunk suffices,
// or when another thread's call holds the threads (the same chunks, one
// after another). Not reentrant: a body must not call parallelFor itself.
void parallelFor(const Execution& exec, std::int64_t first, std::int64_t last,
                 std::int64_t minChunk,
                 const std::function<void(std::int64_t, std::int64_t)>& body);

}  // namespace terrain
