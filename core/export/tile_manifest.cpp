#include "core/export/tile_manifest.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/document/project_json.hpp"
#include "core/export/sidecar.hpp"
#include "core/graph/node_type.hpp"
#include "core/graph/window_evaluation.hpp"
#include "core/io/atomic_file.hpp"
#include "core/nodes/registry.hpp"

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

std::string buildText(const TilePlan& plan) {
  switch (plan.build) {
    case TileBuild::Windowed:
      return "windowed: each tile computed alone, bit for bit its window of the world";
    case TileBuild::TwoStage:
      return "two-stage (" + plan.why + "): every node runs on the whole world at " +
             std::to_string(plan.coarseSide) +
             " samples; in each tile a whole-map node gives its input there plus what it "
             "changed at that size, upsampled bilinearly, and every other node runs on the tile";
    case TileBuild::WholeWorld:
      break;
  }
  return "whole world: every tile computes the whole world and cuts its window (" + plan.why + ")";
}

Json scaleJson(const TileScale& scale) {
  return {{"raw-low", scale.low},
          {"raw-high", scale.high},
          {"basis", scale.basis},
          {"height", "(raw - raw-low) / (raw-high - raw-low)"}};
}

Json heightScaleJson(const TilePlan& plan) {
  if (plan.build == TileBuild::WholeWorld) {
    return {{"basis", "the whole world's minimum and maximum"}};
  }
  if (plan.scale) return scaleJson(*plan.scale);
  return {{"basis",
           "each source node's heights on its own shared range (its \"scale\" under "
           "\"nodes\"), then the graph's nodes"}};
}

// What each node the tiles depend on needs of the world, in the order the
// nodes run: per cell, a neighbourhood of R cells (the halo a windowed tile
// computes it with), or the whole map.
Json nodesJson(const Document& worldDoc, const TileGrid& grid, const TilePlan& plan) {
  const Graph& graph = worldDoc.graph;
  const double cell =
      metresPerCell(worldDoc.world, static_cast<int>(grid.worldSize), documentWraps(worldDoc));
  const std::map<NodeId, int> halos = windowHalos(graph, plan.output.node, cell);
  Json nodes = Json::array();
  for (const NodeId id : upstreamOrder(graph, plan.output.node)) {
    const GraphNode& node = *graph.find(id);
    const NodeType& type = typeOf(node);
    Json entry = {{"id", id}, {"type", node.type}, {"enabled", node.enabled}};
    switch (type.locality(node.values)) {
      case Locality::PerCell:
        entry["locality"] = "per cell";
        break;
      case Locality::Neighbourhood:
        entry["locality"] = "neighbourhood";
        entry["reach-cells"] = type.reach(node.values, cell);
        break;
      case Locality::WholeMap:
        entry["locality"] = "whole map";
        break;
    }
    if (plan.build == TileBuild::Windowed) entry["halo-cells"] = halos.at(id);
    if (const SourceStage* source = findSource(node.type)) {
      if (const auto scale = source->tileScale(nodeSeed(worldDoc.seed, node), node.values)) {
        entry["scale"] = scaleJson(*scale);
      }
    }
    nodes.push_back(entry);
  }
  return nodes;
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
    for (const std::string& beside : f.format->companionsOf(f.path, files)) {
      if (!std::filesystem::is_regular_file(beside, ec)) return false;
    }
  }
  return true;
}

void writeTileSidecar(const std::string& path, const OutputInput& tileInput,
                      std::span<const OutputRequest> files, const TileGrid& grid, TileIndex tile,
                      const std::string& fingerprint, std::span<const WrittenFigures> figures) {
  Json sidecar = Json::parse(sidecarJson(tileInput, files, path, "", figures));
  Json place = windowJson(grid, tile);
  place["world-size"] = grid.worldSize;
  place["fingerprint"] = fingerprint;
  sidecar["tile"] = place;
  writeText(path, sidecar.dump(2) + "\n");
}

void writeTileManifest(const std::string& path, const Document& worldDoc, const TileGrid& grid,
                       const TilePlan& plan, std::span<const OutputRequest> patterns,
                       const std::string& fingerprint, const std::string& worldGltf) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  const bool wraps = documentWraps(worldDoc);
  const int side = static_cast<int>(grid.worldSize);
  Json manifest = {{"format", "terrain-explorer-tiles"},
                   {"version", kTileManifestVersion},
                   {"fingerprint", fingerprint},
                   {"world-size", grid.worldSize},
                   {"metres-per-cell", metresPerCell(worldDoc.world, side, wraps)},
                   {"world-width-m", worldDoc.world.width},
                   {"height-range-m",
                    {{"min", worldDoc.world.baseElevation},
                     {"max", worldDoc.world.baseElevation + worldDoc.world.heightRange}}},
                   {"grid", gridJson(grid)}};
  manifest["build"] = buildText(plan);
  manifest["height-scale"] = heightScaleJson(plan);
  Json project = tiledWorldJson(worldDoc);
  manifest["seed"] = std::move(project.at("seed"));
  for (const char* key : {"source", "modifiers", "graph"}) {
    if (project.contains(key)) manifest[key] = std::move(project.at(key));
  }
  if (plan.output != PortRef{worldDoc.graph.output, 0}) {
    manifest["output-node"] = outputNodeJson(worldDoc, plan.output);
  }
  manifest["nodes"] = nodesJson(worldDoc, grid, plan);
  Json tiles = Json::array();
  for (int row = 0; row < grid.rows; ++row) {
    for (int column = 0; column < grid.columns; ++column) {
      const TileIndex tile{column, row};
      Json entry = windowJson(grid, tile);
      Json names = Json::array();
      const std::vector<OutputRequest> files = tileOutputs(patterns, "", grid, tile);
      for (const OutputRequest& f : files) {
        names.push_back(f.path);
        for (const std::string& beside : f.format->companionsOf(f.path, files)) {
          names.push_back(beside);
        }
      }
      entry["files"] = names;
      entry["sidecar"] =
          std::filesystem::path(tileSidecarPath(patterns, dir, grid, tile)).filename().string();
      tiles.push_back(entry);
    }
  }
  manifest["tiles"] = tiles;
  if (!worldGltf.empty()) manifest["world-gltf"] = worldGltf;
  writeText(path, manifest.dump(2) + "\n");
}

}  // namespace terrain
