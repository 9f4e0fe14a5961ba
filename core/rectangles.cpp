#include "core/rectangles.hpp"

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
// Every value is a pure function of (seed, rectangle, cell): a rectangle's
// shape comes from its own stream, each per-cell term from another stream of
// that rectangle keyed by the cell, so nothing depends on visiting order.
// The rows are split into bands; each band walks every rectangle in order
// and adds only its own rows, so every cell sums its terms in rectangle
// order whatever the thread count.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/random.hpp"
#include "core/smoothing.hpp"

namespace terrain {
namespace {

// Stream ids: rectangle index in the low 32 bits, purpose above.
constexpr std::uint64_t kShapeStreamBase = 0x5245'4354ULL << 32;  // "RECT"
constexpr std::uint64_t kCellStreamBase = 0x4345'4c4cULL << 32;   // "CELL"

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

}  // namespace

Heightfield RectanglesGenerator::generate(const TerrainSpec& spec, const Execution& exec) const {
  const int size = spec.size;
  const RectanglesParams& p = spec.rectangles;
  Heightfield field(size, size);

  std::vector<Rect> rects(static_cast<std::size_t>(p.rects));
  parallelFor(exec, 0, p.rects, 4096, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) {
      rects[static_cast<std::size_t>(i)] =
          rectangleAt(spec.seed, static_cast<int>(i), size, p.rectSize);
    }
  });

  const double base = p.zscale / static_cast<double>(p.rects);
  // Bands of at least 16 rows; fewer rows than that run on the caller.
  parallelFor(exec, 0, size, 16, [&](std::int64_t begin, std::int64_t end) {
    const auto bandTop = static_cast<int>(begin);
    const auto bandBottom = static_cast<int>(end);
    for (std::size_t i = 0; i < rects.size(); ++i) {
      const Rect& r = rects[i];
      const int top = std::max(r.y1, bandTop);
      const int bottom = std::min(r.y2, bandBottom);
      if (top >= bottom || r.x1 >= r.x2) continue;
      const RandomStream cells(spec.seed, kCellStreamBase + i);
      for (int y = top; y < bottom; ++y) {
        float* row = &field.at(0, y);
        for (int x = r.x1; x < r.x2; ++x) {
          const std::uint32_t k = cells.below(
              latticeIndex(static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(y)), 50);
          const double rise = base + p.cellNoise * (static_cast<double>(k) / 50.0);
          row[x] = static_cast<float>(static_cast<double>(row[x]) + rise);
        }
      }
    }
  });

  if (spec.smoothing > 0) smoothScaled(field, spec.smoothing, /*wrap=*/false, exec);
  return field;
}

}  // namespace terrain
