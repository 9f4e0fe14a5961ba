#include "core/graph/graph_layout.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>

#include "core/graph/node_type.hpp"

namespace terrain {
namespace {

constexpr float kColumnGap = 80.0f;  // room for the links between columns
constexpr float kNodeGap = 36.0f;    // between nodes of a column

// Longest path from a node without inputs; a cycle (refused elsewhere)
// stops growing after as many rounds as there are nodes.
std::map<NodeId, int> depths(const Graph& graph) {
  std::map<NodeId, int> depth;
  for (const GraphNode& n : graph.nodes) depth[n.id] = 0;
  for (std::size_t round = 0; round < graph.nodes.size(); ++round) {
    bool grew = false;
    for (const GraphEdge& e : graph.edges) {
      if (!depth.contains(e.from.node) || !depth.contains(e.to.node)) continue;
      if (depth[e.to.node] < depth[e.from.node] + 1) {
        depth[e.to.node] = depth[e.from.node] + 1;
        grew = true;
      }
    }
    if (!grew) break;
  }
  return depth;
}

float centreY(const GraphNode& n) {
  return n.y + nodeBox(n).height * 0.5f;
}

// The mean centre of the nodes at the other end of n's edges (its inputs,
// or with `downstream` what it feeds); none: where n is.
float wantedCentre(const Graph& graph, const GraphNode& n, bool downstream) {
  float sum = 0.0f;
  int count = 0;
  for (const GraphEdge& e : graph.edges) {
    const NodeId self = downstream ? e.from.node : e.to.node;
    const NodeId other = downstream ? e.to.node : e.from.node;
    if (self != n.id) continue;
    if (const GraphNode* o = graph.find(other); o != nullptr) {
      sum += centreY(*o);
      ++count;
    }
  }
  return count > 0 ? sum / static_cast<float>(count) : centreY(n);
}

// Stacks a column's nodes in the order of the centres they want, as near
// them as no overlap allows: pushed down in turn, then the stack moved so
// that on average each is where it wants to be.
void placeColumn(Graph& graph, std::vector<NodeId>& column, bool downstream) {
  std::vector<std::pair<float, NodeId>> wanted;
  for (const NodeId id : column) {
    wanted.emplace_back(wantedCentre(graph, *graph.find(id), downstream), id);
  }
  std::stable_sort(wanted.begin(), wanted.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  float bottom = -1e30f;
  float offset = 0.0f;
  for (std::size_t i = 0; i < wanted.size(); ++i) {
    GraphNode& n = *graph.find(wanted[i].second);
    const float height = nodeBox(n).height;
    const float top = std::max(wanted[i].first - height * 0.5f, bottom + kNodeGap);
    offset += wanted[i].first - height * 0.5f - top;
    n.y = top;
    bottom = top + height;
    column[i] = n.id;
  }
  const float shift =
      std::round(offset / static_cast<float>(std::max<std::size_t>(wanted.size(), 1)));
  for (const NodeId id : column) {
    GraphNode& n = *graph.find(id);
    n.y = std::round(n.y) + shift;
  }
}

}  // namespace

float NodeBox::previewTop() const {
  return y + height - kPadding - kPreview;
}

bool NodeBox::overlaps(const NodeBox& o) const {
  return x < o.x + o.width && o.x < x + width && y < o.y + o.height && o.y < y + height;
}

int portRows(const GraphNode& node) {
  const NodeType& type = typeOf(node);
  return static_cast<int>(std::max<std::size_t>({type.inputs().size(), type.outputs().size(), 1}));
}

NodeBox nodeBox(const GraphNode& node) {
  if (node.type == kRerouteKey) return {node.x, node.y, NodeBox::kReroute, NodeBox::kReroute};
  const float rows = static_cast<float>(portRows(node));
  return {node.x, node.y, NodeBox::kWidth,
          NodeBox::kHeader + rows * NodeBox::kRow + NodeBox::kPreview + 2.0f * NodeBox::kPadding};
}

float portY(const GraphNode& node, std::uint32_t port) {
  if (node.type == kRerouteKey) return node.y + NodeBox::kReroute * 0.5f;
  return node.y + NodeBox::kHeader + (static_cast<float>(port) + 0.5f) * NodeBox::kRow;
}

bool anyOverlap(const Graph& graph) {
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const NodeBox a = nodeBox(graph.nodes[i]);
    for (std::size_t j = i + 1; j < graph.nodes.size(); ++j) {
      if (a.overlaps(nodeBox(graph.nodes[j]))) return true;
    }
  }
  return false;
}

void layOut(Graph& graph) {
  const std::map<NodeId, int> depth = depths(graph);
  int deepest = 0;
  for (const auto& [id, d] : depth) deepest = std::max(deepest, d);
  // Columns in the graph's own order to begin with (a file's or a preset's).
  std::vector<std::vector<NodeId>> columns(static_cast<std::size_t>(deepest) + 1);
  for (GraphNode& n : graph.nodes) {
    const int d = depth.at(n.id);
    columns[static_cast<std::size_t>(d)].push_back(n.id);
    n.x = static_cast<float>(d) * (NodeBox::kWidth + kColumnGap);
    n.y = 0.0f;
  }
  // Sources stacked as they come; each column after near its inputs; then
  // each before near what it feeds (the sources follow their consumers);
  // then forward once more so that the columns settle on their inputs.
  for (std::vector<NodeId>& column : columns) placeColumn(graph, column, false);
  for (auto it = columns.rbegin(); it != columns.rend(); ++it) placeColumn(graph, *it, true);
  for (std::vector<NodeId>& column : columns) placeColumn(graph, column, false);
}

}  // namespace terrain
