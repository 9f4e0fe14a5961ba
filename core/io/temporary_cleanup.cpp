#include "core/io/temporary_cleanup.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>

namespace terrain {
namespace {

// The one piece of process-wide state in core: a signal handler can reach
// nothing else. Fixed size and lock-free, so the handler only reads atomics
// and calls unlink(), both async-signal-safe. A slot goes free -> claimed
// (its path being written) -> live -> free; the handler takes a live slot by
// moving it to `removing` and never gives it back (the process is ending),
// so a slot is never rewritten while the handler reads its path. More
// concurrent temporaries than slots (never the case here: an export writes
// one at a time) are written as before, only not cleaned up on a signal.

constexpr int kTemporarySlots = 32;
enum SlotState : int { kFree, kClaimed, kLive, kRemoving };

struct TemporarySlot {
  std::atomic<int> state{kFree};
  char path[PATH_MAX] = {};
};
static_assert(std::atomic<int>::is_always_lock_free);

TemporarySlot g_temporaries[kTemporarySlots];

void removeTemporariesAndReraise(int signal) {
  const int savedErrno = errno;
  for (TemporarySlot& slot : g_temporaries) {
    int expected = kLive;
    if (slot.state.compare_exchange_strong(expected, kRemoving, std::memory_order_acquire)) {
      ::unlink(slot.path);
    }
  }
  errno = savedErrno;
  // SA_RESETHAND restored the default action; the signal is blocked while
  // this handler runs, so it is delivered (and ends the process with the
  // usual status) as soon as the handler returns.
  ::raise(signal);
}

}  // namespace

int registerTemporary(const std::string& path) {
  if (path.size() >= PATH_MAX) return -1;
  for (int i = 0; i < kTemporarySlots; ++i) {
    int expected = kFree;
    TemporarySlot& slot = g_temporaries[i];
    if (!slot.state.compare_exchange_strong(expected, kClaimed)) continue;
    std::memcpy(slot.path, path.c_str(), path.size() + 1);
    slot.state.store(kLive, std::memory_order_release);
    return i;
  }
  return -1;
}

void unregisterTemporary(int slot) noexcept {
  if (slot < 0) return;
  int expected = kLive;
  // Fails only when a handler is removing it: then the slot stays its own.
  g_temporaries[slot].state.compare_exchange_strong(expected, kFree);
}

void installTemporaryCleanupOnSignals() {
  struct sigaction action {};
  action.sa_handler = removeTemporariesAndReraise;
  action.sa_flags = static_cast<int>(SA_RESETHAND);
  sigemptyset(&action.sa_mask);
  // Any of them arriving during the handler waits: the handler runs once.
  for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&action.sa_mask, signal);
  for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) {
    struct sigaction previous {};
    // A signal the parent ignored (nohup, a background job's SIGINT) stays ignored.
    if (::sigaction(signal, nullptr, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
    ::sigaction(signal, &action, nullptr);
  }
  std::signal(SIGXFSZ, SIG_IGN);
}

}  // namespace terrain
