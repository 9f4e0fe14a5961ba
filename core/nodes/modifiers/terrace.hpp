#pragma once
#include "core/nodes/stage.hpp"

namespace terrain {

struct TerraceParams {
  int steps = 8;           // 1..64 cliffs between the lowest and the highest ground
  double softness = 0.25;  // 0 hard flat steps .. 1 unchanged terrain
  double offset = 0.0;     // 0..1 of one step: slides the steps up
};

// One height through the terrace (exposed for tests and previews).
float terraceHeight(const TerraceParams& params, float height);

const ModifierStage& terraceModifier();

}  // namespace terrain
