#pragma once
// The one way core and the app write a file. A regular file (or a new one)
// is replaced atomically: bytes go to a hidden temporary in the target's
// directory (".name.XXXXXX", created O_EXCL with a random suffix, so a
// symlink planted at any name is never followed), which is flushed, fsynced
// and renamed over the target only when everything was written. A failed
// write never leaves a partial file and never touches an existing target.
//
// A target that is not a directory entry holding bytes is written through
// instead (there is nothing to keep atomically, and a rename would replace
// the device or FIFO with a regular file): "-" (standard output),
// /dev/stdout, /dev/stderr, /dev/fd/N, a character device (/dev/null,
// /dev/full) or a FIFO. Their write errors are reported the same way.
#include <atomic>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>

namespace terrain {

class AtomicFile {
 public:
  // Creates the temporary file (or opens the stream); throws IoError naming
  // the path and the cause.
  explicit AtomicFile(std::string path);
  // Removes the temporary file unless commit() succeeded.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  const std::string& path() const { return path_; }
  // For writers that want a stdio stream (libpng); check errors with write().
  std::FILE* stream() const { return file_; }
  // Throws IoError on a short write (ENOSPC, EIO, EFBIG, ...).
  void write(const void* data, std::size_t bytes);
  // fflush, fsync, fclose, rename over the target (a written-through target:
  // fflush and close). Throws IoError (and removes the temporary file) when
  // any step fails.
  void commit();
  // An error message for this file: "cannot write '<path>': <what>".
  std::string describe(const std::string& what) const;
  // True when the target is written through (stdout, a device, a FIFO).
  bool writesThrough() const { return writeThrough_; }

 private:
  void discard() noexcept;

  std::string path_;
  std::string tempPath_;
  std::FILE* file_ = nullptr;
  int slot_ = -1;  // this temporary's entry in the signal cleanup registry
  bool writeThrough_ = false;
  bool committed_ = false;
};

// Lets a long write be stopped from another thread. While a scope lives on
// a thread, every AtomicFile written on that thread checks `cancel` at each
// write() and before commit() and, once it is raised, throws Cancelled
// (core/stage.hpp): the temporary is removed, the target left as it was.
// `onWrite` (may be empty) hears each write's byte count, for progress.
// Scopes nest; the innermost one counts.
class WriteCancelScope {
 public:
  explicit WriteCancelScope(const std::atomic<bool>* cancel,
                            std::function<void(std::size_t bytes)> onWrite = {});
  ~WriteCancelScope();
  WriteCancelScope(const WriteCancelScope&) = delete;
  WriteCancelScope& operator=(const WriteCancelScope&) = delete;

  // Throws Cancelled when the flag of this thread's scope is raised.
  static void checkpoint();
  static void wrote(std::size_t bytes);

 private:
  const std::atomic<bool>* cancel_;
  std::function<void(std::size_t)> onWrite_;
  WriteCancelScope* outer_;
};

// Runs fill() on a fresh AtomicFile and commits it; on any exception the
// temporary file is removed and the exception propagates.
void writeFileAtomically(const std::string& path, const std::function<void(AtomicFile&)>& fill);

// Checks, without touching the target, that `path` could be written: its
// directory exists and accepts a new file (a temporary file is created and
// removed), and the target is not a directory; a written-through target is
// checked for write permission without opening it (a FIFO would block).
// Throws IoError naming the path and the cause. Used before long work, so
// that it is not wasted.
void checkWritable(const std::string& path);

// True when `path` would be written through rather than replaced: standard
// output or another descriptor, an existing character device or FIFO.
bool isWrittenThrough(const std::string& path);

// True for the paths that name standard output: "-", /dev/stdout,
// /dev/fd/1, /proc/self/fd/1.
bool writesToStandardOutput(const std::string& path);

// The hidden temporary's name for a target file name: ".NAME.XXXXXX", or,
// when that would not fit NAME_MAX (255 bytes), the name's first bytes and a
// hash of the whole name (".NAME-PREFIX~HASH.XXXXXX"), so every legal name
// can be written. The X's are replaced by mkstemp.
std::string temporaryNamePattern(const std::string& name);

// SIGINT, SIGTERM, SIGHUP and SIGQUIT remove every temporary file still
// being written (a fixed-size, async-signal-safe registry that AtomicFile
// fills), then end the process with the signal's default action, so the
// exit status is the usual one. SIGXFSZ is ignored, so a write past the
// file-size limit fails with EFBIG ("File too large") and the normal error
// path removes the temporary. Call once, early in main.
void installTemporaryCleanupOnSignals();

}  // namespace terrain
