// The two 1D profile sources at export scale, through the whole pipeline
// (validate -> source -> normalise -> modifiers). Target: each under 5 ms.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <string_view>

#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/nodes/modifiers/smoothing.hpp"
#include "core/nodes/registry.hpp"
#include "core/nodes/sources/midpoint.hpp"
#include "core/nodes/sources/random_walk.hpp"

namespace terrain {
namespace {

void setSourceParam(Document& doc, std::string_view key, double value) {
  chainSource(doc.graph).values[*sourceStage(chainSource(doc.graph).type).indexOf(key)] = value;
}

Document profileDocument(std::string_view source, int size) {
  Document doc = defaultDocument(source);
  setSourceParam(doc, "size", size);
  return doc;
}

void runProfile(benchmark::State& state, const Document& doc, const Execution& exec) {
  const PipelineControl control{exec, nullptr, {}};
  for (auto _ : state) {
    Heightfield field = runPipeline(doc, control);
    benchmark::DoNotOptimize(field.heights.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(
      state.iterations() *
      sourceStage(chainSource(doc.graph).type).size(chainSource(doc.graph).values));
}

// Defaults (no smooth stage, H = 0.8) at 2^20 + 1 points.
void BM_Midpoint(benchmark::State& state) {
  runProfile(state, profileDocument("midpoint", (1 << 20) + 1),
             Execution{static_cast<int>(state.range(0))});
}
BENCHMARK(BM_Midpoint)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same with a 10-pass smooth stage (sigma ~ 9000 cells).
void BM_MidpointSmoothed(benchmark::State& state) {
  Document doc = profileDocument("midpoint", (1 << 20) + 1);
  ModifierSettings smooth = defaultModifier("smooth");
  smooth.values[*modifierStage("smooth").indexOf("passes")] = 10;
  appendModifier(doc.graph, smooth);
  runProfile(state, doc, Execution{static_cast<int>(state.range(0))});
}
BENCHMARK(BM_MidpointSmoothed)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// Defaults (max height 300, step 6, the 10-pass smooth stage) at 2^20 columns.
void BM_RandomWalkScaled(benchmark::State& state) {
  runProfile(state, profileDocument("random-walk", 1 << 20),
             Execution{static_cast<int>(state.range(0))});
}
BENCHMARK(BM_RandomWalkScaled)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// The article's 10 in-place integer passes inside the source, no smooth stage.
void BM_RandomWalkArticle(benchmark::State& state) {
  Document doc = profileDocument("random-walk", 1 << 20);
  doc.graph = chainGraph({chainOf(doc.graph).source, {}});
  setSourceParam(doc, "article-passes", 10);
  runProfile(state, doc, Execution{static_cast<int>(state.range(0))});
}
BENCHMARK(BM_RandomWalkArticle)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// The raw sources alone, without validate, normalise and the smooth stage,
// to see the split. Arg: 0 midpoint, 1 random walk, 2 random walk with the
// article's 10 passes.
void BM_GenerateOnly(benchmark::State& state) {
  const RunControl control{Execution{}, nullptr, {}};
  MidpointParams midpoint;
  midpoint.size = (1 << 20) + 1;
  RandomWalkParams walk;
  walk.size = 1 << 20;
  walk.articlePasses = state.range(0) == 2 ? 10 : 0;
  for (auto _ : state) {
    Heightfield field = state.range(0) == 0 ? generateMidpoint(midpoint, 1, control)
                                            : generateRandomWalk(walk, 1, control);
    benchmark::DoNotOptimize(field.heights.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_GenerateOnly)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

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
