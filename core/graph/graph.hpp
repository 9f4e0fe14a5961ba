#pragma once
// A terrain as a graph: nodes (a type, its values, enabled), edges from an
// output port to an input port, and the node whose first output is the
// terrain. A plain value, compared with == and cheap enough to copy, so
// undo keeps whole graphs as it keeps whole documents.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/param_table.hpp"

namespace terrain {

class NodeType;

using NodeId = std::uint32_t;

// The reroute node's type (core/nodes/reroute.cpp): its output is its input.
inline constexpr std::string_view kRerouteKey = "reroute";

struct GraphNode {
  NodeId id = 0;
  std::string type;  // a node type's key: "diamond-square", "smooth", "blend"
  ParamValues values;
  bool enabled = true;  // a disabled node passes its first heights input on
  // Where the node editor draws it (canvas units); no effect on the terrain.
  float x = 0.0f;
  float y = 0.0f;
  // 0: the node draws from the document's seed; another number gives it a
  // seed of its own derived from the document's, so two noise nodes with
  // the same settings can differ and still follow the document's seed.
  std::uint32_t seedOffset = 0;

  bool operator==(const GraphNode&) const = default;
};

struct PortRef {
  NodeId node = 0;
  std::uint32_t port = 0;  // index into the node type's outputs or inputs

  bool operator==(const PortRef&) const = default;
};

struct GraphEdge {
  PortRef from;  // an output port
  PortRef to;    // an input port: at most one edge ends at each

  bool operator==(const GraphEdge&) const = default;
};

// A comment: a titled frame the node editor draws behind the nodes it
// surrounds (canvas units); no effect on the terrain.
struct GraphComment {
  std::string text;
  float x = 0.0f;  // top-left corner
  float y = 0.0f;
  float width = 0.0f;
  float height = 0.0f;

  bool operator==(const GraphComment&) const = default;
};

struct Graph {
  std::vector<GraphNode> nodes;
  std::vector<GraphEdge> edges;
  NodeId output = 0;  // the terrain is this node's first output
  // The node whose result the window's view shows instead of the terrain (a
  // mask being built); 0, or a node no longer there: the terrain. Like the
  // nodes' places, not part of the terrain and not an undo step.
  NodeId pinned = 0;
  std::vector<GraphComment> comments;  // frames around nodes, drawn behind them

  bool operator==(const Graph&) const = default;

  const GraphNode* find(NodeId id) const;
  GraphNode* find(NodeId id);
  NodeId nextId() const;  // one more than the largest id
  // The edge ending at that input port, if any.
  const GraphEdge* edgeInto(PortRef input) const;
};

enum class PortKind : std::uint8_t;  // core/graph/node_type.hpp
// What an output gives: its port's kind, or for a reroute the kind of what
// comes into it (heights while nothing does).
PortKind outputKind(const Graph& graph, PortRef output);

// The seed a node draws from: the document's, or with its offset mixed in.
std::uint64_t nodeSeed(std::uint64_t documentSeed, const GraphNode& node);

// A node's type; throws InputError naming the node and the known types.
const NodeType& typeOf(const GraphNode& node);

// The input port a disabled node passes on: its first heights input.
// Throws InputError when it has none (a source cannot be disabled away).
std::uint32_t passedInput(const GraphNode& node, const NodeType& type);

// How much validate() asks. A graph being built on the canvas may have
// nodes whose inputs are still open: it can be saved, reopened and edited
// (Structure), but it makes a terrain only once every node the output
// depends on has its required inputs (Complete).
enum class GraphCheck : std::uint8_t { Complete, Structure };

// Throws InputError for the first thing wrong, naming the node (id and
// type) and what is allowed: an unknown type, values out of range, an edge
// from or to a port that does not exist, a mask into a heights port, two
// edges into one port, a cycle, a missing output or one whose first port is
// a mask (the terrain is heights); for Complete also a required input left
// open on a node the output depends on.
void validate(const Graph& graph, GraphCheck check = GraphCheck::Complete);

// Throws InputError naming the first node `node` depends on (itself
// included) whose required input is open. Assumes validate(Structure).
void requireInputs(const Graph& graph, NodeId node);

// The nodes the output depends on, each after its inputs (the order the
// evaluator runs them in). Assumes a valid graph.
std::vector<NodeId> upstreamOrder(const Graph& graph, NodeId output);

// The graph with every source made `size` samples a side (a preview of the
// same world at another size).
Graph withSourceSize(const Graph& graph, int size);

}  // namespace terrain
