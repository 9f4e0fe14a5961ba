#include "core/graph/graph.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "core/base/error.hpp"
#include "core/base/random.hpp"
#include "core/graph/node_registry.hpp"
#include "core/nodes/registry.hpp"

namespace terrain {
namespace {

std::string nodeName(const GraphNode& node) {
  return "node " + std::to_string(node.id) + " (" + node.type + ")";
}

std::string portName(const PortInfo& port) {
  return std::string(port.key);
}

void validateNodes(const Graph& graph) {
  std::vector<NodeId> ids;
  for (const GraphNode& node : graph.nodes) {
    ids.push_back(node.id);
    const NodeType* type = findNodeType(node.type);
    if (type == nullptr) {
      throw InputError(nodeName(node) + ": unknown node type; known: " + nodeTypeKeyList());
    }
    if (node.values.size() != type->params().size()) {
      throw InputError(nodeName(node) + ": " + std::to_string(node.values.size()) +
                       " values for its " + std::to_string(type->params().size()) + " parameters");
    }
    try {
      type->validate(node.values);
    } catch (const InputError& e) {
      throw InputError(nodeName(node) + ": " + e.what());
    }
  }
  std::sort(ids.begin(), ids.end());
  const auto twice = std::adjacent_find(ids.begin(), ids.end());
  if (twice != ids.end()) throw InputError("two nodes have the id " + std::to_string(*twice));
}

void validateEdge(const Graph& graph, const GraphEdge& edge) {
  const GraphNode* from = graph.find(edge.from.node);
  const GraphNode* to = graph.find(edge.to.node);
  if (from == nullptr || to == nullptr) {
    throw InputError("an edge joins node " + std::to_string(edge.from.node) + " to node " +
                     std::to_string(edge.to.node) + ", but node " +
                     std::to_string(from == nullptr ? edge.from.node : edge.to.node) +
                     " does not exist");
  }
  const auto outputs = typeOf(*from).outputs();
  const auto inputs = typeOf(*to).inputs();
  if (edge.from.port >= outputs.size()) {
    throw InputError(nodeName(*from) + " has no output " + std::to_string(edge.from.port) +
                     "; it has " + std::to_string(outputs.size()));
  }
  if (edge.to.port >= inputs.size()) {
    throw InputError(nodeName(*to) + " has no input " + std::to_string(edge.to.port) + "; it has " +
                     std::to_string(inputs.size()));
  }
  const PortInfo& out = outputs[edge.from.port];
  const PortInfo& in = inputs[edge.to.port];
  const PortKind kind = outputKind(graph, edge.from);
  if (kind == PortKind::Mask && in.kind == PortKind::Heights) {
    throw InputError("the mask '" + portName(out) + "' of " + nodeName(*from) +
                     " cannot feed the heights input '" + portName(in) + "' of " + nodeName(*to) +
                     "; a mask feeds mask inputs only");
  }
  // A reroute passes instances on as it passes anything.
  if (kind == PortKind::Instances && in.kind != PortKind::Instances && to->type != kRerouteKey) {
    std::string message = "the instances '" + portName(out) + "' of " + nodeName(*from);
    message += " cannot feed the " + std::string(in.kind == PortKind::Mask ? "mask" : "heights");
    message += " input '" + portName(in) + "' of " + nodeName(*to);
    message += "; instances feed instances inputs only";
    throw InputError(message);
  }
  if (kind != PortKind::Instances && in.kind == PortKind::Instances) {
    std::string message = "the " + std::string(kind == PortKind::Mask ? "mask" : "heights");
    message += " '" + portName(out) + "' of " + nodeName(*from);
    message += " cannot feed the instances input '" + portName(in) + "' of " + nodeName(*to);
    message += "; only instances (a Scatter node's) feed it";
    throw InputError(message);
  }
}

void validatePorts(const Graph& graph) {
  for (const GraphEdge& edge : graph.edges) validateEdge(graph, edge);
  for (const GraphNode& node : graph.nodes) {
    const auto inputs = typeOf(node).inputs();
    for (std::uint32_t port = 0; port < inputs.size(); ++port) {
      const auto into = std::count_if(graph.edges.begin(), graph.edges.end(), [&](const auto& e) {
        return e.to == PortRef{node.id, port};
      });
      if (into > 1) {
        throw InputError(nodeName(node) + ": " + std::to_string(into) +
                         " edges end at its input '" + portName(inputs[port]) +
                         "'; an input takes one");
      }
    }
  }
}

// Every node the output depends on has its required inputs.
void validateComplete(const Graph& graph, const std::vector<NodeId>& upstream) {
  for (const NodeId id : upstream) {
    const GraphNode& node = *graph.find(id);
    const auto inputs = typeOf(node).inputs();
    for (std::uint32_t port = 0; port < inputs.size(); ++port) {
      if (!inputs[port].optional && graph.edgeInto({id, port}) == nullptr) {
        throw InputError(nodeName(node) + ": its input '" + portName(inputs[port]) +
                         "' is not connected");
      }
    }
  }
}

// Depth-first from `id`, marking nodes on the current path: meeting one
// again is a cycle.
void visit(const Graph& graph, NodeId id, std::map<NodeId, int>& state,
           std::vector<NodeId>& order) {
  int& mark = state[id];
  if (mark == 2) return;
  if (mark == 1) {
    throw InputError("the graph has a cycle through " + nodeName(*graph.find(id)) +
                     "; a node cannot depend on its own result");
  }
  mark = 1;
  for (const GraphEdge& edge : graph.edges) {
    if (edge.to.node == id) visit(graph, edge.from.node, state, order);
  }
  state[id] = 2;
  order.push_back(id);
}

}  // namespace

const GraphNode* Graph::find(NodeId id) const {
  for (const GraphNode& node : nodes) {
    if (node.id == id) return &node;
  }
  return nullptr;
}

GraphNode* Graph::find(NodeId id) {
  return const_cast<GraphNode*>(std::as_const(*this).find(id));
}

NodeId Graph::nextId() const {
  NodeId largest = 0;
  for (const GraphNode& node : nodes) largest = std::max(largest, node.id);
  return largest + 1;
}

const GraphEdge* Graph::edgeInto(PortRef input) const {
  for (const GraphEdge& edge : edges) {
    if (edge.to == input) return &edge;
  }
  return nullptr;
}

std::uint64_t nodeSeed(std::uint64_t documentSeed, const GraphNode& node) {
  if (node.seedOffset == 0) return documentSeed;
  return mix64(documentSeed ^ mix64(0x5eedULL + node.seedOffset));
}

const NodeType& typeOf(const GraphNode& node) {
  if (const NodeType* type = findNodeType(node.type)) return *type;
  throw InputError(nodeName(node) + ": unknown node type; known: " + nodeTypeKeyList());
}

void validate(const Graph& graph, GraphCheck check) {
  validateNodes(graph);
  validatePorts(graph);
  std::map<NodeId, int> state;
  std::vector<NodeId> order;
  for (const GraphNode& node : graph.nodes) visit(graph, node.id, state, order);
  const GraphNode* output = graph.find(graph.output);
  if (output == nullptr) {
    throw InputError("the graph's output is node " + std::to_string(graph.output) +
                     ", which does not exist");
  }
  const auto outputs = typeOf(*output).outputs();
  if (outputs.empty() || outputKind(graph, {output->id, 0}) != PortKind::Heights) {
    throw InputError("the graph's output " + nodeName(*output) +
                     " gives no heights; the terrain is a heights node (export a mask with "
                     "--output-node)");
  }
  if (check == GraphCheck::Complete) requireInputs(graph, graph.output);
}

PortKind outputKind(const Graph& graph, PortRef output) {
  // A chain of reroutes is at most every node long (a cycle is refused elsewhere).
  for (std::size_t hop = 0; hop <= graph.nodes.size(); ++hop) {
    const GraphNode* node = graph.find(output.node);
    if (node == nullptr) break;
    if (node->type != kRerouteKey) {
      const auto outputs = typeOf(*node).outputs();
      return output.port < outputs.size() ? outputs[output.port].kind : PortKind::Heights;
    }
    const GraphEdge* in = graph.edgeInto({node->id, 0});
    if (in == nullptr) break;
    output = in->from;
  }
  return PortKind::Heights;
}

std::uint32_t passedInput(const GraphNode& node, const NodeType& type) {
  const auto inputs = type.inputs();
  for (std::uint32_t port = 0; port < inputs.size(); ++port) {
    if (inputs[port].kind == PortKind::Heights) return port;
  }
  throw InputError("node " + std::to_string(node.id) + " (" + node.type +
                   ") is disabled and has no heights input to pass on");
}

void requireInputs(const Graph& graph, NodeId node) {
  validateComplete(graph, upstreamOrder(graph, node));
}

std::vector<NodeId> upstreamOrder(const Graph& graph, NodeId output) {
  std::map<NodeId, int> state;
  std::vector<NodeId> order;
  visit(graph, output, state, order);
  return order;
}

Graph withSourceSize(const Graph& graph, int size) {
  Graph resized = graph;
  for (GraphNode& node : resized.nodes) {
    if (const SourceStage* source = findSource(node.type)) {
      node.values[source->sizeIndex()] = static_cast<double>(size);
    }
  }
  return resized;
}

}  // namespace terrain
