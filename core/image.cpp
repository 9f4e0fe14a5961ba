#include "core/image.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace terrain {
namespace {

struct SunTerms {
  float kx;  // -Lx / Lz
  float ky;  // -Ly / Lz
};

// With L the unit vector towards the sun and slopes gx = dz/dx, gy = dz/dy,
// the Lambert term over flat ground's is (1 + kx gx + ky gy) / |(gx, gy, 1)|.
SunTerms sunTerms() {
  constexpr float kDeg = std::numbers::pi_v<float> / 180.0f;
  const float az = kSunAzimuthDegrees * kDeg;  // clockwise from north (-y)
  const float el = kSunElevationDegrees * kDeg;
  const float lx = std::cos(el) * std::sin(az);
  const float ly = -std::cos(el) * std::cos(az);
  const float lz = std::sin(el);
  return {-lx / lz, -ly / lz};
}

float shadeFactor(const SunTerms& sun, float gx, float gy) {
  const float f = (1.0f + sun.kx * gx + sun.ky * gy) / std::sqrt(1.0f + gx * gx + gy * gy);
  return std::clamp(f, kHillshadeMin, kHillshadeMax);
}

std::uint8_t scaleChannel(std::uint8_t c, float factor) {
  const float v = static_cast<float>(c) * factor + 0.5f;
  return static_cast<std::uint8_t>(v < 255.0f ? v : 255.0f);
}

void putPixel(std::uint8_t* out, Rgb8 c) {
  out[0] = c.r;
  out[1] = c.g;
  out[2] = c.b;
}

// Slope per unit height difference across two cells, for a map whose
// longer side spans one unit and whose heights reach kHillshadeRelief.
float gradientScaleFor(const Heightfield& field) {
  const int cells = std::max(field.width, field.height) - 1;
  return static_cast<float>(std::max(cells, 1)) * kHillshadeRelief * 0.5f;
}

// Rows (or columns) around i for a central difference, one-sided at edges;
// the weight turns (after - before) into a two-cell difference (0 when n == 1).
struct Neighbours {
  int before;
  int after;
  float weight;
};

Neighbours neighbours(int i, int n) {
  const int before = std::max(i - 1, 0);
  const int after = std::min(i + 1, n - 1);
  const int span = after - before;
  return {before, after, span > 0 ? 2.0f / static_cast<float>(span) : 0.0f};
}

Rgb8 blend(Rgb8 under, Rgb8 over, float alpha) {
  const auto mix = [alpha](std::uint8_t a, std::uint8_t b) {
    return static_cast<std::uint8_t>(std::lround(static_cast<float>(a) * (1.0f - alpha) +
                                                 static_cast<float>(b) * alpha));
  };
  return {mix(under.r, over.r), mix(under.g, over.g), mix(under.b, over.b)};
}

}  // namespace

float hillshadeAt(const Heightfield& field, int x, int y) {
  const float scale = gradientScaleFor(field);
  const Neighbours nx = neighbours(x, field.width);
  const Neighbours ny = neighbours(y, field.height);
  const float gx = (field.at(nx.after, y) - field.at(nx.before, y)) * nx.weight * scale;
  const float gy = (field.at(x, ny.after) - field.at(x, ny.before)) * ny.weight * scale;
  return shadeFactor(sunTerms(), gx, gy);
}

MapRenderer::MapRenderer(const Heightfield& field, const ColorRamp& ramp, float water,
                         bool hillshade)
    : field_(field),
      lookup_(ramp, water),
      hillshade_(hillshade),
      gradientScale_(gradientScaleFor(field)) {}

void MapRenderer::renderRow(int y, std::uint8_t* rgb) const {
  const int w = field_.width;
  const float* row = field_.heights.data() + field_.index(0, y);
  if (!hillshade_) {
    for (int x = 0; x < w; ++x) putPixel(rgb + 3 * x, lookup_(row[x]));
    return;
  }
  const SunTerms sun = sunTerms();
  const float water = lookup_.waterLevel();
  const Neighbours ny = neighbours(y, field_.height);
  const float* above = field_.heights.data() + field_.index(0, ny.before);
  const float* below = field_.heights.data() + field_.index(0, ny.after);
  const float sy = ny.weight * gradientScale_;
  const auto shadePixel = [&](int x, float gx) {
    const float h = row[x];
    const Rgb8 c = lookup_(h);
    std::uint8_t* out = rgb + 3 * x;
    if (h < water) {  // the water surface is flat: no shading
      putPixel(out, c);
      return;
    }
    const float f = shadeFactor(sun, gx, (below[x] - above[x]) * sy);
    out[0] = scaleChannel(c.r, f);
    out[1] = scaleChannel(c.g, f);
    out[2] = scaleChannel(c.b, f);
  };
  for (int x : {0, w - 1}) {  // one-sided differences at the edges
    const Neighbours nx = neighbours(x, w);
    shadePixel(x, (row[nx.after] - row[nx.before]) * nx.weight * gradientScale_);
  }
  for (int x = 1; x < w - 1; ++x) shadePixel(x, (row[x + 1] - row[x - 1]) * gradientScale_);
}

RgbImage renderMapImage(const Heightfield& field, const ColorRamp& ramp, float water,
                        bool hillshade, const Execution& exec) {
  RgbImage image(field.width, field.height);
  const MapRenderer renderer(field, ramp, water, hillshade);
  const std::size_t stride = static_cast<std::size_t>(field.width) * 3;
  parallelFor(exec, 0, field.height, 16, [&](std::int64_t begin, std::int64_t end) {
    for (auto y = begin; y < end; ++y) {
      renderer.renderRow(static_cast<int>(y), image.pixels.data() + static_cast<std::size_t>(y) * stride);
    }
  });
  return image;
}

float sideViewElevation(int row, int imageHeight) {
  const float fromBottom = static_cast<float>(imageHeight - 1 - row) + 0.5f;
  return fromBottom / (static_cast<float>(imageHeight) * (1.0f - kSideViewHeadroom));
}

float sideViewGround(const Heightfield& profile, int x, int width) {
  const auto& h = profile.heights;
  const auto n = static_cast<std::int64_t>(h.size());
  if (n == 0) return 0.0f;
  if (n == 1 || width <= 1) return h.front();
  if (width >= n) {
    const double s = static_cast<double>(x) * static_cast<double>(n - 1) / (width - 1);
    const auto i = std::min(static_cast<std::int64_t>(s), n - 2);
    const auto f = static_cast<float>(s - static_cast<double>(i));
    const auto ui = static_cast<std::size_t>(i);
    return h[ui] + (h[ui + 1] - h[ui]) * f;
  }
  const auto first = static_cast<std::size_t>(x * n / width);
  const auto last = static_cast<std::size_t>((x + 1) * n / width);  // exclusive, > first
  return *std::max_element(h.begin() + static_cast<std::ptrdiff_t>(first),
                           h.begin() + static_cast<std::ptrdiff_t>(last));
}

SideViewRenderer::SideViewRenderer(const Heightfield& profile, const ColorRamp& ramp, float water,
                                   int width, int height)
    : lookup_(ramp, water),
      water_(water),
      rampHasWater_(ramp.hasWater()),
      seabed_(blend(ramp.colorAt(water, water), Rgb8{0, 0, 0}, 0.4f)),  // lowest land, darker
      width_(width),
      height_(height) {
  if (width < 1 || height < 1) {
    throw std::invalid_argument("side view size " + std::to_string(width) + "x" +
                                std::to_string(height));
  }
  ground_.resize(static_cast<std::size_t>(width));
  for (int x = 0; x < width; ++x) ground_[static_cast<std::size_t>(x)] = sideViewGround(profile, x, width);
}

void SideViewRenderer::renderRow(int y, std::uint8_t* rgb) const {
  const float e = sideViewElevation(y, height_);
  const bool underwater = e < water_;
  // Everything on one row shares its elevation, so at most three colours.
  const Rgb8 groundColor = underwater && rampHasWater_ ? seabed_ : lookup_(e);
  const Rgb8 waterColor = rampHasWater_ ? lookup_(e) : blend(kSkyColor, kSideWaterColor, 0.6f);
  const Rgb8 openColor = underwater ? waterColor : kSkyColor;
  for (int x = 0; x < width_; ++x) {
    putPixel(rgb + 3 * x, e < ground_[static_cast<std::size_t>(x)] ? groundColor : openColor);
  }
}

RgbImage renderSideViewImage(const Heightfield& profile, const ColorRamp& ramp, float water,
                             int width, int height) {
  const SideViewRenderer renderer(profile, ramp, water, width, height);
  RgbImage image(width, height);
  const std::size_t stride = static_cast<std::size_t>(width) * 3;
  for (int y = 0; y < height; ++y) {
    renderer.renderRow(y, image.pixels.data() + static_cast<std::size_t>(y) * stride);
  }
  return image;
}

Heightfield crossSection(const Heightfield& map, int row) {
  if (row < 0 || row >= map.height) {
    throw std::out_of_range("cross-section row " + std::to_string(row) + " of a map " +
                            std::to_string(map.height) + " rows tall");
  }
  Heightfield profile(map.width, 1);
  std::copy_n(map.heights.begin() + static_cast<std::ptrdiff_t>(map.index(0, row)), map.width,
              profile.heights.begin());
  return profile;
}

}  // namespace terrain
