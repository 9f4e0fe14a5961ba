#pragma once
// A window of a world's samples, for tiles (issue 9): a tile is the window
// of the world it covers, computed alone by a source that can.
#include <cstdint>

namespace terrain {

struct MapWindow {
  // The world sample under the window's first column and row; negative or
  // past the world's last sample where a tile's overlap reaches beyond it.
  std::int64_t x0 = 0;
  std::int64_t y0 = 0;
  int width = 0;
  int height = 0;

  bool operator==(const MapWindow&) const = default;
};

// The world sample a position reads: inside, itself; outside, the nearest
// edge sample (the edge repeats), or on a torus the wrapped one.
constexpr std::int64_t worldSample(std::int64_t i, std::int64_t worldSize, bool wraps) {
  if (wraps) return ((i % worldSize) + worldSize) % worldSize;
  return i < 0 ? 0 : (i >= worldSize ? worldSize - 1 : i);
}

}  // namespace terrain
