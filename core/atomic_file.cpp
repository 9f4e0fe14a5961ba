#include "core/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <vector>

#include "core/error.hpp"

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

// The process umask without changing it (umask() would race with threads).
mode_t currentUmask() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("Umask:", 0) == 0) {
      return static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
    }
  }
  return 022;
}

// New files get the usual 0666 & ~umask; a replaced file keeps its mode.
mode_t targetMode(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) return st.st_mode & 07777;
  return 0666 & ~currentUmask();
}

// Creates ".name.XXXXXX" next to the target; returns the descriptor.
int makeTemporary(const std::string& path, std::string& tempPath) {
  const SplitPath parts = splitPath(path);
  if (parts.name.empty() || parts.name == "." || parts.name == "..") {
    throw IoError(ioMessage(path, "not a file name"));
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    throw IoError(ioMessage(path, "it is a directory"));
  }
  // A read-only existing file (its mode, or a read-only mount of it) is kept,
  // not replaced by the rename: the rename would only need the directory.
  if (::access(path.c_str(), F_OK) == 0 && ::access(path.c_str(), W_OK) != 0) {
    throw IoError(ioMessage(path, std::strerror(errno)));
  }
  std::string pattern = parts.directory + "/." + parts.name + ".XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  const int fd = ::mkstemp(buffer.data());
  if (fd < 0) throw IoError(ioMessage(path, std::strerror(errno)));
  tempPath.assign(buffer.data());
  return fd;
}

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  const int fd = makeTemporary(path_, tempPath_);
  if (::fchmod(fd, targetMode(path_)) != 0 || (file_ = ::fdopen(fd, "wb")) == nullptr) {
    const int err = errno;
    ::close(fd);
    ::unlink(tempPath_.c_str());
    throw IoError(describe(std::strerror(err)));
  }
}

AtomicFile::~AtomicFile() {
  if (!committed_) discard();
}

void AtomicFile::discard() noexcept {
  if (file_ != nullptr) std::fclose(file_);
  file_ = nullptr;
  if (!tempPath_.empty()) ::unlink(tempPath_.c_str());
  tempPath_.clear();
}

std::string AtomicFile::describe(const std::string& what) const {
  return ioMessage(path_, what);
}

void AtomicFile::write(const void* data, std::size_t bytes) {
  if (file_ == nullptr) throw IoError(describe("the file is already closed"));
  if (bytes != 0 && std::fwrite(data, 1, bytes, file_) != bytes) {
    throw IoError(describe(std::strerror(errno)));
  }
}

void AtomicFile::commit() {
  if (file_ == nullptr) throw IoError(describe("the file is already closed"));
  // ENOSPC and EIO often surface only here, when buffered bytes reach the disk.
  if (std::fflush(file_) != 0 || ::fsync(::fileno(file_)) != 0) {
    const int err = errno;
    discard();
    throw IoError(describe(std::strerror(err)));
  }
  const int closed = std::fclose(file_);
  file_ = nullptr;
  if (closed != 0 || ::rename(tempPath_.c_str(), path_.c_str()) != 0) {
    const int err = errno;
    discard();
    throw IoError(describe(std::strerror(err)));
  }
  tempPath_.clear();
  committed_ = true;
  // Make the rename itself durable; failing here loses nothing already written.
  const int dir = ::open(splitPath(path_).directory.c_str(), O_RDONLY | O_DIRECTORY);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
}

void writeFileAtomically(const std::string& path, const std::function<void(AtomicFile&)>& fill) {
  AtomicFile file(path);
  fill(file);
  file.commit();
}

void checkWritable(const std::string& path) {
  std::string tempPath;
  const int fd = makeTemporary(path, tempPath);
  ::close(fd);
  ::unlink(tempPath.c_str());
}

}  // namespace terrain
