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

  TerrainSpec spec;                // validated
  std::optional<std::string> ramp; // --ramp NAME|FILE.png; else defaultRampName(generator)
  bool hillshade = true;           // maps only
  int sideWidth = 1280;            // profiles' --color side view, pixels
  int sideHeight = 400;
  int threads = 0;                 // 0 = every hardware thread
  bool quiet = false;

  std::optional<std::string> heightmapPath;  // 16-bit grey PNG
  std::optional<std::string> colorPath;      // RGB PNG: map, or side view of a profile
  std::optional<std::string> rawPath;        // little-endian float32
};

// Parses the arguments after "export". Throws InputError with one line
// naming the flag, the value and what is allowed. Allocates nothing large
// and touches no file (ramp and output checks come later).
ExportOptions parseExportOptions(std::span<char* const> args);

// "coastline" for the coastline generator (the applet's look), else "earth".
std::string defaultRampName(GeneratorId id);

std::string exportHelpText();
std::string versionText();

}  // namespace terrain::cli
