#include "app/settings.hpp"

#include <cstdlib>
#include <fstream>
#include <system_error>

namespace terrain::app {
namespace {

constexpr std::uintmax_t kMaxFileBytes = 64 * 1024;  // a settings file is a few lines

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

bool knownRamp(std::string_view name) {
  return name == kAutoRamp || name == "earth" || name == "grayscale" || name == "coastline";
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
  if (!std::filesystem::exists(path, ec)) return out;
  const auto bytes = std::filesystem::file_size(path, ec);
  if (ec || bytes > kMaxFileBytes) {
    out.note = "settings ignored: " + path.string() + " is not a small settings file";
    return out;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    out.note = "settings ignored: cannot read " + path.string();
    return out;
  }
  std::string line;
  int lineNo = 0;
  std::string bad;
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
    } else if (ok && key == "ramp_png") {
      out.settings.rampPng = std::string(value);
    }  // unknown keys: a newer version's, kept quiet
    if (!ok && bad.empty()) bad = "line " + std::to_string(lineNo);
  }
  if (!bad.empty()) {
    out.note = "settings: ignored " + bad + " of " + path.string() + " (not understood)";
  }
  return out;
}

std::string saveSettings(const std::filesystem::path& path, const Settings& settings) {
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) return "cannot create " + path.parent_path().string() + ": " + ec.message();
  const std::filesystem::path tmp = path.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return "cannot write " + tmp.string();
    out << "# terrain-explorer settings (rewritten when the view or ramp changes)\n"
        << "view=" << viewName(settings.view) << "\n"
        << "ramp=" << settings.ramp << "\n"
        << "ramp_png=" << settings.rampPng << "\n";
    out.flush();
    if (!out) return "cannot write " + tmp.string();
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    return "cannot replace " + path.string();
  }
  return {};
}

}  // namespace terrain::app
