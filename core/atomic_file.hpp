#pragma once
// Atomic file replacement: bytes go to a hidden temporary file in the target's
// directory (".name.XXXXXX"), which is flushed, fsynced and renamed over the
// target only when everything was written. A failed write never leaves a
// partial file and never touches an existing target.
#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>

namespace terrain {

class AtomicFile {
 public:
  // Creates the temporary file; throws IoError naming the path and the cause.
  explicit AtomicFile(std::string path);
  // Removes the temporary file unless commit() succeeded.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  const std::string& path() const { return path_; }
  // For writers that want a stdio stream (libpng); check errors with write().
  std::FILE* stream() const { return file_; }
  // Throws IoError on a short write (ENOSPC, EIO, ...).
  void write(const void* data, std::size_t bytes);
  // fflush, fsync, fclose, rename over the target. Throws IoError (and
  // removes the temporary file) when any step fails.
  void commit();
  // An error message for this file: "cannot write '<path>': <what>".
  std::string describe(const std::string& what) const;

 private:
  void discard() noexcept;

  std::string path_;
  std::string tempPath_;
  std::FILE* file_ = nullptr;
  bool committed_ = false;
};

// Runs fill() on a fresh AtomicFile and commits it; on any exception the
// temporary file is removed and the exception propagates.
void writeFileAtomically(const std::string& path, const std::function<void(AtomicFile&)>& fill);

// Checks, without touching the target, that `path` could be written: its
// directory exists and accepts a new file (a temporary file is created and
// removed), and the target is not a directory. Throws IoError naming the
// path and the cause. Used before long work, so that it is not wasted.
void checkWritable(const std::string& path);

}  // namespace terrain
