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
#include "core/hydrology/water_parts.hpp"

namespace terrain {
namespace {

using namespace water_parts;

// How many cells ahead surfaces() prefetches along the wet cells: enough to
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
// (rain included); fills `discharge` (what leaves), the lakes' balance and
// `wet` (the cells that may hold water, each after those draining into it).
std::vector<double> accumulate(Lakes& found, std::span<const float> ground,
                               std::span<const std::int32_t> lakeOf, const Heightfield* rain,
                               const Climate& climate, const WaterParams& p,
                               std::vector<std::int32_t>& receiver, std::vector<float>& discharge,
                               std::vector<std::int32_t>& wet, Poller& poll) {
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
      const std::size_t r = pass(c);
      if (r == c || --waiting[r] != 0) break;
      c = r;
    }
  }
  return inflow;
}

// The water surface of the sea, the lakes and the rivers' centre lines, down
// the receivers: a river stands its depth above its bed but never above
// the water flowing into it, so its surface never rises downstream, and it
// meets a full lake's outlet at the lake's level.
void surfaces(const Flood& flood, const Lakes& found, std::span<const float> ground,
              std::span<const std::uint8_t> sea, std::span<const double> inflow,
              std::span<const std::int32_t> wet, float seaHeight, const Climate& climate,
              const WaterParams& p, double heightRange, const RunControl& control, WaterMaps& maps,
              Poller& poll) {
  const std::size_t n = flood.fill.size();
  // The least surface of the water flowing into each cell, in the depth's
  // memory (finish() writes every depth later).
  std::vector<float>& cap = maps.depth;
  cap.resize(n);
  // Dry ground and the sea first, in parallel: neither passes a cap on (a
  // sea cell is its own receiver).
  parallelFor(control.exec, 0, static_cast<std::int64_t>(n), std::int64_t{1} << 15,
              [&](std::int64_t a, std::int64_t b) {
                for (auto c = static_cast<std::size_t>(a); c < static_cast<std::size_t>(b); ++c) {
                  maps.surface[c] = sea[c] != 0 ? seaHeight : ground[c];
                  maps.sea[c] = sea[c] != 0 ? 1.0f : 0.0f;
                  cap[c] = std::numeric_limits<float>::infinity();
                }
              });
  // Then the lakes and rivers, every cell after those draining into it.
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
void widenRivers(std::span<const double> inflow, const Grid& grid, const Climate& climate,
                 const WaterParams& p, WaterMaps& maps, Poller& poll) {
  std::vector<std::uint8_t> bank(grid.cells(), 0);
  std::vector<std::int32_t> banks;
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
        if (bank[t] == 0) banks.push_back(static_cast<std::int32_t>(t));
        bank[t] = 1;
        maps.river[t] = std::max(maps.river[t], static_cast<float>(cover));
        maps.surface[t] = std::max(maps.surface[t], maps.surface[c]);
      }
    }
  }
  // A bank draining to water stands at least at its surface: passes until
  // nothing rises (a bank's chain to the water is a few cells), the same
  // levels as one pass with every receiver first.
  for (bool rose = true; rose;) {
    rose = false;
    for (const std::int32_t cell : banks) {
      poll();
      const auto c = static_cast<std::size_t>(cell);
      const auto r = static_cast<std::size_t>(maps.receiver[c]);
      const bool wet = maps.river[r] > 0.0f || maps.lake[r] > 0.0f || maps.sea[r] > 0.0f;
      if (wet && maps.surface[r] > maps.surface[c]) {
        maps.surface[c] = maps.surface[r];
        rose = true;
      }
    }
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
  const std::vector<double> inflow = accumulate(found, g, maps.lakeOf, rain, climate, params,
                                                maps.receiver, maps.discharge, wet, poll);
  control.checkpoint(0.7f);

  maps.surface.assign(n, 0.0f);
  maps.lake.assign(n, 0.0f);
  maps.river.assign(n, 0.0f);
  maps.sea.assign(n, 0.0f);
  surfaces(filled, found, g, sea, inflow, wet, seaHeight, climate, params, world.heightRange,
           control, maps, poll);
  widenRivers(inflow, grid, climate, params, maps, poll);
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
