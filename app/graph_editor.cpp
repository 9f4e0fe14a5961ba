#include "app/graph_editor.hpp"

#include <imgui.h>

#include <GLFW/glfw3.h>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/node_type.hpp"
#include "core/quote.hpp"
#include "core/registry.hpp"

namespace terrain::app {
namespace {

// Canvas units; the zoom scales them to window units.
constexpr float kNodeWidth = 172.0f;
constexpr float kHeader = 24.0f;
constexpr float kRow = 20.0f;
constexpr float kPortRadius = 5.5f;
constexpr float kPreview = 64.0f;  // the node's result in small, below its ports
constexpr float kMinZoom = 0.25f;
constexpr float kMaxZoom = 2.5f;

const ImU32 kHeightsColour = IM_COL32(120, 200, 110, 255);
const ImU32 kMaskColour = IM_COL32(180, 130, 230, 255);
const ImU32 kRefusedColour = IM_COL32(240, 90, 80, 255);
const ImU32 kOutputColour = IM_COL32(240, 200, 80, 255);
const ImU32 kPinnedColour = IM_COL32(90, 210, 235, 255);

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

int rowsOf(const NodeType& type) {
  return static_cast<int>(std::max<std::size_t>({type.inputs().size(), type.outputs().size(), 1}));
}

ImVec2 nodeMin(const Canvas& c, const GraphNode& n) {
  return c.toScreen(n.x, n.y);
}

float nodeHeight(const GraphNode& n) {
  return kHeader + static_cast<float>(rowsOf(typeOf(n))) * kRow + kPreview + 12.0f;
}

ImVec2 nodeMax(const Canvas& c, const GraphNode& n) {
  return c.toScreen(n.x + kNodeWidth, n.y + nodeHeight(n));
}

// The node's preview, or a frame saying there is none yet.
void drawPreview(ImDrawList* dl, const Canvas& c, const GraphNode& n, unsigned texture) {
  const float top = n.y + kHeader + static_cast<float>(rowsOf(typeOf(n))) * kRow + 6.0f;
  const ImVec2 lo = c.toScreen(n.x + (kNodeWidth - kPreview) * 0.5f, top);
  const ImVec2 hi = c.toScreen(n.x + (kNodeWidth + kPreview) * 0.5f, top + kPreview);
  if (texture != 0) {
    dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(texture)), lo, hi);
  } else {
    dl->AddRect(lo, hi, IM_COL32(80, 82, 90, 255));
  }
}

ImVec2 portPosition(const Canvas& c, const GraphNode& n, std::uint32_t port, bool input) {
  const float y = n.y + kHeader + (static_cast<float>(port) + 0.5f) * kRow;
  return c.toScreen(input ? n.x : n.x + kNodeWidth, y);
}

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

float distance(ImVec2 a, ImVec2 b) {
  return std::hypot(a.x - b.x, a.y - b.y);
}

std::optional<PortHit> portAt(const Graph& g, const Canvas& c, ImVec2 mouse) {
  std::optional<PortHit> best;
  float bestDistance = kPortRadius * c.zoom * 1.8f;
  for (const GraphNode& n : g.nodes) {
    const NodeType& type = typeOf(n);
    for (const bool input : {true, false}) {
      const auto ports = input ? type.inputs() : type.outputs();
      for (std::uint32_t p = 0; p < ports.size(); ++p) {
        const float d = distance(portPosition(c, n, p, input), mouse);
        if (d < bestDistance) {
          bestDistance = d;
          best = PortHit{n.id, p, input};
        }
      }
    }
  }
  return best;
}

// The topmost node under the mouse: the last drawn.
std::optional<NodeId> nodeAt(const Graph& g, const Canvas& c, ImVec2 mouse) {
  for (auto it = g.nodes.rbegin(); it != g.nodes.rend(); ++it) {
    const ImVec2 lo = nodeMin(c, *it);
    const ImVec2 hi = nodeMax(c, *it);
    if (mouse.x >= lo.x && mouse.x < hi.x && mouse.y >= lo.y && mouse.y < hi.y) return it->id;
  }
  return std::nullopt;
}

void drawLink(ImDrawList* dl, ImVec2 from, ImVec2 to, ImU32 colour, float zoom) {
  const float dx = std::max(40.0f * zoom, std::abs(to.x - from.x) * 0.5f);
  dl->AddBezierCubic(from, ImVec2(from.x + dx, from.y), ImVec2(to.x - dx, to.y), to, colour,
                     2.5f * zoom);
}

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
  const ImVec2 lo = nodeMin(c, n);
  const ImVec2 hi = nodeMax(c, n);
  const float rounding = 4.0f * c.zoom;
  const float fontSize = ImGui::GetFontSize() * std::clamp(c.zoom, 0.5f, 1.5f);
  const int alpha = n.enabled ? 255 : 110;
  dl->AddRectFilled(lo, hi, IM_COL32(50, 52, 58, alpha), rounding);
  dl->AddRectFilled(lo, ImVec2(hi.x, lo.y + kHeader * c.zoom), headerColour(n), rounding,
                    ImDrawFlags_RoundCornersTop);
  const std::string title = std::to_string(n.id) + "  " + std::string(typeOf(n).title());
  dl->PushClipRect(lo, ImVec2(hi.x - 4.0f * c.zoom, hi.y), true);
  dl->AddText(ImGui::GetFont(), fontSize,
              ImVec2(lo.x + 7.0f * c.zoom, lo.y + (kHeader * c.zoom - fontSize) * 0.5f),
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
  if (marks.selected) dl->AddRect(lo, hi, IM_COL32(255, 255, 255, 255), rounding, 0, 2.0f);
  drawPorts(dl, c, n, fontSize);
  drawPreview(dl, c, n, marks.preview);
}

// Every node in view, at a zoom between the limits.
void frameAll(GraphEditorState& e, const Graph& g, ImVec2 size) {
  if (g.nodes.empty()) return;
  float x0 = g.nodes[0].x, y0 = g.nodes[0].y, x1 = x0, y1 = y0;
  for (const GraphNode& n : g.nodes) {
    x0 = std::min(x0, n.x);
    y0 = std::min(y0, n.y);
    x1 = std::max(x1, n.x + kNodeWidth);
    y1 = std::max(y1, n.y + nodeHeight(n));
  }
  const float margin = 60.0f;
  e.zoom =
      std::clamp(std::min(size.x / (x1 - x0 + 2.0f * margin), size.y / (y1 - y0 + 2.0f * margin)),
                 kMinZoom, 1.25f);
  e.panX = size.x * 0.5f - (x0 + x1) * 0.5f * e.zoom;
  e.panY = size.y * 0.5f - (y0 + y1) * 0.5f * e.zoom;
}

// Runs an edit; a refusal is kept as the editor's message.
template <class Edit>
bool tryEdit(GraphEditorState& e, const Edit& edit) {
  try {
    edit();
    e.message.clear();
    return true;
  } catch (const InputError& error) {
    e.message = error.what();
    return false;
  }
}

std::string lowered(std::string_view text) {
  std::string out(text);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

// The add menu: a search field over the node types whose title or key
// holds its text. The first match is highlighted, and Enter in the field
// adds it (issue 38: Enter did nothing, even with one match left).
bool addMenu(AppState& s) {
  GraphEditorState& e = s.graphEditor;
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  const bool enter = ImGui::InputTextWithHint("##search", "search nodes", e.search, sizeof e.search,
                                              ImGuiInputTextFlags_EnterReturnsTrue);
  const std::string filter = lowered(e.search);
  const NodeType* chosen = nullptr;
  bool first = true;
  for (const NodeType* type : nodeTypes()) {
    const SourceStage* source = findSource(type->key());
    if (source != nullptr && source->profile()) continue;  // graphs combine maps
    const std::string label = std::string(type->title()) + "  (" + std::string(type->key()) + ")";
    if (!filter.empty() && lowered(label).find(filter) == std::string::npos) continue;
    if (ImGui::Selectable(label.c_str(), first && !filter.empty()) ||
        (enter && first && !filter.empty())) {
      chosen = type;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(type->help()).c_str());
    first = false;
  }
  if (chosen == nullptr) return false;
  tryEdit(e, [&] { e.selected = addNode(s.doc, chosen->key(), e.addX, e.addY); });
  ImGui::CloseCurrentPopup();
  return true;
}

bool hasHeightsInput(const NodeType& type) {
  return std::any_of(type.inputs().begin(), type.inputs().end(),
                     [](const PortInfo& p) { return p.kind == PortKind::Heights; });
}

bool nodeMenu(AppState& s, NodeId id) {
  GraphEditorState& e = s.graphEditor;
  const Graph graph = documentGraph(s.doc);
  const GraphNode* node = graph.find(id);
  if (node == nullptr) return false;
  bool changed = false;
  if (ImGui::MenuItem("Make it the terrain", nullptr, graph.output == id)) {
    changed = tryEdit(e, [&] { setOutput(s.doc, id); });
  }
  if (hasHeightsInput(typeOf(*node)) && ImGui::MenuItem("Enabled", nullptr, node->enabled)) {
    changed = tryEdit(e, [&] {
      makeGraph(s.doc);
      s.doc.graph->find(id)->enabled = !node->enabled;
    });
  }
  if (ImGui::MenuItem("Show in the view", "P", graph.pinned == id)) {
    tryEdit(e, [&] { pinNode(s.doc, graph.pinned == id ? 0 : id); });
    changed = true;  // a new picture, though not a new terrain
  }
  if (ImGui::MenuItem("Duplicate", "Ctrl+D")) {
    changed = tryEdit(e, [&] { e.selected = duplicateNode(s.doc, id); });
  }
  if (ImGui::MenuItem("Delete", "Del")) changed = tryEdit(e, [&] { removeNode(s.doc, id); });
  return changed;
}

void openAddMenu(GraphEditorState& e, const Canvas& c, ImVec2 mouse) {
  const ImVec2 at = c.toCanvas(mouse);
  e.addX = std::round(at.x);
  e.addY = std::round(at.y);
  e.search[0] = '\0';
  ImGui::OpenPopup("add node");
}

// A press on a port starts a link: from an output, or from the output an
// input is linked to (the link comes away with the mouse).
bool pressPort(AppState& s, const Graph& graph, const PortHit& hit) {
  GraphEditorState& e = s.graphEditor;
  if (!hit.input) {
    e.linkFrom = PortRef{hit.node, hit.port};
    return false;
  }
  const GraphEdge* edge = graph.edgeInto({hit.node, hit.port});
  if (edge == nullptr) return false;
  e.linkFrom = edge->from;
  return tryEdit(e, [&] { disconnect(s.doc, {hit.node, hit.port}); });
}

// The link being drawn ends: on an input it links, anywhere else it is dropped.
bool releaseLink(AppState& s, const std::optional<PortHit>& over) {
  GraphEditorState& e = s.graphEditor;
  const PortRef from = *e.linkFrom;
  e.linkFrom.reset();
  if (!over || !over->input) return false;
  return tryEdit(e, [&] { connect(s.doc, from, {over->node, over->port}); });
}

// Why linking the port being drawn from to `input` would be refused ("" if not).
std::string linkRefusal(const Document& doc, PortRef from, const PortHit& input) {
  Document trial = doc;
  try {
    connect(trial, from, {input.node, input.port});
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

bool mouseInput(AppState& s, const Graph& graph, const Canvas& c, bool hovered) {
  GraphEditorState& e = s.graphEditor;
  const ImGuiIO& io = ImGui::GetIO();
  const auto port = portAt(graph, c, io.MousePos);
  const auto node = nodeAt(graph, c, io.MousePos);
  bool changed = false;
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    if (port) {
      changed |= pressPort(s, graph, *port);
    } else if (node) {
      e.selected = e.dragging = *node;
    } else {
      e.selected.reset();
    }
  }
  if (ImGui::IsMouseDragging(ImGuiMouseButton_Left) && !e.linkFrom) {
    if (e.dragging) {
      const GraphNode& n = *graph.find(*e.dragging);
      moveNode(s.doc, n.id, n.x + io.MouseDelta.x / c.zoom, n.y + io.MouseDelta.y / c.zoom);
    } else if (ImGui::IsItemActive()) {
      e.panX += io.MouseDelta.x;
      e.panY += io.MouseDelta.y;
    }
  }
  if (ImGui::IsMouseDragging(ImGuiMouseButton_Middle) && ImGui::IsItemActive()) {
    e.panX += io.MouseDelta.x;
    e.panY += io.MouseDelta.y;
  }
  if (ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
    if (e.linkFrom) changed |= releaseLink(s, port);
    e.dragging.reset();
  }
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    if (node) {
      e.selected = *node;
      ImGui::OpenPopup("node menu");
    } else {
      openAddMenu(e, c, io.MousePos);
    }
  }
  return changed;
}

void wheelZoom(GraphEditorState& e, const Canvas& c, ImVec2 areaPos) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.MouseWheel == 0.0f) return;
  const ImVec2 under = c.toCanvas(io.MousePos);
  e.zoom = std::clamp(e.zoom * std::pow(1.15f, io.MouseWheel), kMinZoom, kMaxZoom);
  e.panX = io.MousePos.x - under.x * e.zoom - areaPos.x;
  e.panY = io.MousePos.y - under.y * e.zoom - areaPos.y;
}

bool keyInput(AppState& s, const Canvas& c) {
  GraphEditorState& e = s.graphEditor;
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return false;
  bool changed = false;
  if (ImGui::IsKeyPressed(GLFW_KEY_TAB, false)) openAddMenu(e, c, io.MousePos);
  if (ImGui::IsKeyPressed(GLFW_KEY_F, false)) e.frameAll = true;
  if (e.selected && (ImGui::IsKeyPressed(GLFW_KEY_DELETE, false) ||
                     ImGui::IsKeyPressed(GLFW_KEY_BACKSPACE, false))) {
    const NodeId id = *e.selected;
    changed = tryEdit(e, [&] { removeNode(s.doc, id); });
    if (changed) e.selected.reset();
  }
  if (e.selected && ImGui::IsKeyPressed(GLFW_KEY_P, false)) {
    const NodeId id = *e.selected;
    const bool pinned = s.doc.graph && s.doc.graph->pinned == id;
    changed = tryEdit(e, [&] { pinNode(s.doc, pinned ? 0 : id); });
  }
  if (e.selected && io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_D, false)) {
    const NodeId id = *e.selected;
    changed = tryEdit(e, [&] { e.selected = duplicateNode(s.doc, id); });
  }
  return changed;
}

void drawGraph(ImDrawList* dl, const AppState& s, const Graph& graph, const Canvas& c) {
  for (const GraphEdge& edge : graph.edges) {
    const GraphNode& from = *graph.find(edge.from.node);
    const GraphNode& to = *graph.find(edge.to.node);
    const PortKind kind = typeOf(from).outputs()[edge.from.port].kind;
    drawLink(dl, portPosition(c, from, edge.from.port, false),
             portPosition(c, to, edge.to.port, true), kindColour(kind), c.zoom);
  }
  for (const GraphNode& n : graph.nodes) {
    const auto preview = s.nodePreviews.find(n.id);
    drawNode(dl, c, n,
             {s.graphEditor.selected == n.id, graph.output == n.id, graph.pinned == n.id,
              preview != s.nodePreviews.end() ? preview->second : 0u});
  }
}

// The link under the mouse while it is drawn: red with the reason over an
// input it cannot take.
void drawPendingLink(ImDrawList* dl, const AppState& s, const Graph& graph, const Canvas& c) {
  const PortRef from = *s.graphEditor.linkFrom;
  const GraphNode* node = graph.find(from.node);
  if (node == nullptr) return;
  const ImVec2 start = portPosition(c, *node, from.port, false);
  ImVec2 end = ImGui::GetIO().MousePos;
  ImU32 colour = kindColour(typeOf(*node).outputs()[from.port].kind);
  if (const auto over = portAt(graph, c, end); over && over->input) {
    end = portPosition(c, *graph.find(over->node), over->port, true);
    if (const std::string why = linkRefusal(s.doc, from, *over); !why.empty()) {
      colour = kRefusedColour;
      ImGui::SetTooltip("%s", why.c_str());
    }
  }
  drawLink(dl, start, end, colour, c.zoom);
}

bool canvas(AppState& s) {
  GraphEditorState& e = s.graphEditor;
  const ImVec2 lo = ImGui::GetCursorScreenPos();
  const ImVec2 size = ImGui::GetContentRegionAvail();
  if (size.x < 20.0f || size.y < 20.0f) return false;
  const Graph graph = documentGraph(s.doc);
  if (e.frameAll) {
    frameAll(e, graph, size);
    e.frameAll = false;
  }
  ImGui::InvisibleButton("canvas", size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  const bool hovered = ImGui::IsItemHovered();
  const Canvas c{ImVec2(lo.x + e.panX, lo.y + e.panY), e.zoom};
  bool changed = mouseInput(s, graph, c, hovered);
  if (hovered) {
    wheelZoom(e, c, lo);
    changed |= keyInput(s, c);
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 hi(lo.x + size.x, lo.y + size.y);
  dl->PushClipRect(lo, hi, true);
  drawGrid(dl, lo, hi, c);
  drawGraph(dl, s, graph, c);
  if (e.linkFrom) drawPendingLink(dl, s, graph, c);
  dl->PopClipRect();
  if (ImGui::BeginPopup("add node")) {
    changed |= addMenu(s);
    ImGui::EndPopup();
  }
  if (ImGui::BeginPopup("node menu")) {
    if (e.selected) changed |= nodeMenu(s, *e.selected);
    ImGui::EndPopup();
  }
  return changed;
}

}  // namespace

bool drawGraphEditor(AppState& s, const ViewRect& area) {
  if (area.empty()) return false;
  ImGui::SetNextWindowPos(ImVec2(area.x, area.y));
  ImGui::SetNextWindowSize(ImVec2(area.width, area.height));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar |
                                 ImGuiWindowFlags_NoScrollWithMouse;
  ImGui::Begin("Graph editor", nullptr, flags);
  const GraphEditorState& e = s.graphEditor;
  ImGui::TextUnformatted(s.doc.graph ? "Graph" : "Graph (a chain: an edit makes it a graph)");
  ImGui::SameLine();
  ImGui::TextColored(ImVec4(0.65f, 0.65f, 0.7f, 1.0f),
                     "right-click or Tab: add a node   drag ports: link   P: show in the view   "
                     "F: frame   G: hide");
  if (s.doc.graph && s.doc.graph->find(s.doc.graph->pinned) != nullptr) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.35f, 0.82f, 0.92f, 1.0f), "the view shows node %u, not the terrain",
                       s.doc.graph->pinned);
  }
  if (!e.message.empty()) {  // on a line of its own: a refusal names nodes and ports
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1.0f, 0.42f, 0.38f, 1.0f), "%s", escapeControl(e.message).c_str());
    ImGui::PopTextWrapPos();
  }
  const bool changed = canvas(s);
  s.graphEditor.hovered = ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByPopup |
                                                 ImGuiHoveredFlags_ChildWindows);
  ImGui::End();
  return changed;
}

}  // namespace terrain::app
