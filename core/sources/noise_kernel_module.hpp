#pragma once
// The boundary between core and the noise kernel's shared module
// (libterrain_noise_kernel.so, built from noise_kernel.cpp). The kernel is
// the only user of Highway, and Debian's libhwy.so runs a timer calibration
// as a static initialiser in every process that loads it (~4.6 ms of CPU):
// so the kernel is loaded with dlopen the first time noise is computed, and
// an export of any other source never loads libhwy (issue 9, start-up).
// Plain C entry points: one table of functions, checked by its version.
#include <cstddef>
#include <cstdint>

#include "core/sources/noise_kernel.hpp"

extern "C" {

// Bumped whenever a signature or a struct the kernel reads changes.
inline constexpr std::uint32_t kTerrainNoiseKernelVersion = 1;

struct TerrainNoiseKernel {
  std::uint32_t version;
  std::uint32_t octaveGridSize;    // sizeof(terrain::NoiseGridOctave)
  std::uint32_t octaveWarpedSize;  // sizeof(terrain::NoiseWarpedOctave)
  void (*gridRow)(const terrain::NoiseGridOctave* octaves, std::size_t octaveCount,
                  terrain::NoiseFractal fractal, float* out, std::size_t count);
  void (*warpedRow)(const terrain::NoiseWarpedOctave* octaves, std::size_t octaveCount,
                    terrain::NoiseFractal fractal, const float* x, const float* y, float* out,
                    std::size_t count);
  std::int64_t (*target)();
  // Writes up to `capacity` targets, returns how many there are.
  std::size_t (*targets)(std::int64_t* out, std::size_t capacity);
  const char* (*targetName)(std::int64_t target);
};

// The module's one exported symbol.
inline constexpr const char* kTerrainNoiseKernelSymbol = "terrain_noise_kernel";
using TerrainNoiseKernelEntry = const TerrainNoiseKernel* (*)();

}  // extern "C"
