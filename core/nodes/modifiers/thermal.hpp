#pragma once
#include "core/nodes/stage.hpp"

namespace terrain {

struct ThermalParams {
  double talus = 33.0;    // degrees, 10..60: the steepest slope loose rock rests at
  double strength = 0.5;  // 0..1 of a slope's excess over the talus moved per iteration
  int iterations = 8;     // as they look on a 257 preview (scaled with the map's side)
};

// How many iterations `iterations` preview iterations are on a map
// `samples` wide: thermal creep spreads like a diffusion, so reaching as far
// in metres on a map k times finer takes k^2 times the iterations, k =
// cells across / 256. A fraction is run as one last iteration of that
// fraction's strength.
double thermalIterationCount(int iterations, int samples, bool wraps);

// The stage's work, for tests and benchmarks: `count` iterations (a
// fractional tail as above) of talus relaxation, in place. Throws
// Cancelled when control says. Returns nothing; the stage adds the maps.
void relaxTalus(Heightfield& field, const ThermalParams& params, const World& world, double count,
                const RunControl& control);

const ModifierStage& thermalModifier();

}  // namespace terrain
