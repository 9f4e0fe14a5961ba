#include "app/cli/tile_export.hpp"

#include <cstdio>
#include <filesystem>
#include <new>
#include <string>
#include <vector>

#include "app/cli/export_status.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/export/tile_manifest.hpp"
#include "core/outputs.hpp"

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
    throw IoError("--out-dir: cannot make '" + dir + "': " + ec.message());
  }
  if (!std::filesystem::is_directory(dir)) {
    throw IoError("--out-dir: '" + dir + "' is not a folder");
  }
  checkWritable((std::filesystem::path(dir) / "manifest-check").string());
}

}  // namespace

int runTiledExport(const ExportOptions& o, const ColorRamp& ramp) {
  const ExportOptions::Tiles& tiles = o.tiles.value();
  const TileGrid& grid = tiles.grid;
  TilePlan plan;
  try {
    plan = planTiles(o.doc, grid);
    prepareOutDir(tiles.outDir);
  } catch (const InputError& e) {
    return failExport(kExitBadInput, e.what());
  } catch (const IoError& e) {
    return failExport(kExitBadInput, e.what());
  }
  const std::string fingerprint = tiledWorldFingerprint(o.doc, grid, o.outputs);
  const Execution exec{o.threads};
  for (const TileIndex tile : tilesToMake(tiles)) {
    const std::vector<OutputRequest> files = tileOutputs(o.outputs, tiles.outDir, grid, tile);
    const std::string sidecar = tileSidecarPath(o.outputs, tiles.outDir, grid, tile);
    const std::string name = std::filesystem::path(sidecar).stem().string();
    if (tileComplete(sidecar, files, fingerprint)) {
      if (!o.quiet) std::printf("%s: complete already, skipped\n", name.c_str());
      continue;
    }
    Tile made;
    try {
      made = buildTile(o.doc, grid, plan, tile, PipelineControl{exec, nullptr, {}});
    } catch (const InputError& e) {
      return failExport(kExitBadInput, e.what());
    } catch (const std::bad_alloc&) {
      return failExport(kExitWriteFailed, "out of memory making tile " + name);
    }
    Document tileDoc = o.doc;
    tileDoc.world = made.world;
    const OutputInput input{tileDoc, made.field, ramp, exec, o.sideWidth, o.sideHeight, {}};
    for (const OutputRequest& out : files) {
      if (out.format->unavailable == nullptr) continue;
      if (const std::string why = out.format->unavailable(input); !why.empty()) {
        return failExport(kExitBadInput, "--" + std::string(out.format->key) + ": " + why);
      }
    }
    try {
      // The tile's files share one directory fsync, done before the sidecar,
      // which marks the tile complete and so is written last.
      DirectorySyncBatch directorySyncs;
      for (const OutputRequest& out : files) out.format->write(out.path, input, out.options);
      directorySyncs.sync();
      writeTileSidecar(sidecar, input, files, grid, tile, fingerprint);
    } catch (const IoError& e) {
      return failExport(kExitWriteFailed, e.what());
    }
    if (!o.quiet) {
      std::printf("%s: %dx%d, %zu files\n", name.c_str(), made.field.width, made.field.height,
                  files.size() + 1);
    }
  }
  const std::string manifest = manifestPath(o.outputs, tiles.outDir);
  try {
    writeTileManifest(manifest, o.doc, grid, plan, o.outputs, fingerprint);
  } catch (const IoError& e) {
    return failExport(kExitWriteFailed, e.what());
  }
  if (!o.quiet) std::printf("%s: manifest of %d tiles\n", manifest.c_str(), grid.count());
  return kExitWritten;
}

}  // namespace terrain::cli
