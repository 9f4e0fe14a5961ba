#pragma once
// The command line of `terrain-explorer export`: parsing and --help, both
// drawn from the stage metadata, the look's parameters and the table of
// output formats (core/export/outputs.hpp).
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/document/document.hpp"
#include "core/export/engine_size.hpp"
#include "core/export/export_plan.hpp"
#include "core/export/outputs.hpp"
#include "core/export/tiles.hpp"

namespace terrain::cli {

struct ExportOptions {
  enum class Action { Export, Help, Version };
  Action action = Action::Export;

  Document doc;     // validated; at the engine size's side when one is asked
  int threads = 0;  // 0 = every hardware thread
  bool quiet = false;
  std::optional<std::string> projectInput;  // --project FILE (read already)

  // The files, in the order given with their options; the sidecar unless
  // --no-sidecar; --save-project; --engine-size and --fit; --side-width.
  ExportPlan plan;

  // --tiles: the outputs' paths are name patterns for every tile in outDir
  // (core/export/tile_manifest.hpp); the document's size is the world's.
  struct Tiles {
    TileGrid grid;
    std::string outDir;
    std::optional<TileIndex> only;  // --tile: this tile alone
    // --world-gltf: a .gltf in outDir naming every tile's .glb in place,
    // written once every tile's is there.
    std::optional<std::string> worldGltf;
  };
  std::optional<Tiles> tiles;

  // --for godot: where the GDScript that imports every piece into Terrain3D
  // goes, written once the files are (app/cli/engine_package.hpp).
  std::optional<std::string> terrain3dScript;
};

// Parses the arguments after "export". Throws InputError with one line
// naming the flag, the value and what is allowed. Allocates nothing large
// and touches no file but a --project to read (ramp and output checks come
// later).
ExportOptions parseExportOptions(std::span<char* const> args);

// The flags that are neither the document's nor an output's (--tiles,
// --threads, ...), with the sources they apply to in their help.
struct ExportFlagInfo {
  std::string_view name;     // without the dashes
  std::string_view metavar;  // "" for a switch
  std::string help;
};
std::vector<ExportFlagInfo> otherExportFlags();

std::string exportUsageText();  // the usage lines, what export does, its exit status
std::string exportHelpText();
std::string versionText();

}  // namespace terrain::cli
