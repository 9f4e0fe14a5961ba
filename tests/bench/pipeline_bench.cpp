// The live-regeneration path a slider drag pays for: diamond-square at 1025
// through the pipeline (validate, the source with its min-max
// normalisation), then colouring into an RGB buffer. Budget: 5 ms.
#include <benchmark/benchmark.h>

#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/look/color.hpp"
#include "core/look/image.hpp"
#include "core/nodes/registry.hpp"
#include "core/nodes/sources/diamond_square.hpp"

namespace terrain {
namespace {

// Arg: 0 = plain ramp colours, 1 = with the hillshade the map view can add.
void BM_PipelineDiamondSquare1025(benchmark::State& state) {
  Document doc = defaultDocument("diamond-square");
  chainSource(doc.graph).values[*sourceStage(chainSource(doc.graph).type).indexOf("size")] = 1025;
  const bool hillshade = state.range(0) != 0;
  const ColorRamp ramp = ColorRamp::earth();
  const auto water = static_cast<float>(doc.look.water);
  const PipelineControl control{Execution{}, nullptr, {}};
  for (auto _ : state) {
    const Heightfield field = runPipeline(doc, control);
    RgbImage image = renderMapImage(field, ramp, water, hillshade);
    benchmark::DoNotOptimize(image.pixels.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_PipelineDiamondSquare1025)
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The pieces of the pipeline on their own, to see where the budget goes.
// The raw source (no normalise), default parameters, seed 1.
Heightfield diamondSquare1025() {
  DiamondSquareParams params;
  params.size = 1025;
  return generateDiamondSquare(params, 1, RunControl{Execution{}, nullptr, {}});
}

void BM_PipelineNormaliseOnly1025(benchmark::State& state) {
  const Heightfield rawField = diamondSquare1025();
  Heightfield field = rawField;
  for (auto _ : state) {
    state.PauseTiming();
    field.heights = rawField.heights;  // same buffer, no reallocation
    state.ResumeTiming();
    normalise(field);
    benchmark::DoNotOptimize(field.heights.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_PipelineNormaliseOnly1025)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_PipelineColourOnly1025(benchmark::State& state) {
  Heightfield field = diamondSquare1025();
  normalise(field);
  const ColorRamp ramp = ColorRamp::earth();
  for (auto _ : state) {
    RgbImage image = renderMapImage(field, ramp, 0.3f, state.range(0) != 0);
    benchmark::DoNotOptimize(image.pixels.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_PipelineColourOnly1025)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace terrain
