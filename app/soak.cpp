#include "app/soak.hpp"

#include <array>
#include <cstdlib>
#include <fstream>
#include <string>

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__SANITIZE_ADDRESS__)
#define TERRAIN_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TERRAIN_ASAN 1
#endif
#endif
#if defined(TERRAIN_ASAN)
#include <sanitizer/allocator_interface.h>
#endif

namespace terrain::app {

SoakStep soakStep(int frame) {
  constexpr std::array kMapSides = {129, 513, 1025, 2049};
  constexpr std::array kViews = {ViewChoice::Side, ViewChoice::Map, ViewChoice::Mesh};
  const auto f = static_cast<std::size_t>(frame);
  const GeneratorId id = kAllGenerators[f % kAllGenerators.size()];
  SoakStep step;
  step.spec = defaultSpec(id);
  step.spec.seed = 1000 + 7919 * static_cast<std::uint64_t>(frame);
  const int side = kMapSides[f / 15 % kMapSides.size()];
  step.spec.size = snapSize(id, generatorInfo(id).profile ? side * 8 : side);
  step.view = kViews[f / 5 % kViews.size()];
  return step;
}

void settleAllocator() {
#if defined(TERRAIN_ASAN)
  __sanitizer_purge_allocator();
#elif defined(__GLIBC__)
  malloc_trim(0);
#endif
}

long residentKib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
  }
  return -1;
}

}  // namespace terrain::app
