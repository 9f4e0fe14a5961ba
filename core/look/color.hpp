#pragma once
// Height-to-colour ramps. No GL: the renderer uploads the tables below.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/rgb_image.hpp"

namespace terrain {

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
  // The same from the bytes of a PNG file; `name` names it in messages.
  static ColorRamp fromPngData(std::span<const std::uint8_t> bytes, const std::string& name);

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

// colorAt() for one fixed water level through precomputed tables, for the
// per-pixel loops (a table lookup instead of interpolation). The water line
// stays exact: heights below the level always take a water entry.
class ColorLookup {
 public:
  // entries per table, >= 2; 4096 keeps every step under one 8-bit level.
  ColorLookup(const ColorRamp& ramp, float waterLevel, int entries = 4096);
  Rgb8 operator()(float height) const { return table_[static_cast<std::size_t>(index(height))]; }
  // The split form: index() / indices() then entry().
  std::int32_t index(float height) const {
    height = height > 0.0f ? height : 0.0f;  // also maps NaN to 0
    height = height < 1.0f ? height : 1.0f;
    return height < water_ ? wetIndex(height) : dryIndex(height);
  }
  // index() of n heights; written so the compiler vectorises it.
  void indices(const float* heights, int n, std::int32_t* out) const;
  Rgb8 entry(std::int32_t index) const { return table_[static_cast<std::size_t>(index)]; }
  std::int32_t size() const { return static_cast<std::int32_t>(table_.size()); }
  float waterLevel() const { return water_; }

 private:
  std::int32_t wetIndex(float h) const { return static_cast<std::int32_t>(h * waterScale_ + 0.5f); }
  std::int32_t dryIndex(float h) const {
    return static_cast<std::int32_t>(h * landScale_ + landBias_);
  }

  std::vector<Rgb8> table_;  // water entries (if any), then land entries
  float water_ = 0.0f;       // 0 when the ramp has no water stops
  float waterScale_ = 0.0f;  // water entries per unit of height
  float landScale_ = 0.0f;   // land entries per unit of height above the water
  float landBias_ = 0.5f;    // first land entry + 0.5 - water * landScale_
};

std::vector<std::string_view> builtinRampNames();  // "earth", "grayscale", "coastline"
bool isBuiltinRamp(std::string_view name);
// Throws InputError listing the built-in names.
ColorRamp builtinRamp(std::string_view name);

}  // namespace terrain
