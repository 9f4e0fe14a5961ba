#include "core/graph/graph_clipboard.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "core/base/error.hpp"
#include "core/nodes/registry.hpp"

namespace terrain {
namespace {

bool holds(std::span<const NodeId> ids, NodeId id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

}  // namespace

Graph copyNodes(const Graph& graph, std::span<const NodeId> ids) {
  Graph copied;
  for (const GraphNode& node : graph.nodes) {
    if (holds(ids, node.id)) copied.nodes.push_back(node);
  }
  for (const GraphEdge& edge : graph.edges) {
    if (holds(ids, edge.from.node) && holds(ids, edge.to.node)) copied.edges.push_back(edge);
  }
  return copied;
}

std::vector<NodeId> pasteNodes(Graph& graph, const Graph& copied, float dx, float dy, int mapSize) {
  std::map<NodeId, NodeId> newId;
  Graph next = graph;
  for (GraphNode node : copied.nodes) {
    const NodeId id = next.nextId();
    newId[node.id] = id;
    node.id = id;
    node.x += dx;
    node.y += dy;
    if (const SourceStage* source = findSource(node.type)) {
      node.values[source->sizeIndex()] = source->snapSize(mapSize);
    }
    next.nodes.push_back(std::move(node));
  }
  for (const GraphEdge& edge : copied.edges) {
    if (!newId.contains(edge.from.node) || !newId.contains(edge.to.node)) continue;
    next.edges.push_back(
        {{newId[edge.from.node], edge.from.port}, {newId[edge.to.node], edge.to.port}});
  }
  std::vector<NodeId> added;
  for (const GraphNode& node : copied.nodes) added.push_back(newId[node.id]);
  graph = std::move(next);
  return added;
}

void removeNodes(Graph& graph, std::span<const NodeId> ids) {
  if (holds(ids, graph.output)) {
    const GraphNode* output = graph.find(graph.output);
    std::string why = "node ";  // built with += (GCC 12's -Wrestrict on chained +)
    why += std::to_string(graph.output);
    why += " (";
    why += output != nullptr ? output->type : std::string("?");
    why += ") is the terrain; make another node the terrain first";
    throw InputError(why);
  }
  std::erase_if(graph.edges, [&](const GraphEdge& e) {
    return holds(ids, e.from.node) || holds(ids, e.to.node);
  });
  std::erase_if(graph.nodes, [&](const GraphNode& n) { return holds(ids, n.id); });
}

}  // namespace terrain
