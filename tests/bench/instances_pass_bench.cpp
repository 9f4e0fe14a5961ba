// Issue 40 item 3: Alpine's Scatter (about 100k trees and rocks over 12 km
// at 1025) must not hold up the draft or the map after a slider move
// (issue 38 item 11: the draft on screen within 0.5 s at 1025). The
// generation worker alone (no window): the rivers' uplift moved, then the
// time from the request to the draft, to the map (handed out before its
// instances) and to the map's instances, with the preset's Scatter node on
// (second argument 1) and switched off (0), in the same run:
//   terrain_bench --benchmark_filter='BM_AlpineDraftAndInstances'
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <thread>

#include "app/generation_worker.hpp"
#include "core/document/presets.hpp"
#include "core/graph/graph.hpp"
#include "core/graph/node_type.hpp"

namespace terrain {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double& upliftOf(Document& doc) {
  for (GraphNode& node : doc.graph.nodes) {
    if (node.type == "stream-power") return node.values[*typeOf(node).indexOf("uplift")];
  }
  throw std::logic_error("alpine has no stream-power node");
}

void BM_AlpineDraftAndInstances(benchmark::State& state) {
  Document doc = landformDocument("alpine");
  doc.graph = withSourceSize(doc.graph, static_cast<int>(state.range(0)));
  for (GraphNode& node : doc.graph.nodes) {
    if (node.type == "scatter") node.enabled = state.range(1) != 0;
  }
  app::GenerationWorker worker;
  worker.setCacheBudget(std::size_t{256} << 20);
  // The preset as opened, every node's result cached and the run timed
  // (slow enough that the moves below get drafts, as in the window).
  if (!worker.waitFor(worker.request(doc))) {
    state.SkipWithError("no result");
    return;
  }
  const double start = upliftOf(doc);
  double draft = 0.0, map = 0.0, instances = 0.0, count = 0.0;
  int moves = 0;
  for (auto _ : state) {
    upliftOf(doc) = start * (1.0 + 0.002 * ++moves);
    const auto requested = Clock::now();
    const std::uint64_t id = worker.request(doc);
    bool sawDraft = false;
    for (;;) {
      std::optional<app::GenerationResult> r = worker.takeResult();
      if (!r) {
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        continue;
      }
      if (r->id != id) continue;
      if (!r->error.empty()) {
        state.SkipWithError(r->error.c_str());
        return;
      }
      if (r->draft) {
        draft += msSince(requested);
        sawDraft = true;
        continue;
      }
      if (r->instancesPending) {
        map += msSince(requested);
        continue;
      }
      const double done = msSince(requested);
      if (!sawDraft) draft += done;  // no draft came: the map was the first on screen
      if (state.range(1) == 0) map += done;
      instances += done;
      count += r->instances ? static_cast<double>(r->instances->instances.size()) : 0.0;
      break;
    }
  }
  state.counters["draft_ms"] = draft / moves;
  state.counters["map_ms"] = map / moves;
  state.counters["with_instances_ms"] = instances / moves;
  state.counters["instances"] = count / moves;
}
BENCHMARK(BM_AlpineDraftAndInstances)
    ->Args({1025, 0})
    ->Args({1025, 1})
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace terrain
