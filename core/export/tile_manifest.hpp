#pragma once
// The JSON of a tiled export (issue 9), in --out-dir:
//   <stem>.json          the manifest: the world, the grid, the shared
//                        height scale, the document, and every tile's files
//   <stem>_x0_y0.json    each tile's sidecar (core/export/sidecar.hpp) plus
//                        its place in the world and the world's fingerprint
// A tile's sidecar is written after its files: a tile whose sidecar holds
// this world's fingerprint and whose files all exist is complete, and a
// re-run skips it. <stem> is the first output's name without its extension.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/export/output_format.hpp"
#include "core/export/tiles.hpp"

namespace terrain {

inline constexpr int kTileManifestVersion = 1;

// What makes two runs the same world: the document, the grid and each
// output's name pattern and options. 16 hex digits.
std::string tiledWorldFingerprint(const Document& worldDoc, const TileGrid& grid,
                                  std::span<const OutputRequest> patterns);

// The outputs of one tile: the patterns' names with the tile's suffix, in dir.
std::vector<OutputRequest> tileOutputs(std::span<const OutputRequest> patterns,
                                       const std::string& dir, const TileGrid& grid,
                                       TileIndex tile);
std::string tileSidecarPath(std::span<const OutputRequest> patterns, const std::string& dir,
                            const TileGrid& grid, TileIndex tile);
std::string manifestPath(std::span<const OutputRequest> patterns, const std::string& dir);

// True when the tile's sidecar names this fingerprint and every file it
// lists exists.
bool tileComplete(const std::string& sidecarPath, std::span<const OutputRequest> files,
                  const std::string& fingerprint);

// Atomic; throw IoError naming the path. worldGltf: the whole-world .gltf's
// file name in the manifest's folder ("": none), written once every tile's
// mesh is there.
void writeTileSidecar(const std::string& path, const OutputInput& tileInput,
                      std::span<const OutputRequest> files, const TileGrid& grid, TileIndex tile,
                      const std::string& fingerprint, std::span<const WrittenFigures> figures = {});
void writeTileManifest(const std::string& path, const Document& worldDoc, const TileGrid& grid,
                       const TilePlan& plan, std::span<const OutputRequest> patterns,
                       const std::string& fingerprint, const std::string& worldGltf = "");

}  // namespace terrain
