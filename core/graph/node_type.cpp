#include "core/graph/node_type.hpp"

#include <stdexcept>
#include <string>

#include "core/base/error.hpp"
#include "core/base/param_values.hpp"

namespace terrain {

std::optional<std::size_t> NodeType::indexOf(std::string_view paramKey) const {
  const auto infos = params();
  for (std::size_t i = 0; i < infos.size(); ++i) {
    if (infos[i].key == paramKey) return i;
  }
  return std::nullopt;
}

double NodeType::dynamicMax(std::size_t param, const ParamValues& values) const {
  return d_.dynamicMax ? d_.dynamicMax(param, values) : params()[param].max;
}

std::string_view NodeType::idleReason(std::size_t param, const ParamValues& values) const {
  return d_.idleReason ? d_.idleReason(param, values) : std::string_view{};
}

void NodeType::validate(const ParamValues& values) const {
  const auto infos = params();
  if (values.size() != infos.size()) {
    throw InputError(std::string(key()) + ": " + std::to_string(values.size()) +
                     " parameter values given; it has " + std::to_string(infos.size()));
  }
  for (std::size_t i = 0; i < infos.size(); ++i) {
    if (auto err = checkValue(infos[i], values[i])) throw InputError(*err);
  }
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
