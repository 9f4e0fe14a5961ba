#pragma once
// The command line of `terrain-explorer export`: parsing and --help, both
// drawn from the parameter metadata and the option table in the .cpp.
#include <optional>
#include <span>
#include <string>

#include "core/spec.hpp"

namespace terrain::cli {

struct ExportOptions {
  enum class Action { Export, Help, Version };
  Action action = Action::Export;

  TerrainSpec spec;                   // validated
  std::optional<std::string> ramp;    // --ramp NAME|FILE.png; else defaultRampName(generator)
  std::optional<bool> hillshadeFlag;  // maps only; else defaultHillshade(spec)
  int sideWidth = 1280;               // profiles' --color side view, pixels
  int sideHeight = 400;
  int threads = 0;  // 0 = every hardware thread
  bool quiet = false;

  std::optional<std::string> heightmapPath;  // 16-bit grey PNG
  std::optional<std::string> colorPath;      // RGB PNG: map, or side view of a profile
  std::optional<std::string> rawPath;        // little-endian float32
};

// Parses the arguments after "export". Throws InputError with one line
// naming the flag, the value and what is allowed. Allocates nothing large
// and touches no file (ramp and output checks come later).
ExportOptions parseExportOptions(std::span<char* const> args);

// The applet's flat sea and land for a two-class coastline, else "earth"
// (whose deep sea .. snow bands suit 3-6 coastline classes too).
std::string defaultRampName(const TerrainSpec& spec);
// A two-class coastline: article 002's sea/land tile map.
bool isAppletSeaAndLand(const TerrainSpec& spec);
// Hillshade suits height fields; class maps are flat tiles (the applet's
// look), where slope shading would only outline the class borders.
inline bool defaultHillshade(const TerrainSpec& spec) {
  return !(spec.generator == GeneratorId::Coastline && spec.coastline.mode == CoastMode::Classes);
}
inline bool hillshadeFor(const ExportOptions& o) {
  return o.hillshadeFlag.value_or(defaultHillshade(o.spec));
}

std::string exportHelpText();
std::string versionText();

}  // namespace terrain::cli
