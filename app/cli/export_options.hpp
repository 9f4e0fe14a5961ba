#pragma once
// The command line of `terrain-explorer export`: parsing and --help, both
// drawn from the stage metadata, the look's parameters and the table of
// output formats (core/outputs.hpp).
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/document.hpp"
#include "core/engine_size.hpp"
#include "core/outputs.hpp"
#include "core/tiles.hpp"

namespace terrain::cli {

struct ExportOptions {
  enum class Action { Export, Help, Version };
  Action action = Action::Export;

  Document doc;          // validated
  int sideWidth = 1280;  // profiles' --color side view, pixels
  int sideHeight = 400;
  int threads = 0;  // 0 = every hardware thread
  bool quiet = false;

  std::vector<OutputRequest> outputs;  // in the order given, with their options
  // "<first output>.json" (core/export/sidecar.hpp) unless --no-sidecar or
  // every output goes to standard output or a device.
  std::optional<std::string> sidecar;
  std::optional<std::string> projectOutput;  // --save-project FILE
  std::optional<std::string> projectInput;   // --project FILE (read already)
  // --engine-size KEY: the source makes the next size it can (set in doc
  // already), then the map is brought to the engine's side by `fit`.
  const EngineSize* engineSize = nullptr;
  FitMode fit = FitMode::Crop;

  // --tiles: the outputs' paths are name patterns for every tile in outDir
  // (core/export/tile_manifest.hpp); the document's size is the world's.
  struct Tiles {
    TileGrid grid;
    std::string outDir;
    std::optional<TileIndex> only;  // --tile: this tile alone
  };
  std::optional<Tiles> tiles;
};

// Parses the arguments after "export". Throws InputError with one line
// naming the flag, the value and what is allowed. Allocates nothing large
// and touches no file but a --project to read (ramp and output checks come
// later).
ExportOptions parseExportOptions(std::span<char* const> args);

std::string exportHelpText();
std::string versionText();

}  // namespace terrain::cli
