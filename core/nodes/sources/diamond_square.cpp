#include "core/nodes/sources/diamond_square.hpp"

#include <algorithm>
#include <cstddef>

#include "core/base/portable_math.hpp"
#include "core/base/random.hpp"

namespace terrain {
namespace {

// Stream ids carry the article number in their high word, away from the
// small ids the other generators use for their levels.
constexpr std::uint64_t kStreamBase = std::uint64_t{0x004} << 32;

// Rows per task: enough points that a chunk outweighs the pool's hand-off.
std::int64_t rowsPerChunk(std::int64_t pointsPerRow) {
  return std::max<std::int64_t>(1, 8192 / std::max<std::int64_t>(1, pointsPerRow));
}

// One refinement level: squares of side 2 * half get their centres, then
// their edge midpoints.
struct Level {
  int n;      // samples per side
  int half;   // distance from a new point to the points it averages
  float amp;  // offset amplitude
  RandomStream square;
  RandomStream diamond;
};

float* rowPtr(float* base, int n, int y) {
  return base + static_cast<std::ptrdiff_t>(y) * n;
}

// Square phase, one row: the centre of each square is the mean of its four
// corners plus an offset. y is an odd multiple of half.
void squareRow(const Level& lv, float* base, int y) {
  const int h = lv.half;
  const int n = lv.n;
  const float* up = rowPtr(base, n, y - h);
  const float* down = rowPtr(base, n, y + h);
  float* row = rowPtr(base, n, y);
  // The lattice index counts along the row (x / half is its low word), so
  // stepping it by 2 is latticeIndex(x / half, y / half) without the packing.
  std::uint64_t index = latticeIndex(1, static_cast<std::uint64_t>(y / h));
  for (int x = h; x < n; x += 2 * h, index += 2) {
    const float mean = ((up[x - h] + up[x + h]) + (down[x - h] + down[x + h])) * 0.25f;
    row[x] = mean + lv.amp * lv.square.signedUnit(index);
  }
}

// Diamond phase, one row y (a multiple of half): each edge midpoint is the
// mean of the neighbours at distance half that lie inside the grid (3 on the
// border, as in the article) plus an offset. The border cases are separate
// loops so the inner loop has no per-point branch.
void diamondRow(const Level& lv, float* base, int y) {
  const int h = lv.half;
  const int n = lv.n;
  float* row = rowPtr(base, n, y);
  const auto gy = static_cast<std::uint64_t>(y / h);
  const RandomStream& rs = lv.diamond;
  if ((y / h) % 2 == 0) {
    // A row of the previous lattice: new points at odd multiples of half.
    const float* up = y > 0 ? rowPtr(base, n, y - h) : nullptr;
    const float* down = y < n - 1 ? rowPtr(base, n, y + h) : nullptr;
    std::uint64_t index = latticeIndex(1, gy);
    if (up != nullptr && down != nullptr) {
      for (int x = h; x < n; x += 2 * h, index += 2) {
        const float mean = ((up[x] + down[x]) + (row[x - h] + row[x + h])) * 0.25f;
        row[x] = mean + lv.amp * rs.signedUnit(index);
      }
    } else {
      const float* other = up != nullptr ? up : down;
      for (int x = h; x < n; x += 2 * h, index += 2) {
        const float mean = (other[x] + (row[x - h] + row[x + h])) / 3.0f;
        row[x] = mean + lv.amp * rs.signedUnit(index);
      }
    }
    return;
  }
  // A row of square centres: new points at even multiples of half.
  const float* up = rowPtr(base, n, y - h);
  const float* down = rowPtr(base, n, y + h);
  row[0] = ((up[0] + down[0]) + row[h]) / 3.0f + lv.amp * rs.signedUnit(latticeIndex(0, gy));
  std::uint64_t index = latticeIndex(2, gy);
  for (int x = 2 * h; x < n - 1; x += 2 * h, index += 2) {
    const float mean = ((up[x] + down[x]) + (row[x - h] + row[x + h])) * 0.25f;
    row[x] = mean + lv.amp * rs.signedUnit(index);
  }
  const int last = n - 1;
  row[last] = ((up[last] + down[last]) + row[last - h]) / 3.0f +
              lv.amp * rs.signedUnit(latticeIndex(static_cast<std::uint64_t>(last / h), gy));
}

// Levels not run: bilinear interpolation between the points of the last
// lattice computed (spacing `step`), lattice rows first, then the rows between.
void interpolate(Heightfield& field, int step, const Execution& exec) {
  const int n = field.width;
  float* base = field.heights.data();
  const float inv = 1.0f / static_cast<float>(step);
  const int latticeRows = (n - 1) / step + 1;
  parallelFor(exec, 0, latticeRows, rowsPerChunk(n), [&](std::int64_t r0, std::int64_t r1) {
    for (auto r = r0; r < r1; ++r) {
      float* row = rowPtr(base, n, static_cast<int>(r) * step);
      for (int x0 = 0; x0 < n - 1; x0 += step) {
        const float a = row[x0];
        const float b = row[x0 + step];
        for (int i = 1; i < step; ++i) {
          const float t = static_cast<float>(i) * inv;
          row[x0 + i] = a * (1.0f - t) + b * t;
        }
      }
    }
  });
  parallelFor(exec, 0, n - 1, rowsPerChunk(n), [&](std::int64_t y0, std::int64_t y1) {
    for (auto yy = y0; yy < y1; ++yy) {
      const int y = static_cast<int>(yy);
      const int i = y % step;
      if (i == 0) continue;
      const float t = static_cast<float>(i) * inv;
      const float* a = rowPtr(base, n, y - i);
      const float* b = rowPtr(base, n, y - i + step);
      float* row = rowPtr(base, n, y);
      for (int x = 0; x < n; ++x) row[x] = a[x] * (1.0f - t) + b[x] * t;
    }
  });
}

}  // namespace

std::uint64_t diamondSquareStream(int level, DiamondSquarePhase phase) {
  return kStreamBase | (static_cast<std::uint64_t>(level) << 1) | static_cast<std::uint64_t>(phase);
}

float diamondSquareAmplitude(const DiamondSquareParams& params, int level) {
  if (params.scaling == OffsetScaling::Article) {
    // The article: scale = roughness * size, size being the side of the
    // squares split at this level, in cells.
    const int side = (params.size - 1) >> (level - 1);
    return static_cast<float>(params.roughness * side);
  }
  const double hurst = 1.0 - params.roughness;
  return static_cast<float>(portableExp2(-hurst * (level - 1)));
}

float diamondSquareArticleCorner(const DiamondSquareParams& params) {
  return static_cast<float>(params.size - 1) * 0.5f;
}

// Offset scaling, and why the article's roughness does nothing here:
// - Fractal (the explorer's): offsets shrink by 2^-H per level with
//   H = 1 - roughness, so roughness sets how fast detail fades; corners are
//   random (level 0, amplitude 1).
// - Article: offsets are roughness * side, so they halve with every level
//   whatever the roughness: that is H = 1 at every roughness. All corners
//   start at the same height c, and every point is a mean (weights summing
//   to 1) plus offsets, so the map is c + roughness * F with F independent
//   of roughness and c. Min-max normalisation removes both: after it, the
//   article's roughness changes nothing but float rounding (0 gives a flat
//   map). It mattered in the article only because it draws absolute heights
//   in a size-high cube with water at a fixed height; here it is the
//   fractal scaling at roughness 0 with the corners held equal.
Heightfield generateDiamondSquare(const DiamondSquareParams& params, std::uint64_t seed,
                                  const RunControl& control) {
  const Execution& exec = control.exec;
  const int n = params.size;
  const int levels = levelsOfPowerPlusOne(n);
  const int run = std::clamp(params.iterations, 0, levels);
  Heightfield field(n, n);
  float* base = field.heights.data();

  const bool article = params.scaling == OffsetScaling::Article;
  const RandomStream corners(seed, diamondSquareStream(0, DiamondSquarePhase::Square));
  const int last = n - 1;
  for (int cy = 0; cy < 2; ++cy) {
    for (int cx = 0; cx < 2; ++cx) {
      field.at(cx * last, cy * last) =
          article ? diamondSquareArticleCorner(params)
                  : corners.signedUnit(latticeIndex(static_cast<std::uint64_t>(cx),
                                                    static_cast<std::uint64_t>(cy)));
    }
  }

  for (int level = 1; level <= run; ++level) {
    const Level lv{n, (n - 1) >> level, diamondSquareAmplitude(params, level),
                   RandomStream(seed, diamondSquareStream(level, DiamondSquarePhase::Square)),
                   RandomStream(seed, diamondSquareStream(level, DiamondSquarePhase::Diamond))};
    const int h = lv.half;
    const int cells = (n - 1) / h;  // lattice steps per side at this level
    const std::int64_t chunk = rowsPerChunk(cells / 2 + 1);
    // The last levels of a 16385 map take a second or more: every row
    // looks at the cancel flag, a cancelled loop stops early and the
    // check after it throws (never from inside parallelFor's body).
    // Square centres sit on the odd lattice rows; row j of the loop is y = (2j+1) h.
    parallelFor(exec, 0, cells / 2, chunk, [&](std::int64_t j0, std::int64_t j1) {
      for (auto j = j0; j < j1 && !control.cancelled(); ++j) {
        squareRow(lv, base, static_cast<int>(2 * j + 1) * h);
      }
    });
    if (control.cancelled()) abandonRun(std::move(field));
    // Every lattice row gets diamond points; they read only square centres
    // and older points, so the rows are independent.
    parallelFor(exec, 0, cells + 1, chunk, [&](std::int64_t k0, std::int64_t k1) {
      for (auto k = k0; k < k1 && !control.cancelled(); ++k) {
        diamondRow(lv, base, static_cast<int>(k) * h);
      }
    });
    if (control.cancelled()) abandonRun(std::move(field));
    control.checkpoint(static_cast<float>(level) / static_cast<float>(run + 1));
  }

  if (run < levels) interpolate(field, (n - 1) >> run, exec);
  if (control.cancelled()) abandonRun(std::move(field));
  control.checkpoint(1.0f);
  return field;
}

namespace {

constexpr std::string_view kScalingNames[] = {"fractal", "article"};

const ParamTable<DiamondSquareParams>& table() {
  static const ParamTable<DiamondSquareParams> rows({
      TERRAIN_BIND(DiamondSquareParams, size, sizeParam(3, kMaxMapSide)),
      TERRAIN_BIND(DiamondSquareParams, roughness, kRoughnessParam),
      TERRAIN_BIND(DiamondSquareParams, iterations, kIterationsParam),
      TERRAIN_BIND(DiamondSquareParams, scaling,
                   (ParamInfo{"scaling", "Offset scaling", "",
                              "How bumps shrink at finer steps: fractal (set by roughness) "
                              "or as in the article (roughness x square size)",
                              ParamType::Choice, 0, 1, kScalingNames})),
  });
  return rows;
}

int levels(const ParamValues& values) {
  return levelsOfPowerPlusOne(table().unpack(values).size);
}

std::string_view idleReason(std::size_t param, const ParamValues& values) {
  if (table().infos()[param].key == "roughness" &&
      table().unpack(values).scaling == OffsetScaling::Article) {
    return "Article scaling: offsets are roughness x square size from equal corners, so "
           "after normalising to 0..1 every roughness above 0 gives the same map";
  }
  return {};
}

TileScale tileScale(std::uint64_t seed, const ParamValues& values) {
  const DiamondSquareRange range = diamondSquareTileRange(table().unpack(values), seed);
  return {range.low, range.high, "the world's 129 lattice, widened by what finer levels can add"};
}

Heightfield generateWindow(std::uint64_t seed, const ParamValues& values, const MapWindow& window,
                           const RunControl& control) {
  const DiamondSquareParams p = table().unpack(values);
  return generateDiamondSquareWindow(p, seed, window, control, diamondSquareTileRange(p, seed));
}

ArticlePreset article() {
  DiamondSquareParams p;
  p.roughness = 0.7;
  p.scaling = OffsetScaling::Article;
  return {"004",
          "513x513 (detail 9), corners at half height, offsets 0.7 x square size, in 3D with the "
          "water plane",
          table().pack(p),
          1,
          ViewKind::Mesh,
          0.3,
          true};
}

}  // namespace

const SourceStage& diamondSquareSource() {
  static const SourceStage node(
      {
          .key = "diamond-square",
          .title = "Diamond-square",
          .help = "Classic fractal heightmap: squares and diamonds refined with shrinking random "
                  "offsets (article 004)",
          .params = table().schema(),
          .paramTable = &table(),
          .dynamicMax = iterationsUpToLevels(table().infos(), levels),
          .idleReason = idleReason,
      },
      {
          .generate = normalisedSource(table(), &generateDiamondSquare),
          .sizeRule = SizeRule::PowerOfTwoPlusOne,
          .minSize = 3,
          .levels = levels,
          .articlePreset = article(),
          .tileScale = tileScale,
          .generateWindow = generateWindow,
      });
  return node;
}

}  // namespace terrain
