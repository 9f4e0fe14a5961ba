#pragma once
// The registry of named temporaries being written (core/atomic_file), and
// the signal handlers that remove them: a named temporary left by ^C, kill
// or a Slurm job's end would be litter beside a designer's files.
#include <string>

namespace terrain {

// Claims a slot for a temporary's path; -1 when the path is too long or
// every slot is taken (then it is written as before, only not cleaned up on
// a signal).
int registerTemporary(const std::string& path);
// Frees a slot registerTemporary gave (-1: nothing).
void unregisterTemporary(int slot) noexcept;

// SIGINT, SIGTERM, SIGHUP and SIGQUIT remove every registered temporary,
// then end the process with the signal's default action, so the exit
// status is the usual one. SIGXFSZ is ignored, so a write past the
// file-size limit fails with EFBIG ("File too large") and the normal error
// path removes the temporary. Call once, early in main.
void installTemporaryCleanupOnSignals();

}  // namespace terrain
