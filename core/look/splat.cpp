#include "core/look/splat.hpp"

#include <algorithm>
#include <cmath>

#include "core/look/masks.hpp"

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
SplatTexel toBytes(const std::array<double, 4>& weights) {
  SplatTexel out{};
  int sum = 0;
  std::size_t largest = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    out[i] = static_cast<std::uint8_t>(std::lround(std::clamp(weights[i], 0.0, 1.0) * 255.0));
    sum += out[i];
    if (weights[i] > weights[largest]) largest = i;
  }
  out[largest] = static_cast<std::uint8_t>(out[largest] + (255 - sum));
  return out;
}

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
  const double blend = look.splatBlend;
  const double slopeBlend = blend * 90.0;  // the same softness in degrees
  std::vector<SplatTexel> out(field.size());
  parallelFor(
      exec, 0, static_cast<std::int64_t>(field.size()), 16384,
      [&](std::int64_t begin, std::int64_t end) {
        for (auto i = static_cast<std::size_t>(begin); i < static_cast<std::size_t>(end); ++i) {
          const auto h = static_cast<double>(field.heights[i]);
          const double rock =
              ramp(static_cast<double>(slope[i]) * 90.0, look.rockSlope, slopeBlend);
          const double snow = ramp(h, look.snowLine, blend) * (1.0 - rock);
          double wet = h < look.water ? 1.0 : 0.0;
          if (!flow.empty())
            wet = std::max(wet, ramp(static_cast<double>(flow[i]), look.sedimentFlow, blend));
          if (!deposition.empty()) wet = std::max(wet, static_cast<double>(deposition[i]));
          const double sediment = wet * (1.0 - rock) * (1.0 - snow);
          const double grass = std::max(0.0, 1.0 - rock - snow - sediment);
          out[i] = toBytes({grass, rock, sediment, snow});
        }
      });
  return out;
}

}  // namespace terrain
