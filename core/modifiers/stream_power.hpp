#pragma once
#include "core/stage.hpp"

namespace terrain {

struct StreamPowerParams {
  double uplift = 1.0;            // mm per year (= metres per thousand years), 0..20
  double erodibility = 10.0;      // K: mm per year cut by a 1 km^2 river on a 1:1 slope
  double mOverN = 0.5;            // theta, the area exponent m with n = 1: 0.1..1
  int steps = 40;                 // 1..1000
  double yearsPerStep = 20000.0;  // 100..1e7
  double seaLevel = 0.0;          // 0..1 of the height range: this and below is base level
};

const ModifierStage& streamPowerModifier();

// What a graph may give stream power besides its heights (null: none).
struct StreamPowerInputs {
  // Each cell rises at the stage's uplift times this map's value there (0..1,
  // a mask or heights of the same size), so rivers carve ranges where the
  // designer painted them. The land then keeps the height it grew to, cut
  // down to 1 where it rose above, instead of being rescaled to the input's.
  const Heightfield* uplift = nullptr;
  // Cells where this map is 0.5 or more are outlets like the map's edges:
  // they hold their height and the land drains into them (a drawn river).
  const Heightfield* outlets = nullptr;
};

Heightfield streamPowerWith(Heightfield field, const StreamPowerInputs& inputs,
                            const StageContext& context, const ParamValues& values,
                            const RunControl& control);

}  // namespace terrain
