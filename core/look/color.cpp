#include "core/look/color.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/base/error.hpp"
#include "core/io/png_io.hpp"

namespace terrain {
namespace {

// Article 000's gradient is 1x100; longer ones are accepted up to this.
constexpr int kMaxRampStops = 65536;

std::uint8_t lerpChannel(std::uint8_t a, std::uint8_t b, float t) {
  const float v = static_cast<float>(a) + (static_cast<float>(b) - static_cast<float>(a)) * t;
  return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 255.0f)));
}

// t in [0, 1] over evenly spaced stops; the stops are hit exactly at i / (n-1).
Rgb8 sampleStops(const std::vector<Rgb8>& stops, float t) {
  if (stops.size() == 1) return stops.front();
  t = t > 0.0f ? std::min(t, 1.0f) : 0.0f;  // NaN -> 0
  const float position = t * static_cast<float>(stops.size() - 1);
  const auto i = std::min(static_cast<std::size_t>(position), stops.size() - 2);
  const float f = position - static_cast<float>(i);
  const Rgb8 a = stops[i];
  const Rgb8 b = stops[i + 1];
  return {lerpChannel(a.r, b.r, f), lerpChannel(a.g, b.g, f), lerpChannel(a.b, b.b, f)};
}

std::vector<Rgb8> resample(const std::vector<Rgb8>& stops, int entries) {
  std::vector<Rgb8> table(static_cast<std::size_t>(std::max(entries, 0)));
  const float last = static_cast<float>(std::max(entries - 1, 1));
  for (std::size_t i = 0; i < table.size(); ++i) {
    table[i] = sampleStops(stops, static_cast<float>(i) / last);
  }
  return table;
}

void checkRampShape(const std::string& path, int width, int height) {
  if (width != 1 && height != 1) {
    throw InputError("colour ramp '" + path + "' is " + std::to_string(width) + "x" +
                     std::to_string(height) + " pixels; a ramp is 1xN or Nx1");
  }
  const int n = std::max(width, height);
  if (n < 2 || n > kMaxRampStops) {
    throw InputError("colour ramp '" + path + "' has " + std::to_string(n) +
                     " colours; allowed: 2 to " + std::to_string(kMaxRampStops));
  }
}

// Pixels in file order: the first is the lowest land (article 000).
std::vector<Rgb8> stopsFromImage(const RgbImage& image) {
  std::vector<Rgb8> stops(image.pixels.size() / 3);
  for (std::size_t i = 0; i < stops.size(); ++i) {
    stops[i] = {image.pixels[3 * i], image.pixels[3 * i + 1], image.pixels[3 * i + 2]};
  }
  return stops;
}

}  // namespace

ColorRamp::ColorRamp(std::string name, std::vector<Rgb8> land, std::vector<Rgb8> water)
    : name_(std::move(name)), land_(std::move(land)), water_(std::move(water)) {
  if (land_.empty()) throw std::invalid_argument("ColorRamp '" + name_ + "' has no land stops");
}

ColorRamp ColorRamp::earth() {
  return ColorRamp("earth",
                   {{222, 208, 150},   // sand at the water line
                    {104, 166, 72},    // grass
                    {44, 108, 50},     // forest
                    {128, 118, 108},   // rock
                    {246, 246, 250}},  // snow
                   {{18, 40, 104},     // deep water
                    {62, 128, 196}});  // shallow water
}

ColorRamp ColorRamp::grayscale() {
  return ColorRamp("grayscale", {{0, 0, 0}, {255, 255, 255}}, {});
}

ColorRamp ColorRamp::coastline() {
  // The applet: Color.green land, Color.blue sea, nothing in between.
  return ColorRamp("coastline", {{0, 255, 0}}, {{0, 0, 255}});
}

ColorRamp ColorRamp::fromPng(const std::string& path) {
  const RgbImage image = readPngRgb8(
      path, [&](int width, int height) { checkRampShape(path, width, height); }, kMaxRampStops);
  return ColorRamp(path, stopsFromImage(image), earth().water_);
}

ColorRamp ColorRamp::fromPngData(std::span<const std::uint8_t> bytes, const std::string& name) {
  const RgbImage image = readPngRgb8(
      bytes, name, [&](int width, int height) { checkRampShape(name, width, height); },
      kMaxRampStops);
  return ColorRamp(name, stopsFromImage(image), earth().water_);
}

Rgb8 ColorRamp::colorAt(float height, float waterLevel) const {
  height = height > 0.0f ? std::min(height, 1.0f) : 0.0f;  // NaN -> 0
  if (!hasWater()) return sampleStops(land_, height);
  waterLevel = waterLevel > 0.0f ? std::min(waterLevel, 1.0f) : 0.0f;
  if (height < waterLevel) return sampleStops(water_, height / waterLevel);
  const float span = 1.0f - waterLevel;
  return sampleStops(land_, span > 0.0f ? (height - waterLevel) / span : 0.0f);
}

std::vector<Rgb8> ColorRamp::landTable(int entries) const {
  return resample(land_, entries);
}

std::vector<Rgb8> ColorRamp::waterTable(int entries) const {
  return hasWater() ? resample(water_, entries) : std::vector<Rgb8>{};
}

ColorLookup::ColorLookup(const ColorRamp& ramp, float waterLevel, int entries) {
  entries = std::max(entries, 2);
  // Scales a hair under entries - 1 keep float rounding from ever reaching
  // past a table's last entry (the water line itself is decided by h < water).
  const double last = static_cast<double>(entries - 1) * (1.0 - 1e-5);
  water_ = ramp.hasWater() && waterLevel > 0.0f ? std::min(waterLevel, 1.0f) : 0.0f;
  if (water_ > 0.0f) {
    table_ = ramp.waterTable(entries);
    waterScale_ = static_cast<float>(last / static_cast<double>(water_));
  }
  const double landScale = water_ < 1.0f ? last / (1.0 - static_cast<double>(water_)) : 0.0;
  landScale_ = static_cast<float>(landScale);
  landBias_ = static_cast<float>(static_cast<double>(table_.size()) + 0.5 -
                                 static_cast<double>(water_) * landScale);
  const std::vector<Rgb8> land = ramp.landTable(entries);
  table_.insert(table_.end(), land.begin(), land.end());
}

void ColorLookup::indices(const float* heights, int n, std::int32_t* out) const {
  // Clamping and indexing in separate loops, and the water choice as a bit
  // mask: GCC will not vectorise float arithmetic behind a condition.
  constexpr int kBatch = 256;
  float clamped[kBatch];
  for (int first = 0; first < n; first += kBatch) {
    const int count = std::min(kBatch, n - first);
    const float* in = heights + first;
    for (int i = 0; i < count; ++i) {
      const float h = in[i] > 0.0f ? in[i] : 0.0f;  // NaN -> 0
      clamped[i] = h < 1.0f ? h : 1.0f;
    }
    std::int32_t* dst = out + first;
    for (int i = 0; i < count; ++i) {
      const float h = clamped[i];
      const std::int32_t mask = -static_cast<std::int32_t>(h < water_);
      dst[i] = (wetIndex(h) & mask) | (dryIndex(h) & ~mask);
    }
  }
}

std::vector<std::string_view> builtinRampNames() {
  return {"earth", "grayscale", "coastline"};
}

ColorRamp builtinRamp(std::string_view name) {
  if (name == "earth") return ColorRamp::earth();
  if (name == "grayscale") return ColorRamp::grayscale();
  if (name == "coastline") return ColorRamp::coastline();
  std::string allowed;
  for (auto n : builtinRampNames()) {
    if (!allowed.empty()) allowed += ", ";
    allowed += n;
  }
  throw InputError("'" + std::string(name) +
                   "' is not a built-in colour ramp; built-in: " + allowed);
}

bool isBuiltinRamp(std::string_view name) {
  for (auto n : builtinRampNames()) {
    if (n == name) return true;
  }
  return false;
}

}  // namespace terrain
