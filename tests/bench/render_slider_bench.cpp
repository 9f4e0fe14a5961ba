// Issue 20's slider-to-screen figure: on the Alpine preset at 513 and 1025, a slider moved on one
// node until the terrain it gives is on screen in the 3D view with its materials, as the window
// does it: the generation worker re-runs what the change reaches (the results upstream are
// cached), then the new map is uploaded, its splat computed and one 1280x720 frame drawn. A map
// that was slow comes as a draft at 257 first (the same valleys), then at its own size: the
// iteration's time is the map's, first_on_screen_ms the draft's. Issue 20's budget is 300 ms at
// 513; issue 38 item 11's at 1025 is the draft within 500 ms and the map within 3 s on this 2-core
// machine, measured with the machine's baseline in the same run (--benchmark_filter=
// 'BM_FillBaseline/1025|BM_AlpineSliderToScreen/1025': a fill slower than ~0.12 ms says other
// programs share the cores). The first argument is the size, the second the slider:
// 0 the range's noise (the blend and all after it re-run), 1 the rivers' uplift (rivers, screes,
// gullies and the closing pass), 2 the gullies' droplets (the last two nodes).
// BM_AlpineSliderNodes splits the map's generation of the same moves by node.
#include <benchmark/benchmark.h>
#include <glad/gl.h>

#include <chrono>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "app/generation_worker.hpp"
#include "core/document/presets.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/graph.hpp"
#include "core/graph/node_type.hpp"
#include "core/look/color.hpp"
#include "core/look/splat.hpp"
#include "render/terrain_view.hpp"
#include "tests/support/gl_context.hpp"

namespace terrain {
namespace {

struct Slider {
  std::string_view type;
  std::string_view key;
};

// The node the slider belongs to: the first of its type, and for noise the
// range's own (no seed offset) rather than the foothills' or the mask's.
double& sliderValue(Document& doc, const Slider& slider) {
  for (GraphNode& node : doc.graph.nodes) {
    if (node.type != slider.type || (slider.type == "noise" && node.seedOffset != 0)) continue;
    return node.values[*typeOf(node).indexOf(slider.key)];
  }
  throw std::logic_error("alpine has no " + std::string(slider.type));
}

// The window's side of it: the generation worker and the 3D view.
class Screen {
 public:
  Screen(benchmark::State& state, const Document& doc) : state_(state) {
    worker_.setCacheBudget(std::size_t{256} << 20);
    settings_.kind = ViewKind::Mesh;
    settings_.showOverlay = true;
    settings_.exaggeration = static_cast<float>(doc.view.exaggeration);
  }

  // The document on screen as the window's frame loop puts it there: the
  // first result taken (a draft, if one comes), then the map. Returns the
  // map's generation time, or nothing (the run skipped) when it failed.
  std::optional<double> show(const Document& doc) {
    const auto requested = std::chrono::steady_clock::now();
    const std::uint64_t id = worker_.request(doc);
    std::optional<app::GenerationResult> first;
    while (!(first = worker_.takeResult())) {
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    if (failed(first)) return std::nullopt;
    draw(*first, doc);
    firstOnScreenMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - requested)
            .count();
    wasDraft = first->draft;
    firstGenerateMs = first->generateMs;
    if (!first->draft) return first->generateMs;
    const auto map = worker_.waitFor(id);
    if (failed(map)) return std::nullopt;
    draw(*map, doc);
    return map->generateMs;
  }

  double firstOnScreenMs = 0.0;
  double firstGenerateMs = 0.0;  // of that first result: the rest is the wait, upload and frame
  bool wasDraft = false;

 private:
  bool failed(const std::optional<app::GenerationResult>& result) {
    if (result && result->field) return false;
    state_.SkipWithError(result ? result->error.c_str() : "the worker gave no result");
    return true;
  }
  void draw(const app::GenerationResult& result, const Document& doc) {
    view_.setTerrain(*result.field, ramp_);
    view_.setSplatOverlay(computeSplat(*result.field, doc.look, doc.world));
    benchmark::DoNotOptimize(view_.renderToImage(settings_, 1280, 720));
    glFinish();
  }

  benchmark::State& state_;
  app::GenerationWorker worker_;
  render::TerrainView view_;
  render::ViewSettings settings_;
  const ColorRamp ramp_ = ColorRamp::earth();
};

void BM_AlpineSliderToScreen(benchmark::State& state) {
  const auto& context = render::testing::GlContext::instance();
  if (!context.error.empty()) {
    state.SkipWithError(context.error.c_str());
    return;
  }
  constexpr Slider kSliders[] = {
      {"noise", "roughness"}, {"stream-power", "uplift"}, {"droplets", "droplets"}};
  const int size = static_cast<int>(state.range(0));
  const Slider slider = kSliders[state.range(1)];
  Document doc = landformDocument("alpine");
  doc.graph = withSourceSize(doc.graph, size);
  const double start = sliderValue(doc, slider);
  Screen screen(state, doc);
  // The preset as opened: every node's result cached, the run timed (slow
  // enough that the moves below get drafts, as in the window).
  if (!screen.show(doc)) return;
  double generate = 0.0;
  double firstOnScreen = 0.0;
  double firstGenerate = 0.0;
  int moves = 0;
  int drafts = 0;
  for (auto _ : state) {
    // Each move a new value, as a drag gives: nothing is cached for it.
    sliderValue(doc, slider) = start * (1.0 + 0.002 * ++moves);
    const std::optional<double> mapMs = screen.show(doc);
    if (!mapMs) return;
    generate += *mapMs;
    firstOnScreen += screen.firstOnScreenMs;
    firstGenerate += screen.firstGenerateMs;
    drafts += screen.wasDraft ? 1 : 0;
  }
  state.counters["generate_ms"] = generate / moves;
  state.counters["first_on_screen_ms"] = firstOnScreen / moves;
  state.counters["first_generate_ms"] = firstGenerate / moves;
  state.counters["drafts"] = drafts;
  // Issue 38 item 11 at 1025: the draft on screen within 0.5 s, the map within 3 s.
  state.counters["budget_ms"] = size <= 513 ? 300.0 : 3000.0;
  state.counters["first_budget_ms"] = size <= 513 ? 300.0 : 500.0;
}
BENCHMARK(BM_AlpineSliderToScreen)
    ->Args({513, 0})
    ->Args({513, 1})
    ->Args({513, 2})
    ->Args({1025, 0})
    ->Args({1025, 1})
    ->Args({1025, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Where the map's generation goes when a slider moves (the same sizes and sliders as above),
// without the window: only the evaluator, with the worker's cache budget and every thread, so no
// draft, water, scatter, statistics or frame. A counter per node the move re-runs, named by its
// place in that run and its type ("3_droplets_ms"), in milliseconds of wall time.
void BM_AlpineSliderNodes(benchmark::State& state) {
  constexpr Slider kSliders[] = {
      {"noise", "roughness"}, {"stream-power", "uplift"}, {"droplets", "droplets"}};
  const Slider slider = kSliders[state.range(1)];
  Document doc = landformDocument("alpine");
  doc.graph = withSourceSize(doc.graph, static_cast<int>(state.range(0)));
  const double start = sliderValue(doc, slider);
  const NodeContext context{doc.seed, doc.world};
  GraphEvaluator evaluator(std::size_t{256} << 20);
  evaluator.run(doc.graph, context);
  using Clock = std::chrono::steady_clock;
  std::map<std::string, double> nodeMs;
  std::vector<std::string> order;  // the run's node types by index (the titles repeat)
  int moves = 0;
  for (auto _ : state) {
    sliderValue(doc, slider) = start * (1.0 + 0.002 * ++moves);
    int running = -1;
    Clock::time_point since = Clock::now();
    const auto finish = [&](Clock::time_point now) {
      if (running < 0) return;
      const std::string key =
          std::to_string(running) + "_" + order[static_cast<std::size_t>(running)];
      nodeMs[key] += std::chrono::duration<double, std::milli>(now - since).count();
    };
    order.clear();
    for (const NodeId id : upstreamOrder(doc.graph, doc.graph.output)) {
      const GraphNode& node = *doc.graph.find(id);
      if (evaluator.cached(doc.graph, id, 0, context) == nullptr) order.push_back(node.type);
    }
    const PipelineControl control{{}, nullptr, [&](const PipelineProgress& p) {
                                    if (p.index == running) return;
                                    const Clock::time_point now = Clock::now();
                                    finish(now);
                                    running = p.index;
                                    since = now;
                                  }};
    benchmark::DoNotOptimize(evaluator.run(doc.graph, context, control));
    finish(Clock::now());
    if (evaluator.nodesRunLastTime() != static_cast<int>(order.size())) {
      state.SkipWithError("the run re-ran other nodes than those without a cached result");
      return;
    }
  }
  for (const auto& [key, ms] : nodeMs) state.counters[key + "_ms"] = ms / moves;
}
BENCHMARK(BM_AlpineSliderNodes)
    ->Args({1025, 0})
    ->Args({1025, 1})
    ->Args({1025, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace terrain
