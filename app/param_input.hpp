#pragma once
// What the panel does with a number the designer dragged or typed
// (ctrl-click on a slider): ImGui clamps what it can, but a typed "nan",
// "inf" or "1e400" reaches us as is. Kept free of ImGui so it can be tested.
#include "core/nodes/stage.hpp"

namespace terrain::app {

// Stores value in slot when it is new and allowed for info (checkValue:
// finite, in the metadata's range, whole for integers and choices, a power
// of two where asked) and returns true; otherwise leaves slot as it was and
// returns false.
bool applyPanelValue(double& slot, const ParamInfo& info, double value);

}  // namespace terrain::app
