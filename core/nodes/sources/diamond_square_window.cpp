// Diamond-square for a window of its world, for tiles (issue 9).
//
// Every point is the mean of points of the same or the previous level plus
// an offset that is a pure function of (seed, level, phase, lattice
// position), so a window needs, at each level, only the lattice points
// near it: the patch a level needs is the next level's grown by one cell
// of the coarser lattice, down to the four corners. Each patch is refined
// with exactly the expressions of diamond_square.cpp (the same operands in
// the same order, the 3-neighbour means on the world's border), so the
// window's bits are those of the whole map's; tests hold the two together.
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/base/portable_math.hpp"
#include "core/base/random.hpp"
#include "core/nodes/sources/diamond_square.hpp"
#include "core/nodes/sources/lattice_region.hpp"

namespace terrain {
namespace {

using Region = LatticeRegion;

// A level's points over a region, in storage handed down from an older
// level when it is large enough (the levels alternate between two
// buffers, so only the last level's memory is fresh).
struct Patch {
  Region region;
  std::vector<float> values;  // at least the region's points

  Patch(const Region& r, std::vector<float> storage) : region(r), values(std::move(storage)) {
    const auto points = static_cast<std::size_t>(r.width() * r.height());
    if (values.size() < points) values.resize(points);
  }

  float at(std::int64_t x, std::int64_t y) const { return row(y)[x - region.x0]; }
  // Row y's first point, (region.x0, y).
  float* row(std::int64_t y) {
    return values.data() + static_cast<std::size_t>((y - region.y0) * region.width());
  }
  const float* row(std::int64_t y) const {
    return values.data() + static_cast<std::size_t>((y - region.y0) * region.width());
  }
};

std::int64_t floorDiv(std::int64_t a, std::int64_t b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}
std::int64_t ceilDiv(std::int64_t a, std::int64_t b) {
  return -floorDiv(-a, b);
}

// The previous level's region a level's region needs: its points halved,
// grown by one coarse cell (a square centre's corners, a diamond's square
// centres one cell out), kept inside the lattice of `last` cells.
Region coarser(const Region& r, std::int64_t last) {
  return {std::max<std::int64_t>(0, floorDiv(r.x0, 2) - 1),
          std::max<std::int64_t>(0, floorDiv(r.y0, 2) - 1), std::min(last, ceilDiv(r.x1, 2) + 1),
          std::min(last, ceilDiv(r.y1, 2) + 1)};
}

Region grown(const Region& r, std::int64_t last) {
  return {std::max<std::int64_t>(0, r.x0 - 1), std::max<std::int64_t>(0, r.y0 - 1),
          std::min(last, r.x1 + 1), std::min(last, r.y1 + 1)};
}

// Level `level` on the patch of the previous one: a patch whose `target`
// points are this level's (its region is the target grown by one cell: the
// old points and square centres the target's diamonds read; the diamonds
// in that margin are not computed, and no later level reads them).
// Lattice units of this level: `last` = 2^level cells a side.
Patch refine(const Patch& previous, const Region& target, int level,
             const DiamondSquareParams& params, std::uint64_t seed, const Execution& exec,
             std::vector<float> storage) {
  const std::int64_t last = std::int64_t{1} << level;
  const float amp = diamondSquareAmplitude(params, level);
  const RandomStream square(seed, diamondSquareStream(level, DiamondSquarePhase::Square));
  const RandomStream diamond(seed, diamondSquareStream(level, DiamondSquarePhase::Diamond));
  Patch work(grown(target, last), std::move(storage));
  const Region& w = work.region;
  // Rows as spans indexed by lattice x: [x - x0] of the row's first point.
  const std::int64_t wx = w.x0;
  const std::int64_t px = previous.region.x0;
  const auto row = [&work](std::int64_t y) { return work.row(y); };
  const auto oldRow = [&previous](std::int64_t y) { return previous.row(y); };
  const auto rows = [&exec](std::int64_t first, std::int64_t end, const auto& body) {
    parallelFor(exec, first, end, 8, [&](std::int64_t a, std::int64_t b) {
      for (std::int64_t y = a; y < b; ++y) body(y);
    });
  };
  const auto odd = [](std::int64_t v) { return v % 2 != 0; };
  // Old points (even, even) and square centres (odd, odd): squareRow's sum.
  rows(w.y0, w.y1 + 1, [&](std::int64_t y) {
    float* out = row(y);
    if (!odd(y)) {
      const float* from = oldRow(y / 2);
      for (std::int64_t x = w.x0 + (odd(w.x0) ? 1 : 0); x <= w.x1; x += 2) {
        out[x - wx] = from[x / 2 - px];
      }
      return;
    }
    const float* up = oldRow((y - 1) / 2);
    const float* down = oldRow((y + 1) / 2);
    std::uint64_t index = latticeIndex(0, static_cast<std::uint64_t>(y));
    for (std::int64_t x = w.x0 + (odd(w.x0) ? 0 : 1); x <= w.x1; x += 2) {
      const std::int64_t l = (x - 1) / 2;
      const float mean =
          ((up[l - px] + up[l + 1 - px]) + (down[l - px] + down[l + 1 - px])) * 0.25f;
      out[x - wx] = mean + amp * square.signedUnit(index + static_cast<std::uint64_t>(x));
    }
  });
  // The target's diamonds: diamondRow's sums, 3 neighbours on the border.
  rows(target.y0, target.y1 + 1, [&](std::int64_t y) {
    float* out = row(y);
    const std::uint64_t index = latticeIndex(0, static_cast<std::uint64_t>(y));
    const std::int64_t first = target.x0 + (odd(target.x0 + y) ? 0 : 1);
    if (!odd(y)) {  // a row of the previous lattice: N and S are square centres
      const float* up = y > 0 ? row(y - 1) : nullptr;
      const float* down = y < last ? row(y + 1) : nullptr;
      for (std::int64_t x = first; x <= target.x1; x += 2) {
        const float sides = out[x - 1 - wx] + out[x + 1 - wx];
        const float mean = up != nullptr && down != nullptr
                               ? ((up[x - wx] + down[x - wx]) + sides) * 0.25f
                               : ((up != nullptr ? up[x - wx] : down[x - wx]) + sides) / 3.0f;
        out[x - wx] = mean + amp * diamond.signedUnit(index + static_cast<std::uint64_t>(x));
      }
      return;
    }
    const float* up = row(y - 1);  // a row of square centres: W and E are centres
    const float* down = row(y + 1);
    for (std::int64_t x = first; x <= target.x1; x += 2) {
      const float ends = up[x - wx] + down[x - wx];
      float mean = 0.0f;
      if (x == 0) {
        mean = (ends + out[1 - wx]) / 3.0f;
      } else if (x == last) {
        mean = (ends + out[last - 1 - wx]) / 3.0f;
      } else {
        mean = (ends + (out[x - 1 - wx] + out[x + 1 - wx])) * 0.25f;
      }
      out[x - wx] = mean + amp * diamond.signedUnit(index + static_cast<std::uint64_t>(x));
    }
  });
  return work;
}

// The lattice of `run` levels over `target` (in that level's units).
Patch latticePatch(const DiamondSquareParams& params, std::uint64_t seed, int run,
                   const Region& target, const RunControl& control) {
  std::vector<Region> regions(static_cast<std::size_t>(run) + 1);
  regions[static_cast<std::size_t>(run)] = target;
  for (int level = run; level > 0; --level) {
    regions[static_cast<std::size_t>(level) - 1] =
        coarser(regions[static_cast<std::size_t>(level)], std::int64_t{1} << (level - 1));
  }
  Patch patch({0, 0, 1, 1}, {});
  const bool article = params.scaling == OffsetScaling::Article;
  const RandomStream corners(seed, diamondSquareStream(0, DiamondSquarePhase::Square));
  for (std::uint64_t cy = 0; cy < 2; ++cy) {
    for (std::uint64_t cx = 0; cx < 2; ++cx) {
      patch.row(static_cast<std::int64_t>(cy))[cx] =
          article ? diamondSquareArticleCorner(params) : corners.signedUnit(latticeIndex(cx, cy));
    }
  }
  // The last level in memory of its own, exactly its size (the window is
  // cut from it in place); the others in two buffers taken in turn.
  std::vector<float> spare;
  for (int level = 1; level <= run; ++level) {
    control.checkpoint(static_cast<float>(level) / static_cast<float>(run + 1));
    Patch next = refine(patch, regions[static_cast<std::size_t>(level)], level, params, seed,
                        control.exec, level == run ? std::vector<float>{} : std::move(spare));
    spare = std::move(patch.values);
    patch = std::move(next);
  }
  return patch;
}

// The last level's patch holds the window with a margin: the window's rows
// moved to the front, scaled on the way ((h - low) / span), in place: each
// sample lands at or before where it was, and is read before anything is
// written there. The window costs no second map of fresh memory.
Heightfield cutInPlace(Patch lattice, const MapWindow& window, float low, float span) {
  float* base = lattice.values.data();
  std::size_t out = 0;
  for (int row = 0; row < window.height; ++row) {
    const float* from = lattice.row(window.y0 + row) + (window.x0 - lattice.region.x0);
    for (int column = 0; column < window.width; ++column) base[out++] = (from[column] - low) / span;
  }
  Heightfield field;
  field.width = window.width;
  field.height = window.height;
  lattice.values.resize(out);
  field.heights = std::move(lattice.values);
  return field;
}

int levelsRun(const DiamondSquareParams& params) {
  return std::clamp(params.iterations, 0, levelsOfPowerPlusOne(params.size));
}

}  // namespace

Heightfield generateDiamondSquareWindow(const DiamondSquareParams& params, std::uint64_t seed,
                                        const MapWindow& window, const RunControl& control) {
  // (h - 0) / 1 is h: the raw heights, bit for bit.
  return generateDiamondSquareWindow(params, seed, window, control, {0.0, 1.0});
}

Heightfield generateDiamondSquareWindow(const DiamondSquareParams& params, std::uint64_t seed,
                                        const MapWindow& window, const RunControl& control,
                                        const DiamondSquareRange& range) {
  const auto low = static_cast<float>(range.low);
  const auto span = static_cast<float>(range.high - range.low);
  const std::int64_t n = params.size;
  const int run = levelsRun(params);
  const std::int64_t step = (n - 1) >> run;  // samples between the last lattice's points
  const auto clampSample = [n](std::int64_t i) { return worldSample(i, n, false); };
  const Region samples{clampSample(window.x0), clampSample(window.y0),
                       clampSample(window.x0 + window.width - 1),
                       clampSample(window.y0 + window.height - 1)};
  const Region target{samples.x0 / step, samples.y0 / step, ceilDiv(samples.x1, step),
                      ceilDiv(samples.y1, step)};
  Patch lattice = latticePatch(params, seed, run, target, control);
  control.checkpoint(1.0f);
  const bool inside = window.x0 >= 0 && window.y0 >= 0 && window.x0 + window.width <= n &&
                      window.y0 + window.height <= n;
  if (step == 1 && inside && run > 0) return cutInPlace(std::move(lattice), window, low, span);

  // The window on the range's scale. Levels not run: the whole map's
  // bilinear interpolation, lattice rows along x first, then between them
  // along y, as diamond_square.cpp does.
  const float inv = 1.0f / static_cast<float>(step);
  const auto alongRow = [&](std::int64_t x, std::int64_t latticeRow) {
    const std::int64_t cell = x / step;
    const std::int64_t i = x % step;
    if (i == 0) return lattice.at(cell, latticeRow);
    const float t = static_cast<float>(i) * inv;
    return lattice.at(cell, latticeRow) * (1.0f - t) + lattice.at(cell + 1, latticeRow) * t;
  };
  Heightfield field(window.width, window.height);
  parallelFor(control.exec, 0, window.height, 16, [&](std::int64_t a, std::int64_t b) {
    for (std::int64_t row = a; row < b; ++row) {
      const std::int64_t y = clampSample(window.y0 + row);
      if (step == 1) {  // every level ran: the lattice is the map
        float* out = &field.at(0, static_cast<int>(row));
        const float* from = lattice.row(y);
        for (int column = 0; column < window.width; ++column) {
          out[column] = (from[clampSample(window.x0 + column) - lattice.region.x0] - low) / span;
        }
        continue;
      }
      const std::int64_t cell = y / step;
      const std::int64_t j = y % step;
      const float t = static_cast<float>(j) * inv;
      float* out = &field.at(0, static_cast<int>(row));
      for (int column = 0; column < window.width; ++column) {
        const std::int64_t x = clampSample(window.x0 + column);
        const float h =
            j == 0 ? alongRow(x, cell) : alongRow(x, cell) * (1.0f - t) + alongRow(x, cell + 1) * t;
        out[column] = (h - low) / span;
      }
    }
  });
  return field;
}

DiamondSquareRange diamondSquareTileRange(const DiamondSquareParams& params, std::uint64_t seed) {
  constexpr int kCoarseLevels = 7;  // a 129 lattice: ~3% of a 1025 tile
  const int run = levelsRun(params);
  const int coarse = std::min(run, kCoarseLevels);
  const std::int64_t side = std::int64_t{1} << coarse;
  // The world's lattice of `coarse` levels. With fractal scaling it is the
  // whole map of side + 1 samples (offsets depend on the level alone), made
  // by the whole-map generator in place; the article's offsets and corners
  // depend on the size, so its lattice is a patch of the world's.
  std::vector<float> lattice;
  if (params.scaling == OffsetScaling::Fractal) {
    DiamondSquareParams small = params;
    small.size = static_cast<int>(side) + 1;
    small.iterations = coarse;
    lattice = generateDiamondSquare(small, seed, RunControl{}).heights;
  } else {
    lattice = latticePatch(params, seed, coarse, {0, 0, side, side}, RunControl{}).values;
    lattice.resize(static_cast<std::size_t>((side + 1) * (side + 1)));
  }
  const auto [low, high] = std::minmax_element(lattice.begin(), lattice.end());
  // With every point of level l - 1 within b of the coarse range, a square
  // centre is within b + a (a = that level's amplitude); a diamond's mean
  // takes in at most two thirds square centres (3 neighbours on the border),
  // so it is within b + 2a/3 + a. Each level widens the range by 5a/3.
  double finer = 0.0;
  for (int level = coarse + 1; level <= run; ++level) {
    finer += 5.0 / 3.0 * std::fabs(static_cast<double>(diamondSquareAmplitude(params, level)));
  }
  double lowest = static_cast<double>(*low) - finer;
  double highest = static_cast<double>(*high) + finer;
  // Float means can stray from the exact ones by a few units in the last place.
  const double rounding = std::max(1e-6, (highest - lowest) * 1e-5);
  lowest -= rounding;
  highest += rounding;
  return {lowest, highest};
}

}  // namespace terrain
