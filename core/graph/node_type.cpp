#include "core/graph/node_type.hpp"

#include <stdexcept>
#include <string>

namespace terrain {

double NodeType::dynamicMax(std::size_t param, const ParamValues& values) const {
  return d_.dynamicMax ? d_.dynamicMax(param, values) : Stage::dynamicMax(param, values);
}

std::string_view NodeType::idleReason(std::size_t param, const ParamValues& values) const {
  return d_.idleReason ? d_.idleReason(param, values) : Stage::idleReason(param, values);
}

void NodeType::validate(const ParamValues& values) const {
  Stage::validate(values);
  if (d_.validate) d_.validate(values);
}

std::vector<PortValue> NodeType::runWindow(const NodeContext& context, const ParamValues& values,
                                           const MapWindow& window,
                                           const RunControl& control) const {
  if (!d_.runWindow) {
    throw std::logic_error(std::string(key()) + " cannot compute a window of its world");
  }
  return d_.runWindow(context, values, window, control);
}

}  // namespace terrain
