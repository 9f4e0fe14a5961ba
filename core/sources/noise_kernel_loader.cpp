// noise_kernel.hpp's functions for the rest of core: the kernel itself is a
// shared module (noise_kernel_module.hpp says why), opened the first time
// noise is computed, so a process that computes no noise never loads it or
// libhwy (core/module_loader.hpp: where it is looked for).
#include <atomic>
#include <mutex>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/module_loader.hpp"
#include "core/sources/noise_kernel.hpp"
#include "core/sources/noise_kernel_module.hpp"

#ifndef TERRAIN_NOISE_KERNEL_FILE
#error "TERRAIN_NOISE_KERNEL_FILE (the module's file name) is set by core/CMakeLists.txt"
#endif
#ifndef TERRAIN_NOISE_KERNEL_BUILD_PATH
#error "TERRAIN_NOISE_KERNEL_BUILD_PATH (the built module) is set by core/CMakeLists.txt"
#endif

namespace terrain {
namespace {

const TerrainNoiseKernel* openKernel() {
  const auto entry = reinterpret_cast<TerrainNoiseKernelEntry>(
      projectModuleSymbol("the noise kernel", TERRAIN_NOISE_KERNEL_FILE,
                          TERRAIN_NOISE_KERNEL_BUILD_PATH, kTerrainNoiseKernelSymbol));
  const TerrainNoiseKernel* table = entry();
  if (table == nullptr || table->version != kTerrainNoiseKernelVersion ||
      table->octaveGridSize != sizeof(NoiseGridOctave) ||
      table->octaveWarpedSize != sizeof(NoiseWarpedOctave)) {
    throw IoError("cannot load the noise kernel: " TERRAIN_NOISE_KERNEL_FILE
                  " is not this build's (version mismatch)");
  }
  return table;
}

// Loaded once per process, by whichever thread asks first (a failed load
// throws to that caller and the next call tries again).
const TerrainNoiseKernel& kernel() {
  static std::atomic<const TerrainNoiseKernel*> loaded{nullptr};
  if (const TerrainNoiseKernel* k = loaded.load(std::memory_order_acquire)) return *k;
  static std::mutex mutex;
  const std::lock_guard<std::mutex> lock(mutex);
  if (loaded.load(std::memory_order_relaxed) == nullptr) {
    loaded.store(openKernel(), std::memory_order_release);
  }
  return *loaded.load(std::memory_order_relaxed);
}

}  // namespace

void noiseGridRow(std::span<const NoiseGridOctave> octaves, NoiseFractal fractal, float* out,
                  std::size_t count) {
  kernel().gridRow(octaves.data(), octaves.size(), fractal, out, count);
}

void noiseWarpedRow(std::span<const NoiseWarpedOctave> octaves, NoiseFractal fractal,
                    const float* x, const float* y, float* out, std::size_t count) {
  kernel().warpedRow(octaves.data(), octaves.size(), fractal, x, y, out, count);
}

std::int64_t noiseKernelTarget() {
  return kernel().target();
}

std::vector<std::int64_t> noiseKernelTargets() {
  const TerrainNoiseKernel& k = kernel();
  std::vector<std::int64_t> targets(k.targets(nullptr, 0));
  k.targets(targets.data(), targets.size());
  return targets;
}

std::string noiseTargetName(std::int64_t target) {
  return kernel().targetName(target);
}

}  // namespace terrain
