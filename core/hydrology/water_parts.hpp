#pragma once
// The parts of the water bodies' computation (core/hydrology/water.hpp)
// that more than one of its files shares: the grid, the flood's result,
// the lakes. water_flood.cpp fills and routes, water_lakes.cpp finds the
// lakes (the preview's too), water.cpp carries the water down and makes
// the maps.
#include <cstdint>
#include <span>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/run_control.hpp"
#include "core/base/world.hpp"
#include "core/hydrology/flow_neighbours.hpp"
#include "core/hydrology/water.hpp"

namespace terrain::water_parts {

using flow::kNeighbours;
using flow::kPollEvery;
using flow::kSlopePerDrop;

constexpr double kSecondsPerYear = 365.25 * 86400.0;
constexpr std::int32_t kNone = -1;
constexpr std::uint8_t kNoDirection = 8;

// The map's cells and their eight neighbours, wrapping on a torus.
struct Grid {
  int width = 0;
  int height = 0;
  bool wraps = false;

  std::size_t cells() const { return Heightfield::cellCount(width, height); }
  bool onEdge(std::size_t c) const {
    const auto w = static_cast<std::size_t>(width);
    const std::size_t x = c % w;
    const std::size_t y = c / w;
    return x == 0 || y == 0 || x + 1 == w || y + 1 == static_cast<std::size_t>(height);
  }
  // fn(direction, neighbour) for each neighbour on the map, in direction order.
  template <class Fn>
  void forNeighbours(std::size_t c, const Fn& fn) const {
    const int x = static_cast<int>(c % static_cast<std::size_t>(width));
    const int y = static_cast<int>(c / static_cast<std::size_t>(width));
    for (std::uint8_t d = 0; d < 8; ++d) {
      int nx = x + kNeighbours[d].dx;
      int ny = y + kNeighbours[d].dy;
      if (wraps) {
        nx = flow::wrapped(nx, width);
        ny = flow::wrapped(ny, height);
      } else if (nx < 0 || ny < 0 || nx >= width || ny >= height) {
        continue;
      }
      fn(d, static_cast<std::size_t>(ny) * static_cast<std::size_t>(width) +
                static_cast<std::size_t>(nx));
    }
  }
};

// Calls control's checkpoint every kPollEvery calls.
struct Poller {
  const RunControl& control;
  std::size_t count = 0;
  void operator()() {
    if (++count % kPollEvery == 0) control.checkpoint();
  }
};

// The fill levels (each lake's spill height, or the ground), each cell's
// receiver and the way to the cell it was reached from.
//
// Most of a map drains downhill to an outlet: there the fill level is the
// ground and the receiver the steepest descent, with no flood needed. Only
// the cells that drain into a pit (a cell with no lower neighbour), and
// those raised under a preview lake, are flooded: by priority-flood (Barnes,
// Lehman & Mulla 2014, with a FIFO for the flooded cells) from the cells
// around them, whose levels are already final. The levels are the same as
// a flood of the whole map's (a cell's fill is the lowest pass to an outlet,
// and a path out of the flooded set leaves it at a cell whose fill is its
// ground), at the cost of the pits' catchments instead of the whole map's.
struct Flood {
  std::vector<float> fill;
  std::vector<std::uint8_t> from;     // direction to the cell reached from, kSelf at an outlet
  std::vector<std::int32_t> flooded;  // cells under water (fill above ground), in order
};

constexpr std::uint8_t kSelf = 8;
constexpr std::uint8_t kUnreached = 0xFF;
// Not reached yet and raised above its ground (under a preview lake): when
// the heap gives it back it is under water, known without reading its ground.
constexpr std::uint8_t kRaised = 0xFE;

// kNeighbours is symmetric: the way back along direction d is 7 - d.
constexpr std::uint8_t opposite(std::uint8_t d) {
  return static_cast<std::uint8_t>(7 - d);
}

// The cell `from` points to (c itself at an outlet).
inline std::size_t parentOf(const Flood& flood, const Grid& grid, std::size_t c) {
  const std::uint8_t d = flood.from[c];
  if (d >= kSelf) return c;
  const int w = grid.width;
  int x = static_cast<int>(c % static_cast<std::size_t>(w)) + kNeighbours[d].dx;
  int y = static_cast<int>(c / static_cast<std::size_t>(w)) + kNeighbours[d].dy;
  if (grid.wraps) {
    x = flow::wrapped(x, w);
    y = flow::wrapped(y, grid.height);
  }
  return static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x);
}

// The receivers: the steepest descent on the fill levels where one is
// strictly lower (the first of equals in direction order), else the cell
// a cell was flooded from (across a lake or a flat); an outlet receives
// itself. A cell with neither (a pit before the flood) gets kNone.
struct Routes {
  std::vector<std::int32_t> receiver;
  std::vector<std::uint8_t> direction;
};

// The sea (see SeaExtent): 1 per sea cell.
std::vector<std::uint8_t> findSea(std::span<const float> ground, float seaHeight, SeaExtent extent,
                                  const Grid& grid);

// Fills `routes` (see Routes) and returns the fill levels.
Flood flood(std::span<const float> ground, std::span<const float> bed,
            std::span<const std::uint8_t> sea, float seaHeight, const Grid& grid,
            const RunControl& control, Routes& routes, Poller& poll);

// Connected flooded cells, each set a lake when its deepest cell is at
// least minDepth (height units) below its spill height and it covers
// minCells, numbered in the
// order the flood reached them; `cells` lists each lake's cells, from `start[lake]`.
// Within a lake, water is routed breadth first to the cell reached first,
// which drains to the outlet. A shallower set is a puddle the water crosses
// by the flood's own routes, left to the rivers.
struct Lakes {
  std::vector<Lake> lakes;
  std::vector<std::int32_t> root;  // the first of each lake's cells reached
  std::vector<std::int32_t> cells;
  std::vector<std::size_t> start;
};

//
// `footprint` (empty: every set may be a lake): where the preview's lakes
// lie; a set touching none of them is a puddle, so the lakes are the
// preview's at any size.
Lakes findLakes(const Flood& flood, std::span<const float> ground,
                std::span<const std::uint8_t> sea, std::span<const std::uint8_t> footprint,
                const Grid& grid, float minDepth, double minCells,
                std::vector<std::int32_t>& lakeOf, std::vector<std::int32_t>& receiver,
                std::vector<std::uint8_t>& direction, Poller& poll);

// The ground the map's flood climbs and where the preview's lakes lie.
struct PreviewLakes {
  std::vector<float> raised;            // the ground, at least each lake's spill under it
  std::vector<std::uint8_t> footprint;  // 1 under a preview lake
};

PreviewLakes previewLakes(const Heightfield& ground, const World& world, double cellMetres,
                          const WaterParams& params, const RunControl& control, Poller& poll);

// The level a lake that evaporates more than it gets settles at: as many of
// its lowest cells as its inflow can keep wet.
float loweredLevel(const Lakes& lakes, std::size_t id, std::span<const float> ground,
                   double wetCells);

}  // namespace terrain::water_parts
