#pragma once
#include "core/nodes/stage.hpp"

namespace terrain {

// Hans Theodor Beyer's particle erosion (2015), defaults after the thesis.
struct DropletsParams {
  double droplets = 0.5;      // 0..4 droplets per cell of the map
  int lifetime = 30;          // 1..100 steps of one cell each
  double inertia = 0.05;      // 0..0.95: how much a droplet keeps its direction
  double capacity = 4.0;      // 0..32: sediment carried per unit of slope, speed and water
  double deposition = 0.3;    // 0..1 of the surplus sediment dropped per step
  double erosion = 0.3;       // 0..1 of the free capacity picked up per step
  double evaporation = 0.01;  // 0..0.5 of the water lost per step
  double gravity = 4.0;       // 0..20: how fast droplets speed up downhill
  int radius = 3;             // 1..8 cells: how wide a droplet wears the ground
};

// What a run did besides the heights: the maps, and the material that left
// the map's edge (height units, summed over cells).
struct DropletsResult {
  ErosionMaps maps;
  double lost = 0.0;
};

// The stage's work in place, for tests and benchmarks. Throws Cancelled
// when control says.
DropletsResult erodeWithDroplets(Heightfield& field, const DropletsParams& params,
                                 const World& world, std::uint64_t seed, const RunControl& control);

// Slope units of the algorithm: a height difference of dh between cells
// one step apart is a slope of dh * slopeScale, as the thesis's map (a
// 257 preview of the default 8192 m x 1200 m world) would see it.
double dropletSlopeScale(const World& world, int samples, bool wraps);

const ModifierStage& dropletsModifier();

}  // namespace terrain
