#include "app/options.hpp"

#include <algorithm>

#include <charconv>
#include <vector>

#include "app/cli/document_args.hpp"
#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/look/color.hpp"
#include "core/nodes/stage.hpp"

namespace terrain::app {
namespace {

int parseInt(std::string_view flag, std::string_view text, int min, int max) {
  int value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || value < min ||
      value > max) {
    throw InputError("--" + std::string(flag) + ": " + excerpt(text) +
                     " is not allowed; allowed: a whole number from " + std::to_string(min) +
                     " to " + std::to_string(max));
  }
  return value;
}

bool isAppFlag(std::string_view name) {
  return name == "view" || name == "width" || name == "height" || name == "frames" ||
         name == "screenshot" || name == "row" || name == "quiet";
}

}  // namespace

std::string_view viewName(ViewKind v) {
  switch (v) {
    case ViewKind::Side:
      return "side";
    case ViewKind::Map:
      return "map";
    case ViewKind::Mesh:
      return "3d";
  }
  return "map";
}

std::optional<ViewKind> viewFromName(std::string_view name) {
  if (name == "side") return ViewKind::Side;
  if (name == "map") return ViewKind::Map;
  if (name == "3d") return ViewKind::Mesh;
  return std::nullopt;
}

const char* appUsage() {
  return "usage: terrain-explorer [--view side|map|3d] [--ramp auto|earth|grayscale|coastline]\n"
         "                        [--row R] [--width W] [--height H] [--frames N [--screenshot "
         "FILE.png]]\n"
         "                        [--generator NAME] [--preset article] [--seed N] [--<parameter> "
         "V]...\n"
         "       terrain-explorer export --help     headless export, no display needed\n"
         "\n"
         "  --view          starting view (default: the one used last time, else map)\n"
         "  --ramp          colour ramp (default: the one used last time, else auto:\n"
         "                  the applet's sea and land for coastline classes, else earth)\n"
         "  --row R         heightmaps: the row the side view shows, marked on the map\n"
         "  --width/height  window size in screen coordinates (default 1280x800)\n"
         "  --frames N      render N frames, then exit (with --screenshot: save the last)\n"
         "  --screenshot F  save what the window shows as a PNG (needs --frames; default 3)\n"
         "  --project, --generator, --preset, --seed, --stage, the parameters and the look\n"
         "                  flags are those of 'export'; without them the last session comes "
         "back.\n"
         "  -q, --quiet     no notes on stderr (a ramp or settings file that cannot be used)\n"
         "  -h, --help      this help\n";
}

AppOptions parseAppOptions(std::span<char* const> args) {
  AppOptions opts;
  std::vector<cli::DocumentFlag> documentFlags;  // parsed by the CLI's shared parser
  bool framesGiven = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (arg == "-h" || arg == "--help") {
      opts.help = true;
      continue;
    }
    if (arg == "-q") arg = "--quiet";
    if (!arg.starts_with("--") || arg.size() == 2) {
      throw InputError(excerpt(arg) + " is not a flag (see --help)");
    }
    arg.remove_prefix(2);
    std::string name(arg);
    std::string value;
    const auto eq = arg.find('=');
    if (eq != std::string_view::npos) name = std::string(arg.substr(0, eq));
    if (!isAppFlag(name) && !cli::isDocumentFlag(name)) {
      throw InputError("--" + bareExcerpt(name) + ": unknown flag (see --help)");
    }
    if (name == "quiet") {
      if (eq != std::string_view::npos) throw InputError("--quiet: takes no value");
      opts.quiet = true;
      continue;
    }
    const auto lone = cli::loneFlagValue(name);
    const bool nextIsValue =
        i + 1 < args.size() && !std::string_view(args[i + 1]).starts_with("--");
    if (eq != std::string_view::npos) {
      value = std::string(arg.substr(eq + 1));
    } else if (lone && (name == "no-hillshade" || !nextIsValue)) {
      value = std::string(*lone);
    } else {
      if (i + 1 >= args.size()) throw InputError("--" + name + ": needs a value");
      value = args[++i];
    }

    if (name == "view") {
      opts.view = viewFromName(value);
      if (!opts.view) {
        throw InputError("--view: " + excerpt(value) + " is not a view; allowed: side, map, 3d");
      }
    } else if (name == "width") {
      opts.width = parseInt(name, value, 200, 16384);
    } else if (name == "height") {
      opts.height = parseInt(name, value, 200, 16384);
    } else if (name == "row") {
      opts.crossSectionRow = parseInt(name, value, 0, static_cast<int>(kMaxMapSide) - 1);
    } else if (name == "frames") {
      opts.frames = parseInt(name, value, 1, 100000);
      framesGiven = true;
    } else if (name == "screenshot") {
      if (value.empty()) throw InputError("--screenshot: needs a file name");
      opts.screenshot = value;
    } else {
      documentFlags.push_back({name, value});
      opts.rampGiven |= name == "ramp";
      opts.viewInDocument |= name == "project" || (name == "preset" && value != "default");
    }
  }
  if (opts.screenshot && !framesGiven) opts.frames = 3;
  opts.documentGiven = std::any_of(documentFlags.begin(), documentFlags.end(),
                                   [](const cli::DocumentFlag& f) { return f.name != "ramp"; });
  opts.doc = cli::documentFromFlags(documentFlags, GraphCheck::Structure);
  return opts;
}

}  // namespace terrain::app
