#include "core/export/tile_manifest.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/atomic_file.hpp"
#include "core/export/sidecar.hpp"
#include "core/project_json.hpp"
#include "core/registry.hpp"

namespace terrain {
namespace {

using Json = nlohmann::ordered_json;

std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

std::string stemOf(const std::string& name) {
  return std::filesystem::path(name).stem().string();
}

std::string inDir(const std::string& dir, const std::string& name) {
  return (std::filesystem::path(dir) / name).string();
}

Json gridJson(const TileGrid& grid) {
  return {{"columns", grid.columns},
          {"rows", grid.rows},
          {"tile-width", grid.tileWidth()},
          {"tile-height", grid.tileHeight()},
          {"overlap", grid.overlap},
          {"naming", tileNamingNames()[static_cast<std::size_t>(grid.naming)]},
          {"wraps", grid.wraps},
          {"shared-edges", "neighbouring tiles share their edge row and column"}};
}

Json windowJson(const TileGrid& grid, TileIndex tile) {
  const MapWindow w = tileWindow(grid, tile);
  return {{"index", linearIndex(grid, tile)},
          {"column", tile.column},
          {"row", tile.row},
          {"x0", w.x0},
          {"y0", w.y0},
          {"width", w.width},
          {"height", w.height}};
}

void writeText(const std::string& path, const std::string& text) {
  writeFileAtomically(path, [&](AtomicFile& file) { file.write(text.data(), text.size()); });
}

}  // namespace

std::string tiledWorldFingerprint(const Document& worldDoc, const TileGrid& grid,
                                  std::span<const OutputRequest> patterns) {
  Json what = {{"document", tiledWorldJson(worldDoc)},
               {"world-size", grid.worldSize},
               {"grid", gridJson(grid)}};
  for (const OutputRequest& out : patterns) {
    what["outputs"].push_back(
        {{"format", out.format->key}, {"name", out.path}, {"options", out.options}});
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv1a(what.dump())));
  return hex;
}

std::vector<OutputRequest> tileOutputs(std::span<const OutputRequest> patterns,
                                       const std::string& dir, const TileGrid& grid,
                                       TileIndex tile) {
  std::vector<OutputRequest> out;
  for (const OutputRequest& p : patterns) {
    out.push_back({p.format, inDir(dir, tileFileName(p.path, grid, tile)), p.options});
  }
  return out;
}

std::string tileSidecarPath(std::span<const OutputRequest> patterns, const std::string& dir,
                            const TileGrid& grid, TileIndex tile) {
  return inDir(dir, stemOf(patterns.front().path) + tileSuffix(grid, tile) + ".json");
}

std::string manifestPath(std::span<const OutputRequest> patterns, const std::string& dir) {
  return inDir(dir, stemOf(patterns.front().path) + ".json");
}

bool tileComplete(const std::string& sidecarPath, std::span<const OutputRequest> files,
                  const std::string& fingerprint) {
  std::ifstream in(sidecarPath);
  if (!in) return false;
  std::stringstream text;
  text << in.rdbuf();
  const Json sidecar = Json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (!sidecar.is_object() || !sidecar.contains("tile") ||
      sidecar["tile"].value("fingerprint", "") != fingerprint) {
    return false;
  }
  std::error_code ec;
  for (const OutputRequest& f : files) {
    if (!std::filesystem::is_regular_file(f.path, ec)) return false;
  }
  return true;
}

void writeTileSidecar(const std::string& path, const OutputInput& tileInput,
                      std::span<const OutputRequest> files, const TileGrid& grid, TileIndex tile,
                      const std::string& fingerprint) {
  Json sidecar = Json::parse(sidecarJson(tileInput, files, path));
  Json place = windowJson(grid, tile);
  place["world-size"] = grid.worldSize;
  place["fingerprint"] = fingerprint;
  sidecar["tile"] = place;
  writeText(path, sidecar.dump(2) + "\n");
}

void writeTileManifest(const std::string& path, const Document& worldDoc, const TileGrid& grid,
                       const TilePlan& plan, std::span<const OutputRequest> patterns,
                       const std::string& fingerprint) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  const bool wraps = sourceStage(worldDoc.source.key).wraps(worldDoc.source.values);
  const int side = static_cast<int>(grid.worldSize);
  Json manifest = {{"format", "terrain-explorer-tiles"},
                   {"version", kTileManifestVersion},
                   {"fingerprint", fingerprint},
                   {"world-size", grid.worldSize},
                   {"metres-per-cell", metresPerCell(worldDoc.world, side, wraps)},
                   {"world-width-m", worldDoc.world.width},
                   {"height-range-m", {{"min", 0.0}, {"max", worldDoc.world.heightRange}}},
                   {"grid", gridJson(grid)}};
  if (plan.build == TileBuild::WholeWorld) {
    manifest["build"] =
        "whole world: every tile computes the whole world and cuts its window (" + plan.why + ")";
    manifest["height-scale"] = {{"basis", "the whole world's minimum and maximum"}};
  } else {
    manifest["build"] =
        plan.build == TileBuild::Windowed
            ? std::string("windowed: each tile computed alone, bit for bit its window of the world")
            : "two-stage (" + plan.why + "): every stage runs on the whole world at " +
                  std::to_string(plan.coarseSide) +
                  " samples; each tile is its source's window plus what the stages changed "
                  "there, upsampled bilinearly";
    manifest["height-scale"] = {{"raw-low", plan.scale->low},
                                {"raw-high", plan.scale->high},
                                {"basis", plan.scale->basis},
                                {"height", "(raw - raw-low) / (raw-high - raw-low)"}};
  }
  Json project = tiledWorldJson(worldDoc);
  manifest["seed"] = std::move(project.at("seed"));
  manifest["source"] = std::move(project.at("source"));
  manifest["modifiers"] = std::move(project.at("modifiers"));
  Json tiles = Json::array();
  for (int row = 0; row < grid.rows; ++row) {
    for (int column = 0; column < grid.columns; ++column) {
      const TileIndex tile{column, row};
      Json entry = windowJson(grid, tile);
      Json names = Json::array();
      for (const OutputRequest& f : tileOutputs(patterns, "", grid, tile)) names.push_back(f.path);
      entry["files"] = names;
      entry["sidecar"] =
          std::filesystem::path(tileSidecarPath(patterns, dir, grid, tile)).filename().string();
      tiles.push_back(entry);
    }
  }
  manifest["tiles"] = tiles;
  writeText(path, manifest.dump(2) + "\n");
}

}  // namespace terrain
