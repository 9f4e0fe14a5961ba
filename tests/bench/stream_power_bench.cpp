// River erosion (stream-power) at 1025 x 1025: the cost of one step, the
// target being at most 50 ms on two threads, and the fill baseline of the
// same run beside it (counter x_fill: a step in fills of a 1025 map).
//
// BM_StreamPowerStep1025 erodes ground that has already eroded (no pits,
// so no priority-flood: the steps after the first of a run);
// BM_StreamPowerFirstStep1025 is the first step of raw diamond-square.
// BM_StreamPowerDefault measures the whole default run.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <optional>
#include <vector>

#include "core/nodes/modifiers/stream_power.hpp"
#include "core/nodes/sources/diamond_square.hpp"

namespace terrain {
namespace {

Heightfield diamondSquare(int size) {
  DiamondSquareParams params;
  params.size = size;
  Heightfield field = generateDiamondSquare(params, 1, RunControl{Execution{}, nullptr, {}});
  normalise(field);
  return field;
}

// Every step on the map itself (no solve grid), soil creep as given, the
// spread of small flows as given or the default.
ParamValues withSteps(int steps, double creep = 0.01,
                      std::optional<double> spreadBelow = std::nullopt) {
  const ModifierStage& stage = streamPowerModifier();
  ParamValues values = stage.defaults();
  values[*stage.indexOf("steps")] = steps;
  values[*stage.indexOf("solve-size")] = 0;
  values[*stage.indexOf("refine-steps")] = 0;
  values[*stage.indexOf("diffusion")] = creep;
  if (spreadBelow) values[*stage.indexOf("spread-below")] = *spreadBelow;
  return values;
}

// Milliseconds to allocate and fill a float map of 1025 x 1025, best of a
// few: BM_FillBaseline's work, measured here so the ratio is of one run.
double fillBaselineMs() {
  double best = 1e9;
  for (int i = 0; i < 20; ++i) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<float> v(std::size_t{1025} * 1025);
    std::fill(v.begin(), v.end(), 1.0f);
    benchmark::DoNotOptimize(v.data());
    benchmark::ClobberMemory();
    const std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - start;
    best = std::min(best, ms.count());
  }
  return best;
}

// CPU milliseconds of the whole process, every thread.
double processCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

struct Timing {
  double wallMs = 0.0;
  double cpuMs = 0.0;  // all threads: steadier than wall time on a busy machine
};

// One run of `steps` steps.
Timing timedRun(const Heightfield& input, int steps, const RunControl& control, double creep = 0.01,
                std::optional<double> spreadBelow = std::nullopt) {
  const ParamValues values = withSteps(steps, creep, spreadBelow);
  const double cpuStart = processCpuMs();
  const auto start = std::chrono::steady_clock::now();
  Heightfield out = streamPowerModifier().apply(input, StageContext{1, {}}, values, control);
  benchmark::DoNotOptimize(out.heights.data());
  const std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - start;
  return {ms.count(), processCpuMs() - cpuStart};
}

// Each iteration runs 5 and 15 steps: the difference over 10 is the time
// of a step (the iteration time shown), without the run's fixed costs
// (first touch of its buffers, the final rescale), which
// ms_per_step_with_setup spreads over the 15 steps instead.
void runSteps(benchmark::State& state, const Heightfield& input, double creep = 0.01,
              std::optional<double> spreadBelow = std::nullopt) {
  const RunControl control{Execution{static_cast<int>(state.range(0))}, nullptr, {}};
  double perStep = 0.0;
  double cpuPerStep = 0.0;
  double withSetup = 0.0;
  for (auto _ : state) {
    const Timing shortRun = timedRun(input, 5, control, creep, spreadBelow);
    const Timing longRun = timedRun(input, 15, control, creep, spreadBelow);
    const double step = std::max(0.0, longRun.wallMs - shortRun.wallMs) / 10.0;
    state.SetIterationTime(step / 1000.0);
    perStep += step;
    cpuPerStep += (longRun.cpuMs - shortRun.cpuMs) / 10.0;
    withSetup += longRun.wallMs / 15.0;
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["ms_per_step"] = perStep / n;
  state.counters["cpu_ms_per_step"] = cpuPerStep / n;
  state.counters["ms_per_step_with_setup"] = withSetup / n;
  state.counters["x_fill"] = perStep / n / fillBaselineMs();
}

// Arg: threads.
void BM_StreamPowerStep1025(benchmark::State& state) {
  const RunControl control{Execution{}, nullptr, {}};
  const Heightfield eroded =
      streamPowerModifier().apply(diamondSquare(1025), StageContext{1, {}}, withSteps(5), control);
  runSteps(state, eroded);
}
BENCHMARK(BM_StreamPowerStep1025)->Arg(2)->Arg(1)->Unit(benchmark::kMillisecond)->UseManualTime();

// The same step without soil creep: the baseline creep's cost is read
// against (issue 20), in the same run.
void BM_StreamPowerStepWithoutCreep1025(benchmark::State& state) {
  const RunControl control{Execution{}, nullptr, {}};
  const Heightfield eroded = streamPowerModifier().apply(diamondSquare(1025), StageContext{1, {}},
                                                         withSteps(5, 0.0), control);
  runSteps(state, eroded, 0.0);
}
BENCHMARK(BM_StreamPowerStepWithoutCreep1025)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime();

// The same step with all water running one way (spread-below 0): the
// baseline the spread's cost is read against, in the same run.
void BM_StreamPowerStepOneWay1025(benchmark::State& state) {
  const RunControl control{Execution{}, nullptr, {}};
  const Heightfield eroded =
      streamPowerModifier().apply(diamondSquare(1025), StageContext{1, {}}, withSteps(5), control);
  runSteps(state, eroded, 0.01, 0.0);
}
BENCHMARK(BM_StreamPowerStepOneWay1025)->Arg(2)->Unit(benchmark::kMillisecond)->UseManualTime();

// One step of raw diamond-square: priority-flood of its many pits, the
// fixed costs and the final rescale included.
void BM_StreamPowerFirstStep1025(benchmark::State& state) {
  const Heightfield input = diamondSquare(1025);
  const RunControl control{Execution{static_cast<int>(state.range(0))}, nullptr, {}};
  for (auto _ : state) state.SetIterationTime(timedRun(input, 1, control).wallMs / 1000.0);
}
BENCHMARK(BM_StreamPowerFirstStep1025)->Arg(2)->Unit(benchmark::kMillisecond)->UseManualTime();

// The default run (its default steps) on a diamond-square map; Args:
// size, threads.
void BM_StreamPowerDefault(benchmark::State& state) {
  const Heightfield input = diamondSquare(static_cast<int>(state.range(0)));
  const RunControl control{Execution{static_cast<int>(state.range(1))}, nullptr, {}};
  const ParamValues values = streamPowerModifier().defaults();
  double cpuMs = 0.0;
  for (auto _ : state) {
    const double cpuStart = processCpuMs();
    Heightfield out = streamPowerModifier().apply(input, StageContext{1, {}}, values, control);
    benchmark::DoNotOptimize(out.heights.data());
    cpuMs += processCpuMs() - cpuStart;
  }
  state.counters["cpu_ms"] = cpuMs / static_cast<double>(state.iterations());
}
BENCHMARK(BM_StreamPowerDefault)
    ->Args({257, 2})
    ->Args({1025, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace terrain
