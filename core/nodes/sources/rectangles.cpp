
// Article 003, random rectangles: `rects` axis-aligned rectangles at random
// places, each raising its cells by zscale / rects plus a fresh random term
// cellNoise * (0..49) / 50 per cell. Sizes follow the article's integer
// arithmetic: each side is rectSize / 4 + (0 .. rectSize - 1) cells, clipped
// to the map.
//
// rect-size is in cells, as in the article, so the map is NOT resolution
// independent: the same rectangles on a map twice the size cover a quarter
// of the area, and the random corners land elsewhere.
//
// Two ways to add them, the same rectangles (each one's shape comes from its
// own stream) and the same distribution of heights:
// - the article's loop: every rectangle visits its cells, adding the
//   constant and a draw keyed by (rectangle, cell). Its work is the
//   rectangles' total area, rects x rect-size^2: 10^6 rectangles of 16384
//   on a 1025 map would take days.
// - the bounded one: the number of rectangles covering each cell, k, from a
//   2D difference array (one +-1 per rectangle corner, then prefix sums),
//   then per cell k x the constant plus a draw of the sum of k independent
//   article terms, keyed by the cell (see coveredNoiseSteps). Its work is
//   the map plus the rectangle count.
// Auto keeps the article's loop (so its bits, and the pinned checksums)
// while its work is at most kRectanglesExactWorkPerCell x the map, which
// covers the article's sizes (1024 rectangles of 10 on 128x128: ~4x), and
// takes the bounded one above that, where the loop would cost more than it.
// Both are pure functions of (seed, cell), so thread count never matters.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/base/random.hpp"
#include "core/nodes/sources/rectangles.hpp"

namespace terrain {
namespace {

// The parameters and the seed: everything one map depends on.
struct RectanglesJob : RectanglesParams {
  std::uint64_t seed = 0;
};

// Stream ids: rectangle index (or draw index) in the low 32 bits, purpose above.
constexpr std::uint64_t kShapeStreamBase = 0x5245'4354ULL << 32;  // "RECT"
constexpr std::uint64_t kCellStreamBase = 0x4345'4c4cULL << 32;   // "CELL"
constexpr std::uint64_t kSumStreamBase = 0x5355'4d53ULL << 32;    // "SUMS"

// The article's per-cell term is (0..49) / 50: 50 steps.
constexpr std::uint32_t kNoiseSteps = 50;
// Draws made one by one per cell in the bounded method; above this the sum
// is drawn through its exact mean and variance (see coveredNoiseSteps).
constexpr int kExactDraws = 32;

struct Rect {
  int x1, y1, x2, y2;  // [x1, x2) x [y1, y2), clipped to the map
};

Rect rectangleAt(std::uint64_t seed, int index, int size, int rectSize) {
  const RandomStream shape(seed, kShapeStreamBase + static_cast<std::uint64_t>(index));
  const auto side = static_cast<std::uint32_t>(size);
  const auto extent = static_cast<std::uint32_t>(rectSize);
  Rect r{};
  r.x1 = static_cast<int>(shape.below(0, side));
  r.y1 = static_cast<int>(shape.below(1, side));
  r.x2 = std::min(size, r.x1 + rectSize / 4 + static_cast<int>(shape.below(2, extent)));
  r.y2 = std::min(size, r.y1 + rectSize / 4 + static_cast<int>(shape.below(3, extent)));
  return r;
}

std::vector<Rect> placeRectangles(const RectanglesJob& spec, const Execution& exec) {
  const RectanglesParams& p = spec;
  std::vector<Rect> rects(static_cast<std::size_t>(p.rects));
  parallelFor(exec, 0, p.rects, 4096, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) {
      rects[static_cast<std::size_t>(i)] =
          rectangleAt(spec.seed, static_cast<int>(i), spec.size, p.rectSize);
    }
  });
  return rects;
}

// The article's loop: work = the rectangles' total area. Rows are split into
// bands; each band walks every rectangle in order and adds only its own
// rows, so every cell sums its terms in rectangle order whatever the thread
// count.
void addRectanglesOneByOne(Heightfield& field, const RectanglesJob& spec,
                           const std::vector<Rect>& rects, const RunControl& control) {
  const Execution& exec = control.exec;
  const RectanglesParams& p = spec;
  const double base = p.zscale / static_cast<double>(p.rects);
  // Bands of at least 16 rows; fewer rows than that run on the caller.
  parallelFor(exec, 0, spec.size, 16, [&](std::int64_t begin, std::int64_t end) {
    const auto bandTop = static_cast<int>(begin);
    const auto bandBottom = static_cast<int>(end);
    for (std::size_t i = 0; i < rects.size(); ++i) {
      // Up to 16 x the map's cells of work: a cancelled run leaves its band
      // (the caller's checkpoint then throws, outside the parallel loop).
      if (control.cancelled()) return;
      const Rect& r = rects[i];
      const int top = std::max(r.y1, bandTop);
      const int bottom = std::min(r.y2, bandBottom);
      if (top >= bottom || r.x1 >= r.x2) continue;
      const RandomStream cells(spec.seed, kCellStreamBase + i);
      for (int y = top; y < bottom; ++y) {
        float* row = &field.at(0, y);
        for (int x = r.x1; x < r.x2; ++x) {
          const std::uint32_t k = cells.below(
              latticeIndex(static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(y)),
              kNoiseSteps);
          const double rise = base + p.cellNoise * (static_cast<double>(k) / kNoiseSteps);
          row[x] = static_cast<float>(static_cast<double>(row[x]) + rise);
        }
      }
    }
  });
}

// How many rectangles cover each cell, into the field's own storage (no
// second map-sized buffer). Every value on the way is a whole number of
// magnitude at most 2 x rects <= 2 * 10^6 < 2^24, so float holds it exactly.
void countCoverage(Heightfield& field, const std::vector<Rect>& rects) {
  const int size = field.width;
  std::fill(field.heights.begin(), field.heights.end(), 0.0f);
  // Corners on the far edge (x2 or y2 == size) only affect cells past it.
  for (const Rect& r : rects) {
    if (r.x1 >= r.x2 || r.y1 >= r.y2) continue;
    field.at(r.x1, r.y1) += 1.0f;
    if (r.x2 < size) field.at(r.x2, r.y1) -= 1.0f;
    if (r.y2 < size) field.at(r.x1, r.y2) -= 1.0f;
    if (r.x2 < size && r.y2 < size) field.at(r.x2, r.y2) += 1.0f;
  }
  // Down the columns here; along the rows in addCoveredHeights.
  for (int y = 1; y < size; ++y) {
    const float* above = &field.at(0, y - 1);
    float* row = &field.at(0, y);
    for (int x = 0; x < size; ++x) row[x] += above[x];
  }
}

// The sum, in steps of 1/50, of k independent article terms (each uniform
// on 0..49) for one cell, drawn from streams keyed by the cell alone.
// - k <= kExactDraws: k draws, exactly the article's distribution.
// - k > kExactDraws: the sum T of kExactDraws draws plus a uniform dither
//   D in [-1/2, 1/2) (so the result is not confined to a coarse lattice),
//   rescaled to the exact mean (24.5 k) and variance (208.25 k) of the sum
//   of k draws, rounded to a whole step and clamped to 0..49k. The sum of k
//   draws is symmetric like T + D; they differ only in their fourth moment
//   (excess kurtosis -1.2/k against about -1.2/32), so by the central limit
//   theorem the two standardised distributions are within about 10^-3 of
//   each other (Kolmogorov distance) and the heights' mean and variance are
//   exact. Only sqrt and floor are used: correctly rounded, the same bits
//   everywhere. The test Rectangles.BoundedMethodMatchesTheArticleLoopWhen-
//   RectanglesPileUp holds it against the article's loop.
class CoveredNoise {
 public:
  explicit CoveredNoise(std::uint64_t seed) {
    for (int j = 0; j <= kExactDraws; ++j) {
      draws_.emplace_back(seed, kSumStreamBase + static_cast<std::uint64_t>(j));
    }
  }

  double steps(std::uint64_t cell, std::uint32_t k) const {
    const std::uint32_t n = std::min<std::uint32_t>(k, kExactDraws);
    std::uint32_t sum = 0;
    for (std::uint32_t j = 0; j < n; ++j) sum += draws_[j].below(cell, kNoiseSteps);
    if (k <= kExactDraws) return sum;
    constexpr double kMean = (kNoiseSteps - 1) / 2.0;                        // 24.5
    constexpr double kVariance = (kNoiseSteps * kNoiseSteps - 1) / 12.0;     // 208.25
    constexpr double kDrawnVariance = kExactDraws * kVariance + 1.0 / 12.0;  // T + D
    const double dither = draws_[kExactDraws].uniform(cell) - 0.5;
    const double centred = static_cast<double>(sum) + dither - kExactDraws * kMean;
    const double kd = static_cast<double>(k);
    const double scaled = kd * kMean + centred * std::sqrt(kd * kVariance / kDrawnVariance);
    return std::clamp(std::floor(scaled + 0.5), 0.0, kd * (kNoiseSteps - 1));
  }

 private:
  std::vector<RandomStream> draws_;
};

// The bounded method's second half: each row's prefix sum gives k per cell,
// which becomes k x the constant plus the drawn sum of k terms.
void addCoveredHeights(Heightfield& field, const RectanglesJob& spec, const Execution& exec) {
  const RectanglesParams& p = spec;
  const double base = p.zscale / static_cast<double>(p.rects);
  const CoveredNoise noise(spec.seed);
  parallelFor(exec, 0, spec.size, 16, [&](std::int64_t begin, std::int64_t end) {
    for (auto y = static_cast<int>(begin); y < end; ++y) {
      float* row = &field.at(0, y);
      float covering = 0.0f;
      for (int x = 0; x < spec.size; ++x) {
        covering += row[x];
        const auto k = static_cast<std::uint32_t>(covering);
        const std::uint64_t cell =
            latticeIndex(static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(y));
        const double steps = k == 0 ? 0.0 : noise.steps(cell, k);
        row[x] =
            static_cast<float>(static_cast<double>(k) * base + p.cellNoise * (steps / kNoiseSteps));
      }
    }
  });
}

std::int64_t totalArea(const std::vector<Rect>& rects) {
  std::int64_t area = 0;
  for (const Rect& r : rects) {
    area += static_cast<std::int64_t>(r.x2 - r.x1) * static_cast<std::int64_t>(r.y2 - r.y1);
  }
  return area;
}

}  // namespace

Heightfield generateRectangles(const RectanglesParams& params, std::uint64_t seed,
                               const RunControl& control, RectanglesMethod method) {
  RectanglesJob spec;
  static_cast<RectanglesParams&>(spec) = params;
  spec.seed = seed;
  const Execution& exec = control.exec;
  const int size = spec.size;
  Heightfield field(size, size);
  const std::vector<Rect> rects = placeRectangles(spec, exec);
  control.checkpoint(0.1f);
  if (method == RectanglesMethod::Auto) {
    const auto cells = static_cast<std::int64_t>(size) * size;
    method = totalArea(rects) <= kRectanglesExactWorkPerCell * cells ? RectanglesMethod::ArticleLoop
                                                                     : RectanglesMethod::Bounded;
  }
  if (method == RectanglesMethod::ArticleLoop) {
    addRectanglesOneByOne(field, spec, rects, control);
  } else {
    countCoverage(field, rects);
    addCoveredHeights(field, spec, exec);
  }
  control.checkpoint(1.0f);
  return field;
}

namespace {

// The automatic method, as a plain function of (params, seed, control).
Heightfield rectanglesAuto(const RectanglesParams& params, std::uint64_t seed,
                           const RunControl& control) {
  return generateRectangles(params, seed, control, RectanglesMethod::Auto);
}

const ParamTable<RectanglesParams>& table() {
  static const ParamTable<RectanglesParams> rows({
      TERRAIN_BIND(RectanglesParams, size, sizeParam(2, kMaxMapSide)),
      TERRAIN_BIND(RectanglesParams, rects,
                   (ParamInfo{"rects",
                              "Rectangles",
                              "",
                              "How many rectangles are piled up: more makes smoother "
                              "hills (the article's genStep)",
                              ParamType::Integer,
                              1,
                              1000000,
                              {},
                              true})),
      TERRAIN_BIND(RectanglesParams, rectSize,
                   (ParamInfo{"rect-size",
                              "Rectangle size",
                              "cells",
                              "How big each rectangle is: each side is rect-size/4 plus "
                              "0..rect-size-1 cells (the article's recSize)",
                              ParamType::Integer,
                              1,
                              16384,
                              {},
                              true})),
      TERRAIN_BIND(RectanglesParams, zscale,
                   (ParamInfo{"zscale",
                              "Z scale",
                              "",
                              "Height shared out over all rectangles (zscale / rects "
                              "each): against cell noise, how smooth the hills are",
                              ParamType::Real,
                              0,
                              1000000,
                              {},
                              true})),
      TERRAIN_BIND(RectanglesParams, cellNoise,
                   (ParamInfo{"cell-noise", "Cell noise", "",
                              "How grainy the ground is: a fresh random 0..0.98 times this "
                              "per rectangle and cell",
                              ParamType::Real, 0, 1000})),
  });
  return rows;
}

}  // namespace

const SourceStage& rectanglesSource() {
  static const SourceStage node(
      {
          .key = "rectangles",
          .title = "Random rectangles",
          .help = "Blocky hills from piled-up rectangles, each with a grainy top (article 003)",
          .params = table().schema(),
          .paramTable = &table(),
      },
      {
          .generate = normalisedSource(table(), &rectanglesAuto),
          .articlePreset =
              ArticlePreset{"003", "128x128, 1024 rectangles of size 10, zscale 512, in 3D",
                            table().pack(RectanglesParams{}), 1, ViewKind::Mesh, 0.2, false},
          .defaultWater = 0.2,
      });
  return node;
}

}  // namespace terrain
