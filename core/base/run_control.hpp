#pragma once
#include <functional>

#include "core/base/cancel.hpp"
#include "core/base/parallel.hpp"

namespace terrain {

// What a running stage may look at: threads, a cancel flag and a progress
// sink. Stages call checkpoint() between units of work (a level, a band of
// rows); a cancelled run throws Cancelled from there.
struct RunControl {
  Execution exec;
  const CancelToken* cancel = nullptr;
  // stage fraction 0..1 of the current stage; may be empty.
  std::function<void(float)> progress;

  bool cancelled() const { return terrain::cancelled(cancel); }
  void checkpoint(float fraction = -1.0f) const {
    if (cancelled()) throw Cancelled{};
    if (progress && fraction >= 0.0f) progress(fraction);
  }
};

}  // namespace terrain
