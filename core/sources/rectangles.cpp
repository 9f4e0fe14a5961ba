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
#include "core/sources/rectangles.hpp"

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

Heightfield generateRectangles(const RectanglesParams& p, std::uint64_t seed,
                               const RunControl& control) {
  const Execution& exec = control.exec;
  const int size = p.size;
  Heightfield field(size, size);

  std::vector<Rect> rects(static_cast<std::size_t>(p.rects));
  parallelFor(exec, 0, p.rects, 4096, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) {
      rects[static_cast<std::size_t>(i)] = rectangleAt(seed, static_cast<int>(i), size, p.rectSize);
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
      const RandomStream cells(seed, kCellStreamBase + i);
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

  control.checkpoint(1.0f);
  return field;
}

namespace {

class RectanglesSource final : public TypedStage<SourceStage, RectanglesParams> {
 public:
  RectanglesSource()
      : TypedStage({
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
        }) {}

  std::string_view key() const override { return "rectangles"; }
  std::string_view title() const override { return "Random rectangles"; }
  std::string_view help() const override {
    return "Blocky hills from piled-up rectangles, each with a grainy top (article 003)";
  }
  bool profile() const override { return false; }
  SizeRule sizeRule() const override { return SizeRule::Any; }
  int minSize() const override { return 2; }
  int maxSize() const override { return static_cast<int>(kMaxMapSide); }
  std::optional<ArticlePreset> articlePreset() const override {
    return ArticlePreset{"003",
                         "128x128, 1024 rectangles of size 10, zscale 512, in 3D",
                         pack(RectanglesParams{}),
                         1,
                         ArticleView::Mesh,
                         0.2,
                         false};
  }
  Heightfield generate(std::uint64_t seed, const ParamValues& values,
                       const RunControl& control) const override {
    Heightfield field = generateRectangles(unpack(values), seed, control);
    normalise(field, control.exec);
    return field;
  }
};

}  // namespace

const SourceStage& rectanglesSource() {
  static const RectanglesSource stage;
  return stage;
}

}  // namespace terrain
