#include "app/param_input.hpp"

namespace terrain::app {

bool applyPanelValue(double& slot, const ParamInfo& info, double value) {
  if (checkValue(info, value)) return false;  // NaN, inf, fractional or out of range: keep
  if (value == slot) return false;
  slot = value;
  return true;
}

}  // namespace terrain::app
