#include "core/graph/graph_edits.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/node_type.hpp"
#include "core/registry.hpp"
#include "core/strokes.hpp"

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

void makeGraph(Document& doc) {
  if (doc.graph) return;
  doc.graph = chainGraph(doc);
  // The chain's part is unused now: the same as in a graph read from a file.
  doc.source = defaultDocument().source;
  doc.modifiers.clear();
}

NodeId addNode(Document& doc, std::string_view type, float x, float y) {
  const NodeType& nodeType_ = nodeType(type);
  if (const SourceStage* source = findSource(type); source != nullptr && source->profile()) {
    throw InputError(std::string(type) + " makes a 1D profile; a graph combines maps");
  }
  const int size = documentSize(doc);
  makeGraph(doc);
  GraphNode node{
      doc.graph->nextId(), std::string(nodeType_.key()), nodeType_.defaults(), true, x, y};
  if (const SourceStage* source = findSource(type)) {
    node.values[source->sizeIndex()] = source->snapSize(size);
  }
  doc.graph->nodes.push_back(std::move(node));
  return doc.graph->nodes.back().id;
}

void connect(Document& doc, PortRef output, PortRef input) {
  Document next = doc;
  makeGraph(next);
  Graph& graph = *next.graph;
  const GraphNode& from = nodeOf(graph, output.node);
  const GraphNode& to = nodeOf(graph, input.node);
  std::erase_if(graph.edges, [&](const GraphEdge& e) { return e.to == input; });
  graph.edges.push_back({output, input});
  if (input.port >= typeOf(to).inputs().size() || output.port >= typeOf(from).outputs().size()) {
    validate(next, GraphCheck::Structure);  // names the port that is not there
  }
  if (output.node == input.node || reaches(graph, output.node, input.node)) {
    throw InputError(nameOf(to) + " is upstream of " + nameOf(from) +
                     ": linking them would make a cycle");
  }
  validate(next, GraphCheck::Structure);  // a mask into heights
  doc = std::move(next);
}

void disconnect(Document& doc, PortRef input) {
  Document next = doc;
  makeGraph(next);
  std::erase_if(next.graph->edges, [&](const GraphEdge& e) { return e.to == input; });
  doc = std::move(next);
}

void removeNode(Document& doc, NodeId id) {
  Document next = doc;
  makeGraph(next);
  Graph& graph = *next.graph;
  const GraphNode& node = nodeOf(graph, id);
  if (id == graph.output) {
    throw InputError(nameOf(node) + " is the terrain; make another node the terrain first");
  }
  std::erase_if(graph.edges,
                [id](const GraphEdge& e) { return e.from.node == id || e.to.node == id; });
  std::erase_if(graph.nodes, [id](const GraphNode& n) { return n.id == id; });
  doc = std::move(next);
}

NodeId duplicateNode(Document& doc, NodeId id) {
  makeGraph(doc);
  GraphNode copy = nodeOf(*doc.graph, id);
  copy.id = doc.graph->nextId();
  copy.x += 40.0f;
  copy.y += 40.0f;
  doc.graph->nodes.push_back(std::move(copy));
  return doc.graph->nodes.back().id;
}

void setOutput(Document& doc, NodeId id) {
  Document next = doc;
  makeGraph(next);
  next.graph->output = nodeOf(*next.graph, id).id;
  validate(next, GraphCheck::Structure);  // a mask is not a terrain
  doc = std::move(next);
}

std::optional<std::size_t> strokesParam(const NodeType& type) {
  const auto infos = type.params();
  for (std::size_t i = 0; i < infos.size(); ++i) {
    if (infos[i].type == ParamType::Strokes) return i;
  }
  return std::nullopt;
}

void addStroke(Document& doc, NodeId id, const Stroke& stroke) {
  if (!doc.graph) throw InputError("a chain has no node that takes strokes; add a sculpt node");
  GraphNode& node = nodeOf(*doc.graph, id);
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

void pinNode(Document& doc, NodeId id) {
  if (id != 0) {
    makeGraph(doc);
    nodeOf(*doc.graph, id);  // throws for a node that is not there
  }
  if (doc.graph) doc.graph->pinned = id;
}

void moveNode(Document& doc, NodeId id, float x, float y) {
  if (!doc.graph) return;
  GraphNode& node = nodeOf(*doc.graph, id);
  node.x = x;
  node.y = y;
}

bool sameExceptLayout(const Document& a, const Document& b) {
  if (!a.graph || !b.graph || a.graph->nodes.size() != b.graph->nodes.size()) return a == b;
  Document moved = b;
  for (std::size_t i = 0; i < moved.graph->nodes.size(); ++i) {
    moved.graph->nodes[i].x = a.graph->nodes[i].x;
    moved.graph->nodes[i].y = a.graph->nodes[i].y;
  }
  moved.graph->pinned = a.graph->pinned;
  // A comment's frame moves like a node; its text is an edit.
  if (moved.graph->comments.size() == a.graph->comments.size()) {
    for (std::size_t i = 0; i < moved.graph->comments.size(); ++i) {
      const GraphComment& place = a.graph->comments[i];
      GraphComment& c = moved.graph->comments[i];
      c.x = place.x;
      c.y = place.y;
      c.width = place.width;
      c.height = place.height;
    }
  }
  return moved == a;
}

}  // namespace terrain
