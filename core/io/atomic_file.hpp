#pragma once
// The one way core and the app write a file. A regular file (or a new one)
// is replaced atomically: bytes go to a temporary in the target's directory,
// which is fsynced and given the target's name only when everything was
// written. A failed write never leaves a partial file and never touches an
// existing target. The temporary has no name (O_TMPFILE) where the
// filesystem allows, so a process killed outright (SIGKILL, the OOM killer)
// leaves nothing; once written, it is linked at the target (a new file) or
// at a hidden ".name.XXXXXX" renamed over it. Elsewhere it is that hidden
// name from the start, created O_EXCL with a random suffix, so a symlink
// planted at any name is never followed, and removed on SIGINT, SIGTERM,
// SIGHUP and SIGQUIT (core/io/temporary_cleanup.hpp).
//
// A target that is not a directory entry holding bytes is written through
// instead (there is nothing to keep atomically, and a rename would replace
// the device or FIFO with a regular file): "-" (standard output),
// /dev/stdout, /dev/stderr, /dev/fd/N, a character device (/dev/null,
// /dev/full) or a FIFO. Their write errors are reported the same way.
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/base/cancel.hpp"

namespace terrain {

class AtomicFile {
 public:
  // Creates the temporary file (or opens the device); throws IoError naming
  // the path and the cause.
  explicit AtomicFile(std::string path);
  // Removes the temporary file unless commit() succeeded.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  const std::string& path() const { return path_; }
  // Writes under 4 KiB are gathered (a row at a time is one system call
  // per 16 KiB); larger ones go straight to the file. Throws IoError on a failed
  // write (ENOSPC, EIO, EFBIG, ...).
  void write(const void* data, std::size_t bytes);
  // Writes what is gathered, fsyncs, closes, renames over the target and
  // fsyncs its directory (or leaves that to this thread's
  // DirectorySyncBatch); a written-through target is only written and
  // closed. Throws IoError (and removes the temporary file) when any step
  // before the rename fails.
  void commit();
  // An error message for this file: "cannot write '<path>': <what>".
  std::string describe(const std::string& what) const;
  // True when the target is written through (stdout, a device, a FIFO).
  bool writesThrough() const { return writeThrough_; }

 private:
  void discard() noexcept;
  void flushGathered();
  bool nameAnonymous();

  std::string path_;
  std::string tempPath_;
  int fd_ = -1;
  std::unique_ptr<char[]> gathered_;  // allocated at the first small write
  std::size_t gatheredBytes_ = 0;
  int slot_ = -1;           // this temporary's entry in the signal cleanup registry
  bool replaces_ = false;   // the target existed when the temporary was made
  bool noReplace_ = false;  // made under a NoReplaceScope
  bool writeThrough_ = false;
  bool committed_ = false;
};

// Lets a long write be stopped from another thread. While a scope lives on
// a thread, every AtomicFile written on that thread checks `cancel` at each
// write() and before commit() and, once it is raised, throws Cancelled
// (core/nodes/stage.hpp): the temporary is removed, the target left as it was.
// `onWrite` (may be empty) hears each write's byte count, for progress.
// Scopes nest; the innermost one counts.
class WriteCancelScope {
 public:
  explicit WriteCancelScope(const CancelToken* cancel,
                            std::function<void(std::size_t bytes)> onWrite = {});
  ~WriteCancelScope();
  WriteCancelScope(const WriteCancelScope&) = delete;
  WriteCancelScope& operator=(const WriteCancelScope&) = delete;

  // Throws Cancelled when the flag of this thread's scope is raised.
  static void checkpoint();
  static void wrote(std::size_t bytes);

 private:
  const CancelToken* cancel_;
  std::function<void(std::size_t)> onWrite_;
  WriteCancelScope* outer_;
};

// Files published only under a name nothing holds. While a scope lives on
// a thread, every AtomicFile made on that thread refuses a target that is
// there when it is made or when it is committed (IoError: "... exists; it
// was not replaced"), and publishes with link() or rename(RENAME_NOREPLACE),
// which fail atomically when the name is taken: two writers racing for one
// new name (two windows exporting into one folder) never replace each
// other's file. Written-through targets are written as ever. Scopes nest.
class NoReplaceScope {
 public:
  NoReplaceScope();
  ~NoReplaceScope();
  NoReplaceScope(const NoReplaceScope&) = delete;
  NoReplaceScope& operator=(const NoReplaceScope&) = delete;
  static bool active();

 private:
  bool outer_;
};

// Gathers the directory fsyncs of the commits made on this thread while it
// lives, and does each directory's once in sync() (or, ignoring errors, in
// its destructor): an export's data files and sidecar in one directory cost
// one directory fsync, not one each. The renames are durable only after
// sync(); where one file must be durable before the next is written (a
// tile's data before the sidecar that marks it complete), sync() between
// them. Batches nest; the innermost one gathers.
class DirectorySyncBatch {
 public:
  DirectorySyncBatch();
  ~DirectorySyncBatch();
  DirectorySyncBatch(const DirectorySyncBatch&) = delete;
  DirectorySyncBatch& operator=(const DirectorySyncBatch&) = delete;

  void sync() noexcept;
  // Called by AtomicFile::commit: true when this thread's batch took it.
  static bool defer(const std::string& directory);

 private:
  std::vector<std::string> directories_;
  DirectorySyncBatch* outer_;
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
// can be written. The X's are replaced by random letters and digits.
std::string temporaryNamePattern(const std::string& name);

}  // namespace terrain
