#include "app/graph_canvas.hpp"

#include <algorithm>
#include <cmath>

#include "core/graph/node_type.hpp"

namespace terrain::app {

ImVec2 portPosition(const Canvas& c, const GraphNode& n, std::uint32_t port, bool input) {
  return c.toScreen(input ? n.x : n.x + nodeBox(n).width, portY(n, port));
}

std::optional<PortHit> portAt(const Graph& g, const Canvas& c, ImVec2 mouse) {
  std::optional<PortHit> best;
  float bestDistance = kPortRadius * c.zoom * 1.8f;
  for (const GraphNode& n : g.nodes) {
    const NodeType& type = typeOf(n);
    for (const bool input : {true, false}) {
      const auto ports = input ? type.inputs() : type.outputs();
      for (std::uint32_t p = 0; p < ports.size(); ++p) {
        const ImVec2 at = portPosition(c, n, p, input);
        const float d = std::hypot(at.x - mouse.x, at.y - mouse.y);
        if (d < bestDistance) {
          bestDistance = d;
          best = PortHit{n.id, p, input};
        }
      }
    }
  }
  return best;
}

std::optional<NodeId> nodeAt(const Graph& g, const Canvas& c, ImVec2 mouse) {
  const ImVec2 at = c.toCanvas(mouse);
  for (auto it = g.nodes.rbegin(); it != g.nodes.rend(); ++it) {
    const NodeBox box = nodeBox(*it);
    if (at.x >= box.x && at.x < box.x + box.width && at.y >= box.y && at.y < box.y + box.height) {
      return it->id;
    }
  }
  return std::nullopt;
}

std::vector<NodeId> nodesIn(const Graph& g, ImVec2 a, ImVec2 b) {
  const NodeBox area{std::min(a.x, b.x), std::min(a.y, b.y), std::abs(a.x - b.x),
                     std::abs(a.y - b.y)};
  std::vector<NodeId> ids;
  for (const GraphNode& n : g.nodes) {
    if (area.overlaps(nodeBox(n))) ids.push_back(n.id);
  }
  return ids;
}

std::optional<CanvasRect> boundsOf(const Graph& g, const std::vector<NodeId>& ids) {
  std::optional<CanvasRect> r;
  for (const GraphNode& n : g.nodes) {
    if (!ids.empty() && std::find(ids.begin(), ids.end(), n.id) == ids.end()) continue;
    const NodeBox box = nodeBox(n);
    const CanvasRect b{box.x, box.y, box.x + box.width, box.y + box.height};
    r = r ? CanvasRect{std::min(r->x0, b.x0), std::min(r->y0, b.y0), std::max(r->x1, b.x1),
                       std::max(r->y1, b.y1)}
          : b;
  }
  return r;
}

}  // namespace terrain::app
