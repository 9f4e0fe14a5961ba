// Scattering (issue 40 item 2). Target: a million instances over a 4097
// map within 2 s. The default world (8192 m, 2 m a sample) holds 6,711
// hectares; one species at 240 a hectare, 2.5 m apart, its density driven
// by a mask rising from 0.5 in the west to 1 in the east; arg: threads (0:
// all). Counters: instances and their millions a second.
#include <benchmark/benchmark.h>

#include <chrono>

#include "core/document/document.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/scatter/scatter.hpp"
#include "core/scatter/scatter_species.hpp"

namespace terrain {
namespace {

void BM_Scatter4097(benchmark::State& state) {
  constexpr int kSide = 4097;
  const Heightfield heights(kSide, kSide);
  Heightfield mask(kSide, kSide);
  for (int y = 0; y < kSide; ++y) {
    for (int x = 0; x < kSide; ++x) mask.at(x, y) = 0.5f + 0.5f * static_cast<float>(x) / kSide;
  }
  ScatterSpecies species;
  species.density = 240.0, species.spacing = 2.5, species.slopeAlign = 0.5;
  const ScatterMaps maps{&heights, {&mask}, 0, 0, kSide, kSide, 8192.0 / (kSide - 1), 1000.0};
  const Execution exec{static_cast<int>(state.range(0))};
  std::size_t count = 0;
  for (auto _ : state) {
    const auto instances = scatter({species}, 1, maps, {0, 0, kSide - 1, kSide - 1}, exec);
    count = instances.size();
    benchmark::DoNotOptimize(instances.data());
  }
  state.counters["instances"] = static_cast<double>(count);
  state.counters["M_per_s"] = benchmark::Counter(static_cast<double>(count) * 1e-6,
                                                 benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_Scatter4097)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->Iterations(3);

// The Scatter node through the graph at 4097 (default world, 2 m a sample)
// on noise: trees (300 a hectare, 2 m apart, clearance 1.5 m, below 1000
// m and 40 degrees) and rocks (110 a hectare, 3 m apart, leaning with the
// ground), rules, competition and the density mask included; about a
// million instances. Baseline in the same run: the noise map itself, made
// by the same evaluator (ratio = scatter / noise). arg: threads (0: all).
void BM_ScatterNode4097(benchmark::State& state) {
  using Clock = std::chrono::steady_clock;
  Document doc = defaultDocument("noise");
  setDocumentSize(doc, 4097);
  const NodeId source = doc.graph.output;
  const NodeId scatter = addNode(doc.graph, "scatter", 200.0f, 0.0f);
  connect(doc.graph, {source, 0}, {scatter, 0});
  SpeciesRules trees;
  trees.name = "trees";
  trees.placing = {300.0, 2.0, 0.8, 1.3, 0.0, 360.0, 0.0};
  trees.heightMax = 1000.0;
  trees.maxSlope = 40.0;
  trees.clearance = 1.5;
  SpeciesRules rocks;
  rocks.name = "rocks";
  rocks.shape = ScatterShape::Box;
  rocks.placing = {110.0, 3.0, 0.5, 2.0, 0.0, 360.0, 0.8};
  doc.graph.find(scatter)->values[0] = speciesId({trees, rocks});
  const NodeContext context{doc.seed, doc.world};
  const PipelineControl control{Execution{static_cast<int>(state.range(0))}, nullptr, {}};
  // The heights once, kept: the node's own run is what is timed.
  GraphEvaluator evaluator(std::size_t{1} << 30);
  double noise = 0.0, scattering = 0.0;
  std::size_t count = 0;
  for (auto _ : state) {
    evaluator.clear();
    auto start = Clock::now();
    evaluator.run(doc.graph, source, 0, context, control);
    auto middle = Clock::now();
    const PortValue out = evaluator.run(doc.graph, scatter, 1, context, control);
    scattering += std::chrono::duration<double>(Clock::now() - middle).count();
    noise += std::chrono::duration<double>(middle - start).count();
    count = out.instances()->instances.size();
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["instances"] = static_cast<double>(count);
  state.counters["scatter_s"] = scattering / n;
  state.counters["noise_s"] = noise / n;
  state.counters["ratio_to_noise"] = scattering / noise;
}
BENCHMARK(BM_ScatterNode4097)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace
}  // namespace terrain
