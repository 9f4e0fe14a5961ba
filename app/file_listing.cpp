#include "app/file_listing.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <memory>
#include <system_error>

namespace terrain::app {
namespace fs = std::filesystem;
namespace {

constexpr std::array<std::string_view, 2> kProjects = {".terrain.json", ".json"};
constexpr std::array<std::string_view, 7> kDems = {".tif", ".tiff", ".hgt", ".asc",
                                                   ".dem", ".vrt",  ".png"};
constexpr std::array<std::string_view, 1> kRamps = {".png"};

bool endsWithNoCase(std::string_view name, std::string_view end) {
  if (name.size() <= end.size()) return false;  // ".png" alone is no file's name
  const std::string_view tail = name.substr(name.size() - end.size());
  return std::equal(tail.begin(), tail.end(), end.begin(), [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == b;
  });
}

bool inside(const fs::path& path, const fs::path& tree) {
  const auto [treeEnd, pathAt] = std::mismatch(tree.begin(), tree.end(), path.begin(), path.end());
  return treeEnd == tree.end();
}

// The kind of an entry: from readdir's d_type when it says, else stat
// (which follows a link and never opens the file, so a FIFO cannot block).
enum class Kind : std::uint8_t { File, Folder, Other, Gone };

Kind kindOf(int dirFd, const dirent& entry) {
  if (entry.d_type == DT_REG) return Kind::File;
  if (entry.d_type == DT_DIR) return Kind::Folder;
  if (entry.d_type != DT_LNK && entry.d_type != DT_UNKNOWN) return Kind::Other;
  struct stat st {};
  if (::fstatat(dirFd, entry.d_name, &st, 0) != 0) return Kind::Gone;  // a dangling link
  if (S_ISREG(st.st_mode)) return Kind::File;
  if (S_ISDIR(st.st_mode)) return Kind::Folder;
  return Kind::Other;
}

struct DirCloser {
  void operator()(DIR* dir) const { ::closedir(dir); }
};

}  // namespace

std::span<const std::string_view> extensionsFor(BrowsePurpose purpose) {
  switch (purpose) {
    case BrowsePurpose::OpenProject:
    case BrowsePurpose::SaveProject:
      return kProjects;
    case BrowsePurpose::ImportDem:
      return kDems;
    case BrowsePurpose::Ramp:
      return kRamps;
    case BrowsePurpose::ExportFolder:
      break;
  }
  return {};
}

std::string_view purposeTitle(BrowsePurpose purpose) {
  switch (purpose) {
    case BrowsePurpose::OpenProject:
      return "Open a project";
    case BrowsePurpose::SaveProject:
      return "Save the project as";
    case BrowsePurpose::ImportDem:
      return "Import a heightmap or DEM";
    case BrowsePurpose::Ramp:
      return "Load a colour ramp";
    case BrowsePurpose::ExportFolder:
      break;
  }
  return "Choose the export folder";
}

bool choosesFolder(BrowsePurpose purpose) {
  return purpose == BrowsePurpose::ExportFolder;
}

bool choosesNewFile(BrowsePurpose purpose) {
  return purpose == BrowsePurpose::SaveProject;
}

bool acceptsName(BrowsePurpose purpose, std::string_view name) {
  const auto ends = extensionsFor(purpose);
  return std::any_of(ends.begin(), ends.end(),
                     [&](std::string_view end) { return endsWithNoCase(name, end); });
}

fs::path withNameEnding(BrowsePurpose purpose, const fs::path& path) {
  if (purpose != BrowsePurpose::SaveProject || path.filename().empty() ||
      acceptsName(purpose, path.filename().string())) {
    return path;
  }
  fs::path out = path;
  out += kProjects.front();
  return out;
}

std::optional<std::string> refusedFolder(const fs::path& folder) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(folder, ec).lexically_normal();
  // Where it leads once its links are followed too: a link in a shared
  // folder (p -> /proc, x.terrain.json -> /proc/kmsg) goes where it points.
  std::error_code linkError;
  const fs::path resolved = fs::weakly_canonical(absolute, linkError);
  // What the kernel shows as files there is no terrain, and reading some of
  // it blocks or never ends (/proc/kmsg, /dev/zero).
  for (const char* tree : {"/proc", "/sys", "/dev"}) {
    if (inside(absolute, tree) || (!linkError && inside(resolved, tree))) {
      return std::string(tree) + " holds the system's processes and devices, not files to open";
    }
  }
  return std::nullopt;
}

FolderListing listFolder(const fs::path& folder, BrowsePurpose purpose, std::size_t cap) {
  FolderListing out;
  if (auto why = refusedFolder(folder)) {
    out.error = *why;
    return out;
  }
  const std::unique_ptr<DIR, DirCloser> dir(::opendir(folder.c_str()));
  if (!dir) {
    out.error = "cannot list " + folder.string() + ": " + std::strerror(errno);
    return out;
  }
  const int fd = ::dirfd(dir.get());
  std::size_t read = 0;
  while (const dirent* entry = ::readdir(dir.get())) {
    const std::string_view name = entry->d_name;
    if (name == "." || name == "..") continue;
    if (read == cap) {
      out.capped = true;
      break;
    }
    ++read;
    if (name.front() == '.') continue;  // hidden, as file managers do
    const Kind kind = kindOf(fd, *entry);
    if (kind == Kind::Folder) {
      out.entries.push_back({std::string(name), true});
    } else if (kind == Kind::File && !choosesFolder(purpose) && acceptsName(purpose, name)) {
      out.entries.push_back({std::string(name), false});
    } else if (kind != Kind::Gone) {
      ++out.hidden;
    }
  }
  std::sort(out.entries.begin(), out.entries.end(), [](const FolderEntry& a, const FolderEntry& b) {
    return a.folder != b.folder ? a.folder : a.name < b.name;
  });
  return out;
}

std::optional<std::string> refusedChoice(BrowsePurpose purpose, const fs::path& path) {
  if (path.empty()) return std::string(choosesFolder(purpose) ? "choose a folder" : "type a name");
  if (auto why = refusedFolder(path)) return why;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    const int err = errno;
    if (choosesNewFile(purpose) && err == ENOENT) {
      const fs::path parent = path.parent_path().empty() ? fs::path(".") : path.parent_path();
      std::error_code ec;
      if (fs::is_directory(parent, ec)) return std::nullopt;
      return "the folder " + parent.string() + " does not exist";
    }
    return path.string() + ": " + std::strerror(err);
  }
  if (S_ISDIR(st.st_mode)) {
    if (choosesFolder(purpose)) return std::nullopt;
    return path.string() + " is a folder; choose a file in it";
  }
  if (!S_ISREG(st.st_mode)) return path.string() + " is a device, FIFO or socket, not a file";
  if (choosesFolder(purpose)) return path.string() + " is a file; choose a folder";
  return std::nullopt;
}

void noteRecent(std::vector<std::string>& recent, const std::string& path) {
  std::erase(recent, path);
  recent.insert(recent.begin(), path);
  if (recent.size() > kMaxRecent) recent.resize(kMaxRecent);
}

}  // namespace terrain::app
