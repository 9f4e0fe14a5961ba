#pragma once
// What the panel does with a number the designer dragged or typed
// (ctrl-click on a slider): ImGui clamps what it can, but a typed "nan",
// "inf" or "1e400" reaches us as is. Kept free of ImGui so it can be tested.
#include "core/spec.hpp"

namespace terrain::app {

// Sets desc to value in spec when the value is new and allowed
// (checkValue: finite, in the metadata's range, whole for integers and
// choices) and returns true; otherwise leaves spec as it was and returns false.
bool applyPanelValue(TerrainSpec& spec, const ParamDesc& desc, double value);

}  // namespace terrain::app
