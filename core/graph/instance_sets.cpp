#include "core/graph/instance_sets.hpp"

#include <cstdint>

namespace terrain {

std::vector<const GraphNode*> enabledInstanceNodes(const Graph& graph) {
  std::vector<const GraphNode*> nodes;
  for (const GraphNode& node : graph.nodes)
    if (node.enabled && instancesOutput(typeOf(node))) nodes.push_back(&node);
  return nodes;
}

InstanceSet mergeInstanceSets(std::span<const InstanceSet* const> sets) {
  InstanceSet merged;
  if (sets.empty()) return merged;
  merged.cellMetres = sets.front()->cellMetres;
  merged.window = sets.front()->window;
  for (const InstanceSet* set : sets) {
    const auto offset = static_cast<std::uint32_t>(merged.species.size());
    merged.species.insert(merged.species.end(), set->species.begin(), set->species.end());
    for (ScatterInstance instance : set->instances) {
      instance.species += offset;
      merged.instances.push_back(instance);
    }
  }
  return merged;
}

}  // namespace terrain
