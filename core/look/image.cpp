#include "core/look/image.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
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
SunTerms sunTerms(const Shading& shading) {
  const auto& l = shading.sun;
  return {-l[0] / l[2], -l[1] / l[2]};
}

// 1 / sqrt(v) for v >= 1 from multiplies only, so the shading loop
// vectorises (std::sqrt cannot while it may set errno). Relative error < 1e-5.
float inverseSqrt(float v) {
  float r = std::bit_cast<float>(0x5f375a86u - (std::bit_cast<std::uint32_t>(v) >> 1));
  r = r * (1.5f - 0.5f * v * r * r);
  r = r * (1.5f - 0.5f * v * r * r);
  return r;
}

// Lambert over flat ground's, before clamping: within +-sqrt(1 + kx^2 + ky^2).
float rawShade(const SunTerms& sun, float gx, float gy) {
  return (1.0f + sun.kx * gx + sun.ky * gy) * inverseSqrt(1.0f + gx * gx + gy * gy);
}

float shadeFactor(const SunTerms& sun, float gx, float gy) {
  return std::clamp(rawShade(sun, gx, gy), kHillshadeMin, kHillshadeMax);
}

// Shading in 8.8 fixed point: 256 is a factor of 1.
constexpr std::int32_t kFixedOne = 256;
constexpr std::int32_t fixedShade(float factor) {
  return static_cast<std::int32_t>(factor * 256.0f + 0.5f);
}
constexpr std::int32_t kFixedMin = fixedShade(kHillshadeMin);
constexpr std::int32_t kFixedMax = fixedShade(kHillshadeMax);

void putPixel(std::uint8_t* out, Rgb8 c) {
  out[0] = c.r;
  out[1] = c.g;
  out[2] = c.b;
}

// Slope per unit height difference across two cells, for a map whose
// longer side spans one unit and whose heights reach `relief`.
float gradientScaleFor(const Heightfield& field, float relief) {
  const int cells = std::max(field.width, field.height) - 1;
  return static_cast<float>(std::max(cells, 1)) * relief * 0.5f;
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
    return static_cast<std::uint8_t>(
        std::lround(static_cast<float>(a) * (1.0f - alpha) + static_cast<float>(b) * alpha));
  };
  return {mix(under.r, over.r), mix(under.g, over.g), mix(under.b, over.b)};
}

}  // namespace

Shading Shading::of(const Look& look, bool on) {
  Shading shading(on);
  shading.sun = sunDirection(look);
  shading.relief = static_cast<float>(look.relief);
  return shading;
}

void despeckledRow(const Heightfield& field, int y, float* out) {
  const int w = field.width;
  const float* above = field.heights.data() + field.index(0, std::max(y - 1, 0));
  const float* row = field.heights.data() + field.index(0, y);
  const float* below = field.heights.data() + field.index(0, std::min(y + 1, field.height - 1));
  for (int x = 0; x < w; ++x) {
    const int l = std::max(x - 1, 0);
    const int r = std::min(x + 1, w - 1);
    const float lo =
        std::min({above[l], above[x], above[r], row[l], row[r], below[l], below[x], below[r]});
    const float hi =
        std::max({above[l], above[x], above[r], row[l], row[r], below[l], below[x], below[r]});
    out[x] = std::clamp(row[x], lo, hi);
  }
}

std::vector<float> despeckled(const Heightfield& field, const Execution& exec) {
  std::vector<float> out(field.size());
  parallelFor(exec, 0, field.height, 16, [&](std::int64_t begin, std::int64_t end) {
    for (auto y = begin; y < end; ++y) {
      despeckledRow(field, static_cast<int>(y), out.data() + field.index(0, static_cast<int>(y)));
    }
  });
  return out;
}

namespace {

// The Sobel gradient at column x of three despeckled rows (above, at and
// below the cell), before the map's scale: along x and along y. The GPU's
// map view (shaders/map.frag) computes the same sums in the same order.
struct Gradient {
  float gx;
  float gy;
};

Gradient sobel(const float* const rows[3], int l, int x, int r) {
  const float* a = rows[0];
  const float* m = rows[1];
  const float* b = rows[2];
  return {((a[r] + 2.0f * m[r] + b[r]) - (a[l] + 2.0f * m[l] + b[l])) * 0.25f,
          ((b[l] + 2.0f * b[x] + b[r]) - (a[l] + 2.0f * a[x] + a[r])) * 0.25f};
}

}  // namespace

float hillshadeAt(const Heightfield& field, int x, int y, const Shading& shading) {
  const float scale = gradientScaleFor(field, shading.relief);
  const Neighbours nx = neighbours(x, field.width);
  const Neighbours ny = neighbours(y, field.height);
  std::vector<float> buffer(3 * static_cast<std::size_t>(field.width));
  const std::size_t w = static_cast<std::size_t>(field.width);
  despeckledRow(field, ny.before, buffer.data());
  despeckledRow(field, y, buffer.data() + w);
  despeckledRow(field, ny.after, buffer.data() + 2 * w);
  const float* const rows[3] = {buffer.data(), buffer.data() + w, buffer.data() + 2 * w};
  const Gradient g = sobel(rows, nx.before, x, nx.after);
  return shadeFactor(sunTerms(shading), g.gx * nx.weight * scale, g.gy * ny.weight * scale);
}

namespace {

// Colours are shaded as three 21-bit lanes of one 64-bit word (SWAR): one
// multiply scales r, g and b together, 255 * 320 + 128 < 2^21 keeps the
// lanes apart, and a lane's bit 8 after the shift marks a value over 255.
constexpr int kLaneBits = 21;
constexpr std::uint64_t kLaneLow = 1 | (1ULL << kLaneBits) | (1ULL << (2 * kLaneBits));

std::uint64_t toLanes(Rgb8 c) {
  return c.r | (std::uint64_t{c.g} << kLaneBits) | (std::uint64_t{c.b} << (2 * kLaneBits));
}

// lanes * shade / 256, rounded, each lane saturated at 255.
std::uint64_t shadeLanes(std::uint64_t lanes, std::int32_t shade) {
  std::uint64_t v = (lanes * static_cast<std::uint64_t>(shade) + 128 * kLaneLow) >> 8;
  const std::uint64_t over = (v >> 8) & kLaneLow;
  return v | (over * 0xFF);
}

}  // namespace

MapRenderer::MapRenderer(const Heightfield& field, const ColorRamp& ramp, float water,
                         const Shading& shading)
    : field_(field),
      lookup_(ramp, water),
      hillshade_(shading.enabled),
      sunX_(sunTerms(shading).kx),
      sunY_(sunTerms(shading).ky),
      gradientScale_(gradientScaleFor(field, shading.relief)) {
  lanes_.resize(static_cast<std::size_t>(lookup_.size()));
  for (std::int32_t i = 0; i < lookup_.size(); ++i) {
    lanes_[static_cast<std::size_t>(i)] = toLanes(lookup_.entry(i));
  }
}

namespace {

// out[x] for x in [first, last): the Sobel gradient of the despeckled rows
// a (above), m, b (below), as sobel() sums it. Written as two branch-free
// loops (the clamp in integers, water as a select of loads) because GCC,
// respecting FP traps, will not vectorise a loop in which float arithmetic
// sits behind a condition. `row` holds the heights themselves (for water).
void shadeInterior(const SunTerms sun, const float* __restrict row, const float* __restrict a,
                   const float* __restrict m, const float* __restrict b, float sx, float sy,
                   float water, int first, int last, std::int32_t* __restrict out) {
  for (int x = first; x < last; ++x) {
    const float gx =
        ((a[x + 1] + 2.0f * m[x + 1] + b[x + 1]) - (a[x - 1] + 2.0f * m[x - 1] + b[x - 1])) * 0.25f;
    const float gy =
        ((b[x - 1] + 2.0f * b[x] + b[x + 1]) - (a[x - 1] + 2.0f * a[x] + a[x + 1])) * 0.25f;
    const float f = rawShade(sun, gx * sx, gy * sy);
    out[x] = std::min(std::max(fixedShade(f), kFixedMin), kFixedMax);
  }
  for (int x = first; x < last; ++x) out[x] = row[x] < water ? kFixedOne : out[x];
}

}  // namespace

// Pixels per inner batch: index and shade arrays stay on the stack.
constexpr int kSpan = 256;

void MapRenderer::renderRow(int y, std::uint8_t* rgb) const {
  const int w = field_.width;
  const float* row = field_.heights.data() + field_.index(0, y);
  std::int32_t index[kSpan];
  std::int32_t shade[kSpan];
  // The despeckled rows the shading reads, made once per row (a whole
  // despeckled map would double a huge export's memory).
  std::vector<float> buffer;
  const float* rows[3] = {};
  if (hillshade_) {
    const auto width = static_cast<std::size_t>(w);
    buffer.resize(3 * width);
    const Neighbours ny = neighbours(y, field_.height);
    despeckledRow(field_, ny.before, buffer.data());
    despeckledRow(field_, y, buffer.data() + width);
    despeckledRow(field_, ny.after, buffer.data() + 2 * width);
    rows[0] = buffer.data();
    rows[1] = buffer.data() + width;
    rows[2] = buffer.data() + 2 * width;
  }
  for (int x0 = 0; x0 < w; x0 += kSpan) {
    const int n = std::min(kSpan, w - x0);
    lookup_.indices(row + x0, n, index);
    std::uint8_t* out = rgb + 3 * static_cast<std::ptrdiff_t>(x0);
    if (!hillshade_) {
      for (int i = 0; i < n; ++i) putPixel(out + 3 * i, lookup_.entry(index[i]));
      continue;
    }
    shadeSpan(y, rows, x0, n, shade);
    for (int i = 0; i < n; ++i) {
      const std::uint64_t v = shadeLanes(lanes_[static_cast<std::size_t>(index[i])], shade[i]);
      out[3 * i] = static_cast<std::uint8_t>(v);
      out[3 * i + 1] = static_cast<std::uint8_t>(v >> kLaneBits);
      out[3 * i + 2] = static_cast<std::uint8_t>(v >> (2 * kLaneBits));
    }
  }
}

// Fixed-point shading of cells x0 .. x0+n-1 of row y; water is flat (256).
void MapRenderer::shadeSpan(int y, const float* const rows[3], int x0, int n,
                            std::int32_t* shade) const {
  const int w = field_.width;
  const SunTerms sun{sunX_, sunY_};
  const float water = lookup_.waterLevel();
  const float* row = field_.heights.data() + field_.index(0, y);
  const Neighbours ny = neighbours(y, field_.height);
  const float sx = gradientScale_;
  const float sy = ny.weight * gradientScale_;
  // Interior cells: a loop the compiler vectorises.
  const int first = std::max(x0, 1);
  const int last = std::min(x0 + n, w - 1);
  shadeInterior(sun, row, rows[0], rows[1], rows[2], sx, sy, water, first, last, shade - x0);
  for (int x : {0, w - 1}) {  // one-sided differences at the edges
    if (x < x0 || x >= x0 + n) continue;
    const Neighbours nx = neighbours(x, w);
    const Gradient g = sobel(rows, nx.before, x, nx.after);
    const float f = shadeFactor(sun, g.gx * nx.weight * sx, g.gy * sy);
    shade[x - x0] = row[x] < water ? kFixedOne : fixedShade(f);
  }
}

void renderMapImage(const Heightfield& field, const ColorRamp& ramp, float water,
                    const Shading& shading, RgbImage& image, const Execution& exec) {
  image.width = field.width;
  image.height = field.height;
  image.pixels.resize(Heightfield::cellCount(field.width, field.height) * 3);
  const MapRenderer renderer(field, ramp, water, shading);
  const std::size_t stride = static_cast<std::size_t>(field.width) * 3;
  parallelFor(exec, 0, field.height, 16, [&](std::int64_t begin, std::int64_t end) {
    for (auto y = begin; y < end; ++y) {
      renderer.renderRow(static_cast<int>(y),
                         image.pixels.data() + static_cast<std::size_t>(y) * stride);
    }
  });
}

RgbImage renderMapImage(const Heightfield& field, const ColorRamp& ramp, float water,
                        const Shading& shading, const Execution& exec) {
  RgbImage image;
  renderMapImage(field, ramp, water, shading, image, exec);
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
      seabed_(ramp.colorAt(water, water)),  // the lowest land colour
      width_(width),
      height_(height) {
  if (width < 1 || height < 1) {
    throw std::invalid_argument("side view size " + std::to_string(width) + "x" +
                                std::to_string(height));
  }
  ground_.resize(static_cast<std::size_t>(width));
  for (int x = 0; x < width; ++x)
    ground_[static_cast<std::size_t>(x)] = sideViewGround(profile, x, width);
}

void SideViewRenderer::renderRow(int y, std::uint8_t* rgb) const {
  const float e = sideViewElevation(y, height_);
  const bool underwater = e < water_;
  // Everything on one row shares its elevation, so at most three colours.
  // Ground below the water line: the lowest land colour, darker with depth.
  const float depth = underwater ? 1.0f - e / water_ : 0.0f;
  const Rgb8 groundColor = underwater && rampHasWater_
                               ? blend(seabed_, Rgb8{0, 0, 0}, 0.35f + 0.4f * depth)
                               : lookup_(e);
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
