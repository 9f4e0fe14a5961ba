// The graph evaluator's costs (issue 18): what it adds to the nodes' own
// work, and what an edit of the last node of a 20-node graph at 1025 costs
// against the same edit of a one-stage document. Both as ratios measured in
// the same run.
#include <benchmark/benchmark.h>

#include <chrono>
#include <string>

#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/node_registry.hpp"

namespace terrain {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Diamond-square at 1025 and 19 modifiers in a line (smooth, curve, terrace, clamp).
Graph twentyNodes() {
  Graph g;
  ParamValues source = nodeType("diamond-square").defaults();
  source[*nodeType("diamond-square").indexOf("size")] = 1025;
  g.nodes.push_back({1, "diamond-square", source, true});
  const char* kinds[] = {"smooth", "curve", "terrace", "clamp"};
  for (NodeId id = 2; id <= 20; ++id) {
    const char* kind = kinds[id % 4];
    g.nodes.push_back({id, kind, nodeType(kind).defaults(), true});
    g.edges.push_back({{id - 1, 0}, {id, 0}});
  }
  g.output = 20;
  return g;
}

// The same nodes called directly, each on the last one's heights: the work
// with no evaluator around it.
Heightfield directly(const Graph& g, const NodeContext& context) {
  std::vector<PortValue> value;
  for (const GraphNode& n : g.nodes) {
    std::vector<PortValue> inputs;
    if (!value.empty()) inputs = {std::move(value[0]), nullptr};
    value = nodeType(n.type).run(std::move(inputs), context, n.values, RunControl{});
  }
  return takePort(std::move(value[0]));
}

void BM_GraphEvaluatorOverhead1025(benchmark::State& state) {
  const Graph g = twentyNodes();
  const NodeContext context{1, World{}};
  double evaluator = 0.0;
  double direct = 0.0;
  for (auto _ : state) {
    auto start = Clock::now();
    PortValue viaGraph = evaluateGraph(g, context);
    evaluator += secondsSince(start);
    start = Clock::now();
    Heightfield plain = directly(g, context);
    direct += secondsSince(start);
    benchmark::DoNotOptimize(viaGraph->heights.data());
    benchmark::DoNotOptimize(plain.heights.data());
  }
  state.counters["evaluator_ms"] = 1e3 * evaluator / static_cast<double>(state.iterations());
  state.counters["direct_ms"] = 1e3 * direct / static_cast<double>(state.iterations());
  state.counters["overhead_pct"] = 100.0 * (evaluator - direct) / direct;
}
BENCHMARK(BM_GraphEvaluatorOverhead1025)->Unit(benchmark::kMillisecond)->Iterations(10);

// A slider on the last node: the 20-node graph's evaluator re-runs one node;
// the one-stage document's Pipeline re-runs its modifier. Ratio ~1 is the aim.
void BM_GraphLastNodeEdit1025(benchmark::State& state) {
  Graph g = twentyNodes();
  const NodeContext context{1, World{}};
  GraphEvaluator evaluator;
  evaluator.run(g, context);
  Document one = defaultDocument("diamond-square");
  chainSource(one.graph).values[*nodeType("diamond-square").indexOf("size")] = 1025;
  one.graph = chainGraph({chainOf(one.graph).source,
                          {defaultModifier(g.find(20)->type)}});  // the same smooth as node 20
  Pipeline pipeline;
  pipeline.run(one);
  double graphSeconds = 0.0;
  double oneSeconds = 0.0;
  int nodesRun = 0;
  for (auto _ : state) {
    GraphNode& last = *g.find(20);
    last.values[0] = last.values[0] == 1 ? 2 : 1;  // smooth's passes
    chainModifier(one.graph, 0).values[0] = last.values[0];
    auto start = Clock::now();
    benchmark::DoNotOptimize(evaluator.run(g, context)->heights.data());
    graphSeconds += secondsSince(start);
    nodesRun += evaluator.nodesRunLastTime();
    start = Clock::now();
    benchmark::DoNotOptimize(pipeline.run(one)->heights.data());
    oneSeconds += secondsSince(start);
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["graph_ms"] = 1e3 * graphSeconds / n;
  state.counters["one_stage_ms"] = 1e3 * oneSeconds / n;
  state.counters["ratio"] = graphSeconds / oneSeconds;
  state.counters["nodes_run"] = nodesRun / n;
}
BENCHMARK(BM_GraphLastNodeEdit1025)->Unit(benchmark::kMillisecond)->Iterations(20);

}  // namespace
}  // namespace terrain
