#pragma once
// What the graph editor draws on its canvas, with Dear ImGui's draw list:
// the grid, links (heights green, masks violet), nodes (a header coloured
// by kind, ports, the result's preview), a link being drawn (red with the
// reason over an input that cannot take it), the box of a box select and
// the minimap.
#include <imgui.h>

#include <map>
#include <optional>
#include <vector>

#include "app/gallery_textures.hpp"
#include "app/graph_canvas.hpp"
#include "core/document/document.hpp"

namespace terrain::app {

// Colours the tests look for in screenshots.
inline const ImU32 kHeightsColour = IM_COL32(120, 200, 110, 255);
inline const ImU32 kMaskColour = IM_COL32(180, 130, 230, 255);
inline const ImU32 kRefusedColour = IM_COL32(240, 90, 80, 255);
inline const ImU32 kOutputColour = IM_COL32(240, 200, 80, 255);
inline const ImU32 kPinnedColour = IM_COL32(90, 210, 235, 255);
inline const ImU32 kSelectedColour = IM_COL32(255, 255, 255, 255);
inline const ImU32 kMinimapView = IM_COL32(250, 250, 250, 255);  // the view's frame on it

void drawGrid(ImDrawList* dl, ImVec2 lo, ImVec2 hi, const Canvas& c);

struct GraphMarks {
  const std::vector<NodeId>* selection = nullptr;
  const NodePreviewTextures* previews = nullptr;  // GL textures of node results
};
void drawGraph(ImDrawList* dl, const Graph& graph, const Canvas& c, GraphMarks marks);

// The link from `from` to the pointer, or to the input under it: red with
// the reason as a tooltip when `doc` would refuse it.
void drawPendingLink(ImDrawList* dl, const Document& doc, const Graph& graph, const Canvas& c,
                     PortRef from);

void drawSelectionBox(ImDrawList* dl, ImVec2 a, ImVec2 b);

// The minimap in the canvas's bottom-left corner: every node, and the
// part of the canvas on screen as a frame. `at` maps a point of it back to
// canvas units.
struct Minimap {
  ImVec2 lo, hi;       // window units
  CanvasRect covered;  // canvas units it shows
  bool contains(ImVec2 p) const { return p.x >= lo.x && p.x < hi.x && p.y >= lo.y && p.y < hi.y; }
  ImVec2 at(ImVec2 p) const;
};
// None for an empty graph or a canvas too small to hold one.
std::optional<Minimap> minimapFor(const Graph& graph, const Canvas& c, ImVec2 lo, ImVec2 hi);
void drawMinimap(ImDrawList* dl, const Minimap& m, const Graph& graph, const Canvas& c, ImVec2 lo,
                 ImVec2 hi);

}  // namespace terrain::app
