#include "core/io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "core/base/cancel.hpp"
#include "core/base/error.hpp"
#include "core/base/random.hpp"
#include "core/io/temporary_cleanup.hpp"

namespace terrain {
namespace {

struct SplitPath {
  std::string directory;  // "." when the path has none
  std::string name;
};

SplitPath splitPath(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return {".", path};
  return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

std::string ioMessage(const std::string& path, const std::string& what) {
  return "cannot write '" + path + "': " + what;
}

[[noreturn]] void throwErrno(const std::string& path, int err) {
  throw IoError(ioMessage(path, std::strerror(err)));
}

// ---- where the bytes go ----

// "-", /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: an open
// descriptor rather than a directory entry; -1 for any other path.
int descriptorNamedBy(const std::string& path) {
  if (path == "-" || path == "/dev/stdout") return STDOUT_FILENO;
  if (path == "/dev/stderr") return STDERR_FILENO;
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (!path.starts_with(prefix) || path.size() == prefix.size()) continue;
    const std::string_view digits = std::string_view(path).substr(prefix.size());
    if (digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string_view::npos) {
      return -1;
    }
    return std::atoi(std::string(digits).c_str());
  }
  return -1;
}

enum class TargetKind : std::uint8_t { Replaced, Descriptor, Device };

// How `path` is written; throws IoError for what can be neither replaced
// nor written through (a directory, a block device, a socket).
TargetKind targetKind(const std::string& path) {
  if (descriptorNamedBy(path) >= 0) return TargetKind::Descriptor;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return TargetKind::Replaced;  // new (or unreachable) file
  if (S_ISREG(st.st_mode)) return TargetKind::Replaced;
  if (S_ISDIR(st.st_mode)) throw IoError(ioMessage(path, "it is a directory"));
  if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) return TargetKind::Device;
  throw IoError(ioMessage(path, "not a regular file, character device or FIFO"));
}

}  // namespace

bool isWrittenThrough(const std::string& path) {
  if (descriptorNamedBy(path) >= 0) return true;
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode));
}

namespace {

bool isWritableDescriptor(int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  return flags >= 0 && (flags & O_ACCMODE) != O_RDONLY;
}

// A descriptor for writing through to a named descriptor, a device or a
// FIFO (opening a FIFO waits for its reader, as a shell redirection does).
int openWriteThrough(const std::string& path, TargetKind kind) {
  if (kind == TargetKind::Descriptor) {
    const int named = descriptorNamedBy(path);
    if (::fcntl(named, F_GETFL) < 0) throwErrno(path, errno);
    if (!isWritableDescriptor(named)) throw IoError(ioMessage(path, "not open for writing"));
    const int fd = ::fcntl(named, F_DUPFD_CLOEXEC, 0);
    if (fd < 0) throwErrno(path, errno);
    return fd;
  }
  const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) throwErrno(path, errno);
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !(S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) {
    ::close(fd);  // replaced between the check and the open: refuse, keep it
    throw IoError(ioMessage(path, "changed while being opened"));
  }
  return fd;
}

struct Temporary {
  int fd = -1;
  std::string name;       // empty while it has none (O_TMPFILE)
  bool replaces = false;  // the target existed when it was made
};

// A random suffix for a temporary's name: six letters or digits.
void fillRandomSuffix(char* x) {
  static constexpr char kAlphabet[] =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::uint64_t bits = 0;
  if (::getrandom(&bits, sizeof bits, GRND_NONBLOCK) != static_cast<ssize_t>(sizeof bits)) {
    timespec now{};
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    bits = static_cast<std::uint64_t>(now.tv_nsec) ^ (static_cast<std::uint64_t>(::getpid()) << 32);
  }
  bits = mix64(bits);
  for (int i = 0; i < 6; ++i) {
    x[i] = kAlphabet[bits % (sizeof kAlphabet - 1)];
    bits /= sizeof kAlphabet - 1;
  }
}

// An O_TMPFILE descriptor is given its name by linkat through /proc.
bool canNameDescriptors() {
  static const bool can = ::access("/proc/self/fd", X_OK) == 0;
  return can;
}

// A file with no name in `directory` (O_TMPFILE), or -1 where the kernel or
// the filesystem has none. Nothing of it is left if the process dies.
int openAnonymous(const std::string& directory, const std::string& path) {
  if (!canNameDescriptors()) return -1;
  const int fd = ::open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);
  if (fd >= 0) return fd;
  if (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL) return -1;
  throwErrno(path, errno);
}

// Creates a hidden name in `directory` for `attach` (it returns the
// descriptor, or -1 with errno set), retrying random suffixes while the name
// is taken; returns the descriptor and sets `name`.
template <class Attach>
int attachRandomName(const std::string& path, std::string& name, Attach attach) {
  const SplitPath parts = splitPath(path);
  std::string candidate = parts.directory + "/" + temporaryNamePattern(parts.name);
  char* const suffix = candidate.data() + candidate.size() - 6;  // the pattern's "XXXXXX"
  for (int attempt = 0; attempt < 100; ++attempt) {
    fillRandomSuffix(suffix);
    const int fd = attach(candidate.c_str());
    if (fd < 0 && errno == EEXIST) continue;  // taken, or a planted link: never followed
    if (fd < 0) throwErrno(path, errno);
    name = std::move(candidate);
    return fd;
  }
  throwErrno(path, EEXIST);
}

// The temporary the bytes go to before they replace the target: a file
// with no name (O_TMPFILE) where the filesystem has them, else a hidden
// ".NAME.XXXXXX" created O_EXCL, as mkostemp does. Either is created with
// mode 0666, so the umask applies as for any new file without reading it;
// a replaced file's mode is copied to it.
Temporary makeTemporary(const std::string& path) {
  const SplitPath parts = splitPath(path);
  if (parts.name.empty() || parts.name == "." || parts.name == "..") {
    throw IoError(ioMessage(path, "not a file name"));
  }
  struct stat target {};
  Temporary made;
  made.replaces = ::stat(path.c_str(), &target) == 0;
  if (made.replaces && S_ISDIR(target.st_mode)) throw IoError(ioMessage(path, "it is a directory"));
  // A read-only existing file (its mode, or a read-only mount of it) is kept,
  // not replaced by the rename: the rename would only need the directory.
  if (made.replaces && ::access(path.c_str(), W_OK) != 0) throwErrno(path, errno);
  made.fd = openAnonymous(parts.directory, path);
  if (made.fd < 0) {
    made.fd = attachRandomName(path, made.name, [](const char* name) {
      return ::open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    });
  }
  if (made.replaces && S_ISREG(target.st_mode) && ::fchmod(made.fd, target.st_mode & 07777) != 0) {
    const int err = errno;
    ::close(made.fd);
    if (!made.name.empty()) ::unlink(made.name.c_str());
    throwErrno(path, err);
  }
  return made;
}

// Writes every byte, through short writes and interrupted calls.
bool writeAll(int fd, const char* data, std::size_t bytes) {
  while (bytes > 0) {
    const ssize_t n = ::write(fd, data, bytes);
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) errno = EIO;  // no progress and no reason given
    if (n <= 0) return false;
    data += n;
    bytes -= static_cast<std::size_t>(n);
  }
  return true;
}

// Writes below kGatherBelow (rows, headers, words) are gathered into a
// buffer of kGatherBytes (small enough to come from the heap's free space:
// a larger one grows the heap, a page fault and a system call for a
// sidecar); larger ones go straight to the file, so a map written whole is
// never copied (nor the buffer's pages faulted in).
constexpr std::size_t kGatherBelow = 4096;
constexpr std::size_t kGatherBytes = std::size_t{16} << 10;

// The innermost DirectorySyncBatch of this thread.
thread_local DirectorySyncBatch* t_syncBatch = nullptr;

void syncDirectory(const std::string& directory) {
  const int dir = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
}

}  // namespace

bool writesToStandardOutput(const std::string& path) {
  return descriptorNamedBy(path) == STDOUT_FILENO;
}

std::string temporaryNamePattern(const std::string& name) {
  constexpr std::size_t kSuffix = 7;  // ".XXXXXX"
  if (1 + name.size() + kSuffix <= NAME_MAX) return std::string(".").append(name).append(".XXXXXX");
  // FNV-1a over the bytes, then mixed: a stable 64-bit hash of the name.
  std::uint64_t hash = 1469598103934665603ULL;
  for (const char c : name) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  hash = mix64(hash);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  // "." + prefix + "~" + 16 hex + ".XXXXXX" = prefix + 25 bytes; 200 leaves
  // room and keeps the name recognisable. Never cut a UTF-8 sequence.
  std::size_t keep = 200;
  while (keep > 0 && (static_cast<unsigned char>(name[keep]) & 0xC0) == 0x80) --keep;
  std::string pattern = ".";
  pattern.append(name, 0, keep).append("~").append(hex).append(".XXXXXX");
  return pattern;
}

namespace {

thread_local bool t_noReplace = false;

// A name held by anything (a dangling symlink too: a rename would replace it).
bool nameTaken(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

[[noreturn]] void refuseTaken(const std::string& path) {
  throw IoError(ioMessage(path, "it exists; it was not replaced"));
}

// Gives the named temporary the target's name only if nothing holds it,
// atomically; false with errno set otherwise (EEXIST: taken).
bool renameNoReplace(const std::string& from, const std::string& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return true;
  if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP) return false;
  // A filesystem without RENAME_NOREPLACE: link() fails with EEXIST as atomically.
  if (::link(from.c_str(), to.c_str()) != 0) return false;
  ::unlink(from.c_str());
  return true;
}

}  // namespace

NoReplaceScope::NoReplaceScope() : outer_(t_noReplace) {
  t_noReplace = true;
}

NoReplaceScope::~NoReplaceScope() {
  t_noReplace = outer_;
}

bool NoReplaceScope::active() {
  return t_noReplace;
}

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  const TargetKind kind = targetKind(path_);
  if (kind != TargetKind::Replaced) {
    fd_ = openWriteThrough(path_, kind);
    writeThrough_ = true;
    return;
  }
  noReplace_ = NoReplaceScope::active();
  if (noReplace_ && nameTaken(path_)) refuseTaken(path_);
  Temporary made = makeTemporary(path_);
  fd_ = made.fd;
  tempPath_ = std::move(made.name);
  replaces_ = made.replaces;
  if (!tempPath_.empty()) slot_ = registerTemporary(tempPath_);
}

AtomicFile::~AtomicFile() {
  if (!committed_) discard();
}

void AtomicFile::discard() noexcept {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!tempPath_.empty()) ::unlink(tempPath_.c_str());
  tempPath_.clear();
  unregisterTemporary(slot_);
  slot_ = -1;
}

// ---- cancelling a thread's writes ----

// The innermost WriteCancelScope of this thread: per thread, so an export
// on a worker thread never stops another thread's writes.
thread_local WriteCancelScope* t_cancelScope = nullptr;

WriteCancelScope::WriteCancelScope(const CancelToken* cancel,
                                   std::function<void(std::size_t)> onWrite)
    : cancel_(cancel), onWrite_(std::move(onWrite)), outer_(t_cancelScope) {
  t_cancelScope = this;
}

WriteCancelScope::~WriteCancelScope() {
  t_cancelScope = outer_;
}

void WriteCancelScope::checkpoint() {
  const WriteCancelScope* scope = t_cancelScope;
  if (scope != nullptr && scope->cancel_ != nullptr && scope->cancel_->cancelled()) {
    throw Cancelled{};
  }
}

void WriteCancelScope::wrote(std::size_t bytes) {
  const WriteCancelScope* scope = t_cancelScope;
  if (scope != nullptr && scope->onWrite_) scope->onWrite_(bytes);
}

std::string AtomicFile::describe(const std::string& what) const {
  return ioMessage(path_, what);
}

void AtomicFile::flushGathered() {
  const std::size_t bytes = gatheredBytes_;
  gatheredBytes_ = 0;
  if (bytes != 0 && !writeAll(fd_, gathered_.get(), bytes)) {
    throw IoError(describe(std::strerror(errno)));
  }
}

void AtomicFile::write(const void* data, std::size_t bytes) {
  if (fd_ < 0) throw IoError(describe("the file is already closed"));
  WriteCancelScope::checkpoint();
  if (gatheredBytes_ + bytes > kGatherBytes || (bytes >= kGatherBelow && gatheredBytes_ != 0)) {
    flushGathered();
  }
  if (bytes >= kGatherBelow) {
    if (!writeAll(fd_, static_cast<const char*>(data), bytes)) {
      throw IoError(describe(std::strerror(errno)));
    }
  } else if (bytes != 0) {
    if (!gathered_) gathered_ = std::make_unique_for_overwrite<char[]>(kGatherBytes);
    std::memcpy(gathered_.get() + gatheredBytes_, data, bytes);
    gatheredBytes_ += bytes;
  }
  WriteCancelScope::wrote(bytes);
}

void AtomicFile::commit() {
  if (fd_ < 0) throw IoError(describe("the file is already closed"));
  // The last moment a cancel keeps the target as it was.
  WriteCancelScope::checkpoint();
  // ENOSPC and EIO can surface only at the fsync, when the bytes reach the
  // disk. A pipe, terminal or device cannot be fsynced (EINVAL).
  try {
    flushGathered();
  } catch (const IoError&) {
    discard();
    throw;
  }
  if (::fsync(fd_) != 0 && !(writeThrough_ && (errno == EINVAL || errno == EROFS))) {
    const int err = errno;
    discard();
    throw IoError(describe(std::strerror(err)));
  }
  if (writeThrough_) {
    const int closed = ::close(fd_);
    fd_ = -1;
    if (closed != 0) throw IoError(describe(std::strerror(errno)));
    committed_ = true;
    return;
  }
  bool named = false;  // the bytes are at the target already
  try {
    if (tempPath_.empty()) named = nameAnonymous();
  } catch (const IoError&) {
    discard();
    throw;
  }
  const int closed = ::close(fd_);
  fd_ = -1;
  const auto publish = [&] {
    return noReplace_ ? renameNoReplace(tempPath_, path_)
                      : ::rename(tempPath_.c_str(), path_.c_str()) == 0;
  };
  if (closed != 0 || (!named && !publish())) {
    const int err = errno;
    discard();
    if (named) ::unlink(path_.c_str());  // it was new: nothing of the caller's is lost
    if (closed == 0 && err == EEXIST) refuseTaken(path_);
    throw IoError(describe(std::strerror(err)));
  }
  tempPath_.clear();
  unregisterTemporary(slot_);
  slot_ = -1;
  committed_ = true;
  // Make the rename itself durable; failing here loses nothing already written.
  const std::string directory = splitPath(path_).directory;
  if (!DirectorySyncBatch::defer(directory)) syncDirectory(directory);
}

// Gives the file with no name its name: the target's own when there was
// none (true; a link never replaces anything, so a target made meanwhile
// is not lost), else a hidden temporary's, for commit() to rename.
bool AtomicFile::nameAnonymous() {
  // "/proc/self/fd/N" without printf, whose code a small export would
  // otherwise fault in for this alone.
  char self[40] = "/proc/self/fd/";
  const std::size_t prefix = std::strlen(self);
  *std::to_chars(self + prefix, self + sizeof self - 1, fd_).ptr = '\0';
  const auto link = [&self](const char* name) {
    return ::linkat(AT_FDCWD, self, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 ? 0 : -1;
  };
  if (!replaces_ || noReplace_) {
    if (link(path_.c_str()) == 0) return true;
    if (errno != EEXIST) throwErrno(path_, errno);
    if (noReplace_) refuseTaken(path_);  // made since: kept, not replaced
  }
  attachRandomName(path_, tempPath_, link);
  slot_ = registerTemporary(tempPath_);
  return false;
}

DirectorySyncBatch::DirectorySyncBatch() : outer_(t_syncBatch) {
  t_syncBatch = this;
}

DirectorySyncBatch::~DirectorySyncBatch() {
  sync();
  t_syncBatch = outer_;
}

void DirectorySyncBatch::sync() noexcept {
  for (const std::string& directory : directories_) syncDirectory(directory);
  directories_.clear();
}

bool DirectorySyncBatch::defer(const std::string& directory) {
  DirectorySyncBatch* batch = t_syncBatch;
  if (batch == nullptr) return false;
  if (std::ranges::find(batch->directories_, directory) == batch->directories_.end()) {
    batch->directories_.push_back(directory);
  }
  return true;
}

void writeFileAtomically(const std::string& path, const std::function<void(AtomicFile&)>& fill) {
  AtomicFile file(path);
  fill(file);
  file.commit();
}

void checkWritable(const std::string& path) {
  const TargetKind kind = targetKind(path);
  if (kind == TargetKind::Descriptor) {
    const int fd = descriptorNamedBy(path);
    if (::fcntl(fd, F_GETFL) < 0) throwErrno(path, errno);
    if (!isWritableDescriptor(fd)) throw IoError(ioMessage(path, "not open for writing"));
    return;
  }
  if (kind == TargetKind::Device) {
    if (::access(path.c_str(), W_OK) != 0) throwErrno(path, errno);
    return;
  }
  // The temporary's name always fits; the rename to a longer one would not.
  const std::size_t slash = path.find_last_of('/');
  const std::size_t nameBytes = slash == std::string::npos ? path.size() : path.size() - slash - 1;
  if (nameBytes > NAME_MAX) throwErrno(path, ENAMETOOLONG);
  const Temporary probe = makeTemporary(path);
  ::close(probe.fd);
  if (!probe.name.empty()) ::unlink(probe.name.c_str());
}

}  // namespace terrain
