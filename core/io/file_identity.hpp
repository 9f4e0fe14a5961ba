#pragma once
// Which file a path names, so two paths to one file are caught whatever
// their spelling ("h.png", "./h.png", "/abs//h.png", a symlink, a hard link).
#include <cstdint>
#include <string>

namespace terrain {

struct FileIdentity {
  bool exists = false;       // resolved by device and inode
  std::uint64_t device = 0;  // when exists
  std::uint64_t inode = 0;
  std::string path;  // else: the absolute, normalised path; "-" for standard output
  bool isCharacterDevice = false;

  bool sameFileAs(const FileIdentity& other) const;
};

FileIdentity identify(const std::string& path);

}  // namespace terrain
