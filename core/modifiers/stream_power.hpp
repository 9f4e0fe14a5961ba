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

// Stream power with the uplift painted: each cell rises at the stage's
// uplift times `uplift`'s value there (0..1, a mask or heights of the same
// size), so rivers carve ranges where the designer put them. The land keeps
// the height it grew to, cut down to 1 where it rose above.
Heightfield streamPowerWithUplift(Heightfield field, const Heightfield& uplift,
                                  const StageContext& context, const ParamValues& values,
                                  const RunControl& control);

}  // namespace terrain
