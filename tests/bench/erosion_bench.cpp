// Erosion stages against the fill baseline (BM_FillBaseline) and, for the
// droplets, against a plain single-threaded reading of the thesis.
// Targets: thermal <= 2 ms per iteration at 1025 on 2 threads.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <vector>

#include "core/modifiers/thermal.hpp"
#include "core/registry.hpp"

namespace terrain {
namespace {

constexpr int kSide = 1025;

// Diamond-square at 1025, seed 1: the ground every erosion benchmark wears.
const Heightfield& ground() {
  static const Heightfield field = [] {
    const SourceStage& ds = sourceStage("diamond-square");
    ParamValues values = ds.defaults();
    values[ds.sizeIndex()] = kSide;
    return ds.generate(1, values, RunControl{Execution{2}, nullptr, {}});
  }();
  return field;
}

// CPU seconds of the whole process (every thread): on a shared machine
// the wall clock also counts other programs' turns.
double processCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Milliseconds to allocate and fill a float array of the map's size, the
// floor of BM_FillBaseline/1025/1025, measured here for the ratio.
double fillMs() {
  const auto cells = static_cast<std::size_t>(kSide) * kSide;
  double best = 1e9;
  for (int k = 0; k < 20; ++k) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<float> v(cells);
    std::fill(v.begin(), v.end(), 1.0f);
    benchmark::DoNotOptimize(v.data());
    benchmark::ClobberMemory();
    const std::chrono::duration<double, std::milli> ms = std::chrono::steady_clock::now() - start;
    best = std::min(best, ms.count());
  }
  return best;
}

// Thermal relaxation at 1025 on 2 threads: time per iteration.
void BM_Thermal1025(benchmark::State& state) {
  constexpr int kIterations = 50;
  const ThermalParams params;
  const RunControl control{Execution{2}, nullptr, {}};
  double seconds = 0.0;
  double cpu = 0.0;
  for (auto _ : state) {
    Heightfield field = ground();
    const auto start = std::chrono::steady_clock::now();
    const double cpuStart = processCpuSeconds();
    relaxTalus(field, params, World{}, kIterations, control);
    cpu += processCpuSeconds() - cpuStart;
    const std::chrono::duration<double> d = std::chrono::steady_clock::now() - start;
    seconds += d.count();
    state.SetIterationTime(d.count());
    benchmark::DoNotOptimize(field.heights.data());
  }
  const double msPerIteration =
      seconds * 1000.0 / (static_cast<double>(state.iterations()) * kIterations);
  state.counters["ms_per_iteration"] = msPerIteration;
  state.counters["cpu_ms_per_iteration"] =
      cpu * 1000.0 / (static_cast<double>(state.iterations()) * kIterations);
  state.counters["fill_ratio"] = msPerIteration / fillMs();
  state.counters["budget_ms"] = 2.0;
}
BENCHMARK(BM_Thermal1025)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace terrain
