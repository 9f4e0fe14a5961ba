#include "tests/app/driver/soak.hpp"

#include <array>
#include <cstdlib>
#include <fstream>
#include <string>

#include "core/nodes/registry.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/build_kind.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(TERRAIN_TEST_ASAN)
#include <sanitizer/allocator_interface.h>
#endif

namespace terrain::testing {

SoakStep soakStep(int frame) {
  constexpr std::array kMapSides = {129, 513, 1025, 2049};
  constexpr std::array kViews = {ViewKind::Side, ViewKind::Map, ViewKind::Mesh};
  const auto f = static_cast<std::size_t>(frame);
  const SourceStage& source = *sources()[f % sources().size()];
  SoakStep step{makingDocument(source.key())};  // the import reads a sample
  step.doc.seed = 1000 + 7919 * static_cast<std::uint64_t>(frame);
  const int side = kMapSides[f / 15 % kMapSides.size()];
  chainSource(step.doc.graph).values[source.sizeIndex()] =
      source.snapSize(source.profile() ? side * 8 : side);
  step.doc.view.kind = kViews[f / 5 % kViews.size()];
  return step;
}

void settleAllocator() {
#if defined(TERRAIN_TEST_ASAN)
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

}  // namespace terrain::testing
