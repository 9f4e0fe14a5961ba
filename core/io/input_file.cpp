#include "core/io/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/base/error.hpp"

namespace terrain {
namespace {

std::string readMessage(const std::string& path, const std::string& what) {
  return "cannot read '" + path + "': " + what;
}

}  // namespace

const char* fileKind(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "a special file";
}

InputFile openRegularFile(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) throw IoError(readMessage(path, std::strerror(errno)));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    throw IoError(readMessage(path, std::strerror(err)));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    throw IoError(
        readMessage(path, std::string("not a regular file (") + fileKind(st.st_mode) + ")"));
  }
  const int flags = ::fcntl(fd, F_GETFL);
  std::FILE* file = nullptr;
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0 ||
      (file = ::fdopen(fd, "rb")) == nullptr) {
    const int err = errno;
    ::close(fd);
    throw IoError(readMessage(path, std::strerror(err)));
  }
  return InputFile(file);
}

std::string readRegularFile(const std::string& path, std::size_t maxBytes) {
  const InputFile file = openRegularFile(path);
  std::string bytes;
  char buffer[16384];
  while (true) {
    const std::size_t got = std::fread(buffer, 1, sizeof buffer, file.get());
    if (bytes.size() + got > maxBytes) {
      throw IoError(readMessage(path, "larger than " + std::to_string(maxBytes) + " bytes"));
    }
    bytes.append(buffer, got);
    if (got < sizeof buffer) break;
  }
  if (std::ferror(file.get())) throw IoError(readMessage(path, std::strerror(errno)));
  return bytes;
}

}  // namespace terrain
