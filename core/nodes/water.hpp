#pragma once
// The water node's parameters as core/hydrology/water.hpp takes them, for
// the water exports (core/export/water_formats.cpp), which compute the
// water of a terrain the graph did not make (an engine size's fit).
#include "core/base/param_table.hpp"
#include "core/hydrology/water.hpp"

namespace terrain {

// `values`: a water node's, one per parameter in its table's order.
WaterParams waterParamsOf(const ParamValues& values);

}  // namespace terrain
