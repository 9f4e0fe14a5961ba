#pragma once
// The inner loops of the noise source, one row at a time, vectorised with
// Highway and dispatched at run time to the best SIMD target of the CPU.
// Every target gives the same bits: only IEEE +, -, *, /, floor and exact
// conversions, in the same order on every path (no fused multiply-add; the
// file is built with -ffp-contract=off), and a row's tail is computed by the
// same vector code as its body.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/nodes/sources/noise.hpp"

namespace terrain {

// Inputs a kernel reads (axis tables, warped coordinates) hold this many
// floats past their last sample, rounded up, so whole vectors of any width
// can be loaded; outputs are written for exactly `count` samples.
inline constexpr std::size_t kNoisePad = 64;
constexpr std::size_t noisePadded(std::size_t count) {
  return (count + kNoisePad - 1) / kNoisePad * kNoisePad;
}

// A 32-bit xorshift-multiply mixer (the constants are hash-prospector's
// "lowbias32"): the lattice hash, in scalar code (row hashes) and in the
// kernels' vectors alike.
constexpr std::uint32_t noiseHash(std::uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

// Quintic fade 6t^5 - 15t^4 + 10t^3, written as the kernels write it.
constexpr float noiseFade(float t) {
  return ((t * t) * t) * ((t * ((t * 6.0f) - 15.0f)) + 10.0f);
}

// One octave's lattice along an axis, per sample index (padded): the cells
// either side of the sample (already wrapped on a torus), where the sample
// lies between them (0..1) and that position faded.
struct NoiseAxis {
  const std::uint32_t* cell0 = nullptr;
  const std::uint32_t* cell1 = nullptr;
  const float* t = nullptr;
  const float* fade = nullptr;
};

// One octave of a row of the unwarped grid: x from the axis tables, y the
// same for the whole row. rowHash = noiseHash(cell ^ octave key).
struct NoiseGridOctave {
  NoiseAxis x;
  std::uint32_t rowHash0 = 0;
  std::uint32_t rowHash1 = 0;
  float ty = 0.0f;
  float fadeY = 0.0f;
  float amplitude = 1.0f;
};

// out[i] = sum over octaves of amplitude * shape(noise), i < count.
void noiseGridRow(std::span<const NoiseGridOctave> octaves, NoiseFractal fractal, float* out,
                  std::size_t count);

// One octave at free coordinates: lattice cells per map unit, the period in
// cells on a torus (0: none), the octave key, the weight.
struct NoiseWarpedOctave {
  float frequency = 1.0f;
  float period = 0.0f;
  std::uint32_t key = 0;
  float amplitude = 1.0f;
};

// The same sum at per-sample map coordinates x[i], y[i] (padded).
void noiseWarpedRow(std::span<const NoiseWarpedOctave> octaves, NoiseFractal fractal,
                    const float* x, const float* y, float* out, std::size_t count);

// The Highway target (an HWY_* bit) the next call runs on, and the targets
// compiled in that this CPU supports (what tests compare and force).
std::int64_t noiseKernelTarget();
std::vector<std::int64_t> noiseKernelTargets();
std::string noiseTargetName(std::int64_t target);

}  // namespace terrain
