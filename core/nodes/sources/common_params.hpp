#pragma once
// Parameters that several sources share, defined once so they mean one
// thing everywhere ("roughness: 0..1, higher is rougher").
#include "core/nodes/stage.hpp"

namespace terrain {

// Iterations at the maximum run every level the size holds, at any size.
inline constexpr int kAllLevels = 30;

inline constexpr ParamInfo kRoughnessParam{
    "roughness",
    "Roughness",
    "",
    "How jagged the terrain is: 0 smooth rolling hills, 1 broken crags "
    "(fractal: Hurst exponent H = 1 - roughness)",
    ParamType::Real,
    0.0,
    1.0};

inline constexpr ParamInfo kIterationsParam{
    "iterations",
    "Iterations",
    "levels",
    "How many refinement steps run: fewer shows the coarse construction, the rest is "
    "interpolated; the maximum always means every level the size holds",
    ParamType::Integer,
    0.0,
    kAllLevels,
    {},
    false,
    /*maxMeansAll=*/true};

// Samples per side (profiles: points); min and max are the source's grid.
constexpr ParamInfo sizeParam(double min, double max) {
  return {"size",
          "Size",
          "samples",
          "How many samples per side (profiles: points); each source has its grid",
          ParamType::Integer,
          min,
          max,
          {},
          true};
}

// The levels a 2^k+1 size holds: k.
int levelsOfPowerPlusOne(int size);

}  // namespace terrain
