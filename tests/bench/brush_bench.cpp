// Designer control (issue 19). A mouse move during a stroke at 1025: the
// sculpt node re-runs on its cached input with one more point (target: the
// stroke on screen within 50 ms, so the node's share well under it), as a
// ratio to allocating and filling the 1025 map (BM_FillBaseline's floor,
// measured here). A painted range at 257 (examples/painted-range.json:
// stream power lifting the paint, 120 steps, then thermal): target under a
// second, as a ratio to the same floor.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "core/document/document.hpp"
#include "core/document/project.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/strokes/strokes.hpp"

namespace terrain {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Best of 5: allocate and fill a 1025 map.
double fillSeconds() {
  double best = 1e9;
  for (int k = 0; k < 5; ++k) {
    const auto start = Clock::now();
    std::vector<float> v(std::size_t{1025} * 1025);
    std::fill(v.begin(), v.end(), 1.0f);
    benchmark::DoNotOptimize(v.data());
    best = std::min(best, secondsSince(start));
  }
  return best;
}

void BM_SculptStrokeMove1025(benchmark::State& state) {
  Document doc = defaultDocument("noise");
  setDocumentSize(doc, 1025);
  const NodeId sculpt = addNode(doc.graph, "sculpt", 200.0f, 0.0f);
  connect(doc.graph, {doc.graph.output, 0}, {sculpt, 0});
  setOutput(doc.graph, sculpt);
  for (int k = 0; k < 20; ++k) {  // earlier strokes, every mode
    Stroke s;
    s.mode = static_cast<StrokeMode>(k % 4);
    s.radius = 300.0;
    s.height = 500.0 + 20.0 * k;
    s.points = {{400.0 * k, 1000.0}, {400.0 * k + 300.0, 7000.0}};
    addStroke(doc.graph, sculpt, s);
  }
  const NodeContext context{doc.seed, doc.world};
  GraphEvaluator evaluator;
  evaluator.run(doc.graph, context);
  Stroke drawing;
  drawing.mode = StrokeMode::Raise;
  drawing.points = {{1000.0, 1000.0}};
  const Strokes before = strokesOf(doc.graph.find(sculpt)->values[0]);
  double seconds = 0.0;
  for (auto _ : state) {
    const auto& last = drawing.points.back();
    drawing.points.push_back({last[0] + 60.0, last[1] + 45.0});
    Strokes now = before;
    now.push_back(drawing);
    doc.graph.find(sculpt)->values[0] = strokesId(now);
    const auto start = Clock::now();
    benchmark::DoNotOptimize(evaluator.run(doc.graph, context)->heights.data());
    seconds += secondsSince(start);
  }
  const double perMove = seconds / static_cast<double>(state.iterations());
  state.counters["move_ms"] = 1e3 * perMove;
  state.counters["x_fill_1025"] = perMove / fillSeconds();
}
BENCHMARK(BM_SculptStrokeMove1025)->Unit(benchmark::kMillisecond)->Iterations(40);

void BM_PaintedRange257(benchmark::State& state) {
  Document doc = loadProject(TERRAIN_SOURCE_DIR "/examples/painted-range.json");
  setDocumentSize(doc, 257);
  const NodeContext context{doc.seed, doc.world};
  double seconds = 0.0;
  for (auto _ : state) {
    const auto start = Clock::now();
    benchmark::DoNotOptimize(evaluateGraph(doc.graph, context)->heights.data());
    seconds += secondsSince(start);
  }
  const double each = seconds / static_cast<double>(state.iterations());
  state.counters["range_ms"] = 1e3 * each;
  state.counters["x_fill_1025"] = each / fillSeconds();
}
BENCHMARK(BM_PaintedRange257)->Unit(benchmark::kMillisecond)->Iterations(5);

}  // namespace
}  // namespace terrain
