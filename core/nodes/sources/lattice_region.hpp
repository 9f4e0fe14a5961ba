#pragma once
// Lattice points [x0, x1] x [y0, y1] (inclusive) of one refinement level,
// in that level's lattice units: the patch a window of a world needs at
// that level (diamond_square_window.cpp, coastline_window.cpp).
#include <cstdint>

namespace terrain {

struct LatticeRegion {
  std::int64_t x0 = 0;
  std::int64_t y0 = 0;
  std::int64_t x1 = 0;
  std::int64_t y1 = 0;

  std::int64_t width() const { return x1 - x0 + 1; }
  std::int64_t height() const { return y1 - y0 + 1; }
};

}  // namespace terrain
