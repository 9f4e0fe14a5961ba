#include "core/graph/node_type.hpp"

#include <stdexcept>
#include <string>

namespace terrain {

std::vector<PortValue> NodeType::runWindow(const NodeContext&, const ParamValues&, const MapWindow&,
                                           const RunControl&) const {
  throw std::logic_error(std::string(key()) + " cannot compute a window of its world");
}

}  // namespace terrain
