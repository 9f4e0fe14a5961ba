#include "core/base/parallel.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <thread>
#include <vector>

namespace terrain {
namespace {

using namespace std::chrono_literals;

// Every index of the range once, in contiguous chunks no smaller than asked.
TEST(ParallelFor, CoversTheRangeOnceInChunksNoSmallerThanAsked) {
  for (const int threads : {1, 2, 0}) {
    for (const std::int64_t count : {1, 2, 7, 1000, 65537}) {
      for (const std::int64_t minChunk : {1, 3, 4096}) {
        std::vector<std::atomic<int>> seen(static_cast<std::size_t>(count));
        std::atomic<std::int64_t> smallest{count};
        std::atomic<int> chunks{0};
        parallelFor(Execution{threads}, 0, count, minChunk, [&](std::int64_t a, std::int64_t b) {
          ++chunks;
          std::int64_t was = smallest.load();
          while (b - a < was && !smallest.compare_exchange_weak(was, b - a)) {
          }
          for (std::int64_t i = a; i < b; ++i) ++seen[static_cast<std::size_t>(i)];
        });
        for (const auto& s : seen) {
          ASSERT_EQ(s.load(), 1) << count << " " << minChunk;
        }
        if (chunks.load() > 1) {
          EXPECT_GE(smallest.load(), minChunk) << count << " " << minChunk;
        }
        EXPECT_LE(chunks.load(), std::max(1, resolvedThreadCount(Execution{threads})));
      }
    }
  }
}

TEST(ParallelFor, AChunksExceptionReachesTheCaller) {
  EXPECT_THROW(parallelFor(Execution{2}, 0, 100, 1,
                           [](std::int64_t a, std::int64_t) {
                             if (a == 0) throw std::runtime_error("chunk 0");
                           }),
               std::runtime_error);
  // The pool still works afterwards.
  std::atomic<std::int64_t> sum{0};
  parallelFor(Execution{2}, 0, 100, 1, [&](std::int64_t a, std::int64_t b) {
    for (std::int64_t i = a; i < b; ++i) sum += i;
  });
  EXPECT_EQ(sum.load(), 4950);
}

// The window's frame computes its splat while the worker generates: the
// frame's parallelFor must not queue behind the worker's batch. Here the
// worker's batch cannot finish until the other caller's has: with a wait,
// neither would (until the deadline below).
TEST(ParallelFor, ACallerFindingThePoolBusyRunsItsOwnChunks) {
  if (resolvedThreadCount(Execution{2}) < 2) {
    GTEST_SKIP() << "one CPU: parallelFor never uses the pool";
  }
  std::atomic<bool> holding{false};
  std::atomic<bool> otherDone{false};
  std::atomic<bool> timedOut{false};
  std::thread worker([&] {
    parallelFor(Execution{2}, 0, 2, 1, [&](std::int64_t, std::int64_t) {
      holding = true;
      const auto deadline = std::chrono::steady_clock::now() + 20s;
      while (!otherDone.load()) {
        if (std::chrono::steady_clock::now() > deadline) {
          timedOut = true;
          return;
        }
        std::this_thread::sleep_for(1ms);
      }
    });
  });
  while (!holding.load()) std::this_thread::sleep_for(1ms);
  std::vector<int> cells(1000, 0);
  parallelFor(Execution{2}, 0, 1000, 1, [&](std::int64_t a, std::int64_t b) {
    for (std::int64_t i = a; i < b; ++i) cells[static_cast<std::size_t>(i)] = 1;
  });
  // Run alone, its chunks' exceptions still reach it.
  EXPECT_THROW(parallelFor(Execution{2}, 0, 1000, 1,
                           [](std::int64_t a, std::int64_t) {
                             if (a > 0) throw std::runtime_error("second chunk");
                           }),
               std::runtime_error);
  otherDone = true;
  worker.join();
  EXPECT_FALSE(timedOut.load()) << "the second caller waited for the first one's batch";
  for (const int c : cells) {
    ASSERT_EQ(c, 1);
  }
}

}  // namespace
}  // namespace terrain
