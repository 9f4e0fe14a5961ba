#pragma once
// Worlds larger than one map (issue 9): a world of `size` samples a side
// cut into columns x rows tiles that share their edge samples, as Unity's
// and Unreal's tiled terrains expect (a 2x2 tiling of a 513 world is four
// 257 tiles), each grown by `overlap` samples on every side.
//
// How a tile is made (the plan says which, and the manifest):
// - Windowed: the sources compute windows (their samples are pure
//   functions of seed and position) and every node is per cell or a
//   bounded neighbourhood: the tile alone, in memory for the tile and its
//   halo, bit for bit that window of the whole world.
// - Two-stage: the sources compute windows but a node needs the whole map
//   (erosion, smoothing) and the world is large: the whole document runs
//   once at a coarse size, and in each tile every whole-map node gives its
//   fine input plus what it changed at the coarse size, upsampled
//   bilinearly, while every other node runs on the tile. The coarse world's
//   valleys, fine detail on top, uneroded at the finest scales.
// - Whole world: a source that cannot compute windows, or a small world:
//   every tile computes the whole world (at most the map cap, 16385) and
//   cuts its window.
// Each is a pure function of the world position, so tiles always agree.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/base/heightfield.hpp"
#include "core/base/map_window.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/graph/graph.hpp"
#include "core/graph/window_evaluation.hpp"
#include "core/mesh/field_halo.hpp"

namespace terrain {

// File names in the engine's own convention: Unreal "Name_x0_y0" (x the
// column, y the row from the north edge), Unity "Name_X_Z" (Z counts rows
// from the south edge, as Unity's Z axis points north).
enum class TileNaming : int { Unreal = 0, Unity = 1 };
std::span<const std::string_view> tileNamingNames();  // "unreal", "unity"
TileNaming tileNaming(std::string_view name);         // throws InputError naming both

// The largest world a tiled export takes: 1024 tiles of 1025 or 256 of 4097.
inline constexpr std::int64_t kMaxTiledWorldSide = (std::int64_t{1} << 20) + 1;

struct TileGrid {
  std::int64_t worldSize = 513;  // samples a side
  int columns = 1;
  int rows = 1;
  int overlap = 0;  // extra samples on every side of a tile
  TileNaming naming = TileNaming::Unreal;
  // The world is a torus of worldSize cells: the last tiles end on the
  // first samples again, so the tiles tile.
  bool wraps = false;

  std::int64_t cells() const { return wraps ? worldSize : worldSize - 1; }
  // Samples a side of a tile without its overlap: they share edges.
  int tileWidth() const { return static_cast<int>(cells() / columns + 1); }
  int tileHeight() const { return static_cast<int>(cells() / rows + 1); }
  int count() const { return columns * rows; }
};

// "2x3" is 2 columns, 3 rows; throws InputError naming the form.
struct TileCount {
  int columns = 1;
  int rows = 1;
};
TileCount parseTileCount(std::string_view text);

// Throws InputError naming what is wrong and what is allowed: the world
// does not split into whole tiles, tiles under 2 samples, overlap larger
// than a tile, a tile over the map cap.
void validate(const TileGrid& grid);

struct TileIndex {
  int column = 0;
  int row = 0;
};
// "5" (row-major: row * columns + column) or "1,2" (column, row); throws
// InputError naming the allowed range.
TileIndex parseTileIndex(std::string_view text, const TileGrid& grid);
int linearIndex(const TileGrid& grid, TileIndex tile);

// The world samples the tile covers, overlap included.
MapWindow tileWindow(const TileGrid& grid, TileIndex tile);
// "_x1_y0" (Unreal) or "_1_0" (Unity) for a file name.
std::string tileSuffix(const TileGrid& grid, TileIndex tile);
// name "world.r16" -> "world_x1_y0.r16": the suffix before the extension.
std::string tileFileName(std::string_view name, const TileGrid& grid, TileIndex tile);

enum class TileBuild : std::uint8_t { Windowed, TwoStage, WholeWorld };

// Worlds up to this side with a modifier that looks beyond each cell are
// made whole (exact); larger ones in two stages at kTwoStageCoarseSide.
inline constexpr std::int64_t kWholeWorldTileLimit = 2049;
inline constexpr int kTwoStageCoarseSide = 1025;

// How the tiles of a document's world are made. Windowed and WholeWorld
// evaluate the document's graph (a chain's too) through the one evaluator.
struct TilePlan {
  TileBuild build = TileBuild::WholeWorld;
  PortRef output;  // what the tiles hold: the graph's terrain or a chosen node's output
  std::optional<TileScale> scale;        // a chain's source's shared raw range (not WholeWorld)
  int coarseSide = kTwoStageCoarseSide;  // TwoStage: the coarse world's side
  std::string why;  // why not Windowed ("" when it is), for messages and the manifest
};
// Throws InputError when neither works (a world over the map cap whose
// source or modifiers cannot compute windows), naming what stops it.
// Windowed when every node the output depends on is per-cell or a bounded
// neighbourhood (each computes its tile with the halo its readers need);
// with whole-map nodes, TwoStage above 2049 when the sources compute
// windows, else WholeWorld (core/graph/window_evaluation.hpp does both).
// `output`: a node's output to tile instead of the terrain (graphs only).
TilePlan planTiles(const Document& worldDoc, const TileGrid& grid,
                   std::optional<PortRef> output = std::nullopt);

struct Tile {
  Heightfield field;  // the window's heights (and erosion maps, cut alike)
  World world;        // the metres it covers: the world's metres per cell kept
  // Made with a halo: the window grown by a sample on each side where the
  // world goes on (on a torus, every side), made as the tile is, so its
  // inner samples are the field's bit for bit; empty otherwise.
  Heightfield grown;
  FieldHalo halo() const;  // over `grown` (none when it is empty); valid while the tile lives
  int haloLeft = 0;
  int haloTop = 0;
  int haloRight = 0;
  int haloBottom = 0;
};
// Makes the tiles of one world: what they share (a two-stage world's
// coarse world) is computed once, at the first tile, and kept for the rest.
// worldDoc's size is the world's; the maker keeps references to its
// arguments. make() throws InputError, Cancelled as runPipeline does.
class TileMaker {
 public:
  TileMaker(const Document& worldDoc, const TileGrid& grid, const TilePlan& plan);
  // withHalo: also the samples around the tile (Tile::grown), for normals
  // at its edges that match its neighbours'.
  Tile make(TileIndex tile, const PipelineControl& control = {}, bool withHalo = false);
  // The coarse world once a two-stage tile has been made, else null.
  const CoarseWorld* coarseWorld() const { return coarse_ ? &*coarse_ : nullptr; }

 private:
  const Document& worldDoc_;
  const TileGrid& grid_;
  const TilePlan& plan_;
  Graph graph_;
  PortRef output_;
  bool wraps_ = false;
  double cellMetres_ = 0.0;
  std::optional<CoarseWorld> coarse_;
};

// One tile alone (a farm's process makes one): TileMaker's make.
Tile buildTile(const Document& worldDoc, const TileGrid& grid, const TilePlan& plan, TileIndex tile,
               const PipelineControl& control = {});

// The window of a whole map: samples beyond it repeat its edge (wrap on a
// torus). Erosion maps are cut alike.
Heightfield cutWindow(const Heightfield& world, const MapWindow& window);

}  // namespace terrain
