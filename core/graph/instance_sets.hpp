#pragma once
// Several Scatter nodes' instances as the one set the view draws and the
// exports write: every enabled node with an instances output, in graph
// order, each node's species numbered after the earlier nodes'.
#include <span>
#include <vector>

#include "core/graph/graph.hpp"
#include "core/graph/node_type.hpp"

namespace terrain {

// The enabled nodes of `graph` with an instances output, in graph order.
std::vector<const GraphNode*> enabledInstanceNodes(const Graph& graph);

// The sets in the order given as one: the first's window and cell size,
// each later set's species indices moved past the earlier sets' species.
InstanceSet mergeInstanceSets(std::span<const InstanceSet* const> sets);

}  // namespace terrain
