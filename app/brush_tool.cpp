#include "app/brush_tool.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/panel_widgets.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_type.hpp"

namespace terrain::app {
namespace {

constexpr StrokeMode kSculptModes[] = {StrokeMode::Raise, StrokeMode::Lower, StrokeMode::Smooth,
                                       StrokeMode::Flatten};
constexpr StrokeMode kMaskModes[] = {StrokeMode::Paint, StrokeMode::Erase};
// A new point once the mouse is this share of the radius from the last:
// the line stays smooth and a long stroke stays small.
constexpr double kPointSpacing = 0.15;
constexpr double kPathPointCells = 3.0;  // a course's points, in the map's cells

bool paintsMask(const AppState& s, NodeId id) {
  return s.doc.graph->find(id)->type == "paint-mask";
}

// A river's or a road's course: a path, not a brush.
bool drawsPath(const AppState& s, NodeId id) {
  const GraphNode& node = *s.doc.graph->find(id);
  const NodeType& type = typeOf(node);
  return type.params()[*strokesParam(type)].key == "path";
}

StrokeMode opposite(StrokeMode mode) {
  switch (mode) {
    case StrokeMode::Raise:
      return StrokeMode::Lower;
    case StrokeMode::Lower:
      return StrokeMode::Raise;
    case StrokeMode::Paint:
      return StrokeMode::Erase;
    case StrokeMode::Erase:
      return StrokeMode::Paint;
    default:
      return mode;  // smoothing and flattening have no opposite
  }
}

double shownCellMetres(const AppState& s) {
  return metresPerCell(s.doc.world, s.field->width, s.field->wraps);
}

// The node's strokes with the one under way, written into the document.
void showStroke(AppState& s) {
  GraphNode* node = s.doc.graph->find(s.brush.node);
  if (node == nullptr) return;
  Strokes strokes = strokesOf(s.brush.strokesBefore);
  strokes.push_back(s.brush.stroke);
  node->values[*strokesParam(typeOf(*node))] = strokesId(strokes);
}

std::array<double, 2> metresAt(const AppState& s, const ViewRect& rect, ImVec2 mouse) {
  const glm::vec2 cell = mapCellAt(s, rect, mouse);
  const double metres = shownCellMetres(s);
  return {static_cast<double>(cell.x) * metres, static_cast<double>(cell.y) * metres};
}

void drawOutline(const AppState& s, const ViewRect& rect, ImVec2 mouse) {
  const float pixels =
      static_cast<float>(static_cast<double>(s.brush.radius) / shownCellMetres(s)) *
      mapCellScale(s, rect);
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  draw->AddCircle(mouse, pixels, IM_COL32(0, 0, 0, 160), 64, 3.0f);
  draw->AddCircle(mouse, pixels, IM_COL32(255, 255, 255, 230), 64, 1.5f);
  const float inner = pixels * s.brush.hardness;
  if (inner > 2.0f) draw->AddCircle(mouse, inner, IM_COL32(255, 255, 255, 110), 48, 1.0f);
}

}  // namespace

std::optional<NodeId> brushNode(const AppState& s) {
  const auto& selected = s.graphEditor.selected;
  if (!s.doc.graph || !selected) return std::nullopt;
  const GraphNode* node = s.doc.graph->find(*selected);
  if (node == nullptr || !strokesParam(typeOf(*node))) return std::nullopt;
  return node->id;
}

Stroke brushStroke(const AppState& s, bool inverted) {
  const BrushState& b = s.brush;
  Stroke stroke;
  const auto node = brushNode(s);
  const bool mask = node && paintsMask(s, *node);
  stroke.mode = mask ? kMaskModes[std::clamp(b.maskMode, 0, 1)]
                     : kSculptModes[std::clamp(b.sculptMode, 0, 3)];
  if (node && drawsPath(s, *node)) stroke.mode = StrokeMode::Path;
  if (inverted) stroke.mode = opposite(stroke.mode);
  stroke.radius = static_cast<double>(b.radius);
  stroke.strength = static_cast<double>(b.strength);
  stroke.hardness = static_cast<double>(b.hardness);
  stroke.height = static_cast<double>(b.height);
  return stroke;
}

bool beginStroke(AppState& s, std::array<double, 2> at, bool inverted) {
  const auto node = brushNode(s);
  if (!node || !s.field || s.field->isProfile() || s.brush.drawing) return false;
  BrushState& b = s.brush;
  b.node = *node;
  const GraphNode& graphNode = *s.doc.graph->find(*node);
  b.strokesBefore = graphNode.values[*strokesParam(typeOf(graphNode))];
  b.stroke = brushStroke(s, inverted);
  b.stroke.points = {at};
  if (b.stroke.mode == StrokeMode::Flatten) {  // to the ground under the first point
    const double metres = shownCellMetres(s);
    const int x = std::clamp(static_cast<int>(std::lround(at[0] / metres)), 0, s.field->width - 1);
    const int y = std::clamp(static_cast<int>(std::lround(at[1] / metres)), 0, s.field->height - 1);
    b.stroke.height = static_cast<double>(s.field->at(x, y)) * s.doc.world.heightRange;
  }
  // The view follows the brush node while the stroke is drawn: only it
  // reruns, so the stroke shows at once however slow the graph below it.
  b.pinnedBefore = s.doc.graph->pinned;
  s.doc.graph->pinned = *node;
  b.drawing = true;
  showStroke(s);
  return true;
}

void extendStroke(AppState& s, std::array<double, 2> to) {
  BrushState& b = s.brush;
  if (!b.drawing) return;
  const auto& last = b.stroke.points.back();
  const double spacing = b.stroke.mode == StrokeMode::Path
                             ? kPathPointCells * (s.field ? shownCellMetres(s) : 1.0)
                             : kPointSpacing * b.stroke.radius;
  if (std::hypot(to[0] - last[0], to[1] - last[1]) < spacing) return;
  b.stroke.points.push_back(to);
  showStroke(s);
}

void endStroke(AppState& s) {
  BrushState& b = s.brush;
  if (!b.drawing) return;
  b.drawing = false;
  if (s.doc.graph) s.doc.graph->pinned = b.pinnedBefore;
}

bool updateBrush(AppState& s, const ViewRect& rect) {
  const ImGuiIO& io = ImGui::GetIO();
  const bool active = brushNode(s) && s.field && !s.field->isProfile() &&
                      effectiveViewKind(s) == ViewKind::Map && !rect.empty();
  if (!active) {
    endStroke(s);
    return false;
  }
  const ImVec2 mouse = io.MousePos;
  const bool over = rect.contains(mouse) && !io.WantCaptureMouse;
  if ((over || s.brush.drawing) && !drawsPath(s, *brushNode(s))) drawOutline(s, rect, mouse);
  if (!s.brush.drawing) {
    return over && ImGui::IsMouseClicked(0) && beginStroke(s, metresAt(s, rect, mouse), io.KeyCtrl);
  }
  if (ImGui::IsMouseDown(0)) {
    if (ImGui::IsMousePosValid(&mouse)) extendStroke(s, metresAt(s, rect, mouse));
  } else {
    endStroke(s);
  }
  return true;
}

void brushSection(AppState& s) {
  const auto node = brushNode(s);
  if (!node) return;
  BrushState& b = s.brush;
  ImGui::Separator();
  if (drawsPath(s, *node)) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kDim,
                       "Drag on the Map view (2) to draw a course; each course is one undo step "
                       "(Clear above removes them all). Right drag pans.");
    ImGui::PopTextWrapPos();
    return;
  }
  ImGui::TextUnformatted("Brush");
  if (paintsMask(s, *node)) {
    ImGui::Combo("Mode", &b.maskMode, "paint\0erase\0");
  } else {
    ImGui::Combo("Mode", &b.sculptMode, "raise\0lower\0smooth\0flatten\0");
    tooltip("Flatten levels to the ground under the stroke's first point");
  }
  ImGui::SliderFloat("Radius", &b.radius, 10.0f, 5000.0f, "%.0f m", ImGuiSliderFlags_Logarithmic);
  ImGui::SliderFloat("Strength", &b.strength, 0.0f, 1.0f, "%.2f");
  ImGui::SliderFloat("Hardness", &b.hardness, 0.0f, 1.0f, "%.2f");
  tooltip("The share of the radius at full strength; the rest falls off smoothly");
  if (!paintsMask(s, *node)) {
    ImGui::SliderFloat("Height", &b.height, 1.0f, 2000.0f, "%.0f m", ImGuiSliderFlags_Logarithmic);
    tooltip("How far a raise or lower stroke moves the ground at full strength");
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(kDim,
                     "Drag on the Map view (2) to draw a stroke; ctrl: %s; right drag pans. Each "
                     "stroke is one undo step.",
                     paintsMask(s, *node) ? "erase" : "lower");
  ImGui::PopTextWrapPos();
}

}  // namespace terrain::app
