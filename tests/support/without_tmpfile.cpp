#include "tests/support/without_tmpfile.hpp"

#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdarg>

namespace terrain::testing {
namespace {

std::atomic<int> g_withoutTmpfile{0};  // > 0 while a WithoutTmpfile lives

}  // namespace

WithoutTmpfile::WithoutTmpfile() {
  g_withoutTmpfile.fetch_add(1);
}

WithoutTmpfile::~WithoutTmpfile() {
  g_withoutTmpfile.fetch_sub(1);
}

}  // namespace terrain::testing

// The program's own open(): refuses O_TMPFILE while a WithoutTmpfile lives,
// and otherwise does what the C library's does (openat from the working
// directory). 64-bit Linux: open64 is the same symbol.
extern "C" int open(const char* path, int flags, ...) {
  mode_t mode = 0;
  if ((flags & O_CREAT) != 0 || (flags & O_TMPFILE) == O_TMPFILE) {
    va_list args;
    va_start(args, flags);
    mode = va_arg(args, mode_t);
    va_end(args);
  }
  if ((flags & O_TMPFILE) == O_TMPFILE && terrain::testing::g_withoutTmpfile.load() > 0) {
    errno = EOPNOTSUPP;
    return -1;
  }
  return static_cast<int>(::syscall(SYS_openat, AT_FDCWD, path, flags, mode));
}
