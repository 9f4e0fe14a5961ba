#include "app/cli/tile_export.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/engine_package.hpp"
#include "app/cli/export_status.hpp"
#include "app/cli/tile_options.hpp"
#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/export/export_plan.hpp"
#include "core/export/outputs.hpp"
#include "core/export/tile_manifest.hpp"
#include "core/export/water_formats.hpp"
#include "core/export/world_gltf.hpp"
#include "core/io/atomic_file.hpp"

namespace terrain::cli {
namespace {

std::vector<TileIndex> tilesToMake(const ExportOptions::Tiles& tiles) {
  if (tiles.only) return {*tiles.only};
  std::vector<TileIndex> all;
  for (int row = 0; row < tiles.grid.rows; ++row) {
    for (int column = 0; column < tiles.grid.columns; ++column) all.push_back({column, row});
  }
  return all;
}

// The folder, made if missing, and able to take new files.
void prepareOutDir(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec && !std::filesystem::is_directory(dir)) {
    throw IoError("--out-dir: cannot make " + excerpt(dir) + ": " + ec.message());
  }
  if (!std::filesystem::is_directory(dir)) {
    throw IoError("--out-dir: " + excerpt(dir) + " is not a folder");
  }
  checkWritable((std::filesystem::path(dir) / "manifest-check").string());
}

// Whether a format of the run shades by normals, which at a tile's edge
// read its neighbours' samples (the tile's halo) so both sides of a seam agree.
bool readsNeighbours(const std::vector<OutputRequest>& outputs) {
  return std::ranges::any_of(outputs, [](const OutputRequest& out) {
    const std::string_view key = out.format->key;
    return key == "glb" || key == "obj" || key == "normals";
  });
}

// Makes and writes one tile (or skips it when complete already); the exit
// status when it fails.
std::optional<int> makeTile(const ExportOptions& o, const ColorRamp& ramp, TileMaker& maker,
                            TileIndex tile, const std::string& fingerprint) {
  const ExportOptions::Tiles& tiles = o.tiles.value();
  const TileGrid& grid = tiles.grid;
  const std::vector<OutputRequest>& patterns = o.plan.outputs;
  const Execution exec{o.threads};
  // The tile's plan: the patterns named for the tile, its own sidecar.
  ExportPlan tilePlan;
  tilePlan.outputs = tileOutputs(patterns, tiles.outDir, grid, tile);
  tilePlan.sidecar = tileSidecarPath(patterns, tiles.outDir, grid, tile);
  tilePlan.tile = ExportPlan::TileSidecar{grid, tile, fingerprint};
  tilePlan.sideWidth = o.plan.sideWidth;
  tilePlan.sideHeight = o.plan.sideHeight;
  const std::string name = std::filesystem::path(*tilePlan.sidecar).stem().string();
  if (tileComplete(*tilePlan.sidecar, tilePlan.outputs, fingerprint)) {
    if (!o.quiet) std::printf("%s: complete already, skipped\n", name.c_str());
    return std::nullopt;
  }
  Tile made;
  try {
    made = maker.make(tile, PipelineControl{exec, nullptr, {}}, readsNeighbours(patterns));
  } catch (const InputError& e) {
    return failExport(kExitBadInput, e.what());
  } catch (const std::bad_alloc&) {
    return failExport(kExitWriteFailed, "out of memory making tile " + name);
  }
  Document tileDoc = o.doc;
  tileDoc.world = made.world;
  OutputInput input{tileDoc, made.field, ramp, exec, o.plan.sideWidth, o.plan.sideHeight};
  input.outputNode = o.plan.outputNode;
  input.halo = made.halo();
  if (const auto unavailable = firstUnavailable(tilePlan, input)) {
    return failExport(kExitBadInput, "--" + std::string(unavailable->output->format->key) + ": " +
                                         unavailable->why);
  }
  std::size_t current = 0;
  PlanEvents events;
  events.writing = [&](std::size_t index, std::size_t) { current = index; };
  try {
    writePlan(tilePlan, o.doc, input, events);
  } catch (const InputError& e) {
    // A refusal found while writing: named by its flag, exit 2 as before any file.
    std::string message;
    if (current < tilePlan.outputs.size()) {
      message += "--";
      message += tilePlan.outputs[current].format->key;
      message += ": ";
    }
    message += e.what();
    return failExport(kExitBadInput, message);
  } catch (const IoError& e) {
    return failExport(kExitWriteFailed, e.what());
  }
  if (!o.quiet) {
    std::printf("%s: %dx%d, %zu files\n", name.c_str(), made.field.width, made.field.height,
                plannedFileCount(tilePlan));
  }
  return std::nullopt;
}

// The world glTF once every tile's .glb is there (a farm's last tile
// writes it; an earlier one says how many it waits for).
int writeWorld(const ExportOptions& o) {
  const ExportOptions::Tiles& tiles = o.tiles.value();
  std::vector<std::string> glbs;
  int missing = 0;
  for (int row = 0; row < tiles.grid.rows; ++row) {
    for (int column = 0; column < tiles.grid.columns; ++column) {
      for (const OutputRequest& out :
           tileOutputs(o.plan.outputs, tiles.outDir, tiles.grid, {column, row})) {
        if (out.format->key != "glb") continue;
        std::error_code ec;
        missing += std::filesystem::is_regular_file(out.path, ec) ? 0 : 1;
        glbs.push_back(out.path);
      }
    }
  }
  const std::string path = worldGltfPath(tiles);
  if (missing > 0) {
    if (!o.quiet) std::printf("%s: waits for %d tiles' meshes\n", path.c_str(), missing);
    return kExitWritten;
  }
  try {
    writeWorldGltf(path, glbs);
  } catch (const IoError& e) {
    return failExport(kExitWriteFailed, e.what());
  }
  if (!o.quiet)
    std::printf("%s: the world's %zu tile meshes in place\n", path.c_str(), glbs.size());
  return kExitWritten;
}

}  // namespace

int runTiledExport(const ExportOptions& o, const ColorRamp& ramp) {
  const ExportOptions::Tiles& tiles = o.tiles.value();
  const TileGrid& grid = tiles.grid;
  TilePlan tiling;
  try {
    tiling = planTiles(o.doc, grid, o.plan.outputNode);
    // Before any tile or folder: a two-stage world has no water to cut, and
    // a tile has no world's water for wet ground.
    if (const std::string why = waterTilesUnavailable(tiling, o.plan.outputs); !why.empty()) {
      return failExport(kExitBadInput, why);
    }
    if (const std::string why = tilesUnavailable(o.doc, o.plan.outputs); !why.empty()) {
      return failExport(kExitBadInput, why);
    }
    prepareOutDir(tiles.outDir);
  } catch (const InputError& e) {
    return failExport(kExitBadInput, e.what());
  } catch (const IoError& e) {
    return failExport(kExitBadInput, e.what());
  }
  const std::vector<OutputRequest>& patterns = o.plan.outputs;
  const std::string fingerprint = tiledWorldFingerprint(o.doc, grid, patterns);
  TileMaker maker(o.doc, grid, tiling);  // a two-stage world's coarse world once
  for (const TileIndex tile : tilesToMake(tiles)) {
    if (const auto failed = makeTile(o, ramp, maker, tile, fingerprint)) return *failed;
  }
  const std::string manifest = manifestPath(patterns, tiles.outDir);
  try {
    writeTileManifest(manifest, o.doc, grid, tiling, patterns, fingerprint,
                      tiles.worldGltf.value_or(""));
  } catch (const IoError& e) {
    return failExport(kExitWriteFailed, e.what());
  }
  if (!o.quiet) std::printf("%s: manifest of %d tiles\n", manifest.c_str(), grid.count());
  if (o.terrain3dScript) {
    try {
      writeTiledTerrain3dScript(o);
    } catch (const IoError& e) {
      return failExport(kExitWriteFailed, std::string("--for godot: ") + e.what());
    }
    if (!o.quiet) {
      std::printf("%s: Terrain3D import script for %d tiles\n", o.terrain3dScript->c_str(),
                  grid.count());
    }
  }
  if (tiles.worldGltf) return writeWorld(o);
  return kExitWritten;
}

}  // namespace terrain::cli
