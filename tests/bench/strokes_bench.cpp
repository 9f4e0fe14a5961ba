// Strokes and courses cost the map, not the input (issue 37). Targets at
// 1025: an 80,000-point sculpt or paint stroke within 3x one 20-point
// stroke of the same radius; an 80,000-point river or road course within
// 3x a 100-point one; a run's peak memory within 2x the map's. A stroke is
// one track across the map drawn with more or fewer points (a long drag),
// radius 1e6 m as the issue's, hard (hardness 0.5, every cell at full
// weight) or soft (0: every cell's exact distance); a course one meander
// with 400 m of banks. Each pair runs the node in turn in one loop;
// counters: each one's median ms, their ratio (x_few) and each run's peak
// memory above what the process held before it, in maps (peak_x_map: the
// map is 4 bytes a cell; from VmHWM). Also, without a target, the issue's
// dense zigzag (80,000 points right across the map and back) and the
// one-point smooth stroke of radius 1e6 (88 s at 257 before).
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/graph/node_registry.hpp"
#include "core/strokes/strokes.hpp"

namespace terrain {
namespace {

constexpr double kWorld = 8192.0;  // the default world's metres

// One track across the map (three bends), drawn with `points` points.
PathPoints meander(int points) {
  PathPoints p;
  for (int k = 0; k < points; ++k) {
    const double s = static_cast<double>(k) / static_cast<double>(points - 1);
    p.push_back({kWorld * (0.05 + 0.9 * s), kWorld * (0.5 + 0.35 * std::sin(s * 18.85))});
  }
  return p;
}

// Right across the map and back, `points` times.
PathPoints zigzag(int points) {
  PathPoints p;
  for (int k = 0; k < points; ++k) {
    p.push_back({(k % 2) * kWorld, kWorld * static_cast<double>(k) / points});
  }
  return p;
}

PortValue noiseInput(int size) {
  Document doc = defaultDocument("noise");
  setDocumentSize(doc, size);
  return makePort(runPipeline(doc));
}

// A run of the node `type` on `input` with `strokes` as its first
// parameter (their id made here, not in the run).
std::function<void()> nodeRun(const std::string& type, const PortValue& input,
                              const Strokes& strokes,
                              std::vector<std::pair<const char*, double>> set = {}) {
  const NodeType& node = nodeType(type);
  ParamValues values = node.defaults();
  values[0] = strokesId(strokes);
  for (const auto& [key, value] : set) values[*node.indexOf(key)] = value;
  return [&node, values, type, input] {
    std::vector<PortValue> in = {input};
    if (type == "sculpt") in.push_back(nullptr);
    benchmark::DoNotOptimize(node.run(std::move(in), NodeContext{1, World{}}, values, {}));
  };
}

double secondsOf(const std::function<void()>& fn) {
  const auto start = std::chrono::steady_clock::now();
  fn();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

long statusKib(const std::string& key) {
  std::ifstream status("/proc/self/status");
  std::string word;
  while (status >> word) {
    if (word == key + ":") {
      long kib = 0;
      status >> kib;
      return kib;
    }
  }
  return 0;
}

// Bytes the process's resident memory peaked above where it stood before fn.
double peakBytesOf(const std::function<void()>& fn) {
  malloc_trim(0);
  const long before = statusKib("VmRSS");
  std::ofstream("/proc/self/clear_refs") << "5";  // VmHWM := VmRSS
  fn();
  return 1024.0 * static_cast<double>(statusKib("VmHWM") - before);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Times `few` and `many` in turn; sets the counters.
void comparePair(benchmark::State& state, int size, const std::function<void()>& few,
                 const std::function<void()>& many) {
  std::vector<double> fewSeconds, manySeconds;
  for (auto _ : state) {
    fewSeconds.push_back(secondsOf(few));
    manySeconds.push_back(secondsOf(many));
  }
  const double map = 4.0 * size * size;
  state.counters["few_ms"] = 1e3 * median(fewSeconds);
  state.counters["many_ms"] = 1e3 * median(manySeconds);
  state.counters["x_few"] = median(manySeconds) / median(fewSeconds);
  state.counters["few_peak_x_map"] = peakBytesOf(few) / map;
  state.counters["many_peak_x_map"] = peakBytesOf(many) / map;
}

// Arg: 0 sculpt hard, 1 sculpt soft, 2 paint hard, 3 paint soft, 4 sculpt
// soft on the dense zigzag.
void BM_LongStroke1025(benchmark::State& state) {
  const PortValue input = noiseInput(1025);
  const int arg = static_cast<int>(state.range(0));
  const std::string type = arg == 2 || arg == 3 ? "paint-mask" : "sculpt";
  Stroke stroke;
  stroke.mode = type == "sculpt" ? StrokeMode::Raise : StrokeMode::Paint;
  stroke.radius = kMaxBrushRadius;
  stroke.hardness = arg == 0 || arg == 2 ? 0.5 : 0.0;
  Stroke few = stroke, many = stroke;
  few.points = meander(20);
  many.points = arg == 4 ? zigzag(80000) : meander(80000);
  comparePair(state, 1025, nodeRun(type, input, {few}), nodeRun(type, input, {many}));
}
BENCHMARK(BM_LongStroke1025)->DenseRange(0, 4)->Unit(benchmark::kMillisecond)->Iterations(3);

// Arg: 0 river, 1 road, 2 river on the dense zigzag.
void BM_LongCourse1025(benchmark::State& state) {
  const PortValue input = noiseInput(1025);
  const int arg = static_cast<int>(state.range(0));
  const std::string type = arg == 1 ? "road" : "river";
  const auto set = arg == 1 ? std::vector<std::pair<const char*, double>>{{"shoulders", 400.0}}
                            : std::vector<std::pair<const char*, double>>{{"banks", 400.0}};
  Stroke few, many;
  few.mode = many.mode = StrokeMode::Path;
  few.points = meander(100);
  many.points = arg == 2 ? zigzag(80000) : meander(80000);
  comparePair(state, 1025, nodeRun(type, input, {few}, set), nodeRun(type, input, {many}, set));
}
BENCHMARK(BM_LongCourse1025)->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->Iterations(3);

// One point, radius 1e6, smoothing; arg: the map's size. Against a raise
// of the same stroke.
void BM_WideSmoothStroke(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  const PortValue input = noiseInput(size);
  Stroke smooth;
  smooth.mode = StrokeMode::Smooth;
  smooth.radius = kMaxBrushRadius;
  smooth.points = {{kWorld / 2, kWorld / 2}};
  Stroke raise = smooth;
  raise.mode = StrokeMode::Raise;
  comparePair(state, size, nodeRun("sculpt", input, {raise}), nodeRun("sculpt", input, {smooth}));
}
BENCHMARK(BM_WideSmoothStroke)->Arg(257)->Arg(1025)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
}  // namespace terrain
