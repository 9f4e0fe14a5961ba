// noise_kernel.hpp's functions for the rest of core: the kernel itself is a
// shared module (noise_kernel_module.hpp says why), opened with dlopen the
// first time noise is computed, so a process that computes no noise never
// loads it or libhwy. Looked for beside the running executable
// (/proc/self/exe: an installed copy), then where the build put it.
#include <dlfcn.h>

#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

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

std::filesystem::path besideExecutable() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  return self.parent_path() / TERRAIN_NOISE_KERNEL_FILE;
}

// Opens the module and checks its table; throws, naming every place
// looked at, when it cannot.
const TerrainNoiseKernel* openKernel() {
  std::string tried;
  std::vector<std::filesystem::path> places;
  if (std::filesystem::path beside = besideExecutable(); !beside.empty()) places.push_back(beside);
  if (const std::filesystem::path built(TERRAIN_NOISE_KERNEL_BUILD_PATH);
      places.empty() || places.front() != built) {
    places.push_back(built);
  }
  // (append, not operator+: GCC 12 warns falsely on a chain of string +.)
  const auto note = [&tried](const std::filesystem::path& path, const char* why) {
    tried.append(tried.empty() ? " " : "; ").append(path.string()).append(": ").append(why);
  };
  for (const std::filesystem::path& path : places) {
    std::error_code error;
    if (!std::filesystem::exists(path, error)) {
      note(path, "no such file");
      continue;
    }
    // Never closed: the kernel's code is used until the process ends.
    void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (module == nullptr) {
      const char* why = dlerror();
      note(path, why != nullptr ? why : "dlopen failed");
      continue;
    }
    const auto entry =
        reinterpret_cast<TerrainNoiseKernelEntry>(dlsym(module, kTerrainNoiseKernelSymbol));
    const TerrainNoiseKernel* kernel = entry != nullptr ? entry() : nullptr;
    if (kernel == nullptr || kernel->version != kTerrainNoiseKernelVersion ||
        kernel->octaveGridSize != sizeof(NoiseGridOctave) ||
        kernel->octaveWarpedSize != sizeof(NoiseWarpedOctave)) {
      note(path, "not this build's noise kernel (version mismatch)");
      continue;
    }
    return kernel;
  }
  std::string message = "cannot load the noise kernel " TERRAIN_NOISE_KERNEL_FILE
                        " (install it beside the terrain-explorer executable); tried";
  throw std::runtime_error(message.append(tried));
}

// Loaded once per process, by whichever thread asks first (a failed load
// throws to that caller and the next call tries again).
const TerrainNoiseKernel& kernel() {
  static std::once_flag once;
  static const TerrainNoiseKernel* loaded = nullptr;
  std::call_once(once, [] { loaded = openKernel(); });
  return *loaded;
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
