// The floor every speed target is measured against: allocating and filling
// a float array of the output's size, page faults of a fresh buffer
// included, as in every generate call. Args: width, height.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace terrain {
namespace {

void BM_FillBaseline(benchmark::State& state) {
  const auto cells = static_cast<std::size_t>(state.range(0) * state.range(1));
  for (auto _ : state) {
    std::vector<float> v(cells);
    std::fill(v.begin(), v.end(), 1.0f);
    benchmark::DoNotOptimize(v.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(cells));
}
BENCHMARK(BM_FillBaseline)
    ->Args({1025, 1025})
    ->Args({4096, 4096})
    ->Args({4097, 4097})
    ->Args({(1 << 20) + 1, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace terrain
