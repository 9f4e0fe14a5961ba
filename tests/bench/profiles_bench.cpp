// The two 1D profile generators at export scale, through the whole pipeline
// (validate -> generate -> normalise). Target: each under 5 ms.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>

#include "core/generator.hpp"
#include "core/smoothing.hpp"
#include "core/spec.hpp"

namespace terrain {
namespace {

void runProfile(benchmark::State& state, const TerrainSpec& spec, const Execution& exec) {
  for (auto _ : state) {
    Heightfield field = generateTerrain(spec, exec);
    benchmark::DoNotOptimize(field.heights.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(spec.size));
}

// Defaults (smoothing 0, H = 0.8) at 2^20 + 1 points.
void BM_Midpoint(benchmark::State& state) {
  TerrainSpec spec = defaultSpec(GeneratorId::Midpoint);
  spec.size = (1 << 20) + 1;
  runProfile(state, spec, Execution{static_cast<int>(state.range(0))});
}
BENCHMARK(BM_Midpoint)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same with 10 scaled smoothing passes (sigma ~ 9000 cells).
void BM_MidpointSmoothed(benchmark::State& state) {
  TerrainSpec spec = defaultSpec(GeneratorId::Midpoint);
  spec.size = (1 << 20) + 1;
  spec.smoothing = 10;
  runProfile(state, spec, Execution{static_cast<int>(state.range(0))});
}
BENCHMARK(BM_MidpointSmoothed)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// Defaults (max height 300, step 6, 10 passes) at 2^20 columns.
void BM_RandomWalkScaled(benchmark::State& state) {
  TerrainSpec spec = defaultSpec(GeneratorId::RandomWalk);
  spec.size = 1 << 20;
  spec.randomWalk.smoothingStyle = SmoothingStyle::Scaled;
  runProfile(state, spec, Execution{static_cast<int>(state.range(0))});
}
BENCHMARK(BM_RandomWalkScaled)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_RandomWalkArticle(benchmark::State& state) {
  TerrainSpec spec = defaultSpec(GeneratorId::RandomWalk);
  spec.size = 1 << 20;
  spec.randomWalk.smoothingStyle = SmoothingStyle::Article;
  runProfile(state, spec, Execution{static_cast<int>(state.range(0))});
}
BENCHMARK(BM_RandomWalkArticle)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// The generators alone, without validate and normalise, to see the split.
void BM_GenerateOnly(benchmark::State& state) {
  const auto id = static_cast<GeneratorId>(state.range(0));
  TerrainSpec spec = defaultSpec(id);
  spec.size = id == GeneratorId::Midpoint ? (1 << 20) + 1 : 1 << 20;
  spec.randomWalk.smoothingStyle = static_cast<SmoothingStyle>(state.range(1));
  const Generator& gen = generatorFor(id);
  for (auto _ : state) {
    Heightfield field = gen.generate(spec, Execution{});
    benchmark::DoNotOptimize(field.heights.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_GenerateOnly)
    ->Args({static_cast<int>(GeneratorId::Midpoint), 0})
    ->Args({static_cast<int>(GeneratorId::RandomWalk), static_cast<int>(SmoothingStyle::Scaled)})
    ->Args({static_cast<int>(GeneratorId::RandomWalk), static_cast<int>(SmoothingStyle::Article)})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The smoothing alone on a 2^20 profile (10 passes).
void BM_SmoothScaledProfile(benchmark::State& state) {
  Heightfield source(1 << 20, 1);
  for (std::size_t i = 0; i < source.heights.size(); ++i) {
    source.heights[i] = static_cast<float>((i * 2654435761U) % 1000U);
  }
  for (auto _ : state) {
    state.PauseTiming();
    Heightfield field = source;
    state.ResumeTiming();
    smoothScaled(field, 10, false, Execution{1});
    benchmark::DoNotOptimize(field.heights.data());
  }
}
BENCHMARK(BM_SmoothScaledProfile)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace terrain
