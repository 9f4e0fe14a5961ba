#pragma once
// Height-to-colour ramps. No GL: the renderer uploads the tables below.
#include <cstdint>
#include <string>
#include <string_view>
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

// Land stops span [water, 1] (the beach follows the water line; with water
// 0 they span the whole range, as article 000's gradient does); water stops
// span [0, water), deepest first. A ramp without water stops ignores the
// water level (grayscale is the plain heightmap).
class ColorRamp {
 public:
  ColorRamp(std::string name, std::vector<Rgb8> land, std::vector<Rgb8> water);

  static ColorRamp earth();      // deep/shallow water, sand, grass, forest, rock, snow
  static ColorRamp grayscale();  // black .. white
  static ColorRamp coastline();  // the applet's blue sea and green land
  // A 1xN or Nx1 PNG, first pixel = lowest land (article 000); water stops
  // from earth(). Throws IoError / InputError naming the file and the fault.
  static ColorRamp fromPng(const std::string& path);

  const std::string& name() const { return name_; }
  bool hasWater() const { return !water_.empty(); }
  Rgb8 colorAt(float height, float waterLevel) const;
  // Evenly resampled tables (linear interpolation between stops), for GPUs.
  std::vector<Rgb8> landTable(int entries) const;
  std::vector<Rgb8> waterTable(int entries) const;  // empty when !hasWater()

 private:
  std::string name_;
  std::vector<Rgb8> land_;
  std::vector<Rgb8> water_;
};

std::vector<std::string_view> builtinRampNames();  // "earth", "grayscale", "coastline"
// Throws InputError listing the built-in names.
ColorRamp builtinRamp(std::string_view name);

}  // namespace terrain
