#pragma once
#include <array>

#include "core/nodes/stage.hpp"

namespace terrain {

// Where the heights 0, 1/4, 1/2, 3/4 and 1 end up (each 0..1); the default
// is the identity.
struct CurveParams {
  double at0 = 0.0;
  double at25 = 0.25;
  double at50 = 0.5;
  double at75 = 0.75;
  double at100 = 1.0;
};

// The curve through the five points, ready to evaluate: a monotone cubic
// Hermite spline (Fritsch-Carlson), so it never overshoots its points and
// is non-decreasing wherever the points are.
class HeightCurve {
 public:
  static constexpr int kPoints = 5;
  explicit HeightCurve(const CurveParams& params);
  // Heights outside 0..1 take the end points' outputs.
  float operator()(float height) const;

 private:
  std::array<double, kPoints> y_{};
  std::array<double, kPoints> slope_{};  // dy/dx at each point
};

const ModifierStage& curveModifier();

}  // namespace terrain
