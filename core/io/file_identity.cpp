#include "core/io/file_identity.hpp"

#include <sys/stat.h>

#include <filesystem>

namespace terrain {

bool FileIdentity::sameFileAs(const FileIdentity& other) const {
  if (exists && other.exists) return device == other.device && inode == other.inode;
  return !exists && !other.exists && path == other.path;
}

FileIdentity identify(const std::string& path) {
  FileIdentity id;
  if (path == "-") {
    id.path.assign(1, '-');  // (assigning "-" trips GCC 12's -Wrestrict)
    return id;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    id.exists = true;
    id.device = static_cast<std::uint64_t>(st.st_dev);
    id.inode = static_cast<std::uint64_t>(st.st_ino);
    id.isCharacterDevice = S_ISCHR(st.st_mode);
    return id;
  }
  // Not there yet: the absolute path with "." and ".." and "//" folded, a
  // dangling symlink followed to where it points, its directory resolved
  // through symlinks where it exists.
  std::error_code ec;
  std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  if (ec) absolute = path;
  for (int hops = 0; hops < 40 && std::filesystem::is_symlink(absolute, ec); ++hops) {
    const std::filesystem::path target = std::filesystem::read_symlink(absolute, ec);
    if (ec) break;
    absolute = target.is_absolute() ? target : absolute.parent_path() / target;
  }
  const std::filesystem::path dir = std::filesystem::weakly_canonical(absolute.parent_path(), ec);
  id.path = (ec ? absolute : dir / absolute.filename()).lexically_normal().string();
  return id;
}

}  // namespace terrain
