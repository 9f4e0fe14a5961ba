// Diamond-square against the cost of merely allocating and filling a map of
// the same size (the target: at most 4x at 4097x4097). Both include the page
// faults of a fresh buffer.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "core/diamond_square.hpp"
#include "core/spec.hpp"

namespace terrain {
namespace {

void runDiamondSquare(benchmark::State& state, const Execution& exec) {
  TerrainSpec spec = defaultSpec(GeneratorId::DiamondSquare);
  spec.size = static_cast<int>(state.range(0));
  const Generator& gen = generatorFor(GeneratorId::DiamondSquare);
  for (auto _ : state) {
    Heightfield field = gen.generate(spec, exec);
    benchmark::DoNotOptimize(field.heights.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(spec.size) * spec.size);
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
