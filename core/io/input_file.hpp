#pragma once
// The one way core and the app open a file they read (ramp PNGs, the
// settings file, heightmaps read back): with O_NONBLOCK, so a FIFO nobody
// writes to cannot hang the open, then fstat, refusing anything that is not
// a regular file (a FIFO, a device, a directory) before reading a byte.
#include <sys/types.h>

#include <cstddef>
#include <cstdio>
#include <memory>
#include <string>

namespace terrain {

struct FileCloser {
  void operator()(std::FILE* file) const noexcept { std::fclose(file); }
};
using InputFile = std::unique_ptr<std::FILE, FileCloser>;

// What a file that is not a regular one is, for messages: "a FIFO", "a
// directory", "a character device", "a block device", "a socket".
const char* fileKind(mode_t mode);

// Opens a regular file for reading (blocking reads again once it is known
// to be one). Throws IoError "cannot read '<path>': <why>", e.g.
// "not a regular file (a FIFO)".
InputFile openRegularFile(const std::string& path);

// The whole of a regular file, at most maxBytes (else IoError "... is
// larger than N bytes").
std::string readRegularFile(const std::string& path, std::size_t maxBytes);

}  // namespace terrain
