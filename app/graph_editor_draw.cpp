#include "app/graph_editor_draw.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "core/base/error.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_type.hpp"
#include "core/nodes/registry.hpp"

namespace terrain::app {
namespace {

ImU32 kindColour(PortKind kind) {
  return kind == PortKind::Mask ? kMaskColour : kHeightsColour;
}

ImU32 headerColour(const GraphNode& n) {
  if (findSource(n.type) != nullptr) return IM_COL32(120, 90, 60, 255);
  if (findModifier(n.type) != nullptr) return IM_COL32(60, 85, 120, 255);
  const auto outputs = typeOf(n).outputs();
  return outputs[0].kind == PortKind::Mask ? IM_COL32(95, 65, 125, 255)
                                           : IM_COL32(50, 110, 105, 255);
}

// Text scaled with the canvas, but never under half the font: past that
// it is clipped rather than unreadable.
float fontSizeAt(const Canvas& c) {
  return ImGui::GetFontSize() * std::clamp(c.zoom, 0.5f, 1.5f);
}

void drawLink(ImDrawList* dl, ImVec2 from, ImVec2 to, ImU32 colour, float zoom) {
  const float dx = std::max(40.0f * zoom, std::abs(to.x - from.x) * 0.5f);
  dl->AddBezierCubic(from, ImVec2(from.x + dx, from.y), ImVec2(to.x - dx, to.y), to, colour,
                     2.5f * zoom);
}

// The node's preview, or a frame saying there is none yet.
void drawPreview(ImDrawList* dl, const Canvas& c, const GraphNode& n, unsigned texture) {
  const NodeBox box = nodeBox(n);
  const float left = n.x + (NodeBox::kWidth - NodeBox::kPreview) * 0.5f;
  const ImVec2 lo = c.toScreen(left, box.previewTop());
  const ImVec2 hi = c.toScreen(left + NodeBox::kPreview, box.previewTop() + NodeBox::kPreview);
  if (texture != 0) {
    dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(texture)), lo, hi);
  } else {
    dl->AddRect(lo, hi, IM_COL32(80, 82, 90, 255));
  }
}

void drawPorts(ImDrawList* dl, const Canvas& c, const GraphNode& n, float fontSize) {
  const NodeType& type = typeOf(n);
  const ImU32 text = IM_COL32(215, 215, 220, 255);
  for (const bool input : {true, false}) {
    const auto ports = input ? type.inputs() : type.outputs();
    for (std::uint32_t p = 0; p < ports.size(); ++p) {
      const ImVec2 at = portPosition(c, n, p, input);
      dl->AddCircleFilled(at, kPortRadius * c.zoom, kindColour(ports[p].kind));
      const std::string label(ports[p].title);
      const float width = ImGui::CalcTextSize(label.c_str()).x * fontSize / ImGui::GetFontSize();
      const float x = input ? at.x + 9.0f * c.zoom : at.x - 9.0f * c.zoom - width;
      dl->AddText(ImGui::GetFont(), fontSize, ImVec2(x, at.y - fontSize * 0.5f), text,
                  label.c_str());
    }
  }
}

struct NodeMarks {
  bool selected = false;
  bool output = false;   // the terrain
  bool pinned = false;   // the view shows it
  unsigned preview = 0;  // GL texture of its result; 0: none yet
};

void drawNode(ImDrawList* dl, const Canvas& c, const GraphNode& n, NodeMarks marks) {
  const NodeBox box = nodeBox(n);
  const ImVec2 lo = c.toScreen(box.x, box.y);
  const ImVec2 hi = c.toScreen(box.x + box.width, box.y + box.height);
  const float rounding = 4.0f * c.zoom;
  const float fontSize = fontSizeAt(c);
  const int alpha = n.enabled ? 255 : 110;
  dl->AddRectFilled(lo, hi, IM_COL32(50, 52, 58, alpha), rounding);
  dl->AddRectFilled(lo, ImVec2(hi.x, lo.y + NodeBox::kHeader * c.zoom), headerColour(n), rounding,
                    ImDrawFlags_RoundCornersTop);
  const std::string title = std::to_string(n.id) + "  " + std::string(typeOf(n).title());
  dl->PushClipRect(lo, ImVec2(hi.x - 4.0f * c.zoom, hi.y), true);
  dl->AddText(ImGui::GetFont(), fontSize,
              ImVec2(lo.x + 7.0f * c.zoom, lo.y + (NodeBox::kHeader * c.zoom - fontSize) * 0.5f),
              IM_COL32(240, 240, 240, alpha), title.c_str());
  dl->PopClipRect();
  const ImVec2 above(lo.x, lo.y - fontSize - 2.0f);
  if (marks.output) {
    dl->AddRect(lo, hi, kOutputColour, rounding, 0, 2.0f);
    dl->AddText(ImGui::GetFont(), fontSize, above, kOutputColour, "terrain");
  }
  if (marks.pinned) {
    const float inset = 3.0f * c.zoom;
    dl->AddRect(ImVec2(lo.x - inset, lo.y - inset), ImVec2(hi.x + inset, hi.y + inset),
                kPinnedColour, rounding, 0, 2.0f);
    dl->AddText(ImGui::GetFont(), fontSize, ImVec2(hi.x - 80.0f * c.zoom, above.y), kPinnedColour,
                "in the view");
  }
  if (marks.selected) dl->AddRect(lo, hi, kSelectedColour, rounding, 0, 2.0f);
  drawPorts(dl, c, n, fontSize);
  drawPreview(dl, c, n, marks.preview);
}

// A reroute: a dot of its kind's colour the link passes through.
void drawReroute(ImDrawList* dl, const Canvas& c, const GraphNode& n, PortKind kind,
                 bool selected) {
  const NodeBox box = nodeBox(n);
  const ImVec2 centre = c.toScreen(box.x + box.width * 0.5f, box.y + box.height * 0.5f);
  const float radius = box.width * 0.5f * c.zoom;
  dl->AddCircleFilled(centre, radius, IM_COL32(50, 52, 58, 255));
  dl->AddCircle(centre, radius, kindColour(kind), 0, 2.0f);
  dl->AddCircleFilled(centre, kPortRadius * c.zoom, kindColour(kind));
  if (selected) dl->AddCircle(centre, radius + 2.0f, kSelectedColour, 0, 2.0f);
}

}  // namespace

void drawGrid(ImDrawList* dl, ImVec2 lo, ImVec2 hi, const Canvas& c) {
  dl->AddRectFilled(lo, hi, IM_COL32(28, 30, 34, 255));
  const float step = 40.0f * c.zoom;
  if (step < 8.0f) return;
  const ImU32 line = IM_COL32(45, 48, 54, 255);
  for (float x = std::fmod(c.origin.x - lo.x, step) + lo.x; x < hi.x; x += step) {
    dl->AddLine(ImVec2(x, lo.y), ImVec2(x, hi.y), line);
  }
  for (float y = std::fmod(c.origin.y - lo.y, step) + lo.y; y < hi.y; y += step) {
    dl->AddLine(ImVec2(lo.x, y), ImVec2(hi.x, y), line);
  }
}

void drawGraph(ImDrawList* dl, const Graph& graph, const Canvas& c, GraphMarks marks) {
  for (const GraphEdge& edge : graph.edges) {
    const GraphNode& from = *graph.find(edge.from.node);
    const GraphNode& to = *graph.find(edge.to.node);
    const PortKind kind = outputKind(graph, edge.from);
    drawLink(dl, portPosition(c, from, edge.from.port, false),
             portPosition(c, to, edge.to.port, true), kindColour(kind), c.zoom);
  }
  for (const GraphNode& n : graph.nodes) {
    const bool selected =
        marks.selection != nullptr &&
        std::find(marks.selection->begin(), marks.selection->end(), n.id) != marks.selection->end();
    const unsigned preview = marks.previews != nullptr ? marks.previews->textureOf(n.id) : 0u;
    if (n.type == kRerouteKey) {
      drawReroute(dl, c, n, outputKind(graph, {n.id, 0}), selected);
    } else {
      drawNode(dl, c, n, {selected, graph.output == n.id, graph.pinned == n.id, preview});
    }
  }
}

void drawPendingLink(ImDrawList* dl, const Document& doc, const Graph& graph, const Canvas& c,
                     PortRef from) {
  const GraphNode* node = graph.find(from.node);
  if (node == nullptr) return;
  const ImVec2 start = portPosition(c, *node, from.port, false);
  ImVec2 end = ImGui::GetIO().MousePos;
  ImU32 colour = kindColour(outputKind(graph, from));
  if (const auto over = portAt(graph, c, end); over && over->input) {
    end = portPosition(c, *graph.find(over->node), over->port, true);
    Graph trial = doc.graph;
    try {
      connect(trial, from, {over->node, over->port});
    } catch (const InputError& e) {
      colour = kRefusedColour;
      ImGui::SetTooltip("%s", e.what());
    }
  }
  drawLink(dl, start, end, colour, c.zoom);
}

void drawSelectionBox(ImDrawList* dl, ImVec2 a, ImVec2 b) {
  const ImVec2 lo(std::min(a.x, b.x), std::min(a.y, b.y));
  const ImVec2 hi(std::max(a.x, b.x), std::max(a.y, b.y));
  dl->AddRectFilled(lo, hi, IM_COL32(120, 160, 230, 40));
  dl->AddRect(lo, hi, IM_COL32(150, 185, 240, 220));
}

ImVec2 Minimap::at(ImVec2 p) const {
  const float u = (p.x - lo.x) / (hi.x - lo.x);
  const float v = (p.y - lo.y) / (hi.y - lo.y);
  return {covered.x0 + u * covered.width(), covered.y0 + v * covered.height()};
}

std::optional<Minimap> minimapFor(const Graph& graph, const Canvas& c, ImVec2 lo, ImVec2 hi) {
  const auto nodes = boundsOf(graph, {});
  const float maxWidth = std::min(170.0f, (hi.x - lo.x) * 0.25f);
  const float maxHeight = std::min(100.0f, (hi.y - lo.y) * 0.35f);
  if (!nodes || maxWidth < 40.0f || maxHeight < 30.0f) return std::nullopt;
  // What it shows: every node and the part on screen, with a margin.
  const ImVec2 seenLo = c.toCanvas(lo);
  const ImVec2 seenHi = c.toCanvas(hi);
  CanvasRect r{std::min(nodes->x0, seenLo.x), std::min(nodes->y0, seenLo.y),
               std::max(nodes->x1, seenHi.x), std::max(nodes->y1, seenHi.y)};
  const float margin = 0.05f * std::max(r.width(), r.height());
  r = {r.x0 - margin, r.y0 - margin, r.x1 + margin, r.y1 + margin};
  const float scale = std::min(maxWidth / r.width(), maxHeight / r.height());
  const float width = r.width() * scale;
  const float height = r.height() * scale;
  Minimap m;
  // Bottom left: the terrain node, which framing keeps in view, is on the right.
  m.lo = ImVec2(lo.x + 10.0f, hi.y - 10.0f - height);
  m.hi = ImVec2(m.lo.x + width, m.lo.y + height);
  m.covered = r;
  return m;
}

void drawMinimap(ImDrawList* dl, const Minimap& m, const Graph& graph, const Canvas& c, ImVec2 lo,
                 ImVec2 hi) {
  dl->AddRectFilled(m.lo, m.hi, IM_COL32(16, 17, 20, 230), 3.0f);
  const float sx = (m.hi.x - m.lo.x) / m.covered.width();
  const float sy = (m.hi.y - m.lo.y) / m.covered.height();
  const auto toMap = [&](float x, float y) {
    return ImVec2(m.lo.x + (x - m.covered.x0) * sx, m.lo.y + (y - m.covered.y0) * sy);
  };
  for (const GraphNode& n : graph.nodes) {
    const NodeBox box = nodeBox(n);
    dl->AddRectFilled(toMap(box.x, box.y), toMap(box.x + box.width, box.y + box.height),
                      headerColour(n));
    if (graph.output == n.id) {
      dl->AddRect(toMap(box.x, box.y), toMap(box.x + box.width, box.y + box.height), kOutputColour);
    }
  }
  const ImVec2 seenLo = c.toCanvas(lo);
  const ImVec2 seenHi = c.toCanvas(hi);
  dl->AddRect(toMap(seenLo.x, seenLo.y), toMap(seenHi.x, seenHi.y), kMinimapView, 0.0f, 0, 1.5f);
  dl->AddRect(m.lo, m.hi, IM_COL32(90, 94, 104, 255), 3.0f);
}

}  // namespace terrain::app
