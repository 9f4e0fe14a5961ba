#include "core/document/chain.hpp"

#include <algorithm>
#include <utility>

#include "core/base/error.hpp"
#include "core/nodes/registry.hpp"

namespace terrain {
namespace {

// A chain's nodes in a row, left to right, as the node editor shows it.
constexpr float kChainSpacing = 200.0f;

[[noreturn]] void notLinear() {
  throw InputError(
      "the graph is not a chain (a source, then modifiers each fed by the one before); "
      "edit its nodes instead");
}

}  // namespace

ModifierSettings defaultModifier(std::string_view key) {
  const ModifierStage& stage = modifierStage(key);
  return {std::string(stage.key()), stage.defaults(), true};
}

Graph chainGraph(const Chain& chain) {
  Graph graph;
  graph.nodes.push_back({1, chain.source.key, chain.source.values, true, 0.0f, 0.0f});
  for (const ModifierSettings& m : chain.modifiers) {
    const NodeId id = graph.nextId();
    graph.nodes.push_back(
        {id, m.key, m.values, m.enabled, kChainSpacing * static_cast<float>(id - 1), 0.0f});
    graph.edges.push_back({{id - 1, 0}, {id, 0}});
  }
  graph.output = graph.nodes.back().id;
  return graph;
}

std::vector<NodeId> chainOrder(const Graph& graph) {
  // Walk back from the output along first inputs: every node on the way a
  // modifier, the last a source, and that path every node and edge there is.
  std::vector<NodeId> order;
  const GraphNode* node = graph.find(graph.output);
  while (node != nullptr && order.size() <= graph.nodes.size()) {
    order.push_back(node->id);
    if (findSource(node->type) != nullptr) break;
    if (findModifier(node->type) == nullptr) return {};
    const GraphEdge* edge = graph.edgeInto({node->id, 0});
    if (edge == nullptr || edge->from.port != 0) return {};
    node = graph.find(edge->from.node);
  }
  if (node == nullptr || findSource(node->type) == nullptr) return {};
  if (order.size() != graph.nodes.size() || graph.edges.size() + 1 != order.size()) return {};
  std::reverse(order.begin(), order.end());
  return order;
}

bool isLinear(const Graph& graph) {
  return !chainOrder(graph).empty();
}

Chain chainOf(const Graph& graph) {
  const std::vector<NodeId> order = chainOrder(graph);
  if (order.empty()) notLinear();
  Chain chain;
  const GraphNode& head = *graph.find(order.front());
  chain.source = {head.type, head.values};
  for (std::size_t i = 1; i < order.size(); ++i) {
    const GraphNode& node = *graph.find(order[i]);
    chain.modifiers.push_back({node.type, node.values, node.enabled});
  }
  return chain;
}

const GraphNode& chainSource(const Graph& graph) {
  const std::vector<NodeId> order = chainOrder(graph);
  if (order.empty()) notLinear();
  return *graph.find(order.front());
}

GraphNode& chainSource(Graph& graph) {
  return *graph.find(chainSource(std::as_const(graph)).id);
}

GraphNode& chainModifier(Graph& graph, std::size_t i) {
  return *graph.find(chainModifier(std::as_const(graph), i).id);
}

const GraphNode& chainModifier(const Graph& graph, std::size_t i) {
  const std::vector<NodeId> order = chainOrder(graph);
  if (order.empty()) notLinear();
  if (i + 1 >= order.size()) {
    throw InputError("the chain has " + std::to_string(order.size() - 1) + " modifiers, no " +
                     std::to_string(i + 1) + "th");
  }
  return *graph.find(order[i + 1]);
}

std::size_t chainModifierCount(const Graph& graph) {
  const std::vector<NodeId> order = chainOrder(graph);
  return order.empty() ? 0 : order.size() - 1;
}

void relinkChain(Graph& graph, const std::vector<NodeId>& order) {
  std::erase_if(graph.nodes, [&](const GraphNode& n) {
    return std::find(order.begin(), order.end(), n.id) == order.end();
  });
  graph.edges.clear();
  for (std::size_t i = 0; i < order.size(); ++i) {
    GraphNode& node = *graph.find(order[i]);
    node.x = kChainSpacing * static_cast<float>(i);
    node.y = 0.0f;
    if (i > 0) graph.edges.push_back({{order[i - 1], 0}, {order[i], 0}});
  }
  graph.output = order.back();
  // Keep the nodes in chain order, as a chain made afresh has them.
  std::stable_sort(graph.nodes.begin(), graph.nodes.end(),
                   [&](const GraphNode& a, const GraphNode& b) {
                     return std::find(order.begin(), order.end(), a.id) <
                            std::find(order.begin(), order.end(), b.id);
                   });
}

GraphNode& appendModifier(Graph& graph, std::string_view key) {
  return appendModifier(graph, defaultModifier(key));
}

GraphNode& appendModifier(Graph& graph, const ModifierSettings& m) {
  modifierStage(m.key);  // throws for an unknown key, naming the known ones
  std::vector<NodeId> order = chainOrder(graph);
  if (order.empty()) notLinear();
  const NodeId id = graph.nextId();
  graph.nodes.push_back({id, m.key, m.values, m.enabled, 0.0f, 0.0f});
  order.push_back(id);
  relinkChain(graph, order);
  return *graph.find(id);
}

}  // namespace terrain
