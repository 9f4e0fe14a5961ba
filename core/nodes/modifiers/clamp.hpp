#pragma once
#include "core/nodes/stage.hpp"

namespace terrain {

struct ClampParams {
  double low = 0.0;   // 0..1: lower ground is raised to this
  double high = 1.0;  // 0..1: higher ground is cut down to this
};

const ModifierStage& clampModifier();

}  // namespace terrain
