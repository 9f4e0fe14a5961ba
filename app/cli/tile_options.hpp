#pragma once
// --tiles and its companions on `terrain-explorer export`'s command line
// (--out-dir, --overlap, --tile, --tile-names, --world-gltf): the tiled
// world's grid and folder, checked once the document and outputs are known.
#include <string>
#include <string_view>
#include <vector>

#include "app/cli/export_args.hpp"
#include "app/cli/export_options.hpp"
#include "core/document/document_inputs.hpp"

namespace terrain::cli {

// The flags that apply only with --tiles.
inline constexpr std::string_view kTileFlags[] = {"out-dir", "overlap", "tile", "tile-names",
                                                  "world-gltf"};

// Where --world-gltf goes: its name in --out-dir.
std::string worldGltfPath(const ExportOptions::Tiles& tiles);

// Throws InputError naming the flag and what is allowed.
ExportOptions::Tiles parseTiles(const ExportOptions& o, const std::vector<Token>& tokens);

// Every file a tiled export will write (each tile it makes with the files
// its formats write beside it, the manifest, the world glTF) against the
// files it reads (`inputs`: an --out-dir that holds the DEM must not take
// its name) and against each other.
void checkTileOutputs(const ExportOptions& o, const std::vector<DocumentInput>& inputs);

}  // namespace terrain::cli
