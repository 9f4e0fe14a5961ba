#pragma once
// What the window remembers across runs: the view, the colour ramp and
// the last export folder (a small key=value file; anything unreadable is
// ignored with a note, and a key it does not know, an older or newer
// version's, is skipped, so files from either load), and the last
// session's document beside it.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "core/document/document.hpp"

namespace terrain::app {

inline constexpr int kDefaultNodeCacheMiB = 2048;
inline constexpr int kMaxNodeCacheMiB = 65536;

struct Settings {
  ViewKind view = ViewKind::Map;
  std::string ramp = "auto";  // "auto" or a built-in ramp name
  std::string rampPng;        // a loaded ramp PNG (wins over ramp when it loads)
  std::string exportDir;      // the folder the last export went to, absolute ("" = none yet)
  // The graph's node results kept beyond the last run's, so that undoing an
  // edit or going back to a branch costs nothing: 2 GiB of a 24 GiB machine.
  int nodeCacheMiB = kDefaultNodeCacheMiB;
  // The file browser's recent files and folders, newest first (a "recent="
  // line each).
  std::vector<std::string> recentFiles;

  bool operator==(const Settings&) const = default;
};

struct LoadedSettings {
  Settings settings;
  std::string note;  // empty, or why (part of) the file was ignored
};

// $XDG_CONFIG_HOME/terrain-explorer/settings.ini, else
// $HOME/.config/terrain-explorer/settings.ini; nullopt when neither is set.
std::optional<std::filesystem::path> settingsPath();

// Never throws: a missing file gives the defaults, a corrupt one the
// defaults plus a note.
LoadedSettings loadSettings(const std::filesystem::path& path);
// Writes a temporary file and renames it over the old one, making its
// folder first (makeConfigFolder); returns an error message or "".
std::string saveSettings(const std::filesystem::path& path, const Settings& settings);

// Makes the configuration folder and any missing folder above it with mode
// 0700, as the XDG base directory spec asks (the settings and the session
// are the designer's alone); a folder that exists keeps its mode. Returns
// an error message naming the folder, or "".
std::string makeConfigFolder(const std::filesystem::path& folder);

// The session's document, saved as a project (atomically) into the
// configuration folder, made on first use. Returns the panel's note,
// "session not saved: <why>", or "" when it was saved (which clears an
// earlier note).
std::string saveSession(const std::filesystem::path& path, const Document& doc);

}  // namespace terrain::app
