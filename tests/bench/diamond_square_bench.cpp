// Diamond-square against the cost of merely allocating and filling a map of
// the same size (the target: at most 4x at 4097x4097). Both include the page
// faults of a fresh buffer.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "core/nodes/sources/diamond_square.hpp"

namespace terrain {
namespace {

// The raw source (no normalise), default parameters, seed 1.
void runDiamondSquare(benchmark::State& state, const Execution& exec) {
  DiamondSquareParams params;
  params.size = static_cast<int>(state.range(0));
  const RunControl control{exec, nullptr, {}};
  for (auto _ : state) {
    Heightfield field = generateDiamondSquare(params, 1, control);
    benchmark::DoNotOptimize(field.heights.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(params.size) *
                          params.size);
}

// Default parameters, every hardware thread.
void BM_DiamondSquare(benchmark::State& state) {
  runDiamondSquare(state, Execution{});
}
BENCHMARK(BM_DiamondSquare)->Arg(1025)->Arg(4097)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same on the calling thread only, to show what the second core buys.
void BM_DiamondSquareOneThread(benchmark::State& state) {
  runDiamondSquare(state, Execution{1});
}
BENCHMARK(BM_DiamondSquareOneThread)
    ->Arg(1025)
    ->Arg(4097)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace terrain
