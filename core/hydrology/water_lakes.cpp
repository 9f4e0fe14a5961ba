// Lakes of the water bodies, and the preview's (core/hydrology/water_parts.hpp).
#include <algorithm>
#include <cmath>

#include "core/base/grid_levels.hpp"
#include "core/base/parallel.hpp"
#include "core/hydrology/water_parts.hpp"

namespace terrain::water_parts {

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

namespace {

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

}  // namespace

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
  out.footprint.assign(ground.heights.size(), 0);
  // No preview lake (ground that eroded): nothing raised, no lake at all.
  if (found.lakes.empty()) return out;
  out.raised = ground.heights;
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

}  // namespace terrain::water_parts
