#pragma once
// Command line of the window (everything but `export`).
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <vector>

#include "app/document_edits.hpp"
#include "core/document.hpp"

namespace terrain::app {

using ViewChoice = ArticleView;

// The ramp that suits the generator, as export picks it
// (cli::defaultRampName): article 002's sea and land for coastlines, else earth.
inline constexpr std::string_view kAutoRamp = "auto";

inline constexpr int kSquashFrames = 10;  // how long --squash-at keeps the window squashed

struct AppOptions {
  Document doc;                    // starting document (from the flags)
  bool documentGiven = false;      // any terrain flag given; else the last session comes back
  bool rampGiven = false;          // --ramp given; else the remembered ramp
  bool viewInDocument = false;     // --project or --preset article: their view wins
  std::optional<ViewChoice> view;  // --view; else the remembered one
  int crossSectionRow = -1;        // --row: the heightmap row the side view shows (-1 = middle)
  int width = 1280;                // window size, screen coordinates
  int height = 800;
  int frames = 0;                         // --frames N: render N frames and exit (0 = interactive)
  std::optional<std::string> screenshot;  // --screenshot FILE.png, with --frames
  // Testing flags (see appUsage): a new terrain every frame for N frames,
  // printing the resident memory; squash and minimise the window at a frame.
  int soak = 0;       // --soak N (sets frames = N)
  int squashAt = -1;  // --squash-at F: frames F .. F+kSquashFrames-1 squashed (-1 = never)
  // --actions LIST: steps applied one a frame once the terrain before each is
  // on screen, as the panel, a click or a shortcut would; then --frames goes on.
  std::vector<ScriptStep> actions;
  bool printDocument = false;  // --print-document: the final document as project JSON on stdout
  bool help = false;
};

// Throws InputError with a one-line message for a bad flag or value.
AppOptions parseAppOptions(std::span<char* const> args);

const char* appUsage();

std::string_view viewName(ViewChoice v);  // "side", "map", "3d"
std::optional<ViewChoice> viewFromName(std::string_view name);

}  // namespace terrain::app
