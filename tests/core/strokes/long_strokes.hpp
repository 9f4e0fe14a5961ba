#pragma once
// The long strokes the bounds are measured on: 80,000 points as a long
// drag draws them (a meander) and as a worst case (a zigzag right across
// the map and back), on the default 8192 m world.
#include <cmath>

#include "core/strokes/strokes.hpp"

namespace terrain::strokes_test {

inline const StrokeGrid k257{257, 257, 0, 0, 32.0, false, 8192.0};

// One track across the map, drawn with `points` points.
inline PathPoints meander(int points) {
  PathPoints p;
  for (int k = 0; k < points; ++k) {
    const double s = double(k) / double(points - 1);
    p.push_back({8192.0 * (0.05 + 0.9 * s), 8192.0 * (0.5 + 0.35 * std::sin(s * 6.0 * 3.14159))});
  }
  return p;
}

// Right across the map and back, `points` times.
inline PathPoints zigzag(int points) {
  PathPoints p;
  for (int k = 0; k < points; ++k) p.push_back({(k % 2) * 8192.0, 8192.0 * k / points});
  return p;
}

}  // namespace terrain::strokes_test
