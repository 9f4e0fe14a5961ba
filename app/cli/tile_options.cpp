#include "app/cli/tile_options.hpp"

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/export/tile_manifest.hpp"

namespace terrain::cli {
namespace {

// In a tiled export an output is a name in --out-dir, not a path.
void checkTileName(const OutputRequest& out) {
  const std::string flag = "--" + std::string(out.format->key);
  if (out.path.find('/') != std::string::npos || out.path == "." || out.path == ".." ||
      out.path == "-") {
    throw InputError(flag + ": with --tiles, " + excerpt(out.path) +
                     " must be a plain file name (no folder, not -); the tiles go to --out-dir");
  }
}

// --world-gltf NAME.gltf: in --out-dir beside the tiles' .glb files it names.
std::string worldGltfName(const ExportOptions& o, const Token& t) {
  const std::string name = nonEmpty(t, "a file name ending in .gltf");
  if (name.find('/') != std::string::npos || !name.ends_with(".gltf") || name == ".gltf") {
    throw InputError("--world-gltf: " + excerpt(name) +
                     " must be a plain file name ending in .gltf (it goes to --out-dir, beside "
                     "the tiles it names)");
  }
  const bool glb = std::ranges::any_of(
      o.plan.outputs, [](const OutputRequest& out) { return out.format->key == "glb"; });
  if (!glb) throw InputError("--world-gltf: names the tiles' meshes; add --glb FILE.glb");
  return name;
}

}  // namespace

std::string worldGltfPath(const ExportOptions::Tiles& tiles) {
  return (std::filesystem::path(tiles.outDir) / *tiles.worldGltf).string();
}

ExportOptions::Tiles parseTiles(const ExportOptions& o, const std::vector<Token>& tokens) {
  ExportOptions::Tiles tiles;
  const TileCount count = parseTileCount(findToken(tokens, "tiles")->value);
  tiles.grid.columns = count.columns;
  tiles.grid.rows = count.rows;
  tiles.grid.worldSize = documentSize(o.doc);
  tiles.grid.wraps = documentWraps(o.doc);
  if (const Token* t = findToken(tokens, "overlap")) {
    tiles.grid.overlap = parseInt(*t, 0, static_cast<int>(kMaxMapSide));
  }
  if (const Token* t = findToken(tokens, "tile-names")) tiles.grid.naming = tileNaming(t->value);
  validate(tiles.grid);
  if (const Token* t = findToken(tokens, "tile")) tiles.only = parseTileIndex(t->value, tiles.grid);
  const Token* dir = findToken(tokens, "out-dir");
  if (dir == nullptr) throw InputError("--tiles: needs --out-dir DIR, the folder the tiles go to");
  tiles.outDir = nonEmpty(*dir, "a folder");
  if (o.plan.outputs.empty()) {
    throw InputError("--tiles: no output given; add one or more of " + outputFlagList() +
                     " (each a file name for the tiles)");
  }
  for (std::size_t i = 0; i < o.plan.outputs.size(); ++i) {
    checkTileName(o.plan.outputs[i]);
    for (std::size_t j = 0; j < i; ++j) {
      if (o.plan.outputs[i].path == o.plan.outputs[j].path) {
        throw InputError("--" + std::string(o.plan.outputs[i].format->key) + ": " +
                         excerpt(o.plan.outputs[i].path) + " is also the --" +
                         std::string(o.plan.outputs[j].format->key) +
                         " output; give each output its own name");
      }
    }
  }
  const std::pair<std::string_view, bool> refused[] = {
      {"engine-size", o.plan.engineSize != nullptr},
      {"no-sidecar", !o.plan.sidecar.has_value()},
      {"save-project", o.plan.projectOutput.has_value()}};
  for (const auto& [flag, given] : refused) {
    if (!given) continue;
    throw InputError("--" + std::string(flag) +
                     ": does not apply with --tiles (tiles take their size from --size and "
                     "--tiles; every tile writes its JSON, which marks it complete; the "
                     "manifest holds the document)");
  }
  if (const Token* t = findToken(tokens, "world-gltf")) tiles.worldGltf = worldGltfName(o, *t);
  return tiles;
}

void checkTileOutputs(const ExportOptions& o, const std::vector<DocumentInput>& inputs) {
  const ExportOptions::Tiles& tiles = o.tiles.value();
  const std::vector<OutputRequest>& patterns = o.plan.outputs;
  // The files every tile shares the folder with.
  std::vector<NamedFile> shared;
  shared.emplace_back("--tiles' manifest", manifestPath(patterns, tiles.outDir));
  if (tiles.worldGltf) shared.emplace_back("--world-gltf", worldGltfPath(tiles));
  const auto check = [&](const TileIndex tile) {
    std::vector<NamedFile> files = shared;
    for (NamedFile& f : outputFiles(tileOutputs(patterns, tiles.outDir, tiles.grid, tile))) {
      files.push_back(std::move(f));
    }
    files.emplace_back("--tiles' sidecar JSON",
                       tileSidecarPath(patterns, tiles.outDir, tiles.grid, tile));
    refuseClashes(files, inputs);
  };
  if (tiles.only) {
    check(*tiles.only);
  } else {
    for (int row = 0; row < tiles.grid.rows; ++row) {
      for (int column = 0; column < tiles.grid.columns; ++column) check({column, row});
    }
  }
}

}  // namespace terrain::cli
