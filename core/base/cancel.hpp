#pragma once
// The one way long work is stopped from another thread: its owner raises a
// CancelToken; the work looks at it at its checkpoints (a stage's level or
// band of rows, each write of an exported file) and throws Cancelled, which
// unwinds to the owner (a superseded generation, a cancelled export, a
// closing window).
#include <atomic>

namespace terrain {

// Thrown at a checkpoint of cancelled work.
struct Cancelled {};

class CancelToken {
 public:
  explicit CancelToken(bool raised = false) : raised_(raised) {}
  CancelToken(const CancelToken&) = delete;
  CancelToken& operator=(const CancelToken&) = delete;

  void cancel() { raised_.store(true, std::memory_order_relaxed); }
  void reset() { raised_.store(false, std::memory_order_relaxed); }
  bool cancelled() const { return raised_.load(std::memory_order_relaxed); }
  void checkpoint() const {
    if (cancelled()) throw Cancelled{};
  }

 private:
  std::atomic<bool> raised_;
};

// For work that may run without a token (nullptr: never cancelled).
inline bool cancelled(const CancelToken* token) {
  return token != nullptr && token->cancelled();
}

}  // namespace terrain
