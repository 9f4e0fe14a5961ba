#include "app/param_input.hpp"

namespace terrain::app {

bool applyPanelValue(TerrainSpec& spec, const ParamDesc& desc, double value) {
  if (desc.get == nullptr || desc.set == nullptr) return false;  // the seed has its own input
  if (checkValue(desc, value))
    return false;  // NaN, inf, fractional or out of range: keep the old value
  if (value == desc.get(spec)) return false;
  desc.set(spec, value);
  return true;
}

}  // namespace terrain::app
