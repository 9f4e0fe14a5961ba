// River erosion (stream-power) at 1025 x 1025: the cost of one step, the
// target being at most 50 ms on two threads, and the fill baseline of the
// same run beside it (counter x_fill: a step in fills of a 1025 map).
//
// BM_StreamPowerStep1025 erodes ground that has already eroded (no pits,
// so no priority-flood: the steps after the first of a run), ten steps
// per iteration; BM_StreamPowerFirstStep1025 is one step of raw
// diamond-square, priority-flood of its many pits and the final rescale
// included. BM_StreamPowerDefault measures the whole default run.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "core/modifiers/stream_power.hpp"
#include "core/sources/diamond_square.hpp"

namespace terrain {
namespace {

Heightfield diamondSquare(int size) {
  DiamondSquareParams params;
  params.size = size;
  Heightfield field = generateDiamondSquare(params, 1, RunControl{Execution{}, nullptr, {}});
  normalise(field);
  return field;
}

ParamValues withSteps(int steps) {
  const ModifierStage& stage = streamPowerModifier();
  ParamValues values = stage.defaults();
  values[*stage.indexOf("steps")] = steps;
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

void reportPerStep(benchmark::State& state, double totalMs, int stepsPerIteration) {
  const double perStep = totalMs / static_cast<double>(state.iterations() * stepsPerIteration);
  state.counters["ms_per_step"] = perStep;
  state.counters["x_fill"] = perStep / fillBaselineMs();
}

void runSteps(benchmark::State& state, const Heightfield& input, int steps) {
  const RunControl control{Execution{static_cast<int>(state.range(0))}, nullptr, {}};
  const ParamValues values = withSteps(steps);
  double totalMs = 0.0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    Heightfield out = streamPowerModifier().apply(input, StageContext{1, {}}, values, control);
    const std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - start;
    totalMs += ms.count();
    benchmark::DoNotOptimize(out.heights.data());
  }
  reportPerStep(state, totalMs, steps);
}

// Arg: threads.
void BM_StreamPowerStep1025(benchmark::State& state) {
  const RunControl control{Execution{}, nullptr, {}};
  const Heightfield eroded =
      streamPowerModifier().apply(diamondSquare(1025), StageContext{1, {}}, withSteps(5), control);
  runSteps(state, eroded, 10);
}
BENCHMARK(BM_StreamPowerStep1025)->Arg(2)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_StreamPowerFirstStep1025(benchmark::State& state) {
  runSteps(state, diamondSquare(1025), 1);
}
BENCHMARK(BM_StreamPowerFirstStep1025)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The default run (its default steps) on a diamond-square map; Args:
// size, threads.
void BM_StreamPowerDefault(benchmark::State& state) {
  const Heightfield input = diamondSquare(static_cast<int>(state.range(0)));
  const RunControl control{Execution{static_cast<int>(state.range(1))}, nullptr, {}};
  const ParamValues values = streamPowerModifier().defaults();
  for (auto _ : state) {
    Heightfield out = streamPowerModifier().apply(input, StageContext{1, {}}, values, control);
    benchmark::DoNotOptimize(out.heights.data());
  }
}
BENCHMARK(BM_StreamPowerDefault)
    ->Args({257, 2})
    ->Args({1025, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace terrain
