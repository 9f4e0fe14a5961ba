#pragma once
#include "core/nodes/stage.hpp"

namespace terrain {

struct NormaliseParams {
  double low = 0.0;   // the lowest cell lands here
  double high = 1.0;  // the highest cell lands here
};

const ModifierStage& normaliseModifier();

}  // namespace terrain
