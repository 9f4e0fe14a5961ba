#include "core/look/splat.hpp"

#include <algorithm>
#include <cmath>

#include "core/hydrology/water.hpp"
#include "core/look/masks.hpp"
#include "core/look/water_look.hpp"

namespace terrain {
namespace {

// 0 below edge - blend, 1 above edge + blend, a smooth step between; a hard
// step when blend is 0.
double ramp(double value, double edge, double blend) {
  if (blend <= 0.0) return value >= edge ? 1.0 : 0.0;
  const double t = std::clamp((value - (edge - blend)) / (2.0 * blend), 0.0, 1.0);
  return t * t * (3.0 - 2.0 * t);
}

// Weights (summing to 1) to bytes summing to 255: round each, then give the
// rounding's remainder to the largest.
SplatTexel toBytes(const std::array<double, kMaterialCount>& weights) {
  SplatTexel out{};
  int sum = 0;
  std::size_t largest = 0;
  for (std::size_t i = 0; i < kMaterialCount; ++i) {
    out[i] = static_cast<std::uint8_t>(std::lround(std::clamp(weights[i], 0.0, 1.0) * 255.0));
    sum += out[i];
    if (weights[i] > weights[largest]) largest = i;
  }
  out[largest] = static_cast<std::uint8_t>(out[largest] + (255 - sum));
  return out;
}

// The water model's wetness (0..1) at the look's water level and climate,
// with the rest of the water node's defaults: the same water the views draw
// (core/look/water_look.cpp). Empty for a profile.
std::vector<float> lookWetness(const Heightfield& field, const Look& look, const World& world,
                               const Execution& exec) {
  if (field.isProfile() || field.size() == 0) return {};
  const WaterParams params = lookWaterParams(look, world);
  RunControl control;
  control.exec = exec;
  return computeWater(field, nullptr, world, metresPerCell(world, field.width, field.wraps), params,
                      control)
      .wetness;
}

// How much sun cell (x, y) gets against flat ground (1 flat, < 1 turned
// away, 0 in its own shadow), from central differences in metres (one-sided
// at the edges, wrapped on a torus), as the views light it.
class SunFacing {
 public:
  SunFacing(const Heightfield& field, const Look& look, const World& world)
      : field_(field), sun_(sunDirection(look)) {
    const double cell = metresPerCell(world, field.width, field.wraps);
    scale_ = world.heightRange / cell;
  }
  double at(int x, int y) const {
    const double gx = difference(x, y, 1, 0, field_.width, x);
    const double gy = difference(x, y, 0, 1, field_.height, y);
    const double lit = (-gx * static_cast<double>(sun_[0]) - gy * static_cast<double>(sun_[1]) +
                        static_cast<double>(sun_[2])) /
                       std::sqrt(1.0 + gx * gx + gy * gy);
    return std::max(lit, 0.0) / static_cast<double>(sun_[2]);
  }

 private:
  // Height per metre along (dx, dy) at (x, y); `at` is x or y, `n` its count.
  double difference(int x, int y, int dx, int dy, int n, int at) const {
    const auto h = [&](int px, int py) {
      if (field_.wraps) {
        px = (px + field_.width) % field_.width;
        py = (py + field_.height) % field_.height;
      }
      return static_cast<double>(field_.at(px, py));
    };
    if (n < 2) return 0.0;
    if (field_.wraps) return (h(x + dx, y + dy) - h(x - dx, y - dy)) * scale_ / 2.0;
    if (at == 0) return (h(x + dx, y + dy) - h(x, y)) * scale_;
    if (at == n - 1) return (h(x, y) - h(x - dx, y - dy)) * scale_;
    return (h(x + dx, y + dy) - h(x - dx, y - dy)) * scale_ / 2.0;
  }

  const Heightfield& field_;
  std::array<float, 3> sun_;
  double scale_ = 1.0;  // height units per cell to metres per metre
};

// Moss grows where a slope gets less than this share of flat ground's sun
// (with the default 45 degree sun: a slope of 11 degrees or more turned
// straight from it).
constexpr double kMossLight = 0.8;

}  // namespace

std::vector<SplatTexel> computeSplat(const Heightfield& field, const Look& look, const World& world,
                                     const Execution& exec) {
  const std::vector<float> slope = computeMask(field, MaskKind::Slope, world, exec);
  const auto optional = [&](MaskKind kind) {
    return maskUnavailable(field, kind).empty() ? computeMask(field, kind, world, exec)
                                                : std::vector<float>{};
  };
  const std::vector<float> flow = optional(MaskKind::Flow);
  const std::vector<float> deposition = optional(MaskKind::Deposition);
  const std::vector<float> wetness =
      look.wetGround ? lookWetness(field, look, world, exec) : std::vector<float>{};
  const SunFacing facing(field, look, world);
  const double blend = look.splatBlend;
  const double slopeBlend = blend * 90.0;  // the same softness in degrees
  std::vector<SplatTexel> out(field.size());
  parallelFor(
      exec, 0, static_cast<std::int64_t>(field.size()), 16384,
      [&](std::int64_t begin, std::int64_t end) {
        for (auto i = static_cast<std::size_t>(begin); i < static_cast<std::size_t>(end); ++i) {
          const auto h = static_cast<double>(field.heights[i]);
          const double degrees = static_cast<double>(slope[i]) * 90.0;
          const double rock = ramp(degrees, look.rockSlope, slopeBlend);
          const double snow = ramp(h, look.snowLine, blend) * (1.0 - rock);
          double wet = h < look.water ? 1.0 : 0.0;
          if (!flow.empty())
            wet = std::max(wet, ramp(static_cast<double>(flow[i]), look.sedimentFlow, blend));
          if (!deposition.empty()) wet = std::max(wet, static_cast<double>(deposition[i]));
          const double sediment = wet * (1.0 - rock) * (1.0 - snow);
          double grass = std::max(0.0, 1.0 - rock - snow - sediment);
          // Wet ground takes its share of the grass, so rock, snow and
          // sediment stay where they were: mud on flat wet ground, moss on
          // damper ground the sun reaches less than flat ground.
          double wetGround = 0.0;
          if (!wetness.empty() && grass > 0.0) {
            const auto w = static_cast<double>(wetness[i]);
            const double mud = ramp(w, look.wetThreshold, blend) *
                               (1.0 - ramp(degrees, look.mudSlope, slopeBlend));
            double moss = 0.0;
            if (w >= 0.5 * look.wetThreshold - blend) {
              const auto x = static_cast<int>(i % static_cast<std::size_t>(field.width));
              const auto y = static_cast<int>(i / static_cast<std::size_t>(field.width));
              moss = ramp(w, 0.5 * look.wetThreshold, blend) *
                     (1.0 - ramp(facing.at(x, y), kMossLight, blend));
            }
            wetGround = std::max(mud, moss) * grass;
            grass -= wetGround;
          }
          out[i] = toBytes({grass, rock, sediment, snow, wetGround});
        }
      });
  return out;
}

}  // namespace terrain
