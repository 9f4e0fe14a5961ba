#pragma once
#include "core/nodes/stage.hpp"

namespace terrain {

struct StreamPowerParams {
  double uplift = 1.0;            // mm per year (= metres per thousand years), 0..20
  double erodibility = 10.0;      // K: mm per year cut by a 1 km^2 river on a 1:1 slope
  double mOverN = 0.5;            // theta, the area exponent m with n = 1: 0.1..1
  int steps = 40;                 // 1..1000
  double yearsPerStep = 20000.0;  // 100..1e7
  double seaLevel = 0.0;          // 0..1 of the height range: this and below is base level
  // The grid the steps run on, a choice: 0 the map's own (projects saved
  // before it existed), else 65, 129, 257, 513 or 1025 samples across. A
  // larger map is solved on every stride-th sample (a side whose samples
  // are not the grid's, as 1009: on the grid read between them), then
  // refined.
  int solveGrid = 3;
  int solveSize() const { return solveGrid == 0 ? 0 : (1 << (solveGrid + 5)) + 1; }
  int refineSteps = 10;      // steps at the map's own size after the solve
  double diffusion = 0.01;   // Kd, m^2 per year: soil creep, 0..1
  int randomDirections = 1;  // a choice: 0 the eight of the grid (D8), 1 any (rho8)
  // km^2: at the map's own size, water draining less spreads over every
  // lower neighbour (0: all of it goes one way)
  double spreadBelow = 10.0;
};

const ModifierStage& streamPowerModifier();

// The solve grid's samples across for these values (0: the map's own).
int streamPowerSolveSize(const ParamValues& values);

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
  // The heights, uplift and outlets on the solve grid, as a preview of the
  // solve size has them (NodeContext::solveInputs), so the solve is the
  // preview's. Null: every stride-th sample of the map's.
  const Heightfield* solveHeights = nullptr;
  const Heightfield* solveUplift = nullptr;
  const Heightfield* solveOutlets = nullptr;
  bool solveOnOtherScale = false;  // NodeContext::solveOnOtherScale
};

Heightfield streamPowerWith(Heightfield field, const StreamPowerInputs& inputs,
                            const StageContext& context, const ParamValues& values,
                            const RunControl& control);

}  // namespace terrain
