#include "app/settings.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <sstream>
#include <system_error>

#include "app/file_listing.hpp"
#include "core/base/error.hpp"
#include "core/document/project.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/input_file.hpp"
#include "core/look/color.hpp"

namespace terrain::app {
namespace {

constexpr std::size_t kMaxFileBytes = 64 * 1024;  // a settings file is a few lines
// The longest path the system can open (PATH_MAX less its NUL); a longer
// remembered ramp or folder could never be used, and its error message
// alone would be more text than the panel can draw.
constexpr std::size_t kMaxPathBytes = PATH_MAX - 1;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

bool knownRamp(std::string_view name) {
  return name == kAutoRamp || isBuiltinRamp(name);
}

// Why a remembered path (a ramp, a folder) cannot be used; empty when it
// can be tried.
std::string unusablePath(std::string_view path) {
  if (path.size() > kMaxPathBytes) {
    return "a path of " + std::to_string(path.size()) + " bytes; at most " +
           std::to_string(kMaxPathBytes);
  }
  for (const char c : path) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) return "a path with control characters";
  }
  return {};
}

// 0 .. most, digits only.
std::optional<int> parseWholeNumber(std::string_view text, int most) {
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != text.npos) {
    return std::nullopt;
  }
  const int value = std::stoi(std::string(text));
  if (value > most) return std::nullopt;
  return value;
}

}  // namespace

std::optional<std::filesystem::path> settingsPath() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg != nullptr && xdg[0] == '/') {
    return std::filesystem::path(xdg) / "terrain-explorer" / "settings.ini";
  }
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] != '\0') {
    return std::filesystem::path(home) / ".config" / "terrain-explorer" / "settings.ini";
  }
  return std::nullopt;
}

LoadedSettings loadSettings(const std::filesystem::path& path) {
  LoadedSettings out;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    // Absent is the first start; anything else (a symlink loop, a folder
    // that cannot be searched) is said, and the defaults apply.
    if (ec) out.note = "settings ignored: cannot read " + path.string() + ": " + ec.message();
    return out;
  }
  std::string text;
  try {
    text = readRegularFile(path.string(), kMaxFileBytes);  // never waits on a FIFO
  } catch (const IoError& e) {
    out.note = "settings ignored: " + std::string(e.what()) + " (not a small settings file)";
    return out;
  }
  std::istringstream in(text);
  std::string line;
  int lineNo = 0;
  std::string bad;
  std::string pathNote;  // the first remembered path dropped, and why
  while (std::getline(in, line)) {
    ++lineNo;
    const std::string_view l = trim(line);
    if (l.empty() || l.front() == '#' || l.front() == ';' || l.front() == '[') continue;
    const auto eq = l.find('=');
    const std::string_view key = eq == std::string_view::npos ? l : trim(l.substr(0, eq));
    const std::string_view value = eq == std::string_view::npos ? "" : trim(l.substr(eq + 1));
    bool ok = eq != std::string_view::npos;
    if (ok && key == "view") {
      auto v = viewFromName(value);
      ok = v.has_value();
      if (ok) out.settings.view = *v;
    } else if (ok && key == "ramp") {
      ok = knownRamp(value);
      if (ok) out.settings.ramp = std::string(value);
    } else if (ok && key == "node_cache_mib") {
      const auto mib = parseWholeNumber(value, kMaxNodeCacheMiB);
      ok = mib.has_value();
      if (ok) out.settings.nodeCacheMiB = *mib;
    } else if (ok && key == "recent") {
      // A path no longer usable is dropped quietly: recent files come and go.
      if (!value.empty() && unusablePath(value).empty() &&
          out.settings.recentFiles.size() < kMaxRecent) {
        out.settings.recentFiles.emplace_back(value);
      }
    } else if (ok && (key == "ramp_png" || key == "export_dir")) {
      const std::string why = unusablePath(value);
      if (why.empty()) {
        (key == "ramp_png" ? out.settings.rampPng : out.settings.exportDir) = std::string(value);
      } else if (pathNote.empty()) {
        pathNote = "settings: ignored " + std::string(key) + " on line " + std::to_string(lineNo) +
                   " of " + path.string() + " (" + why + ")";
      }
    }  // unknown keys: a newer version's, kept quiet
    if (!ok && bad.empty()) bad = "line " + std::to_string(lineNo);
  }
  if (!bad.empty()) {
    out.note = "settings: ignored " + bad + " of " + path.string() + " (not understood)";
  }
  if (!pathNote.empty()) out.note += (out.note.empty() ? "" : "; ") + pathNote;
  return out;
}

std::string makeConfigFolder(const std::filesystem::path& folder) {
  std::filesystem::path made;
  for (const auto& part : folder) {
    made /= part;
    // EEXIST: there already (its mode is the designer's); a file in the
    // way is caught by the next part's ENOTDIR or the check below.
    if (::mkdir(made.c_str(), 0700) != 0 && errno != EEXIST) {
      return "cannot create '" + made.string() + "': " + std::generic_category().message(errno);
    }
  }
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec)) {
    return "cannot create '" + folder.string() +
           "': " + (ec ? ec.message() : std::string("a file of that name is in the way"));
  }
  return {};
}

std::string saveSession(const std::filesystem::path& path, const Document& doc) {
  std::string why = makeConfigFolder(path.parent_path());
  if (why.empty()) {
    try {
      saveProject(path.string(), doc);
    } catch (const std::exception& e) {  // IoError; InputError for a document that cannot be saved
      why = e.what();
    }
  }
  return why.empty() ? why : "session not saved: " + why;
}

std::string saveSettings(const std::filesystem::path& path, const Settings& settings) {
  if (std::string why = makeConfigFolder(path.parent_path()); !why.empty()) return why;
  // A path that could not be read back (a newline in it would split the
  // line and garble the file) is not remembered.
  const auto storable = [](const std::string& p) { return unusablePath(p).empty() ? p : ""; };
  const std::string text =
      "# terrain-explorer settings (rewritten when the view, the ramp or the export folder "
      "changes)\n"
      "view=" +
      std::string(viewName(settings.view)) + "\n" + "ramp=" + settings.ramp + "\n" +
      "ramp_png=" + storable(settings.rampPng) + "\n" +
      "export_dir=" + storable(settings.exportDir) + "\n" +
      "node_cache_mib=" + std::to_string(settings.nodeCacheMiB) + "\n";
  std::string recent;
  for (const std::string& file : settings.recentFiles) {
    if (!storable(file).empty()) recent += "recent=" + file + "\n";
  }
  try {
    // The one atomic writer: a random O_EXCL temporary, never a fixed name a
    // planted symlink could redirect.
    writeFileAtomically(path.string(), [&](AtomicFile& file) {
      file.write(text.data(), text.size());
      file.write(recent.data(), recent.size());
    });
  } catch (const IoError& e) {
    return e.what();
  }
  return {};
}

}  // namespace terrain::app
