#pragma once
// The node editor's edits on several nodes at once: copy a selection (its
// nodes and the links among them), paste it back as new nodes, remove it.
// On the graph itself: the editor makes the document a graph first. Each
// either makes its change or throws InputError and leaves the graph as it
// was.
#include <span>
#include <vector>

#include "core/graph/graph.hpp"

namespace terrain {

// The nodes of `ids` that are in the graph and the edges between two of
// them (a link from or to a node left out is not copied); output 0.
Graph copyNodes(const Graph& graph, std::span<const NodeId> ids);

// The copied nodes added with new ids, moved by (dx, dy) canvas units, the
// edges among them kept; a source takes the map's size `mapSize` (every
// source of a graph shares one). Returns the new ids, in the copy's order.
std::vector<NodeId> pasteNodes(Graph& graph, const Graph& copied, float dx, float dy, int mapSize);

// Removes the nodes and every edge from or to them; refuses a selection
// holding the terrain's node (make another node the terrain first).
void removeNodes(Graph& graph, std::span<const NodeId> ids);

}  // namespace terrain
