// Erosion stages against the fill baseline (BM_FillBaseline) and, for the
// droplets, against a plain single-threaded reading of the thesis.
// Targets: thermal <= 2 ms per iteration at 1025 on 2 threads.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <string>
#include <vector>

#include "core/base/random.hpp"
#include "core/nodes/modifiers/droplets.hpp"
#include "core/nodes/modifiers/thermal.hpp"
#include "core/nodes/modifiers/thermal_kernel.hpp"
#include "core/nodes/registry.hpp"

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
  state.SetLabel(std::to_string(thermalKernelWidth()) + " floats a vector");
}
BENCHMARK(BM_Thermal1025)->UseManualTime()->Unit(benchmark::kMillisecond);

// ---- droplets --------------------------------------------------------------

// The BASELINE: the same droplet algorithm as core/nodes/modifiers/droplets_eroder.cpp,
// written the way the thesis describes it, on one thread: droplets one
// after another from random starts, the brush's weights worked out afresh
// at every step (every cell of its square, distances, sum, then the wear),
// heights and gradient read through a small helper per corner.
class ThesisDroplets {
 public:
  ThesisDroplets(Heightfield& field, const DropletsParams& p, float slopeScale)
      : f_(field), p_(p), slopeScale_(slopeScale) {}

  void run(std::int64_t count, std::uint64_t seed) {
    const RandomStream random(seed, 99);
    for (std::int64_t k = 0; k < count; ++k) {
      const auto i = static_cast<std::uint64_t>(k);
      const auto x = static_cast<float>(random.uniform(2 * i) * (f_.width - 1));
      const auto y = static_cast<float>(random.uniform(2 * i + 1) * (f_.height - 1));
      droplet(std::min(x, static_cast<float>(f_.width) - 1.001f),
              std::min(y, static_cast<float>(f_.height) - 1.001f));
    }
  }

 private:
  float h(int x, int y) const { return f_.at(x, y); }
  float heightAt(float x, float y, float* gx, float* gy) const {
    const int ix = static_cast<int>(std::floor(x));
    const int iy = static_cast<int>(std::floor(y));
    const float u = x - static_cast<float>(ix);
    const float v = y - static_cast<float>(iy);
    const float h00 = h(ix, iy), h10 = h(ix + 1, iy), h01 = h(ix, iy + 1), h11 = h(ix + 1, iy + 1);
    if (gx != nullptr) *gx = (h10 - h00) * (1 - v) + (h11 - h01) * v;
    if (gy != nullptr) *gy = (h01 - h00) * (1 - u) + (h11 - h10) * u;
    return h00 * (1 - u) * (1 - v) + h10 * u * (1 - v) + h01 * (1 - u) * v + h11 * u * v;
  }
  void deposit(float x, float y, float amount) {
    const int ix = static_cast<int>(std::floor(x));
    const int iy = static_cast<int>(std::floor(y));
    const float u = x - static_cast<float>(ix);
    const float v = y - static_cast<float>(iy);
    f_.at(ix, iy) += amount * (1 - u) * (1 - v);
    f_.at(ix + 1, iy) += amount * u * (1 - v);
    f_.at(ix, iy + 1) += amount * (1 - u) * v;
    f_.at(ix + 1, iy + 1) += amount * u * v;
  }
  float erode(int cx, int cy, float amount) {
    const int r = p_.radius;
    float total = 0.0f;
    for (int y = cy - r; y <= cy + r; ++y) {
      for (int x = cx - r; x <= cx + r; ++x) {
        const float d = std::sqrt(static_cast<float>((x - cx) * (x - cx) + (y - cy) * (y - cy)));
        if (d < static_cast<float>(r) && x >= 0 && y >= 0 && x < f_.width && y < f_.height) {
          total += static_cast<float>(r) - d;
        }
      }
    }
    float taken = 0.0f;
    for (int y = cy - r; y <= cy + r; ++y) {
      for (int x = cx - r; x <= cx + r; ++x) {
        const float d = std::sqrt(static_cast<float>((x - cx) * (x - cx) + (y - cy) * (y - cy)));
        if (d < static_cast<float>(r) && x >= 0 && y >= 0 && x < f_.width && y < f_.height) {
          const float t =
              std::max(0.0f, std::min(f_.at(x, y), amount * (static_cast<float>(r) - d) / total));
          f_.at(x, y) -= t;
          taken += t;
        }
      }
    }
    return taken;
  }
  void droplet(float x, float y) {
    float dirX = 0, dirY = 0, speed = 1, water = 1, sediment = 0;
    const auto inertia = static_cast<float>(p_.inertia);
    for (int step = 0; step < p_.lifetime; ++step) {
      float gx = 0, gy = 0;
      const float height = heightAt(x, y, &gx, &gy);
      dirX = dirX * inertia - gx * slopeScale_ * (1 - inertia);
      dirY = dirY * inertia - gy * slopeScale_ * (1 - inertia);
      const float length = std::sqrt(dirX * dirX + dirY * dirY);
      if (!(length > 1e-20f)) break;
      dirX /= length;
      dirY /= length;
      const float nx = x + dirX, ny = y + dirY;
      if (nx < 0 || ny < 0 || nx >= static_cast<float>(f_.width - 1) ||
          ny >= static_cast<float>(f_.height - 1)) {
        return;
      }
      const float dh = heightAt(nx, ny, nullptr, nullptr) - height;
      const float drop = -dh * slopeScale_;
      const float capacity =
          std::max(drop, 0.01f) * speed * water * static_cast<float>(p_.capacity);
      if (sediment > capacity || dh > 0) {
        const float amount = dh > 0 ? std::min(dh, sediment)
                                    : (sediment - capacity) * static_cast<float>(p_.deposition);
        sediment -= amount;
        deposit(x, y, amount);
      } else {
        const float amount = std::min((capacity - sediment) * static_cast<float>(p_.erosion), -dh);
        sediment += erode(static_cast<int>(std::floor(x + 0.5f)),
                          static_cast<int>(std::floor(y + 0.5f)), amount);
      }
      speed = std::sqrt(std::max(0.0f, speed * speed + drop * static_cast<float>(p_.gravity)));
      water *= 1 - static_cast<float>(p_.evaporation);
      x = nx;
      y = ny;
    }
    deposit(x, y, sediment);
  }

  Heightfield& f_;
  DropletsParams p_;
  float slopeScale_;
};

constexpr double kBenchDroplets = 0.5;  // per cell, the stage's default

void BM_DropletsBaseline1025(benchmark::State& state) {
  DropletsParams params;
  params.droplets = kBenchDroplets;
  const auto count =
      static_cast<std::int64_t>(std::llround(kBenchDroplets * (kSide - 1) * (kSide - 1)));
  for (auto _ : state) {
    Heightfield field = ground();
    ThesisDroplets(field, params, static_cast<float>(dropletSlopeScale(World{}, kSide, false)))
        .run(count, 1);
    benchmark::DoNotOptimize(field.heights.data());
  }
  state.SetItemsProcessed(state.iterations() * count);  // droplets per second
}
BENCHMARK(BM_DropletsBaseline1025)->Unit(benchmark::kMillisecond)->UseRealTime();

// The stage's own droplets, the same count and lifetime, on 2 threads.
void BM_Droplets1025(benchmark::State& state) {
  DropletsParams params;
  params.droplets = kBenchDroplets;
  const auto count =
      static_cast<std::int64_t>(std::llround(kBenchDroplets * (kSide - 1) * (kSide - 1)));
  const RunControl control{Execution{static_cast<int>(state.range(0))}, nullptr, {}};
  double cpu = 0.0;
  for (auto _ : state) {
    Heightfield field = ground();
    const double cpuStart = processCpuSeconds();
    erodeWithDroplets(field, params, World{}, 1, control);
    cpu += processCpuSeconds() - cpuStart;
    benchmark::DoNotOptimize(field.heights.data());
  }
  state.SetItemsProcessed(state.iterations() * count);
  state.counters["cpu_ms"] = cpu * 1000.0 / static_cast<double>(state.iterations());
}
BENCHMARK(BM_Droplets1025)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The default stages as the window runs them (2 threads), preview and 1025.
void BM_ErosionDefaults(benchmark::State& state) {
  const ModifierStage& stage = state.range(0) == 0 ? thermalModifier() : dropletsModifier();
  const int side = static_cast<int>(state.range(1));
  const SourceStage& ds = sourceStage("diamond-square");
  ParamValues values = ds.defaults();
  values[ds.sizeIndex()] = side;
  const Heightfield in = ds.generate(1, values, RunControl{Execution{2}, nullptr, {}});
  const RunControl control{Execution{2}, nullptr, {}};
  for (auto _ : state) {
    Heightfield out = stage.apply(in, StageContext{}, stage.defaults(), control);
    benchmark::DoNotOptimize(out.heights.data());
  }
  state.SetLabel(std::string(stage.key()));
}
BENCHMARK(BM_ErosionDefaults)
    ->Args({0, 257})
    ->Args({0, 1025})
    ->Args({1, 257})
    ->Args({1, 1025})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace terrain
