// Water bodies: the sea, lakes and rivers of a terrain (core/hydrology/water.hpp).
#include "core/hydrology/water.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/base/grid_levels.hpp"
#include "core/base/parallel.hpp"
#include "core/base/portable_math.hpp"
#include "core/hydrology/flow_neighbours.hpp"
#include "core/hydrology/radix_heap.hpp"

namespace terrain {
namespace {

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

std::vector<std::uint8_t> findSea(std::span<const float> ground, float seaHeight, SeaExtent extent,
                                  const Grid& grid) {
  std::vector<std::uint8_t> sea(grid.cells(), 0);
  if (extent == SeaExtent::None) return sea;
  const bool everywhere = extent == SeaExtent::Below || grid.wraps;
  std::vector<std::int32_t> pending;
  for (std::size_t c = 0; c < sea.size(); ++c) {
    if (ground[c] >= seaHeight || !(everywhere || grid.onEdge(c))) continue;
    sea[c] = 1;
    if (!everywhere) pending.push_back(static_cast<std::int32_t>(c));
  }
  while (!pending.empty()) {
    const auto c = static_cast<std::size_t>(pending.back());
    pending.pop_back();
    grid.forNeighbours(c, [&](std::uint8_t, std::size_t n) {
      if (sea[n] != 0 || ground[n] >= seaHeight) return;
      sea[n] = 1;
      pending.push_back(static_cast<std::int32_t>(n));
    });
  }
  return sea;
}

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
std::size_t parentOf(const Flood& flood, const Grid& grid, std::size_t c) {
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

// The inverse of orderKey (-0 comes back as +0).
float heightOfKey(std::uint32_t key) {
  const std::uint32_t bits = (key & 0x80000000U) != 0 ? key & 0x7FFFFFFFU : ~key;
  float height = 0.0f;
  std::memcpy(&height, &bits, sizeof height);
  return height;
}

// The receivers: the steepest descent on the fill levels where one is
// strictly lower (the first of equals in direction order), else the cell
// a cell was flooded from (across a lake or a flat); an outlet receives
// itself. A cell with neither (a pit before the flood) gets kNone.
struct Routes {
  std::vector<std::int32_t> receiver;
  std::vector<std::uint8_t> direction;
};

// One cell's receiver; fn(visit) calls visit(d, m) for each neighbour.
template <class Neighbours>
void routeCell(std::span<const float> fill, std::span<const std::uint8_t> from, std::size_t c,
               std::size_t parent, const Neighbours& forNeighbours, Routes& routes) {
  routes.receiver[c] = from[c] >= kUnreached - 1 ? kNone : static_cast<std::int32_t>(parent);
  routes.direction[c] = kNoDirection;
  if (parent == c && from[c] == kSelf) return;
  float steepest = 0.0f;
  forNeighbours([&](std::uint8_t d, std::size_t m) {
    const float drop = (fill[c] - fill[m]) * kSlopePerDrop[d];
    if (drop > steepest) {
      steepest = drop;
      routes.receiver[c] = static_cast<std::int32_t>(m);
      routes.direction[c] = d;
    }
    // The way to the cell it was flooded from, kept when nothing is lower.
    if (steepest == 0.0f && m == parent && from[c] < kSelf) routes.direction[c] = d;
  });
}

// Every cell's receiver, on the run's threads.
void routeAll(std::span<const float> fill, std::span<const std::uint8_t> from, const Grid& grid,
              const RunControl& control, Routes& routes) {
  const std::array<std::ptrdiff_t, 8> step = flow::offsetsInside(grid.width);
  parallelFor(control.exec, 0, grid.height, flow::kPollRows, [&](std::int64_t a, std::int64_t b) {
    control.checkpoint();
    for (std::int64_t y = a; y < b; ++y) {
      const bool inner = y > 0 && y + 1 < grid.height;
      for (int x = 0; x < grid.width; ++x) {
        const std::size_t c = static_cast<std::size_t>(y) * static_cast<std::size_t>(grid.width) +
                              static_cast<std::size_t>(x);
        // Inside the outer ring the neighbours are fixed steps away: no
        // coordinates to work out, no wrapping (the same cells, the same order).
        if (inner && x > 0 && x + 1 < grid.width) {
          const std::uint8_t back = from[c];
          const std::size_t parent =
              back >= kSelf ? c
                            : static_cast<std::size_t>(static_cast<std::ptrdiff_t>(c) + step[back]);
          routeCell(
              fill, from, c, parent,
              [&](const auto& fn) {
                for (std::uint8_t d = 0; d < 8; ++d) {
                  fn(d, static_cast<std::size_t>(static_cast<std::ptrdiff_t>(c) + step[d]));
                }
              },
              routes);
        } else {
          std::size_t parent = c;
          if (from[c] < kSelf) {
            int px = x + kNeighbours[from[c]].dx;
            int py = static_cast<int>(y) + kNeighbours[from[c]].dy;
            if (grid.wraps) {
              px = flow::wrapped(px, grid.width);
              py = flow::wrapped(py, grid.height);
            }
            parent = static_cast<std::size_t>(py) * static_cast<std::size_t>(grid.width) +
                     static_cast<std::size_t>(px);
          }
          routeCell(
              fill, from, c, parent, [&](const auto& fn) { grid.forNeighbours(c, fn); }, routes);
        }
      }
    }
  });
}

// `ground`: the heights the flood climbs (the terrain raised to the preview's
// lake levels, see previewLakes); `bed`: the terrain itself, under which a
// cell counts as flooded. Fills `routes`.
Flood flood(std::span<const float> ground, std::span<const float> bed,
            std::span<const std::uint8_t> sea, float seaHeight, const Grid& grid,
            const RunControl& control, Routes& routes, Poller& poll) {
  const std::size_t n = grid.cells();
  Flood out{std::vector<float>(ground.begin(), ground.end()),
            std::vector<std::uint8_t>(n, kUnreached),
            {}};
  float* const fill = out.fill.data();
  std::uint8_t* const from = out.from.data();
  // The outlets: the sea at its level, a map's edges, else (a torus above
  // the sea) its lowest cell, the first of equals.
  bool anyOutlet = false;
  for (std::size_t c = 0; c < n; ++c) {
    if (sea[c] == 0) continue;
    fill[c] = seaHeight;
    from[c] = kSelf;
    anyOutlet = true;
  }
  if (!grid.wraps && n > 0) {
    const auto w = static_cast<std::size_t>(grid.width);
    for (std::size_t x = 0; x < w; ++x) {
      from[x] = kSelf;
      from[n - w + x] = kSelf;
    }
    for (std::size_t c = 0; c < n; c += w) {
      from[c] = kSelf;
      from[c + w - 1] = kSelf;
    }
    anyOutlet = true;
  }
  if (!anyOutlet && n > 0) {
    from[static_cast<std::size_t>(std::min_element(ground.begin(), ground.end()) -
                                  ground.begin())] = kSelf;
  }
  // Downhill first: every cell with a lower neighbour takes the steepest
  // (kNone where none is: a pit).
  routes.receiver.resize(n);
  routes.direction.resize(n);
  routeAll(out.fill, out.from, grid, control, routes);
  control.checkpoint();
  // The flooded set: the pits and every cell draining into them (up the
  // receivers), then the raised ground.
  std::vector<std::uint8_t> member(n, 0);  // 1: the flooded set, 2: a cell around it
  std::vector<std::int32_t> set;
  for (std::size_t c = 0; c < n; ++c) {
    if (routes.receiver[c] != kNone) continue;
    member[c] = 1;
    set.push_back(static_cast<std::int32_t>(c));
  }
  // Ground full of pits (raw noise) floods most of the map: then the
  // whole map is flooded from its outlets, which costs less than finding
  // the set first.
  // (Raw diamond-square has a pit in one cell of eight; ground that eroded
  // has next to none.)
  const std::size_t most = set.size() > n / 64 ? 0 : n / 4;
  for (std::size_t i = 0; i < set.size() && set.size() <= most; ++i) {
    poll();
    const auto c = static_cast<std::size_t>(set[i]);
    grid.forNeighbours(c, [&](std::uint8_t, std::size_t m) {
      if (member[m] != 0 || routes.receiver[m] != static_cast<std::int32_t>(c)) return;
      member[m] = 1;
      set.push_back(static_cast<std::int32_t>(m));
    });
  }
  const bool whole = set.size() > most;
  const bool anyRaised = ground.data() != bed.data();
  for (std::size_t c = 0; anyRaised && !whole && c < n; ++c) {
    if (member[c] != 0 || ground[c] <= bed[c] || sea[c] != 0) continue;
    member[c] = 1;
    set.push_back(static_cast<std::int32_t>(c));
  }
  // Outside the set a cell is reached already, by the way it drains.
  for (std::size_t c = 0; !whole && c < n; ++c) {
    if (member[c] == 0 && from[c] == kUnreached) from[c] = routes.direction[c];
  }
  // The heap holds a raised cell as ~cell (negative): it comes back flooded.
  RadixHeap open;
  const auto push = [&](std::size_t c, float level, bool raised) {
    const auto cell = static_cast<std::int32_t>(c);
    open.push(orderKey(level), raised ? ~cell : cell);
  };
  if (whole) {
    set.clear();
    // Every cell but the outlets waits to be reached; the sea's
    // neighbours wait at their own level, the other outlets at theirs.
    for (std::size_t c = 0; c < n; ++c) {
      if (from[c] != kSelf) {
        from[c] = anyRaised && ground[c] > bed[c] ? kRaised : kUnreached;
      } else if (sea[c] == 0) {
        push(c, fill[c], anyRaised && ground[c] > bed[c]);
      }
    }
    for (std::size_t c = 0; c < n; ++c) {
      if (sea[c] == 0) continue;
      grid.forNeighbours(c, [&](std::uint8_t d, std::size_t m) {
        const std::uint8_t was = from[m];
        if (was <= kSelf) return;
        from[m] = opposite(d);
        push(m, fill[m], was == kRaised);  // above the sea
      });
    }
  }
  // The set's cells wait to be reached (an outlet among them is reached
  // at once); the cells around them are final and start the flood.
  for (const std::int32_t cell : set) {
    const auto c = static_cast<std::size_t>(cell);
    const bool raised = anyRaised && ground[c] > bed[c];
    if (from[c] == kSelf) {
      push(c, fill[c], raised);
      continue;
    }
    from[c] = raised ? kRaised : kUnreached;
  }
  for (const std::int32_t cell : set) {
    grid.forNeighbours(static_cast<std::size_t>(cell), [&](std::uint8_t, std::size_t m) {
      if (member[m] != 0) return;
      member[m] = 2;
      push(m, fill[m], false);
    });
  }
  // Flooded cells wait in a FIFO ahead of the heap: a lake is crossed
  // breadth first from its outlet, in O(1) per cell.
  struct Waiting {
    std::int32_t cell;
    float level;
  };
  std::vector<Waiting> waiting;
  std::size_t next = 0;
  const std::array<std::ptrdiff_t, 8> step = flow::offsetsInside(grid.width);
  const auto w = static_cast<std::size_t>(grid.width);
  const auto h = static_cast<std::size_t>(grid.height);
  // Reaches m from c (d the way from c to m) at c's level.
  const auto reach = [&](std::size_t m, std::uint8_t d, float level) {
    const std::uint8_t was = from[m];
    if (was <= kSelf) return;
    from[m] = opposite(d);
    const float hm = fill[m];
    if (hm <= level) {
      fill[m] = level;
      waiting.push_back({static_cast<std::int32_t>(m), level});
    } else {
      push(m, hm, was == kRaised);
    }
  };
  while (next < waiting.size() || !open.empty()) {
    std::size_t c = 0;
    float level = 0.0f;
    if (next < waiting.size()) {
      c = static_cast<std::size_t>(waiting[next].cell);
      level = waiting[next].level;
      ++next;
      if (next == waiting.size()) {
        waiting.clear();
        next = 0;
      }
      if (level > bed[c] && sea[c] == 0) out.flooded.push_back(static_cast<std::int32_t>(c));
    } else {
      std::uint32_t key = 0;
      const std::int32_t popped = open.pop(key);
      c = static_cast<std::size_t>(popped < 0 ? ~popped : popped);
      level = heightOfKey(key);
      if (level == 0.0f) level = fill[c];  // keeps a -0's sign bit
      // Raised ground is reached at its own level yet under water (the sea
      // never waits in the heap).
      if (popped < 0) out.flooded.push_back(static_cast<std::int32_t>(c));
    }
    poll();
    const std::size_t x = c % w;
    const std::size_t y = c / w;
    if (x > 0 && y > 0 && x + 1 < w && y + 1 < h) {
      for (std::uint8_t d = 0; d < 8; ++d) {
        reach(static_cast<std::size_t>(static_cast<std::ptrdiff_t>(c) + step[d]), d, level);
      }
    } else {
      grid.forNeighbours(c, [&](std::uint8_t d, std::size_t m) { reach(m, d, level); });
    }
  }
  // The set and the cells around it routed again on the final levels.
  if (whole) {
    routeAll(out.fill, out.from, grid, control, routes);
    return out;
  }
  for (std::size_t c = 0; c < n; ++c) {
    if (member[c] == 0) continue;
    routeCell(
        out.fill, out.from, c, parentOf(out, grid, c),
        [&](const auto& fn) { grid.forNeighbours(c, fn); }, routes);
  }
  return out;
}

// Connected flooded cells, each set a lake when its deepest cell is at
// least minDepth (height units) below its spill height and it covers
// minCells, numbered in the
// flood's order; `cells` lists each lake's cells, from `start[lake]`.
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
                std::vector<std::uint8_t>& direction, Poller& poll) {
  constexpr std::int32_t kPuddle = -2;
  Lakes out;
  lakeOf.assign(grid.cells(), kNone);
  const auto isFlooded = [&](std::size_t c) { return sea[c] == 0 && flood.fill[c] > ground[c]; };
  // One level per lake: raised ground can put water at two levels side by
  // side (plain terrain floods all at one).
  struct Step {
    std::int32_t cell;
    std::int32_t from;
    std::uint8_t direction;
  };
  std::vector<Step> found;
  for (const std::int32_t first : flood.flooded) {
    poll();
    const auto c0 = static_cast<std::size_t>(first);
    if (lakeOf[c0] != kNone) continue;
    const auto id = static_cast<std::int32_t>(out.lakes.size());
    const auto outlet = static_cast<std::int32_t>(parentOf(flood, grid, c0));
    found.assign(1, {first, outlet, kNoDirection});
    lakeOf[c0] = id;
    float lowest = ground[c0];
    const float level = flood.fill[c0];
    bool previewed = footprint.empty() || footprint[c0] != 0;
    for (std::size_t i = 0; i < found.size(); ++i) {
      const auto c = static_cast<std::size_t>(found[i].cell);
      grid.forNeighbours(c, [&](std::uint8_t d, std::size_t m) {
        if (!isFlooded(m) || lakeOf[m] != kNone || flood.fill[m] != level) return;
        lakeOf[m] = id;
        lowest = std::min(lowest, ground[m]);
        if (!footprint.empty()) previewed = previewed || footprint[m] != 0;
        found.push_back({static_cast<std::int32_t>(m), static_cast<std::int32_t>(c),
                         static_cast<std::uint8_t>(7 - d)});
      });
    }
    if (!previewed || level - lowest < minDepth || static_cast<double>(found.size()) < minCells) {
      for (const Step& step : found) lakeOf[static_cast<std::size_t>(step.cell)] = kPuddle;
      continue;
    }
    out.start.push_back(out.cells.size());
    out.root.push_back(first);
    for (std::size_t i = 1; i < found.size(); ++i) {
      const auto m = static_cast<std::size_t>(found[i].cell);
      receiver[m] = found[i].from;
      direction[m] = found[i].direction;
    }
    for (const Step& step : found) out.cells.push_back(step.cell);
    Lake lake;
    lake.spill = flood.fill[c0];
    lake.level = lake.spill;
    lake.outlet = outlet;
    lake.cells = static_cast<std::int32_t>(found.size());
    out.lakes.push_back(lake);
  }
  out.start.push_back(out.cells.size());
  for (std::int32_t& id : lakeOf) {
    if (id == kPuddle) id = kNone;
  }
  return out;
}

// --- The preview's lakes (a map larger than the preview's grid) ---
//
// Lakes are found on a grid of fixed world resolution, the 257 preview's
// (the grid stream power solves on, core/base/grid_levels.hpp): its ground
// is the map averaged over each preview cell, so an outlet cut narrower
// than a preview cell (droplets cut them at 1025 and finer) does not drain
// a lake the preview holds. Each preview lake's spill height is then the
// least height of the map's cells under it: the flood of the map climbs
// that raised ground, so a lake stands at the preview's level, spills where
// the map's own ground lets it, and keeps every property of a flood.

constexpr int kPreviewSize = 257;

// The mean of the map over each coarse cell (a box one coarse cell wide
// around each coarse sample; a map's cell cut by its edge counts its share),
// along x then along y.
std::vector<float> boxMean(const Heightfield& field, const SolveGrid& grid, const Execution& exec) {
  const int w = field.width;
  const int h = field.height;
  const bool wraps = field.wraps;
  const auto perOf = [&](int fine, int coarse) {
    return wraps ? static_cast<double>(fine) / coarse
                 : static_cast<double>(fine - 1) / (coarse - 1);
  };
  // Weights of the map's samples around coarse sample i: the share of each
  // sample's cell [x - 0.5, x + 0.5] inside the box.
  struct Tap {
    int at;
    float weight;
  };
  const auto tapsOf = [&](int fine, int coarse) {
    const double per = perOf(fine, coarse);
    std::vector<std::vector<Tap>> taps(static_cast<std::size_t>(coarse));
    for (int i = 0; i < coarse; ++i) {
      const double centre = i * per;
      const int lo = static_cast<int>(std::floor(centre - per / 2.0));
      const int hi = static_cast<int>(std::ceil(centre + per / 2.0));
      double sum = 0.0;
      for (int x = lo; x <= hi; ++x) {
        const double cover = std::clamp(per / 2.0 + 0.5 - std::abs(x - centre), 0.0, 1.0);
        if (cover <= 0.0) continue;
        int at = x;
        if (wraps) {
          at = flow::wrapped(x, fine);
        } else if (x < 0 || x >= fine) {
          continue;
        }
        sum += cover;
        taps[static_cast<std::size_t>(i)].push_back({at, static_cast<float>(cover)});
      }
      for (Tap& t : taps[static_cast<std::size_t>(i)]) {
        t.weight = static_cast<float>(static_cast<double>(t.weight) / sum);
      }
    }
    return taps;
  };
  const auto alongX = tapsOf(w, grid.width);
  const auto alongY = tapsOf(h, grid.height);
  const auto cw = static_cast<std::size_t>(grid.width);
  std::vector<float> rows(static_cast<std::size_t>(h) * cw);
  parallelFor(exec, 0, h, 64, [&](std::int64_t a, std::int64_t b) {
    for (auto y = static_cast<std::size_t>(a); y < static_cast<std::size_t>(b); ++y) {
      const float* const row = field.heights.data() + y * static_cast<std::size_t>(w);
      for (std::size_t i = 0; i < cw; ++i) {
        float sum = 0.0f;
        for (const Tap& t : alongX[i]) sum += t.weight * row[t.at];
        rows[y * cw + i] = sum;
      }
    }
  });
  std::vector<float> out(static_cast<std::size_t>(grid.height) * cw);
  parallelFor(exec, 0, grid.height, 16, [&](std::int64_t a, std::int64_t b) {
    for (auto j = static_cast<std::size_t>(a); j < static_cast<std::size_t>(b); ++j) {
      for (std::size_t i = 0; i < cw; ++i) {
        float sum = 0.0f;
        for (const Tap& t : alongY[j])
          sum += t.weight * rows[static_cast<std::size_t>(t.at) * cw + i];
        out[j * cw + i] = sum;
      }
    }
  });
  return out;
}

// The ground the map's flood climbs and where the preview's lakes lie.
struct PreviewLakes {
  std::vector<float> raised;            // the ground, at least each lake's spill under it
  std::vector<std::uint8_t> footprint;  // 1 under a preview lake
};

PreviewLakes previewLakes(const Heightfield& ground, const World& world, double cellMetres,
                          const WaterParams& params, const RunControl& control, Poller& poll) {
  const SolveGrid solve = solveGridOf(ground.width, ground.height, ground.wraps, kPreviewSize);
  if (solve.width < 2 || solve.height < 2) return {};
  const Grid coarse{solve.width, solve.height, ground.wraps};
  const std::vector<float> mean = boxMean(ground, solve, control.exec);
  const double perX = ground.wraps ? static_cast<double>(ground.width) / solve.width
                                   : static_cast<double>(ground.width - 1) / (solve.width - 1);
  const double perY = ground.wraps ? static_cast<double>(ground.height) / solve.height
                                   : static_cast<double>(ground.height - 1) / (solve.height - 1);
  const double coarseMetres = cellMetres * perX;
  const auto seaHeight = static_cast<float>(heightOf(world, params.seaLevel));
  const std::vector<std::uint8_t> sea = findSea(mean, seaHeight, params.sea, coarse);
  Routes routes;
  const Flood filled = flood(mean, mean, sea, seaHeight, coarse, control, routes, poll);
  std::vector<std::int32_t> lakeOf;
  const Lakes found = findLakes(filled, mean, sea, {}, coarse,
                                static_cast<float>(params.minLakeDepth / world.heightRange),
                                params.minLakeArea / (coarseMetres * coarseMetres), lakeOf,
                                routes.receiver, routes.direction, poll);
  PreviewLakes out;
  out.raised = ground.heights;
  out.footprint.assign(ground.heights.size(), 0);
  // Each map sample takes the lake of its nearest coarse sample.
  const auto nearest = [](int v, double per, int n, bool wraps) {
    const int i = static_cast<int>(std::floor(v / per + 0.5));
    return wraps ? flow::wrapped(i, n) : std::min(i, n - 1);
  };
  std::vector<int> columns(static_cast<std::size_t>(ground.width));
  for (int x = 0; x < ground.width; ++x) {
    columns[static_cast<std::size_t>(x)] = nearest(x, perX, solve.width, ground.wraps);
  }
  parallelFor(control.exec, 0, ground.height, 64, [&](std::int64_t a, std::int64_t b) {
    for (auto y = static_cast<int>(a); y < static_cast<int>(b); ++y) {
      const auto row = static_cast<std::size_t>(nearest(y, perY, solve.height, ground.wraps)) *
                       static_cast<std::size_t>(solve.width);
      for (int x = 0; x < ground.width; ++x) {
        const std::int32_t id =
            lakeOf[row + static_cast<std::size_t>(columns[static_cast<std::size_t>(x)])];
        if (id < 0) continue;
        const std::size_t c = static_cast<std::size_t>(y) * static_cast<std::size_t>(ground.width) +
                              static_cast<std::size_t>(x);
        out.footprint[c] = 1;
        out.raised[c] = std::max(out.raised[c], found.lakes[static_cast<std::size_t>(id)].spill);
      }
    }
  });
  return out;
}

// The level a lake that evaporates more than it gets settles at: as many of
// its lowest cells as its inflow can keep wet.
float loweredLevel(const Lakes& lakes, std::size_t id, std::span<const float> ground,
                   double wetCells) {
  std::vector<float> heights;
  for (std::size_t i = lakes.start[id]; i < lakes.start[id + 1]; ++i) {
    heights.push_back(ground[static_cast<std::size_t>(lakes.cells[i])]);
  }
  std::sort(heights.begin(), heights.end());
  const auto k = std::min(static_cast<std::size_t>(wetCells), heights.size() - 1);
  return heights[k];  // the cells strictly below it are wet: at most k
}

// How many cells ahead the passes in the flood's order prefetch: enough to
// cover a trip to L3 at a few nanoseconds per cell.
constexpr std::size_t kAhead = 16;

template <class... Arrays>
void prefetchCell(std::size_t c, const Arrays&... arrays) {
  (__builtin_prefetch(arrays.data() + c), ...);
}

struct Climate {
  double rainPerCell = 0.0;     // m^3/s of rain on a cell at full rainfall
  double evaporation = 0.0;     // m/s from open water
  double riverDischarge = 0.0;  // m^3/s where a river starts
  double cellMetres = 1.0;
};

double riverWidth(double discharge, const WaterParams& p) {
  return p.widthCoeff * std::sqrt(discharge);
}
double riverDepth(double discharge, const WaterParams& p) {
  return discharge > 0.0 ? p.depthCoeff * portablePow(discharge, 0.4) : 0.0;
}

// Discharge down the receivers: a cell passes its water on once every
// cell draining into it has (Kahn's topological order, from the cells
// nothing drains into, in row order: the same bits on every thread count),
// so each is whole when passed on: its rain plus what flows in. A lake
// gathers its cells' and tributaries' water at its first cell and loses its
// evaporation there, settling below its spill height when that is all of
// it; a river loses its own over its width. Returns each cell's inflow
// (rain included); fills `discharge` (what leaves), the lakes' balance,
// `wet` (the cells that may hold water) and `order` (every cell, each after
// those draining into it).
std::vector<double> accumulate(Lakes& found, std::span<const float> ground,
                               std::span<const std::int32_t> lakeOf, const Heightfield* rain,
                               const Climate& climate, const WaterParams& p,
                               std::vector<std::int32_t>& receiver, std::vector<float>& discharge,
                               std::vector<std::int32_t>& wet, std::vector<std::int32_t>& order,
                               Poller& poll) {
  const std::size_t n = receiver.size();
  std::vector<double> inflow(n, 0.0);
  std::vector<double> lakeInflow(found.lakes.size(), 0.0);
  discharge.assign(n, 0.0f);
  const double cellArea = climate.cellMetres * climate.cellMetres;
  // Donors still to pass their water on, per cell (at most 8).
  constexpr std::uint8_t kPassed = 0xFF;
  std::vector<std::uint8_t> waiting(n, 0);
  for (std::size_t c = 0; c < n; ++c) {
    const auto r = static_cast<std::size_t>(receiver[c]);
    if (r != c) ++waiting[r];
  }
  wet.clear();
  order.clear();
  order.reserve(n);
  // One cell: its water passed on; returns its receiver (itself at an outlet).
  const auto pass = [&](std::size_t c) {
    const double rainHere =
        rain != nullptr ? std::clamp(static_cast<double>(rain->heights[c]), 0.0, 1.0) : 1.0;
    inflow[c] += climate.rainPerCell * rainHere;
    double out = inflow[c];
    const auto r = static_cast<std::size_t>(receiver[c]);
    if (lakeOf[c] != kNone || out >= climate.riverDischarge) {
      wet.push_back(static_cast<std::int32_t>(c));
    }
    if (const std::int32_t id = lakeOf[c]; id != kNone) {
      const auto lakeIndex = static_cast<std::size_t>(id);
      if (found.root[lakeIndex] != static_cast<std::int32_t>(c)) {
        lakeInflow[lakeIndex] += out;  // gathered at the lake's first cell
        return r;
      }
      Lake& lake = found.lakes[lakeIndex];
      lake.inflow = lakeInflow[lakeIndex] + out;
      const double loss = climate.evaporation * cellArea * lake.cells;
      if (lake.inflow >= loss) {
        lake.outflow = lake.inflow - loss;
      } else {
        lake.outflow = 0.0;
        const double wetCells =
            climate.evaporation > 0.0 ? lake.inflow / (climate.evaporation * cellArea) : 0.0;
        lake.level = loweredLevel(found, lakeIndex, ground, wetCells);
        receiver[c] = static_cast<std::int32_t>(c);  // a closed lake: nothing leaves
      }
      out = lake.outflow;
    } else if (out >= climate.riverDischarge && climate.evaporation > 0.0) {
      const double surfaceArea = riverWidth(out, p) * climate.cellMetres;
      out = std::max(0.0, out - climate.evaporation * surfaceArea);
    }
    discharge[c] = static_cast<float>(out);
    if (r != c) inflow[r] += out;
    return r;
  };
  for (std::size_t start = 0; start < n; ++start) {
    if (waiting[start] != 0) continue;
    // Down the receivers while each is whole.
    std::size_t c = start;
    for (;;) {
      poll();
      waiting[c] = kPassed;
      order.push_back(static_cast<std::int32_t>(c));
      const std::size_t r = pass(c);
      if (r == c || --waiting[r] != 0) break;
      c = r;
    }
  }
  return inflow;
}

// The water surface of the sea, the lakes and the rivers' centre lines, up
// the flood's order: a river stands its depth above its bed but never above
// the water flowing into it, so its surface never rises downstream, and it
// meets a full lake's outlet at the lake's level.
void surfaces(const Flood& flood, const Lakes& found, std::span<const float> ground,
              std::span<const std::uint8_t> sea, std::span<const double> inflow,
              std::span<const std::int32_t> wet, float seaHeight, const Climate& climate,
              const WaterParams& p, double heightRange, const RunControl& control, WaterMaps& maps,
              Poller& poll) {
  const std::size_t n = flood.fill.size();
  // Dry ground and the sea first, in parallel: neither passes a cap on (a
  // sea cell is its own receiver).
  parallelFor(control.exec, 0, static_cast<std::int64_t>(n), std::int64_t{1} << 15,
              [&](std::int64_t a, std::int64_t b) {
                for (auto c = static_cast<std::size_t>(a); c < static_cast<std::size_t>(b); ++c) {
                  maps.surface[c] = sea[c] != 0 ? seaHeight : ground[c];
                  maps.sea[c] = sea[c] != 0 ? 1.0f : 0.0f;
                }
              });
  // Then the lakes and rivers, every cell after those draining into it.
  std::vector<float> cap(n, std::numeric_limits<float>::infinity());
  for (std::size_t i = 0; i < wet.size(); ++i) {
    poll();
    if (i + kAhead < wet.size()) {
      prefetchCell(static_cast<std::size_t>(wet[i + kAhead]), inflow, maps.receiver, cap);
    }
    const auto c = static_cast<std::size_t>(wet[i]);
    if (sea[c] != 0) continue;
    float surface = ground[c];
    bool water = true;
    if (const std::int32_t id = maps.lakeOf[c]; id != kNone) {
      const float level = found.lakes[static_cast<std::size_t>(id)].level;
      water = ground[c] < level;
      if (water) {
        surface = level;
        maps.lake[c] = 1.0f;
      }
    } else if (inflow[c] >= climate.riverDischarge && inflow[c] > 0.0) {
      const double depth = riverDepth(inflow[c], p) / heightRange;
      // On its bed, or across a puddle at the puddle's spill height.
      const float bed = flood.fill[c];
      surface =
          std::max(bed, std::min(static_cast<float>(static_cast<double>(bed) + depth), cap[c]));
      maps.river[c] =
          static_cast<float>(std::min(1.0, riverWidth(inflow[c], p) / climate.cellMetres));
    } else {
      water = false;
    }
    maps.surface[c] = surface;
    const auto r = static_cast<std::size_t>(maps.receiver[c]);
    if (water && r != c) cap[r] = std::min(cap[r], surface);
  }
}

// Rivers wider than a cell cover the cells within half their width: the
// banks, at the surface of the highest river reaching them (their ground
// where that stands higher: the river takes part of the cell). A bank then
// stands at least as high as the water it drains to, so no step along the
// flow rises.
void widenRivers(std::span<const std::int32_t> order, std::span<const double> inflow,
                 const Grid& grid, const Climate& climate, const WaterParams& p, WaterMaps& maps,
                 Poller& poll) {
  std::vector<std::uint8_t> bank(grid.cells(), 0);
  const std::vector<float> centre = maps.river;
  for (std::size_t c = 0; c < grid.cells(); ++c) {
    poll();
    if (centre[c] < 1.0f) continue;
    const double radius = 0.5 * riverWidth(inflow[c], p) / climate.cellMetres;  // cells
    if (radius <= 0.5) continue;
    const int reach = static_cast<int>(std::ceil(radius));
    const int cx = static_cast<int>(c % static_cast<std::size_t>(grid.width));
    const int cy = static_cast<int>(c / static_cast<std::size_t>(grid.width));
    for (int dy = -reach; dy <= reach; ++dy) {
      for (int dx = -reach; dx <= reach; ++dx) {
        int x = cx + dx;
        int y = cy + dy;
        if (grid.wraps) {
          x = (x % grid.width + grid.width) % grid.width;
          y = (y % grid.height + grid.height) % grid.height;
        } else if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) {
          continue;
        }
        const std::size_t t = static_cast<std::size_t>(y) * static_cast<std::size_t>(grid.width) +
                              static_cast<std::size_t>(x);
        const double cover =
            std::clamp(radius + 0.5 - std::sqrt(static_cast<double>(dx * dx + dy * dy)), 0.0, 1.0);
        if (cover <= 0.0 || centre[t] > 0.0f || maps.lake[t] > 0.0f || maps.sea[t] > 0.0f) {
          continue;
        }
        bank[t] = 1;
        maps.river[t] = std::max(maps.river[t], static_cast<float>(cover));
        maps.surface[t] = std::max(maps.surface[t], maps.surface[c]);
      }
    }
  }
  // Receivers first: the order reversed.
  for (std::size_t i = order.size(); i-- > 0;) {
    const auto c = static_cast<std::size_t>(order[i]);
    if (bank[c] == 0) continue;
    const auto r = static_cast<std::size_t>(maps.receiver[c]);
    const bool wet = maps.river[r] > 0.0f || maps.lake[r] > 0.0f || maps.sea[r] > 0.0f;
    if (wet) maps.surface[c] = std::max(maps.surface[c], maps.surface[r]);
  }
}

// Metres to the nearest water, by two chamfer passes (steps of 1 and sqrt 2
// cells). On a torus the passes wrap and run twice, so distance crosses the
// seam as anywhere else (a second lap reaches what the first left behind).
std::vector<float> distanceToWater(const WaterMaps& maps, const Grid& grid, double cellMetres) {
  const float far = std::numeric_limits<float>::infinity();
  std::vector<float> d(grid.cells(), far);
  for (std::size_t c = 0; c < d.size(); ++c) {
    if (maps.lake[c] > 0.0f || maps.river[c] > 0.0f || maps.sea[c] > 0.0f) d[c] = 0.0f;
  }
  const auto straight = static_cast<float>(cellMetres);
  const auto diagonal = static_cast<float>(cellMetres * std::sqrt(2.0));
  const int w = grid.width;
  const int h = grid.height;
  const bool wraps = grid.wraps && w > 1 && h > 1;
  // Each pass takes a row from the row before it (vectorised: the three
  // steps from above), then runs along the row; the minimum is exact, so
  // the order of the candidates changes no bit.
  const auto pass = [&](int y, int fromY, int step) {
    float* const row = d.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(w);
    if (wraps) fromY = (fromY + h) % h;
    if (fromY >= 0 && fromY < h) {
      const float* const prev =
          d.data() + static_cast<std::size_t>(fromY) * static_cast<std::size_t>(w);
      for (int x = 0; x < w; ++x) {
        float v = std::min(row[x], prev[x] + straight);
        if (x > 0) v = std::min(v, prev[x - 1] + diagonal);
        if (x + 1 < w) v = std::min(v, prev[x + 1] + diagonal);
        row[x] = v;
      }
      if (wraps) {
        row[0] = std::min(row[0], prev[w - 1] + diagonal);
        row[w - 1] = std::min(row[w - 1], prev[0] + diagonal);
      }
    }
    // Along the row: on a torus, twice round.
    const int laps = wraps ? 2 : 1;
    if (step > 0) {
      for (int lap = 0; lap < laps; ++lap) {
        if (lap > 0) row[0] = std::min(row[0], row[w - 1] + straight);
        for (int x = 1; x < w; ++x) row[x] = std::min(row[x], row[x - 1] + straight);
      }
    } else {
      for (int lap = 0; lap < laps; ++lap) {
        if (lap > 0) row[w - 1] = std::min(row[w - 1], row[0] + straight);
        for (int x = w - 1; x-- > 0;) row[x] = std::min(row[x], row[x + 1] + straight);
      }
    }
  };
  for (int round = 0; round < (wraps ? 2 : 1); ++round) {
    for (int y = 0; y < h; ++y) pass(y, y - 1, 1);
    for (int y = h; y-- > 0;) pass(y, y + 1, -1);
  }
  return d;
}

// Depth, flow map and wetness from the surfaces and the discharge.
void finish(std::span<const float> ground, std::span<const double> inflow,
            std::span<const std::uint8_t> direction, const Grid& grid, const Climate& climate,
            const WaterParams& p, double heightRange, const RunControl& control, WaterMaps& maps) {
  // The wetness is made in place of the distances (one map fewer to allocate).
  maps.wetness = distanceToWater(maps, grid, climate.cellMetres);
  control.checkpoint();
  const std::size_t n = grid.cells();
  parallelFor(
      control.exec, 0, static_cast<std::int64_t>(n), std::int64_t{1} << 15,
      [&](std::int64_t a, std::int64_t b) {
        for (auto i = static_cast<std::size_t>(a); i < static_cast<std::size_t>(b); ++i) {
          const float cover = maps.lake[i] + maps.river[i] + maps.sea[i];
          maps.depth[i] = cover > 0.0f ? maps.surface[i] - ground[i] : 0.0f;
          maps.flowX[i] = 0.5f;
          maps.flowY[i] = 0.5f;
          // Only the rivers' centre lines move: lakes and the sea are still.
          const double metres = static_cast<double>(maps.depth[i]) * heightRange;
          if (maps.river[i] > 0.0f && direction[i] != kNoDirection && metres > 0.0 &&
              inflow[i] >= climate.riverDischarge) {
            const double speed = inflow[i] / (riverWidth(inflow[i], p) * metres) / p.fullSpeed;
            const double scale =
                std::min(speed, 1.0) * static_cast<double>(kSlopePerDrop[direction[i]]);
            maps.flowX[i] = static_cast<float>(0.5 + 0.5 * scale * kNeighbours[direction[i]].dx);
            maps.flowY[i] = static_cast<float>(0.5 + 0.5 * scale * kNeighbours[direction[i]].dy);
          }
          // (1 - d / wetDistance)^2: 1 at the water, 0 from wetDistance on.
          const double away =
              std::max(0.0, 1.0 - static_cast<double>(maps.wetness[i]) / p.wetDistance);
          const double near = away * away;
          const double drained =
              climate.riverDischarge > 0.0
                  ? 0.5 * std::sqrt(std::min(1.0, inflow[i] / climate.riverDischarge))
                  : 0.0;
          maps.wetness[i] = static_cast<float>(
              std::max({static_cast<double>(std::min(cover, 1.0f)), near, drained}));
        }
      });
}

}  // namespace

WaterMaps computeWater(const Heightfield& ground, const Heightfield* rain, const World& world,
                       double cellMetres, const WaterParams& params, const RunControl& control) {
  const Grid grid{ground.width, ground.height, ground.wraps};
  const std::size_t n = grid.cells();
  const std::span<const float> g = ground.heights;
  const auto seaHeight = static_cast<float>(heightOf(world, params.seaLevel));
  Poller poll{control};
  control.checkpoint(0.0f);
  const std::vector<std::uint8_t> sea = findSea(g, seaHeight, params.sea, grid);
  PreviewLakes preview = previewLakes(ground, world, cellMetres, params, control, poll);
  const std::span<const float> climbed = preview.raised.empty() ? g : preview.raised;
  Routes routes;
  Flood filled = flood(climbed, g, sea, seaHeight, grid, control, routes, poll);
  preview.raised = {};
  control.checkpoint(0.3f);

  WaterMaps maps;
  maps.receiver = std::move(routes.receiver);
  std::vector<std::uint8_t> direction = std::move(routes.direction);
  const auto minDepth = static_cast<float>(params.minLakeDepth / world.heightRange);
  Lakes found = findLakes(filled, g, sea, preview.footprint, grid, minDepth,
                          params.minLakeArea / (cellMetres * cellMetres), maps.lakeOf,
                          maps.receiver, direction, poll);
  control.checkpoint(0.5f);

  Climate climate;
  climate.cellMetres = cellMetres;
  const double rainPerSecond = params.rainfall / 1000.0 / kSecondsPerYear;  // m/s
  climate.rainPerCell = rainPerSecond * cellMetres * cellMetres;
  climate.evaporation = params.evaporation / 1000.0 / kSecondsPerYear;
  climate.riverDischarge = rainPerSecond * params.riverArea * 1.0e6;
  std::vector<std::int32_t> wet;
  std::vector<std::int32_t> order;
  const std::vector<double> inflow = accumulate(found, g, maps.lakeOf, rain, climate, params,
                                                maps.receiver, maps.discharge, wet, order, poll);
  control.checkpoint(0.7f);

  maps.surface.assign(n, 0.0f);
  maps.lake.assign(n, 0.0f);
  maps.river.assign(n, 0.0f);
  maps.sea.assign(n, 0.0f);
  surfaces(filled, found, g, sea, inflow, wet, seaHeight, climate, params, world.heightRange,
           control, maps, poll);
  widenRivers(order, inflow, grid, climate, params, maps, poll);
  control.checkpoint(0.85f);
  // finish() writes every cell of these: they take memory no longer needed
  // (the fill levels) or fresh, not zeroed twice.
  maps.flowX = std::move(filled.fill);
  maps.depth.resize(n);
  maps.flowY.resize(n);
  finish(g, inflow, direction, grid, climate, params, world.heightRange, control, maps);
  maps.lakes = std::move(found.lakes);
  control.checkpoint(1.0f);
  return maps;
}

}  // namespace terrain
