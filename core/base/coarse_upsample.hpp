#pragma once
// The two-stage tiles' upsampling (core/export/tiles.cpp for chains,
// core/graph/window_evaluation.cpp for graphs): a coarse world's layer read
// at a fine world's sample, exactly the same for every tile that holds it.
#include <cstdint>
#include <vector>

namespace terrain {

// Bilinear sample of a coarse layer at world sample (x, y) of a world of
// `cells` cells a side (the coarse one has coarseCells).
inline float upsampleBilinear(const std::vector<float>& layer, int coarseWidth,
                              std::int64_t coarseCells, std::int64_t cells, bool wraps,
                              std::int64_t x, std::int64_t y) {
  const auto at = [&](std::int64_t cx, std::int64_t cy) {
    if (wraps) {
      cx %= coarseCells;
      cy %= coarseCells;
    }
    return layer[static_cast<std::size_t>(cy * coarseWidth + cx)];
  };
  // Exact integer positions: x * coarseCells / cells, remainder as the fraction.
  const std::int64_t ax = x * coarseCells;
  const std::int64_t ay = y * coarseCells;
  const std::int64_t cx = ax / cells;
  const std::int64_t cy = ay / cells;
  const float tx = static_cast<float>(ax % cells) / static_cast<float>(cells);
  const float ty = static_cast<float>(ay % cells) / static_cast<float>(cells);
  const std::int64_t nx = tx > 0.0f ? cx + 1 : cx;
  const std::int64_t ny = ty > 0.0f ? cy + 1 : cy;
  const float top = at(cx, cy) * (1.0f - tx) + at(nx, cy) * tx;
  const float bottom = at(cx, ny) * (1.0f - tx) + at(nx, ny) * tx;
  return top * (1.0f - ty) + bottom * ty;
}

}  // namespace terrain
