#pragma once
// What the window's file browser lists (app/file_browser.hpp), without
// ImGui: a folder's entries filtered by what is being chosen, read without
// opening any of them, capped so a huge or slow folder cannot hang the
// window, and the checks a chosen path passes. The system's own trees
// (/proc, /sys, /dev) are not browsed, and devices, FIFOs and sockets are
// never offered as files: opening a FIFO blocks until someone writes to it.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace terrain::app {

// What the browser is choosing; each has its own filter and wording.
enum class BrowsePurpose : std::uint8_t { OpenProject, SaveProject, ImportDem, Ramp, ExportFolder };

// The name endings a purpose lists (lower case; "" for a folder).
std::span<const std::string_view> extensionsFor(BrowsePurpose purpose);
// "Open project", "Import a DEM", ...: the browser's title.
std::string_view purposeTitle(BrowsePurpose purpose);
bool choosesFolder(BrowsePurpose purpose);
bool choosesNewFile(BrowsePurpose purpose);  // Save as: the name may not exist yet

// Whether a file of this name is listed for the purpose (case-insensitive
// ending; ".terrain.json" is a ".json").
bool acceptsName(BrowsePurpose purpose, std::string_view name);

// The file a Save as writes for `path`: with ".terrain.json" added when its
// name does not end as a project's does, so Open lists what Save as wrote
// ("island" -> "island.terrain.json"). Other purposes: `path` unchanged.
std::filesystem::path withNameEnding(BrowsePurpose purpose, const std::filesystem::path& path);

// Folders listed first, then files, each sorted by name.
struct FolderEntry {
  std::string name;
  bool folder = false;
  bool operator==(const FolderEntry&) const = default;
};

struct FolderListing {
  std::vector<FolderEntry> entries;
  std::size_t hidden = 0;  // files the filter left out (and devices, FIFOs, sockets)
  bool capped = false;     // the folder had more entries than were read
  std::string error;       // why the folder cannot be listed; "" when it was
};

// A folder of thousands of files lists in well under a second; beyond this
// the browser says the list is cut and asks for a name.
inline constexpr std::size_t kMaxListed = 10000;

// Why the browser does not go into this folder (the system's trees), or
// nullopt. The path is made absolute and normal first.
std::optional<std::string> refusedFolder(const std::filesystem::path& folder);

// The folder's entries for the purpose, at most `cap` read. Never throws:
// an unreadable folder gives its error ("cannot list <folder>: Permission
// denied").
FolderListing listFolder(const std::filesystem::path& folder, BrowsePurpose purpose,
                         std::size_t cap = kMaxListed);

// Why the path cannot be chosen for the purpose, or nullopt: a device, FIFO
// or socket is no file, an Open needs a file that exists, a folder choice
// needs a folder, a Save's folder must exist.
std::optional<std::string> refusedChoice(BrowsePurpose purpose, const std::filesystem::path& path);

// Recent files, newest first, at most kMaxRecent; `path` moved to the front.
inline constexpr std::size_t kMaxRecent = 10;
void noteRecent(std::vector<std::string>& recent, const std::string& path);

}  // namespace terrain::app
