// Curve: remaps every height through a smooth curve set by five points at
// the inputs 0, 1/4, 1/2, 3/4 and 1 (a "height curve" in World Machine or
// Gaea, with the points at fixed inputs so each one is a slider).
//
// Between two points x_k and x_{k+1} = x_k + 1/4 the curve is the cubic
// Hermite polynomial through (x_k, y_k), (x_{k+1}, y_{k+1}) with slopes m_k,
// m_{k+1}. The slopes follow Fritsch and Carlson (1980) in Fritsch and
// Butland's form: with secants d_k = (y_{k+1} - y_k) / (1/4),
//   m_0 = d_0,  m_4 = d_3,
//   m_k = 0                          where d_{k-1} d_k <= 0 (a peak, a dip, a flat),
//   m_k = 2 / (1/d_{k-1} + 1/d_k)    otherwise (the harmonic mean).
// Then m_k / d_k and m_{k+1} / d_k stay within [0, 2], inside Fritsch and
// Carlson's region of monotonicity: each piece runs monotonically from
// y_k to y_{k+1}, so the curve never overshoots and rising points give a
// rising curve. The identity points give d = m = 1 and h' = h bit for bit.
#include "core/nodes/modifiers/curve.hpp"

#include <algorithm>
#include <cmath>

#include "core/nodes/modifiers/pointwise.hpp"

namespace terrain {
namespace {

constexpr double kSpacing = 0.25;  // between the points' inputs

}  // namespace

HeightCurve::HeightCurve(const CurveParams& p) : y_{p.at0, p.at25, p.at50, p.at75, p.at100} {
  std::array<double, kPoints - 1> secant{};
  for (std::size_t k = 0; k + 1 < kPoints; ++k) secant[k] = (y_[k + 1] - y_[k]) / kSpacing;
  slope_[0] = secant[0];
  slope_[kPoints - 1] = secant[kPoints - 2];
  for (std::size_t k = 1; k + 1 < kPoints; ++k) {
    const double a = secant[k - 1];
    const double b = secant[k];
    slope_[k] = a * b <= 0.0 ? 0.0 : 2.0 / (1.0 / a + 1.0 / b);
  }
}

float HeightCurve::operator()(float height) const {
  const double x = std::clamp(static_cast<double>(height), 0.0, 1.0);
  // The piece holding x; x = 1 belongs to the last one.
  const auto k = static_cast<std::size_t>(std::min(3.0, std::floor(x / kSpacing)));
  const double xk = static_cast<double>(k) * kSpacing;
  const double t = x - xk;  // exact: 0 <= t <= 1/4 and xk is a multiple of 1/4
  const double y0 = y_[k];
  const double y1 = y_[k + 1];
  const double d = (y1 - y0) / kSpacing;
  const double m0 = slope_[k];
  const double m1 = slope_[k + 1];
  // Hermite cubic in powers of t: y0 + t (m0 + t (c2 + t c3)).
  const double c2 = (3.0 * d - 2.0 * m0 - m1) / kSpacing;
  const double c3 = (m0 + m1 - 2.0 * d) / (kSpacing * kSpacing);
  const double y = y0 + t * (m0 + t * (c2 + t * c3));
  // The piece is monotone between its ends; clamping only removes rounding.
  return static_cast<float>(std::clamp(y, std::min(y0, y1), std::max(y0, y1)));
}

namespace {

const ParamTable<CurveParams>& table() {
  static const ParamTable<CurveParams> rows({
      TERRAIN_BIND(CurveParams, at0,
                   asHeight(ParamInfo{"at-0", "Lowest ground", "",
                                      "Where the lowest ground (height 0) ends up: raise it to "
                                      "lift the sea floor (0..1; the curve's point at input 0)",
                                      ParamType::Real, 0, 1})),
      TERRAIN_BIND(CurveParams, at25,
                   asHeight(ParamInfo{"at-25", "Height at 25%", "",
                                      "Where the lowlands (height 0.25) end up: lower for wider, "
                                      "flatter valleys (0..1; the curve's point at input 0.25)",
                                      ParamType::Real, 0, 1})),
      TERRAIN_BIND(CurveParams, at50,
                   asHeight(ParamInfo{"at-50", "Height at 50%", "",
                                      "Where the middle heights (0.5) end up: lower for sharp "
                                      "peaks over broad valleys, raise for plateaus (0..1; the "
                                      "curve's point at input 0.5)",
                                      ParamType::Real, 0, 1})),
      TERRAIN_BIND(CurveParams, at75,
                   asHeight(ParamInfo{"at-75", "Height at 75%", "",
                                      "Where the highlands (height 0.75) end up: raise for broad "
                                      "high plateaus (0..1; the curve's point at input 0.75)",
                                      ParamType::Real, 0, 1})),
      TERRAIN_BIND(CurveParams, at100,
                   asHeight(ParamInfo{"at-100", "Highest ground", "",
                                      "Where the highest peaks (height 1) end up: lower it to "
                                      "cap the mountains (0..1; the curve's point at input 1)",
                                      ParamType::Real, 0, 1})),
  });
  return rows;
}

Heightfield apply(Heightfield field, const StageContext&, const ParamValues& values,
                  const RunControl& control) {
  const HeightCurve curve(table().unpack(values));
  mapHeights(field, control, [&curve](float h) { return curve(h); });
  return field;
}

}  // namespace

const ModifierStage& curveModifier() {
  static const ModifierStage node(
      {
          .key = "curve",
          .title = "Height curve",
          .help = "Reshapes the heights through a curve: flatter valleys, sharper peaks, plateaus "
                  "(five points at the heights 0, 1/4, 1/2, 3/4, 1; monotone cubic between them)",
          .params = table().schema(),
          .paramTable = &table(),
          .usesSeed = false,  // a curve of the heights: no seed offset
      },
      {.apply = apply, .pointwise = true});
  return node;
}

}  // namespace terrain
