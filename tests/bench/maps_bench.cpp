// Articles 002 and 003 against the cost of merely touching a map's memory.
// Target: coastline 4096 (classes, default params) within 3x BM_MapsFillBaseline/4096.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "core/generator.hpp"

namespace terrain {
namespace {

// Allocating and filling one size x size float map: the floor for any generator.
void BM_MapsFillBaseline(benchmark::State& state) {
  const auto side = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    std::vector<float> v(side * side);
    std::fill(v.begin(), v.end(), 1.0f);
    benchmark::DoNotOptimize(v.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_MapsFillBaseline)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();

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
