// The landform presets through the evaluator, as an export computes them
// (issue 20: alpine at 257 within 0.15 s, at 1025 within 1.5 s for the
// whole process). BM_AlpineSolvedOnEachMap is the same preset with all its
// rivers solved on the map itself, as before the solve grid: the baseline
// the solve grid's ratio is read against, in the same run.
#include <benchmark/benchmark.h>

#include <string>
#include <string_view>

#include "core/graph/graph.hpp"
#include "core/graph/node_type.hpp"
#include "core/pipeline.hpp"
#include "core/presets.hpp"
#include "core/registry.hpp"

namespace terrain {
namespace {

// The preset at `size`; `solve`, if given, the solve grid of every river node.
Document alpineAt(int size, std::string_view solve) {
  Document doc = landformDocument("alpine");
  *doc.graph = withSourceSize(*doc.graph, size);
  if (solve.empty()) return doc;
  for (GraphNode& node : doc.graph->nodes) {
    if (node.type != "stream-power") continue;
    const NodeType& type = typeOf(node);
    const auto grid = *type.indexOf("solve-size");
    node.values[grid] = parseValue(type.params()[grid], solve);
  }
  return doc;
}

void runAlpine(benchmark::State& state, std::string_view solve) {
  const Document doc = alpineAt(static_cast<int>(state.range(0)), solve);
  const PipelineControl control{Execution{2}, nullptr, {}};
  for (auto _ : state) {
    const Heightfield field = runPipeline(doc, control);
    benchmark::DoNotOptimize(field.heights.data());
  }
}

// Arg: the map's side.
void BM_AlpinePreset(benchmark::State& state) {
  runAlpine(state, "");
}
BENCHMARK(BM_AlpinePreset)->Arg(257)->Arg(1025)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_AlpineSolvedOnEachMap(benchmark::State& state) {
  runAlpine(state, "map");
}
BENCHMARK(BM_AlpineSolvedOnEachMap)->Arg(1025)->Unit(benchmark::kMillisecond)->UseRealTime();

// Every preset; Args: its index in landformPresets(), the map's side (a
// wrapping preset one fewer).
void BM_LandformPreset(benchmark::State& state) {
  const LandformPreset& preset = landformPresets()[static_cast<std::size_t>(state.range(0))];
  Document doc = preset.build();
  auto size = static_cast<int>(state.range(1));
  if (doc.graph) {
    *doc.graph = withSourceSize(*doc.graph, size);
  } else {
    const SourceStage& source = sourceStage(doc.source.key);
    if (!source.sizeAllowed(size)) size -= 1;
    doc.source.values[source.sizeIndex()] = size;
  }
  state.SetLabel(std::string(preset.key));
  const PipelineControl control{Execution{2}, nullptr, {}};
  for (auto _ : state) {
    const Heightfield field = runPipeline(doc, control);
    benchmark::DoNotOptimize(field.heights.data());
  }
}
BENCHMARK(BM_LandformPreset)
    ->ArgsProduct({benchmark::CreateDenseRange(0, static_cast<int>(landformPresets().size()) - 1,
                                               1),
                   {257, 1025}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace terrain
