#include "core/export/tiles.hpp"

#include <algorithm>
#include <charconv>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/graph/window_evaluation.hpp"
#include "core/nodes/registry.hpp"

namespace terrain {
namespace {

constexpr std::string_view kNamingNames[] = {"unreal", "unity"};
constexpr int kMaxTilesPerSide = 1024;

// A whole number in [min, max] or nullopt.
std::optional<std::int64_t> wholeNumber(std::string_view text, std::int64_t min, std::int64_t max) {
  std::int64_t value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size()) return std::nullopt;
  if (value < min || value > max) return std::nullopt;
  return value;
}

// "1, 2, 4, 8" : the tile counts a side of `cells` cells splits into.
std::string countsThatSplit(std::int64_t cells) {
  std::string out;
  int listed = 0;
  for (std::int64_t n = 1; n <= kMaxTilesPerSide && n <= cells && listed < 12; ++n) {
    if (cells % n != 0) continue;
    out.append(out.empty() ? "" : ", ").append(std::to_string(n));
    ++listed;
  }
  return out;
}

void requireSplits(const TileGrid& grid, int count, std::string_view what) {
  const std::int64_t cells = grid.cells();
  if (cells % count == 0 && cells / count >= 1) return;
  std::string message = "--tiles: a world of ";
  message.append(std::to_string(grid.worldSize))
      .append(" samples does not split into ")
      .append(std::to_string(count))
      .append(" ")
      .append(what)
      .append(" that share their edge samples (its ")
      .append(std::to_string(cells))
      .append(grid.wraps ? " cells, size on a torus," : " cells, size - 1,")
      .append(" must be a multiple of the count); counts that do: ")
      .append(countsThatSplit(cells));
  throw InputError(message);
}

std::vector<float> cutLayer(const std::vector<float>& layer, int worldWidth, int worldHeight,
                            bool wraps, const MapWindow& window) {
  if (layer.empty()) return {};
  std::vector<float> out(Heightfield::cellCount(window.width, window.height));
  std::size_t i = 0;
  for (int y = 0; y < window.height; ++y) {
    const std::int64_t wy = worldSample(window.y0 + y, worldHeight, wraps);
    const float* row = layer.data() + wy * worldWidth;
    for (int x = 0; x < window.width; ++x) {
      out[i++] = row[worldSample(window.x0 + x, worldWidth, wraps)];
    }
  }
  return out;
}

// Every source of the graph makes the world's size; the graph as it would
// be as a map of the largest size allowed is valid.
void checkGraphWorld(const Document& worldDoc, const TileGrid& grid, std::int64_t& largestWhole) {
  largestWhole = kMaxMapSide;
  for (const GraphNode& node : worldDoc.graph.nodes) {
    const SourceStage* source = findSource(node.type);
    if (source == nullptr) continue;
    const std::string name = "node " + std::to_string(node.id) + " (" + node.type + ")";
    if (source->profile()) {
      throw InputError("--tiles: " + name + " makes a profile (one row); tiles are for maps");
    }
    if (!source->sizeOnGrid(grid.worldSize) || grid.worldSize < source->minSize()) {
      throw InputError("--size: " + std::to_string(grid.worldSize) + " is not allowed for " + name +
                       "; allowed: " + source->sizeRuleText());
    }
    largestWhole = std::min<std::int64_t>(largestWhole, source->maxSize());
  }
  terrain::validate(mapSizedCopy(worldDoc));
}

// The coarse side every source of the graph makes (their grids differ:
// noise takes any size, coastline powers of two), or 0.
int graphCoarseSide(const Graph& graph) {
  int side = 0;
  for (const GraphNode& node : graph.nodes) {
    const SourceStage* source = findSource(node.type);
    if (source == nullptr) continue;
    if (side == 0) side = source->snapSize(kTwoStageCoarseSide);
    if (!source->sizeAllowed(side)) return 0;
  }
  return side;
}

TilePlan planGraphTiles(const Document& worldDoc, const TileGrid& grid, PortRef output) {
  std::int64_t largestWhole = 0;
  checkGraphWorld(worldDoc, grid, largestWhole);
  const Graph& graph = worldDoc.graph;
  TilePlan plan;
  plan.output = output;
  plan.why = whyNotWindowed(graph, output.node);
  if (plan.why.empty()) {
    plan.build = TileBuild::Windowed;
    return plan;
  }
  plan.coarseSide = graphCoarseSide(graph);
  if (grid.worldSize > kWholeWorldTileLimit && plan.coarseSide > 0 &&
      whyNoSourceWindows(graph, output.node).empty()) {
    plan.build = TileBuild::TwoStage;
    return plan;
  }
  plan.build = TileBuild::WholeWorld;
  if (grid.worldSize > largestWhole) {
    std::string reason = whyNoSourceWindows(graph, output.node);
    if (reason.empty()) reason = plan.why + " and its sources make no one coarse size";
    throw InputError("--tiles: " + reason +
                     ", so every tile computes the whole world, which must then be at most " +
                     std::to_string(largestWhole) + " a side; this one is " +
                     std::to_string(grid.worldSize) +
                     " (a graph whose sources all compute windows tiles any world)");
  }
  return plan;
}

}  // namespace

std::span<const std::string_view> tileNamingNames() {
  return kNamingNames;
}

TileNaming tileNaming(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kNamingNames); ++i) {
    if (kNamingNames[i] == name) return static_cast<TileNaming>(i);
  }
  throw InputError("--tile-names: " + excerpt(name) +
                   " is not a naming; allowed: unreal (Name_x0_y0) or unity (Name_X_Z)");
}

TileCount parseTileCount(std::string_view text) {
  const auto x = text.find('x');
  const std::string allowed =
      "COLUMNSxROWS, each 1 to " + std::to_string(kMaxTilesPerSide) + " (e.g. 2x2, 4x8)";
  if (x == std::string_view::npos) {
    throw InputError("--tiles: " + excerpt(text) + " is not " + allowed);
  }
  const auto columns = wholeNumber(text.substr(0, x), 1, kMaxTilesPerSide);
  const auto rows = wholeNumber(text.substr(x + 1), 1, kMaxTilesPerSide);
  if (!columns || !rows) {
    throw InputError("--tiles: " + excerpt(text) + " is not " + allowed);
  }
  return {static_cast<int>(*columns), static_cast<int>(*rows)};
}

void validate(const TileGrid& grid) {
  if (grid.worldSize < 3 || grid.worldSize > kMaxTiledWorldSide) {
    throw InputError("--tiles: a world of " + std::to_string(grid.worldSize) +
                     " samples; a tiled world has 3 to " + std::to_string(kMaxTiledWorldSide));
  }
  requireSplits(grid, grid.columns, "columns");
  requireSplits(grid, grid.rows, "rows");
  const int side = std::min(grid.tileWidth(), grid.tileHeight());
  if (grid.overlap < 0 || grid.overlap >= side) {
    throw InputError("--overlap: " + std::to_string(grid.overlap) + " is larger than a " +
                     std::to_string(grid.tileWidth()) + "x" + std::to_string(grid.tileHeight()) +
                     " tile allows; allowed: 0 to " + std::to_string(side - 1));
  }
  const std::int64_t widest =
      std::max(grid.tileWidth(), grid.tileHeight()) + std::int64_t{2} * grid.overlap;
  if (widest > kMaxMapSide) {
    throw InputError("--tiles: tiles of " + std::to_string(widest) +
                     " samples (overlap included) are larger than a map may be (" +
                     std::to_string(kMaxMapSide) + "); use more tiles");
  }
}

TileIndex parseTileIndex(std::string_view text, const TileGrid& grid) {
  const std::string range = "0 to " + std::to_string(grid.count() - 1) + ", or COLUMN,ROW with " +
                            "column 0 to " + std::to_string(grid.columns - 1) + " and row 0 to " +
                            std::to_string(grid.rows - 1);
  const auto comma = text.find(',');
  if (comma == std::string_view::npos) {
    if (const auto i = wholeNumber(text, 0, grid.count() - 1)) {
      return {static_cast<int>(*i % grid.columns), static_cast<int>(*i / grid.columns)};
    }
  } else {
    const auto column = wholeNumber(text.substr(0, comma), 0, grid.columns - 1);
    const auto row = wholeNumber(text.substr(comma + 1), 0, grid.rows - 1);
    if (column && row) return {static_cast<int>(*column), static_cast<int>(*row)};
  }
  throw InputError("--tile: " + excerpt(text) + " is not a tile of " +
                   std::to_string(grid.columns) + "x" + std::to_string(grid.rows) +
                   "; allowed: " + range);
}

int linearIndex(const TileGrid& grid, TileIndex tile) {
  return tile.row * grid.columns + tile.column;
}

MapWindow tileWindow(const TileGrid& grid, TileIndex tile) {
  const int w = grid.tileWidth();
  const int h = grid.tileHeight();
  return {std::int64_t{tile.column} * (w - 1) - grid.overlap,
          std::int64_t{tile.row} * (h - 1) - grid.overlap, w + 2 * grid.overlap,
          h + 2 * grid.overlap};
}

std::string tileSuffix(const TileGrid& grid, TileIndex tile) {
  const bool unity = grid.naming == TileNaming::Unity;
  const int y = unity ? grid.rows - 1 - tile.row : tile.row;
  std::string out(unity ? "_" : "_x");
  out.append(std::to_string(tile.column)).append(unity ? "_" : "_y").append(std::to_string(y));
  return out;
}

std::string tileFileName(std::string_view name, const TileGrid& grid, TileIndex tile) {
  const auto dot = name.rfind('.');
  const std::string_view stem =
      dot == std::string_view::npos || dot == 0 ? name : name.substr(0, dot);
  const std::string_view extension = stem.size() == name.size() ? "" : name.substr(stem.size());
  std::string out(stem);
  out.append(tileSuffix(grid, tile)).append(extension);
  return out;
}

TilePlan planTiles(const Document& worldDoc, const TileGrid& grid, std::optional<PortRef> output) {
  const PortRef terrain{worldDoc.graph.output, 0};
  TilePlan plan = planGraphTiles(worldDoc, grid, output.value_or(terrain));
  // A chain's heights are its one source's, on that source's shared range
  // (the manifest's height scale); a graph's sources each keep their own.
  if (plan.build != TileBuild::WholeWorld && plan.output == terrain && isLinear(worldDoc.graph)) {
    const GraphNode& source = chainSource(worldDoc.graph);
    plan.scale = sourceStage(source.type).tileScale(worldDoc.seed, source.values);
  }
  return plan;
}

Heightfield cutWindow(const Heightfield& world, const MapWindow& window) {
  Heightfield out;
  out.width = window.width;
  out.height = window.height;
  out.heights = cutLayer(world.heights, world.width, world.height, world.wraps, window);
  if (world.erosion) {
    const ErosionMaps& maps = *world.erosion;
    const auto cut = [&](const std::vector<float>& layer) {
      return cutLayer(layer, world.width, world.height, world.wraps, window);
    };
    out.erosion = std::make_shared<const ErosionMaps>(
        ErosionMaps{cut(maps.flow), cut(maps.wear), cut(maps.deposition)});
  }
  return out;
}

TileMaker::TileMaker(const Document& worldDoc, const TileGrid& grid, const TilePlan& plan)
    : worldDoc_(worldDoc),
      grid_(grid),
      plan_(plan),
      graph_(worldDoc.graph),
      output_(plan.output),
      wraps_(documentWraps(worldDoc)),
      cellMetres_(metresPerCell(worldDoc.world, static_cast<int>(grid.worldSize), wraps_)) {}

FieldHalo Tile::halo() const {
  if (grown.heights.empty()) return {};
  return {&grown, haloLeft, haloTop, haloRight, haloBottom};
}

Tile TileMaker::make(TileIndex tile, const PipelineControl& control, bool withHalo) {
  const MapWindow inner = tileWindow(grid_, tile);
  // The halo's sides: where the world goes on past the window (a torus
  // always does); none where it ends, whose normals stay one-sided.
  const auto goesOn = [&](bool inside) { return withHalo && (wraps_ || inside) ? 1 : 0; };
  const int left = goesOn(inner.x0 > 0);
  const int top = goesOn(inner.y0 > 0);
  const int right = goesOn(inner.x0 + inner.width < grid_.worldSize);
  const int bottom = goesOn(inner.y0 + inner.height < grid_.worldSize);
  const bool haloed = left + top + right + bottom > 0;
  const MapWindow window{inner.x0 - left, inner.y0 - top, inner.width + left + right,
                         inner.height + top + bottom};
  const NodeContext context{worldDoc_.seed, worldDoc_.world};
  const WorldWindow where{grid_.worldSize, wraps_, cellMetres_, window};
  Tile out;
  if (plan_.build == TileBuild::Windowed) {
    out.field = takePort(evaluateWindow(graph_, output_, context, where, control));
  } else if (plan_.build == TileBuild::TwoStage) {
    if (!coarse_) {
      coarse_ =
          evaluateCoarseWorld(graph_, output_.node, context, plan_.coarseSide, wraps_, control);
    }
    out.field = takePort(evaluateWindow(graph_, output_, context, where, control, &*coarse_));
  } else {
    out.field = cutWindow(runPipeline(worldDoc_, output_, control), window);
  }
  if (haloed) {
    out.grown = std::move(out.field);
    out.field = cutWindow(out.grown, {left, top, inner.width, inner.height});
    out.field.wraps = out.grown.wraps;
    out.haloLeft = left;
    out.haloTop = top;
    out.haloRight = right;
    out.haloBottom = bottom;
  }
  out.world = worldDoc_.world;
  out.world.width = cellMetres_ * (inner.width - 1);
  return out;
}

Tile buildTile(const Document& worldDoc, const TileGrid& grid, const TilePlan& plan, TileIndex tile,
               const PipelineControl& control) {
  return TileMaker(worldDoc, grid, plan).make(tile, control);
}

}  // namespace terrain
