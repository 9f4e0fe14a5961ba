#pragma once
// Where the node editor draws a graph's nodes: each node's box (canvas
// units, the editor's zoom scales them) and an automatic layout, layered
// left to right by depth, that presets and opened files use when their
// nodes would overlap. Places have no effect on the terrain.
#include <vector>

#include "core/graph/graph.hpp"

namespace terrain {

// A node's box on the canvas: a header with its title, a row per port (the
// inputs on the left, the outputs on the right), then its result's preview;
// a reroute's is a small square with its input and output on its sides.
struct NodeBox {
  static constexpr float kWidth = 168.0f;
  static constexpr float kHeader = 26.0f;
  static constexpr float kRow = 22.0f;
  static constexpr float kPreview = 128.0f;  // square, below the ports
  static constexpr float kPadding = 8.0f;    // around the preview
  static constexpr float kReroute = 24.0f;   // a reroute's side: its ports and nothing else

  float x = 0.0f;  // top-left corner
  float y = 0.0f;
  float width = kWidth;
  float height = 0.0f;

  float previewTop() const;  // canvas y of the preview's top edge
  bool overlaps(const NodeBox& other) const;
};

// How many port rows a node shows (at least one).
int portRows(const GraphNode& node);
NodeBox nodeBox(const GraphNode& node);
// Canvas y of a port's centre on the node's left (input) or right edge.
float portY(const GraphNode& node, std::uint32_t port);

// Whether any two nodes' boxes overlap.
bool anyOverlap(const Graph& graph);

// Places every node: a column per depth (a source at 0, any other node one
// right of its deepest input), columns 80 units apart; within a column the
// nodes keep near their inputs' height, in that order, with no overlap.
// The same graph gets the same places on every machine.
void layOut(Graph& graph);

}  // namespace terrain
