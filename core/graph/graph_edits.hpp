#pragma once
// The edits a designer makes on the graph canvas, as plain functions on the
// graph: the node editor turns gestures into them and a script can call
// them the same way. Each either makes its change or throws InputError
// with the reason and leaves the graph as it was.
#include <optional>
#include <string_view>

#include "core/graph/graph.hpp"
#include "core/graph/node_type.hpp"
#include "core/strokes/strokes.hpp"

namespace terrain {

// A node of that type with its defaults at (x, y) on the canvas; a source
// takes the map size of the graph's first source. Returns its id.
NodeId addNode(Graph& graph, std::string_view type, float x, float y);
// An edge from an output port to an input port, replacing the one that
// ended there. Refuses a mask into a heights input, a cycle, a port that
// does not exist, naming them.
void connect(Graph& graph, PortRef output, PortRef input);
// Removes the edge into that input port, if any.
void disconnect(Graph& graph, PortRef input);
// Removes the node and its edges; refuses the output node (make another
// node the terrain first).
void removeNode(Graph& graph, NodeId id);
// A copy of the node (its values and enabled, not its edges) beside it.
NodeId duplicateNode(Graph& graph, NodeId id);
// Makes the node's first output the terrain; refuses a node that gives a
// mask.
void setOutput(Graph& graph, NodeId id);
// Which parameter of the node type holds its brush strokes, if any.
std::optional<std::size_t> strokesParam(const NodeType& type);
// One more stroke on a sculpt or paint-mask node (one undo step: a stroke
// is one gesture). Refuses a node without strokes and a stroke the node
// does not take (a raise stroke on a mask), leaving the graph as it was.
void addStroke(Graph& graph, NodeId id, const Stroke& stroke);
// The view shows this node's result instead of the terrain (0: the
// terrain again). Like a move, not an undo step of its own.
void pinNode(Graph& graph, NodeId id);
// Not an undo step of its own (History::commit folds it into the current
// one).
void moveNode(Graph& graph, NodeId id, float x, float y);

// Whether a and b differ at most in where their nodes are drawn and which
// node the view pins.
bool sameExceptLayout(const Graph& a, const Graph& b);

}  // namespace terrain
