#pragma once
// --for ENGINE on `terrain-explorer export`: the engine's package
// (core/export/engine_package.hpp) applied to the command's plan and tiles.
#include "app/cli/export_args.hpp"
#include "app/cli/export_options.hpp"
#include "core/export/engine_package.hpp"

namespace terrain::cli {

// Checks the document, tiles and outputs against the engine's rules and
// adds the files it needs, and where Godot's script goes. Throws
// InputError naming what the engine accepts.
void applyEnginePackage(ExportOptions& o, const Token& engine);

// --for godot's import script, once the files are written: the map as
// written, or every tile of the grid. Atomic; throw IoError naming the path.
void writeTerrain3dScript(const ExportOptions& o, const OutputInput& written);
void writeTiledTerrain3dScript(const ExportOptions& o);

}  // namespace terrain::cli
