// Water bodies at 1025 against one stream-power step of the same map, in
// one run (issue 40's measure: water within the time of a step). The step is
// timed as stream_power_bench.cpp's BM_StreamPowerStep1025 times it: runs of
// 5 and 15 steps, the difference over 10. Counters: water_ms, step_ms and
// water_per_step (the ratio; <= 1 meets the measure), CPU milliseconds of
// both (every thread: steadier on a busy machine) and their ratio.
//   build/release/tests/terrain_bench --benchmark_filter=Water
// BM_PreviewAgainstExport2049 is issue 40's other measure at 2049 (the
// test suite holds it at 1025, WaterNode.ThePreviewsLakesRiversAndSeaAre-
// The1025Exports): a 257 preview's water masks against the export's, read
// at the preview's cells (counters water, lakes, sea, rivers; >= 0.9 meets
// it) and cell by cell at 2049 (the same names with _cells), out of the
// test suite's time (about 30 s: droplets at 2049):
//   build/release/tests/terrain_bench --benchmark_filter=PreviewAgainstExport
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <string>

#include "core/hydrology/water.hpp"
#include "core/nodes/modifiers/stream_power.hpp"
#include "core/nodes/sources/diamond_square.hpp"
#include "tests/support/water_agreement.hpp"

namespace terrain {
namespace {

double cpuMs() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

struct Timing {
  double wallMs = 0.0;
  double cpuMs = 0.0;
};

template <class Fn>
Timing timed(const Fn& fn) {
  const double cpuStart = cpuMs();
  const auto start = std::chrono::steady_clock::now();
  fn();
  const std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - start;
  return {ms.count(), cpuMs() - cpuStart};
}

ParamValues streamPowerSteps(int steps) {
  const ModifierStage& stage = streamPowerModifier();
  ParamValues values = stage.defaults();
  values[*stage.indexOf("steps")] = steps;
  values[*stage.indexOf("solve-size")] = 0;
  values[*stage.indexOf("refine-steps")] = 0;
  return values;
}

Heightfield streamPowerRun(const Heightfield& input, int steps, const RunControl& control) {
  return streamPowerModifier().apply(input, StageContext{1, {}}, streamPowerSteps(steps), control);
}

// Arg 0: threads; arg 1: 1 for ground that already eroded (few pits, what
// water usually follows), 0 for raw diamond-square (a pit in every hollow).
void BM_WaterAgainstStreamPowerStep1025(benchmark::State& state) {
  const RunControl control{Execution{static_cast<int>(state.range(0))}, nullptr, {}};
  DiamondSquareParams params;
  params.size = 1025;
  Heightfield ground = generateDiamondSquare(params, 1, control);
  normalise(ground);
  if (state.range(1) != 0) ground = streamPowerRun(ground, 5, control);
  const World world;
  const double cell = metresPerCell(world, ground.width, ground.wraps);
  double water = 0.0;
  double waterCpu = 0.0;
  double step = 0.0;
  double stepCpu = 0.0;
  for (auto _ : state) {
    const Timing w = timed([&] {
      WaterMaps maps = computeWater(ground, nullptr, world, cell, WaterParams{}, control);
      benchmark::DoNotOptimize(maps.surface.data());
    });
    const Timing shortRun =
        timed([&] { benchmark::DoNotOptimize(streamPowerRun(ground, 5, control)); });
    const Timing longRun =
        timed([&] { benchmark::DoNotOptimize(streamPowerRun(ground, 15, control)); });
    const double stepMs = std::max(1e-3, longRun.wallMs - shortRun.wallMs) / 10.0;
    state.SetIterationTime(w.wallMs / 1000.0);
    water += w.wallMs;
    waterCpu += w.cpuMs;
    step += stepMs;
    stepCpu += std::max(1e-3, longRun.cpuMs - shortRun.cpuMs) / 10.0;
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["water_ms"] = water / n;
  state.counters["step_ms"] = step / n;
  state.counters["water_per_step"] = water / step;
  state.counters["water_cpu_ms"] = waterCpu / n;
  state.counters["step_cpu_ms"] = stepCpu / n;
  state.counters["water_per_step_cpu"] = waterCpu / stepCpu;
}
BENCHMARK(BM_WaterAgainstStreamPowerStep1025)
    ->Args({2, 1})
    ->Args({1, 1})
    ->Args({2, 0})
    ->Iterations(2)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime();

// Arg: 0 mountains-and-plains, 1 eroded-high-ground (droplets: about 30 s).
void BM_PreviewAgainstExport2049(benchmark::State& state) {
  const std::string example =
      state.range(0) == 0 ? "mountains-and-plains.json" : "eroded-high-ground.json";
  testing::WaterAgreement agree;
  for (auto _ : state) agree = testing::waterAgreement(example, 2049);
  const auto report = [&](const std::string& kind, const testing::Agreement& a) {
    state.counters[kind] = a.atPreview;
    state.counters[kind + "_cells"] = a.cellByCell;
  };
  report("water", agree.water);
  report("lakes", agree.lakes);
  report("sea", agree.sea);
  report("rivers", agree.rivers);
}
BENCHMARK(BM_PreviewAgainstExport2049)->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace
}  // namespace terrain
