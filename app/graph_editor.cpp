#include "app/graph_editor.hpp"

#include <imgui.h>

#include <GLFW/glfw3.h>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

#include "app/graph_canvas.hpp"
#include "app/graph_comments.hpp"
#include "app/graph_editor_draw.hpp"
#include "app/graph_selection.hpp"
#include "core/base/quote.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/graph_layout.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/node_type.hpp"
#include "core/nodes/registry.hpp"

namespace terrain::app {
namespace {

std::string lowered(std::string_view text) {
  std::string out(text);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

// The add menu: a search field over the node types whose title or key
// holds its text. The first match is highlighted, and Enter in the field
// adds it (issue 38: Enter did nothing, even with one match left).
bool addMenu(Document& doc, GraphEditorState& e) {
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
  tryEdit(e, [&] { selectOnly(e, addNode(doc.graph, chosen->key(), e.addX, e.addY)); });
  ImGui::CloseCurrentPopup();
  return true;
}

bool hasHeightsInput(const NodeType& type) {
  return std::any_of(type.inputs().begin(), type.inputs().end(),
                     [](const PortInfo& p) { return p.kind == PortKind::Heights; });
}

bool nodeMenu(Document& doc, GraphEditorState& e, NodeId id) {
  const Graph graph = doc.graph;
  const GraphNode* node = graph.find(id);
  if (node == nullptr) return false;
  bool changed = false;
  if (ImGui::MenuItem("Make it the terrain", nullptr, graph.output == id)) {
    changed = tryEdit(e, [&] { setOutput(doc.graph, id); });
  }
  if (hasHeightsInput(typeOf(*node)) && ImGui::MenuItem("Enabled", nullptr, node->enabled)) {
    changed = tryEdit(e, [&] { doc.graph.find(id)->enabled = !node->enabled; });
  }
  if (ImGui::MenuItem("Show in the view", "P", graph.pinned == id)) {
    tryEdit(e, [&] { pinNode(doc.graph, graph.pinned == id ? 0 : id); });
    changed = true;  // a new picture, though not a new terrain
  }
  if (ImGui::MenuItem("Copy", "Ctrl+C")) copySelection(doc, e);
  if (ImGui::MenuItem("Duplicate", "Ctrl+D")) changed = duplicateSelection(doc, e);
  if (ImGui::MenuItem("Delete", "Del")) changed = deleteSelection(doc, e);
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
bool pressPort(Document& doc, GraphEditorState& e, const Graph& graph, const PortHit& hit) {
  if (!hit.input) {
    e.linkFrom = PortRef{hit.node, hit.port};
    return false;
  }
  const GraphEdge* edge = graph.edgeInto({hit.node, hit.port});
  if (edge == nullptr) return false;
  e.linkFrom = edge->from;
  return tryEdit(e, [&] { disconnect(doc.graph, {hit.node, hit.port}); });
}

// The link being drawn ends: on an input it links, anywhere else it is dropped.
bool releaseLink(Document& doc, GraphEditorState& e, const std::optional<PortHit>& over) {
  const PortRef from = *e.linkFrom;
  e.linkFrom.reset();
  if (!over || !over->input) return false;
  return tryEdit(e, [&] { connect(doc.graph, from, {over->node, over->port}); });
}

// A press: on the minimap it moves the view, on a port it starts a link,
// on a node it selects it (Shift: adds or takes it away) and starts a
// move, on empty canvas it starts a box select.
bool pressLeft(Document& doc, GraphEditorState& e, const Graph& graph, const Canvas& c,
               const std::optional<Minimap>& map) {
  const ImGuiIO& io = ImGui::GetIO();
  if (map && map->contains(io.MousePos)) {
    e.minimapHeld = true;
    return false;
  }
  e.comment.reset();
  if (const auto port = portAt(graph, c, io.MousePos)) return pressPort(doc, e, graph, *port);
  if (const auto node = nodeAt(graph, c, io.MousePos)) {
    if (io.KeyShift) {
      toggleSelected(e, *node);
    } else if (!isSelected(e, *node)) {
      selectOnly(e, *node);
    } else {
      e.selected = *node;  // the panel edits it; the selection moves together
    }
    if (isSelected(e, *node)) e.dragging = *node;
    return false;
  }
  if (const auto comment = commentTitleAt(graph, c, io.MousePos)) {
    selectAll(e, {}, false);
    e.comment = *comment;
    e.movingComment = true;
    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) openCommentText(doc, e);
    return false;
  }
  const ImVec2 at = c.toCanvas(io.MousePos);
  e.boxFrom = {at.x, at.y};
  if (!io.KeyShift) selectAll(e, {}, false);
  return false;
}

// Every selected node follows the mouse; not an undo step of its own.
void moveSelection(Document& doc, GraphEditorState& e, const Graph& graph, const Canvas& c) {
  const ImGuiIO& io = ImGui::GetIO();
  for (const NodeId id : e.selection) {
    if (const GraphNode* n = graph.find(id)) {
      moveNode(doc.graph, id, n->x + io.MouseDelta.x / c.zoom, n->y + io.MouseDelta.y / c.zoom);
    }
  }
}

void centreOn(GraphEditorState& e, ImVec2 canvasPoint, ImVec2 size) {
  e.panX = size.x * 0.5f - canvasPoint.x * e.zoom;
  e.panY = size.y * 0.5f - canvasPoint.y * e.zoom;
}

bool mouseInput(Document& doc, GraphEditorState& e, const Graph& graph, const Canvas& c,
                ImVec2 size, bool hovered, const std::optional<Minimap>& map) {
  const ImGuiIO& io = ImGui::GetIO();
  bool changed = false;
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    changed |= pressLeft(doc, e, graph, c, map);
  }
  if (e.minimapHeld && map && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    centreOn(e, map->at(io.MousePos), size);
  }
  if (ImGui::IsMouseDragging(ImGuiMouseButton_Left) && !e.linkFrom && e.dragging) {
    moveSelection(doc, e, graph, c);
  }
  if (ImGui::IsMouseDragging(ImGuiMouseButton_Left) && e.movingComment && e.comment) {
    moveComment(doc, *e.comment, io.MouseDelta.x / c.zoom, io.MouseDelta.y / c.zoom);
  }
  if (ImGui::IsMouseDragging(ImGuiMouseButton_Middle) && ImGui::IsItemActive()) {
    e.panX += io.MouseDelta.x;
    e.panY += io.MouseDelta.y;
  }
  if (ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
    if (e.linkFrom) changed |= releaseLink(doc, e, portAt(graph, c, io.MousePos));
    if (e.boxFrom) {
      const ImVec2 from((*e.boxFrom)[0], (*e.boxFrom)[1]);
      selectAll(e, nodesIn(graph, from, c.toCanvas(io.MousePos)), io.KeyShift);
      e.boxFrom.reset();
    }
    e.dragging.reset();
    e.minimapHeld = false;
    e.movingComment = false;
  }
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    if (const auto node = nodeAt(graph, c, io.MousePos)) {
      if (!isSelected(e, *node)) selectOnly(e, *node);
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

bool pressed(int key) {
  return ImGui::IsKeyPressed(key, false);
}

bool keyInput(Document& doc, GraphEditorState& e, const Graph& graph, const Canvas& c) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return false;
  bool changed = false;
  if (pressed(GLFW_KEY_TAB)) openAddMenu(e, c, io.MousePos);
  if (io.KeyCtrl) {
    if (pressed(GLFW_KEY_C)) copySelection(doc, e);
    if (pressed(GLFW_KEY_V)) {
      const ImVec2 at = c.toCanvas(io.MousePos);
      changed |= pasteClipboard(doc, e, at.x, at.y);
    }
    if (pressed(GLFW_KEY_D)) changed |= duplicateSelection(doc, e);
    if (pressed(GLFW_KEY_G)) commentAroundSelection(doc, e);  // a frame: no new terrain
    if (pressed(GLFW_KEY_A)) {
      std::vector<NodeId> all;
      for (const GraphNode& n : graph.nodes) all.push_back(n.id);
      selectAll(e, all, false);
    }
    return changed;
  }
  if (pressed(GLFW_KEY_F)) e.frameSelection = true;
  if (pressed(GLFW_KEY_L)) {  // places only: no new terrain, no undo step of its own
    layOut(doc.graph);
    e.frameAll = true;
  }
  if (pressed(GLFW_KEY_DELETE) || pressed(GLFW_KEY_BACKSPACE)) {
    if (e.comment) {
      deleteComment(doc, e);  // the frame, not its nodes
    } else {
      changed |= deleteSelection(doc, e);
    }
  }
  if (e.selected && pressed(GLFW_KEY_P)) {
    const NodeId id = *e.selected;
    const bool pinned = graph.pinned == id;
    changed |= tryEdit(e, [&] { pinNode(doc.graph, pinned ? 0 : id); });
  }
  return changed;
}

bool canvas(Document& doc, GraphEditorState& e, const NodePreviewTextures& previews) {
  const ImVec2 lo = ImGui::GetCursorScreenPos();
  const ImVec2 size = ImGui::GetContentRegionAvail();
  if (size.x < 20.0f || size.y < 20.0f) return false;
  const Graph graph = doc.graph;
  keepSelectionValid(e, graph);
  if (e.comment && *e.comment >= graph.comments.size()) e.comment.reset();  // undone
  if (e.frameAll || e.frameSelection) {
    frameNodes(e, graph, size, e.frameAll ? std::vector<NodeId>{} : e.selection);
    e.frameAll = e.frameSelection = false;
  }
  ImGui::InvisibleButton("canvas", size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  const bool hovered = ImGui::IsItemHovered();
  const ImVec2 hi(lo.x + size.x, lo.y + size.y);
  const Canvas c{ImVec2(lo.x + e.panX, lo.y + e.panY), e.zoom};
  const std::optional<Minimap> map = minimapFor(graph, c, lo, hi);
  bool changed = mouseInput(doc, e, graph, c, size, hovered, map);
  if (hovered) {
    wheelZoom(e, c, lo);
    changed |= keyInput(doc, e, graph, c);
  }
  // Drawn from the document as it is now (a move or an edit this frame).
  const Graph shown = doc.graph;
  const Canvas now{ImVec2(lo.x + e.panX, lo.y + e.panY), e.zoom};
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(lo, hi, true);
  drawGrid(dl, lo, hi, now);
  drawComments(dl, shown, now, e.comment);
  drawGraph(dl, shown, now, {&e.selection, &previews});
  if (e.linkFrom) drawPendingLink(dl, doc, shown, now, *e.linkFrom);
  if (e.boxFrom) {
    drawSelectionBox(dl, now.toScreen((*e.boxFrom)[0], (*e.boxFrom)[1]), ImGui::GetIO().MousePos);
  }
  if (const auto shownMap = minimapFor(shown, now, lo, hi)) {
    drawMinimap(dl, *shownMap, shown, now, lo, hi);
  }
  dl->PopClipRect();
  if (ImGui::BeginPopup("add node")) {
    changed |= addMenu(doc, e);
    ImGui::EndPopup();
  }
  commentTextPopup(doc, e);
  if (ImGui::BeginPopup("node menu")) {
    if (e.selected) changed |= nodeMenu(doc, e, *e.selected);
    ImGui::EndPopup();
  }
  return changed;
}

}  // namespace

bool drawGraphEditor(Document& doc, GraphEditorState& e, const NodePreviewTextures& previews,
                     const ViewRect& area) {
  if (area.empty()) return false;
  ImGui::SetNextWindowPos(ImVec2(area.x, area.y));
  ImGui::SetNextWindowSize(ImVec2(area.width, area.height));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar |
                                 ImGuiWindowFlags_NoScrollWithMouse;
  ImGui::Begin("Graph editor", nullptr, flags);
  ImGui::TextUnformatted(isLinear(doc.graph)
                             ? "Graph (a chain: the panel's Source and Modifiers edit it too)"
                             : "Graph");
  ImGui::SameLine();
  ImGui::TextColored(
      ImVec4(0.65f, 0.65f, 0.7f, 1.0f),
      "Tab: add   drag ports: link   drag: select   Ctrl+C/V/D   Ctrl+G: comment   P: show in the "
      "view   F: frame   L: lay out   G: hide");
  if (doc.graph.find(doc.graph.pinned) != nullptr) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.35f, 0.82f, 0.92f, 1.0f), "the view shows node %u, not the terrain",
                       doc.graph.pinned);
  }
  if (!e.message.empty()) {  // on a line of its own: a refusal names nodes and ports
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1.0f, 0.42f, 0.38f, 1.0f), "%s", escapeControl(e.message).c_str());
    ImGui::PopTextWrapPos();
  }
  const bool changed = canvas(doc, e, previews);
  e.hovered = ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByPopup |
                                     ImGuiHoveredFlags_ChildWindows);
  ImGui::End();
  return changed;
}

}  // namespace terrain::app
