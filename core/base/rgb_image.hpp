#pragma once
// An 8-bit RGB picture: what ramps colour, PNGs hold and the renderer
// uploads.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace terrain {

struct Rgb8 {
  std::uint8_t r = 0;
  std::uint8_t g = 0;
  std::uint8_t b = 0;
  bool operator==(const Rgb8&) const = default;
};

// 8-bit RGB, row-major, top row first (PNG order).
struct RgbImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  // width * height * 3

  RgbImage() = default;
  RgbImage(int w, int h);
  Rgb8 at(int x, int y) const;
  void set(int x, int y, Rgb8 c);
};

}  // namespace terrain
