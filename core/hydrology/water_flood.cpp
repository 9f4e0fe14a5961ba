// Fill levels and receivers of the water bodies (core/hydrology/water_parts.hpp).
#include <algorithm>
#include <array>
#include <cstring>

#include "core/base/parallel.hpp"
#include "core/hydrology/radix_heap.hpp"
#include "core/hydrology/water_parts.hpp"

namespace terrain::water_parts {
namespace {

// The inverse of orderKey (-0 comes back as +0).
float heightOfKey(std::uint32_t key) {
  const std::uint32_t bits = (key & 0x80000000U) != 0 ? key & 0x7FFFFFFFU : ~key;
  float height = 0.0f;
  std::memcpy(&height, &bits, sizeof height);
  return height;
}

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

// The share of the cells inside the outer ring, on every eighth row, with
// no strictly lower neighbour (outlets aside).
double pitShare(std::span<const float> level, std::span<const std::uint8_t> from,
                const Grid& grid) {
  const std::array<std::ptrdiff_t, 8> step = flow::offsetsInside(grid.width);
  std::size_t pits = 0;
  std::size_t seen = 0;
  for (int y = 4; y + 1 < grid.height; y += 8) {
    for (int x = 1; x + 1 < grid.width; ++x) {
      const std::size_t c = static_cast<std::size_t>(y) * static_cast<std::size_t>(grid.width) +
                            static_cast<std::size_t>(x);
      if (from[c] == kSelf) continue;
      bool lower = false;
      for (const std::ptrdiff_t o : step) {
        lower =
            lower || level[static_cast<std::size_t>(static_cast<std::ptrdiff_t>(c) + o)] < level[c];
      }
      pits += lower ? 0 : 1;
      ++seen;
    }
  }
  return seen > 0 ? static_cast<double>(pits) / static_cast<double>(seen) : 0.0;
}

}  // namespace

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
  // Ground full of pits (raw noise: a pit in one cell of eight; ground
  // that eroded has next to none) floods most of the map: then the whole
  // map is flooded from its outlets, which costs less than finding the
  // set first. One row in eight tells.
  routes.receiver.resize(n);
  routes.direction.resize(n);
  const std::size_t most = pitShare(out.fill, out.from, grid) > 1.0 / 64.0 ? 0 : n / 4;
  // Downhill first: every cell with a lower neighbour takes the steepest
  // (kNone where none is: a pit).
  if (most > 0) routeAll(out.fill, out.from, grid, control, routes);
  control.checkpoint();
  // The flooded set: the pits and every cell draining into them (up the
  // receivers), then the raised ground.
  std::vector<std::uint8_t> member(n, 0);  // 1: the flooded set, 2: a cell around it
  std::vector<std::int32_t> set;
  for (std::size_t c = 0; most > 0 && c < n; ++c) {
    if (routes.receiver[c] != kNone) continue;
    member[c] = 1;
    set.push_back(static_cast<std::int32_t>(c));
  }
  for (std::size_t i = 0; i < set.size() && set.size() <= most; ++i) {
    poll();
    const auto c = static_cast<std::size_t>(set[i]);
    grid.forNeighbours(c, [&](std::uint8_t, std::size_t m) {
      if (member[m] != 0 || routes.receiver[m] != static_cast<std::int32_t>(c)) return;
      member[m] = 1;
      set.push_back(static_cast<std::int32_t>(m));
    });
  }
  const bool whole = most == 0 || set.size() > most;
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

}  // namespace terrain::water_parts
