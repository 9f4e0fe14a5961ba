#pragma once
// Command line of the window (everything but `export`).
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/document/document.hpp"

namespace terrain::app {

// The ramp that suits the generator, as export picks it
// (cli::defaultRampName): article 002's sea and land for coastlines, else earth.
inline constexpr std::string_view kAutoRamp = "auto";

struct AppOptions {
  Document doc;                  // starting document (from the flags)
  bool documentGiven = false;    // any terrain flag given; else the last session comes back
  bool rampGiven = false;        // --ramp given; else the remembered ramp
  bool viewInDocument = false;   // --project or --preset article: their view wins
  std::optional<ViewKind> view;  // --view; else the remembered one
  int crossSectionRow = -1;      // --row: the heightmap row the side view shows (-1 = middle)
  int width = 1280;              // window size, screen coordinates
  int height = 800;
  int frames = 0;                         // --frames N: render N frames and exit (0 = interactive)
  std::optional<std::string> screenshot;  // --screenshot FILE.png, with --frames
  bool quiet = false;  // --quiet, -q: no notes on stderr (a bad ramp, a bad settings file)
  bool help = false;
};

// Throws InputError with a one-line message for a bad flag or value.
AppOptions parseAppOptions(std::span<char* const> args);

const char* appUsage();

std::string_view viewName(ViewKind v);  // "side", "map", "3d"
std::optional<ViewKind> viewFromName(std::string_view name);

}  // namespace terrain::app
