#pragma once
// The graph editor's canvas: where canvas units land in the window at the
// editor's pan and zoom, and what is under the pointer (a port, a node,
// the nodes a box covers). The boxes themselves are core's
// (core/graph/graph_layout.hpp), so the layout and the drawing agree.
#include <imgui.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "core/graph/graph.hpp"
#include "core/graph/graph_layout.hpp"

namespace terrain::app {

constexpr float kPortRadius = 5.5f;  // canvas units
constexpr float kMinZoom = 0.25f;
constexpr float kMaxZoom = 2.5f;
// The least zoom the editor frames at by itself: node titles at 12 pixels
// (a 15-pixel font) and previews over 96 pixels. A graph larger than the
// editor at this zoom is framed around its terrain node; the minimap shows
// the rest.
constexpr float kLegibleZoom = 0.8f;

struct Canvas {
  ImVec2 origin;  // canvas (0, 0) in window units
  float zoom = 1.0f;
  ImVec2 toScreen(float x, float y) const { return {origin.x + x * zoom, origin.y + y * zoom}; }
  ImVec2 toCanvas(ImVec2 p) const { return {(p.x - origin.x) / zoom, (p.y - origin.y) / zoom}; }
};

struct PortHit {
  NodeId node = 0;
  std::uint32_t port = 0;
  bool input = false;
};

// A rectangle in canvas units.
struct CanvasRect {
  float x0 = 0.0f, y0 = 0.0f, x1 = 0.0f, y1 = 0.0f;
  float width() const { return x1 - x0; }
  float height() const { return y1 - y0; }
};

ImVec2 portPosition(const Canvas& c, const GraphNode& n, std::uint32_t port, bool input);
std::optional<PortHit> portAt(const Graph& g, const Canvas& c, ImVec2 mouse);
// The topmost node under the mouse: the last drawn.
std::optional<NodeId> nodeAt(const Graph& g, const Canvas& c, ImVec2 mouse);
// The nodes a box between two canvas points touches, in the graph's order.
std::vector<NodeId> nodesIn(const Graph& g, ImVec2 a, ImVec2 b);
// What the nodes of `ids` cover (every node when ids is empty); none for
// an empty graph.
std::optional<CanvasRect> boundsOf(const Graph& g, const std::vector<NodeId>& ids);

}  // namespace terrain::app
