#pragma once
#include "core/nodes/stage.hpp"

namespace terrain {

struct SmoothParams {
  int passes = 10;
};

const ModifierStage& smoothModifier();

}  // namespace terrain
