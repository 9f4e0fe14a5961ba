// The noise source (issue 8). Target: fBm, 8 octaves, 4097x4097, at least
// 300 million octave-samples per second on 2 cores. Counters: octave-samples
// per second, the time as a multiple of BM_FillBaseline's (allocating and
// filling a float map of the same size, measured here the same way), and
// octave-samples per second of the time beyond that fill.
// The label names the SIMD target Highway dispatched to.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "core/nodes/sources/noise.hpp"
#include "core/nodes/sources/noise_kernel.hpp"

namespace terrain {
namespace {

// Seconds to allocate and fill `cells` floats: the best of 5, as BM_FillBaseline does it.
double fillSeconds(std::size_t cells) {
  double best = 1e9;
  for (int i = 0; i < 5; ++i) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<float> v(cells);
    std::fill(v.begin(), v.end(), 1.0f);
    benchmark::DoNotOptimize(v.data());
    benchmark::ClobberMemory();
    best = std::min(
        best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

// The raw source (no normalise), seed 1. Args: size, octaves.
void runNoise(benchmark::State& state, NoiseParams params, const Execution& exec) {
  params.size = static_cast<int>(state.range(0));
  params.iterations = static_cast<int>(state.range(1));
  const RunControl control{exec, nullptr, {}};
  const auto cells = static_cast<std::size_t>(params.size) * static_cast<std::size_t>(params.size);
  const double fill = fillSeconds(cells);
  double seconds = 0.0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    Heightfield field = generateNoise(params, 1, control);
    benchmark::DoNotOptimize(field.heights.data());
    benchmark::ClobberMemory();
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  const double octaveSamples = static_cast<double>(cells) * noiseOctaves(params);
  state.counters["octave_samples/s"] =
      benchmark::Counter(octaveSamples, benchmark::Counter::kIsIterationInvariantRate);
  const double perRun = seconds / static_cast<double>(state.iterations());
  state.counters["x_fill"] = perRun / fill;
  // The rate on top of the page faults of a fresh map (the fill's cost): on
  // this VM the 64 MiB fill alone takes 40-400 ms, more than the noise itself.
  state.counters["beyond_fill/s"] = perRun > fill ? octaveSamples / (perRun - fill) : 0.0;
  state.SetLabel(noiseTargetName(noiseKernelTarget()));
}

void BM_NoiseFbm(benchmark::State& state) {
  runNoise(state, NoiseParams{}, Execution{});
}
BENCHMARK(BM_NoiseFbm)
    ->Args({1025, 8})
    ->Args({4097, 8})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The same on the calling thread only, to show what the second core buys.
void BM_NoiseFbmOneThread(benchmark::State& state) {
  runNoise(state, NoiseParams{}, Execution{1});
}
BENCHMARK(BM_NoiseFbmOneThread)->Args({4097, 8})->Unit(benchmark::kMillisecond)->UseRealTime();

// Ridged with the domain warp: per-sample lattice lookups and 2 more fields.
void BM_NoiseRidgedWarped(benchmark::State& state) {
  NoiseParams params;
  params.fractal = NoiseFractal::Ridged;
  params.warp = 0.3;
  runNoise(state, params, Execution{});
}
BENCHMARK(BM_NoiseRidgedWarped)->Args({4097, 8})->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace terrain
