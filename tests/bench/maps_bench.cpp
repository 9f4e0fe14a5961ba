// Articles 002 and 003 against the cost of merely touching a map's memory.
// Target: coastline 4096 (classes, default params) within 3x BM_FillBaseline/4096/4096.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "core/generator.hpp"

namespace terrain {
namespace {

void runGenerator(benchmark::State& state, const TerrainSpec& spec) {
  validate(spec);
  const Generator& generator = generatorFor(spec.generator);
  for (auto _ : state) {
    Heightfield field = generator.generate(spec, Execution{});
    benchmark::DoNotOptimize(field.heights.data());
    benchmark::ClobberMemory();
  }
}

void BM_CoastlineClasses(benchmark::State& state) {
  TerrainSpec spec = defaultSpec(GeneratorId::Coastline);
  spec.size = static_cast<int>(state.range(0));
  runGenerator(state, spec);
}
BENCHMARK(BM_CoastlineClasses)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_CoastlineHeights(benchmark::State& state) {
  TerrainSpec spec = defaultSpec(GeneratorId::Coastline);
  spec.size = static_cast<int>(state.range(0));
  spec.coastline.mode = CoastMode::Heights;
  runGenerator(state, spec);
}
BENCHMARK(BM_CoastlineHeights)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();

// The article's 1024 rectangles of size 10, zscale 512, on its 128 map and on 1024.
void BM_Rectangles(benchmark::State& state) {
  TerrainSpec spec = articlePreset(GeneratorId::Rectangles);
  spec.size = static_cast<int>(state.range(0));
  runGenerator(state, spec);
}
BENCHMARK(BM_Rectangles)->Arg(128)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace terrain
