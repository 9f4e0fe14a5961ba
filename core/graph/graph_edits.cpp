#include "core/graph/graph_edits.hpp"

#include <algorithm>
#include <string>

#include "core/base/error.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/node_type.hpp"
#include "core/nodes/registry.hpp"
#include "core/strokes/strokes.hpp"

namespace terrain {
namespace {

GraphNode& nodeOf(Graph& graph, NodeId id) {
  GraphNode* node = graph.find(id);
  if (node == nullptr) throw InputError("there is no node " + std::to_string(id));
  return *node;
}

std::string nameOf(const GraphNode& node) {
  return "node " + std::to_string(node.id) + " (" + node.type + ")";
}

// Whether `to` is upstream of `from` already: an edge from -> to would close
// a cycle.
bool reaches(const Graph& graph, NodeId from, NodeId to) {
  std::vector<NodeId> stack{from};
  std::vector<NodeId> seen;
  while (!stack.empty()) {
    const NodeId id = stack.back();
    stack.pop_back();
    if (id == to) return true;
    if (std::find(seen.begin(), seen.end(), id) != seen.end()) continue;
    seen.push_back(id);
    for (const GraphEdge& edge : graph.edges) {
      if (edge.to.node == id) stack.push_back(edge.from.node);
    }
  }
  return false;
}

}  // namespace

NodeId addNode(Graph& graph, std::string_view type, float x, float y) {
  const NodeType& nodeType_ = nodeType(type);
  if (const SourceStage* source = findSource(type); source != nullptr && source->profile()) {
    throw InputError(std::string(type) + " makes a 1D profile; a graph combines maps");
  }
  GraphNode node{graph.nextId(), std::string(nodeType_.key()), nodeType_.defaults(), true, x, y};
  if (const SourceStage* source = findSource(type)) {
    // The graph's map size, which every source makes.
    for (const GraphNode& other : graph.nodes) {
      const SourceStage* first = findSource(other.type);
      if (first == nullptr) continue;
      node.values[source->sizeIndex()] = source->snapSize(first->size(other.values));
      break;
    }
  }
  graph.nodes.push_back(std::move(node));
  return graph.nodes.back().id;
}

void connect(Graph& graph, PortRef output, PortRef input) {
  Graph next = graph;
  const GraphNode& from = nodeOf(next, output.node);
  const GraphNode& to = nodeOf(next, input.node);
  std::erase_if(next.edges, [&](const GraphEdge& e) { return e.to == input; });
  next.edges.push_back({output, input});
  if (input.port >= typeOf(to).inputs().size() || output.port >= typeOf(from).outputs().size()) {
    validate(next, GraphCheck::Structure);  // names the port that is not there
  }
  if (output.node == input.node || reaches(next, output.node, input.node)) {
    throw InputError(nameOf(to) + " is upstream of " + nameOf(from) +
                     ": linking them would make a cycle");
  }
  validate(next, GraphCheck::Structure);  // a mask into heights
  graph = std::move(next);
}

void disconnect(Graph& graph, PortRef input) {
  std::erase_if(graph.edges, [&](const GraphEdge& e) { return e.to == input; });
}

void removeNode(Graph& graph, NodeId id) {
  const GraphNode& node = nodeOf(graph, id);
  if (id == graph.output) {
    throw InputError(nameOf(node) + " is the terrain; make another node the terrain first");
  }
  std::erase_if(graph.edges,
                [id](const GraphEdge& e) { return e.from.node == id || e.to.node == id; });
  std::erase_if(graph.nodes, [id](const GraphNode& n) { return n.id == id; });
}

NodeId duplicateNode(Graph& graph, NodeId id) {
  GraphNode copy = nodeOf(graph, id);
  copy.id = graph.nextId();
  copy.x += 40.0f;
  copy.y += 40.0f;
  graph.nodes.push_back(std::move(copy));
  return graph.nodes.back().id;
}

void setOutput(Graph& graph, NodeId id) {
  Graph next = graph;
  next.output = nodeOf(next, id).id;
  validate(next, GraphCheck::Structure);  // a mask is not a terrain
  graph = std::move(next);
}

std::optional<std::size_t> strokesParam(const NodeType& type) {
  const auto infos = type.params();
  // A Scatter's species list is held as strokes are, through a codec of its own.
  static const ParamCodec* const strokes = terrain::strokesParam({}, {}, {}, {}).codec;
  for (std::size_t i = 0; i < infos.size(); ++i) {
    if (infos[i].type == ParamType::Strokes && infos[i].codec == strokes) return i;
  }
  return std::nullopt;
}

void addStroke(Graph& graph, NodeId id, const Stroke& stroke) {
  GraphNode& node = nodeOf(graph, id);
  const NodeType& type = typeOf(node);
  const auto param = strokesParam(type);
  if (!param) throw InputError(nameOf(node) + " takes no strokes; sculpt and paint-mask do");
  Strokes strokes = strokesOf(node.values[*param]);
  strokes.push_back(stroke);
  ParamValues values = node.values;
  values[*param] = strokesId(strokes);
  type.validate(values);  // a mode the node does not take
  node.values = std::move(values);
}

void pinNode(Graph& graph, NodeId id) {
  if (id != 0) nodeOf(graph, id);  // throws for a node that is not there
  graph.pinned = id;
}

void moveNode(Graph& graph, NodeId id, float x, float y) {
  GraphNode& node = nodeOf(graph, id);
  node.x = x;
  node.y = y;
}

bool sameExceptLayout(const Graph& a, const Graph& b) {
  if (a.nodes.size() != b.nodes.size()) return a == b;
  Graph moved = b;
  for (std::size_t i = 0; i < moved.nodes.size(); ++i) {
    moved.nodes[i].x = a.nodes[i].x;
    moved.nodes[i].y = a.nodes[i].y;
  }
  moved.pinned = a.pinned;
  // A comment's frame moves like a node; its text is an edit.
  if (moved.comments.size() == a.comments.size()) {
    for (std::size_t i = 0; i < moved.comments.size(); ++i) {
      const GraphComment& place = a.comments[i];
      GraphComment& c = moved.comments[i];
      c.x = place.x;
      c.y = place.y;
      c.width = place.width;
      c.height = place.height;
    }
  }
  return moved == a;
}

}  // namespace terrain
