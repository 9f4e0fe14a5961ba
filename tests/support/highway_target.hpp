#pragma once
// Runs Highway's dispatched kernels (the noise source's, the spread
// drainage's) on one target while it lives, then restores the CPU's own
// choice: tests compare every target's bits.
#include <hwy/targets.h>

#include <cstdint>

namespace terrain::testing {

class ForcedTarget {
 public:
  explicit ForcedTarget(std::int64_t target) {
    hwy::SetSupportedTargetsForTest(target);
    hwy::GetChosenTarget().Update(hwy::SupportedTargets());
  }
  ~ForcedTarget() {
    hwy::SetSupportedTargetsForTest(0);
    hwy::GetChosenTarget().Update(hwy::SupportedTargets());
  }
  ForcedTarget(const ForcedTarget&) = delete;
  ForcedTarget& operator=(const ForcedTarget&) = delete;
};

}  // namespace terrain::testing
