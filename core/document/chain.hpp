#pragma once
// A chain: one source, then modifiers run in order. It is how the CLI's
// --generator and --stage flags, the presets and version-1 project files
// describe a terrain, and what the panel's Source and Modifiers sections
// show. The document holds only graphs: a chain becomes one at the edge
// (chainGraph), and a graph shaped like a chain (a linear graph) is read
// and edited through the functions below.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/param_table.hpp"
#include "core/graph/graph.hpp"

namespace terrain {

struct SourceSettings {
  std::string key = "diamond-square";
  ParamValues values;

  bool operator==(const SourceSettings&) const = default;
};

struct ModifierSettings {
  std::string key;
  ParamValues values;
  bool enabled = true;

  bool operator==(const ModifierSettings&) const = default;
};

struct Chain {
  SourceSettings source;
  std::vector<ModifierSettings> modifiers;

  bool operator==(const Chain&) const = default;
};

// A default modifier of that key (throws InputError for an unknown key).
ModifierSettings defaultModifier(std::string_view key);

// The chain as a graph: its source is node 1, each modifier the next id,
// fed on its first input by the one before (disabled ones kept, disabled),
// the last the output, laid out in a row. The same bits as the chain.
Graph chainGraph(const Chain& chain);

// The nodes of a linear graph in order, source first: a source node, then
// modifier nodes each fed on its first input by the one before, the last
// the output, and no other node or edge. Empty when the graph is not one.
std::vector<NodeId> chainOrder(const Graph& graph);
bool isLinear(const Graph& graph);
// A linear graph as the chain it is (chainGraph's inverse but for node ids,
// places and seed offsets); throws InputError when the graph is not linear.
Chain chainOf(const Graph& graph);

// A linear graph's source node and its i-th modifier node (0 the first
// after the source); throw InputError when the graph is not linear or has
// no such modifier.
GraphNode& chainSource(Graph& graph);
const GraphNode& chainSource(const Graph& graph);
GraphNode& chainModifier(Graph& graph, std::size_t i);
const GraphNode& chainModifier(const Graph& graph, std::size_t i);
std::size_t chainModifierCount(const Graph& graph);

// Relinks the nodes as a chain in this order (edges, output, places in a
// row); nodes not in `order` are removed. Assumes a source first and
// modifiers after it.
void relinkChain(Graph& graph, const std::vector<NodeId>& order);
// A modifier of that key with its defaults after the last node of a linear
// graph (throws InputError for an unknown key or a graph that is not
// linear). Returns its node.
GraphNode& appendModifier(Graph& graph, std::string_view key);
// The same with these settings (their key, values and enabled).
GraphNode& appendModifier(Graph& graph, const ModifierSettings& modifier);

}  // namespace terrain
