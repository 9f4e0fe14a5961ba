#include "app/brush_tool.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>
#include <vector>

#include "app/panel_widgets.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_type.hpp"
#include "render/mesh_geometry.hpp"

namespace terrain::app {
namespace {

constexpr StrokeMode kSculptModes[] = {StrokeMode::Raise, StrokeMode::Lower, StrokeMode::Smooth,
                                       StrokeMode::Flatten};
constexpr StrokeMode kMaskModes[] = {StrokeMode::Paint, StrokeMode::Erase};
// A new point once the mouse is this share of the radius from the last:
// the line stays smooth and a long stroke stays small.
constexpr double kPointSpacing = 0.15;
constexpr double kPathPointCells = 3.0;  // map cells: a course drag shorter is a click

bool paintsMask(const Document& doc, NodeId id) {
  return doc.graph.find(id)->type == "paint-mask";
}

// A river's or a road's course: a path, not a brush.
bool drawsPath(const Document& doc, NodeId id) {
  const GraphNode& node = *doc.graph.find(id);
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

double shownCellMetres(const Document& doc, const ShownTerrain& shown) {
  return metresPerCell(doc.world, shown.field->width, shown.field->wraps);
}

// The document's own cells, not the field's on screen (a draft's are
// coarser): what a saved course's point spacing follows.
double documentCellMetres(const Document& doc, const ShownTerrain& shown) {
  try {
    return metresPerCell(doc.world, documentSize(doc), documentWraps(doc));
  } catch (const std::exception&) {
    return shown.field ? shownCellMetres(doc, shown) : 1.0;
  }
}

// The node's strokes with the gesture under way, written into the
// document: a new stroke, a course's point moved, or (`appendPoint`, a
// click on a course node) a point added to the last course.
void showStroke(Document& doc, const BrushState& b, bool appendPoint = false) {
  GraphNode* node = doc.graph.find(b.node);
  if (node == nullptr) return;
  Strokes strokes = strokesOf(b.strokesBefore);
  if (b.movingCourse >= 0) {
    strokes[static_cast<std::size_t>(b.movingCourse)]
        .points[static_cast<std::size_t>(b.movingPoint)] = b.stroke.points.back();
  } else if (appendPoint) {
    strokes.back().points.push_back(b.stroke.points.front());
  } else {
    strokes.push_back(b.stroke);
  }
  node->values[*strokesParam(typeOf(*node))] = strokesId(strokes);
}

// The course point nearest `at` within `reach` metres, as (course, point).
std::optional<std::pair<int, int>> pointNear(const Strokes& courses, std::array<double, 2> at,
                                             double reach) {
  std::optional<std::pair<int, int>> best;
  double nearest = reach;
  for (std::size_t c = 0; c < courses.size(); ++c) {
    for (std::size_t k = 0; k < courses[c].points.size(); ++k) {
      const auto& p = courses[c].points[k];
      const double d = std::hypot(p[0] - at[0], p[1] - at[1]);
      if (d <= nearest) nearest = d, best = std::pair{static_cast<int>(c), static_cast<int>(k)};
    }
  }
  return best;
}

render::MeshGeometry meshOf(const ShownTerrain& shown, const WindowView& view,
                            const ViewRect& rect) {
  return render::meshGeometry(view.settings, {shown.field->width, shown.field->height},
                              rect.width / rect.height);
}

glm::vec2 ndcOf(const ViewRect& rect, ImVec2 p) {
  return {(p.x - rect.x) / rect.width * 2.0f - 1.0f, 1.0f - (p.y - rect.y) / rect.height * 2.0f};
}

ImVec2 pointOf(const ViewRect& rect, glm::vec2 ndc) {
  return {rect.x + (ndc.x + 1.0f) * 0.5f * rect.width,
          rect.y + (1.0f - ndc.y) * 0.5f * rect.height};
}

// The map cell (fractional) under the mouse: the Map view's layout, or the
// 3D view's ray onto the surface; nullopt where the 3D view shows no map.
std::optional<glm::vec2> cellUnder(const Document& doc, const ShownTerrain& shown,
                                   const WindowView& view, const ViewRect& rect, ImVec2 mouse) {
  if (effectiveViewKind(doc) == ViewKind::Map) return mapCellAt(shown, view, rect, mouse);
  const auto uv = render::pickMapPoint(meshOf(shown, view, rect), ndcOf(rect, mouse), *shown.field);
  if (!uv) return std::nullopt;
  return *uv * glm::vec2(static_cast<float>(shown.field->width - 1),
                         static_cast<float>(shown.field->height - 1));
}

// Within what a stroke may hold (core/strokes/strokes.hpp): a drag far past a
// zoomed-out map stops at the edge of the range, not at a refusal.
std::array<double, 2> metresOf(const Document& doc, const ShownTerrain& shown, glm::vec2 cell) {
  const double metres = shownCellMetres(doc, shown);
  const auto held = [](double v) {
    return std::clamp(v, kMinStrokeCoordinate, kMaxStrokeCoordinate);
  };
  return {held(static_cast<double>(cell.x) * metres), held(static_cast<double>(cell.y) * metres)};
}

float heightAt(const Heightfield& f, glm::vec2 cell) {
  const int x = std::clamp(static_cast<int>(std::lround(cell.x)), 0, f.width - 1);
  const int y = std::clamp(static_cast<int>(std::lround(cell.y)), 0, f.height - 1);
  return f.at(x, y);
}

void drawRing(ImDrawList* draw, const std::vector<ImVec2>& ring, ImU32 colour, float thickness) {
  if (ring.size() > 2) {
    draw->AddPolyline(ring.data(), static_cast<int>(ring.size()), colour, ImDrawFlags_Closed,
                      thickness);
  }
}

// The brush's edge (and the hardness's) around `cell`: a circle on the Map
// view, the circle laid on the ground in the 3D view.
void drawOutline(const Document& doc, const ShownTerrain& shown, const WindowView& view,
                 const BrushState& b, const ViewRect& rect, glm::vec2 cell) {
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const auto cells =
      static_cast<float>(static_cast<double>(b.radius) / shownCellMetres(doc, shown));
  const bool mesh = effectiveViewKind(doc) == ViewKind::Mesh;
  const render::MeshGeometry geometry = mesh ? meshOf(shown, view, rect) : render::MeshGeometry{};
  const glm::vec2 last(static_cast<float>(shown.field->width - 1),
                       static_cast<float>(shown.field->height - 1));
  for (const float share : {1.0f, b.hardness}) {
    if (share * cells < 1.0f) continue;
    std::vector<ImVec2> ring;
    for (int k = 0; k < 64; ++k) {
      const float a = 6.2831853f * static_cast<float>(k) / 64.0f;
      const glm::vec2 c = cell + share * cells * glm::vec2(std::cos(a), std::sin(a));
      if (!mesh) {
        ring.push_back(mapPointOf(shown, view, rect, c));
      } else if (const auto ndc =
                     render::projectToView(geometry, c / last, heightAt(*shown.field, c))) {
        ring.push_back(pointOf(rect, *ndc));
      }
    }
    drawRing(draw, ring, IM_COL32(0, 0, 0, share == 1.0f ? 160 : 70), 3.0f);
    drawRing(draw, ring, IM_COL32(255, 255, 255, share == 1.0f ? 230 : 110), 1.5f);
  }
}

// A course node's courses on the view: their lines and a handle on each
// point (drag one to move it).
void drawCourses(const Document& doc, const ShownTerrain& shown, const WindowView& view,
                 const ViewRect& rect, const Strokes& courses) {
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const bool mesh = effectiveViewKind(doc) == ViewKind::Mesh;
  const render::MeshGeometry geometry = mesh ? meshOf(shown, view, rect) : render::MeshGeometry{};
  const double metres = shownCellMetres(doc, shown);
  const glm::vec2 last(static_cast<float>(shown.field->width - 1),
                       static_cast<float>(shown.field->height - 1));
  // Where a map cell is drawn: on the map, or on the ground in 3D.
  const auto screenOf = [&](glm::vec2 cell) -> std::optional<ImVec2> {
    if (!mesh) return mapPointOf(shown, view, rect, cell);
    const auto ndc = render::projectToView(geometry, cell / last, heightAt(*shown.field, cell));
    return ndc ? std::optional(pointOf(rect, *ndc)) : std::nullopt;
  };
  for (const Stroke& course : courses) {
    std::vector<ImVec2> line;
    std::vector<ImVec2> handles;
    for (std::size_t k = 0; k < course.points.size(); ++k) {
      const auto& p = course.points[k];
      const glm::vec2 cell(static_cast<float>(p[0] / metres), static_cast<float>(p[1] / metres));
      if (const auto at = screenOf(cell)) handles.push_back(*at);
      if (k + 1 == course.points.size()) break;
      // In 3D the line follows the ground, a point every two cells.
      const auto& q = course.points[k + 1];
      const glm::vec2 next(static_cast<float>(q[0] / metres), static_cast<float>(q[1] / metres));
      const int steps = mesh ? std::max(1, static_cast<int>(glm::length(next - cell) / 2.0f)) : 1;
      for (int i = 0; i < steps; ++i) {
        const float t = static_cast<float>(i) / static_cast<float>(steps);
        if (const auto at = screenOf(cell + t * (next - cell))) line.push_back(*at);
      }
    }
    if (!course.points.empty()) {
      const auto& p = course.points.back();
      const glm::vec2 cell(static_cast<float>(p[0] / metres), static_cast<float>(p[1] / metres));
      if (const auto at = screenOf(cell)) line.push_back(*at);
    }
    if (line.size() > 1) {
      draw->AddPolyline(line.data(), static_cast<int>(line.size()), IM_COL32(255, 220, 90, 200),
                        ImDrawFlags_None, 1.5f);
    }
    for (const ImVec2& h : handles) {
      draw->AddCircleFilled(h, 4.0f, IM_COL32(255, 220, 90, 230));
      draw->AddCircle(h, 4.0f, IM_COL32(0, 0, 0, 200), 12, 1.5f);
    }
  }
}

// Metres a handle may be from the mouse to be grabbed: kHandlePixels on screen.
double grabReach(const Document& doc, const ShownTerrain& shown, const WindowView& view,
                 const ViewRect& rect) {
  constexpr double kHandlePixels = 8.0;
  const double cellPixels = effectiveViewKind(doc) == ViewKind::Map
                                ? static_cast<double>(mapCellScale(shown, view, rect))
                                : static_cast<double>(rect.width) / shown.field->width;
  return kHandlePixels / std::max(cellPixels, 1e-6) * shownCellMetres(doc, shown);
}

}  // namespace

std::optional<NodeId> brushNode(const Document& doc, const GraphEditorState& graphEditor) {
  const auto& selected = graphEditor.selected;
  if (!selected) return std::nullopt;
  const GraphNode* node = doc.graph.find(*selected);
  if (node == nullptr || !strokesParam(typeOf(*node))) return std::nullopt;
  return node->id;
}

Stroke brushStroke(const Document& doc, const EditorState& editor, bool inverted) {
  const BrushState& b = editor.brush;
  Stroke stroke;
  const auto node = brushNode(doc, editor.graph);
  const bool mask = node && paintsMask(doc, *node);
  stroke.mode = mask ? kMaskModes[std::clamp(b.maskMode, 0, 1)]
                     : kSculptModes[std::clamp(b.sculptMode, 0, 3)];
  if (node && drawsPath(doc, *node)) stroke.mode = StrokeMode::Path;
  if (inverted) stroke.mode = opposite(stroke.mode);
  stroke.radius = static_cast<double>(b.radius);
  stroke.strength = static_cast<double>(b.strength);
  stroke.hardness = static_cast<double>(b.hardness);
  stroke.height = static_cast<double>(b.height);
  return stroke;
}

bool beginStroke(Document& doc, EditorState& editor, const ShownTerrain& shown,
                 std::array<double, 2> at, bool inverted, double grabMetres) {
  const auto node = brushNode(doc, editor.graph);
  if (!node || !shown.field || shown.field->isProfile() || editor.brush.drawing) return false;
  BrushState& b = editor.brush;
  b.node = *node;
  const GraphNode& graphNode = *doc.graph.find(*node);
  b.strokesBefore = graphNode.values[*strokesParam(typeOf(graphNode))];
  b.stroke = brushStroke(doc, editor, inverted);
  b.stroke.points = {at};
  b.movingCourse = b.movingPoint = -1;
  if (b.stroke.mode == StrokeMode::Path) {  // on a course's point: move it
    if (const auto grabbed = pointNear(strokesOf(b.strokesBefore), at, grabMetres)) {
      std::tie(b.movingCourse, b.movingPoint) = *grabbed;
    }
  }
  if (b.stroke.mode == StrokeMode::Flatten) {  // to the ground under the first point
    const double metres = shownCellMetres(doc, shown);
    const int x =
        std::clamp(static_cast<int>(std::lround(at[0] / metres)), 0, shown.field->width - 1);
    const int y =
        std::clamp(static_cast<int>(std::lround(at[1] / metres)), 0, shown.field->height - 1);
    b.stroke.height = static_cast<double>(shown.field->at(x, y)) * doc.world.heightRange;
  }
  // The view follows the brush node while the stroke is drawn: only it
  // reruns, so the stroke shows at once however slow the graph below it.
  b.pinnedBefore = doc.graph.pinned;
  doc.graph.pinned = *node;
  b.drawing = true;
  showStroke(doc, editor.brush);
  return true;
}

void extendStroke(Document& doc, BrushState& b, const ShownTerrain& shown,
                  std::array<double, 2> to) {
  if (!b.drawing) return;
  if (b.movingCourse >= 0) {
    b.stroke.points = {to};
    showStroke(doc, b);
    return;
  }
  if (b.stroke.mode == StrokeMode::Path) {
    // A course drawn by a drag is its two ends, a handle each (issue 38: a
    // handle per mouse sample made 13 for one drag); clicks add points and
    // dragged handles bend it. Back near the start it is a click again.
    const auto& start = b.stroke.points.front();
    const double reach = kPathPointCells * documentCellMetres(doc, shown);
    if (std::hypot(to[0] - start[0], to[1] - start[1]) < reach) {
      b.stroke.points = {start};
    } else {
      b.stroke.points = {start, to};
    }
    showStroke(doc, b);
    return;
  }
  const auto& last = b.stroke.points.back();
  if (std::hypot(to[0] - last[0], to[1] - last[1]) < kPointSpacing * b.stroke.radius) return;
  b.stroke.points.push_back(to);
  showStroke(doc, b);
}

void endStroke(Document& doc, BrushState& b) {
  if (!b.drawing) return;
  b.drawing = false;
  // A click on a course node (one point, nothing moved) adds a point to
  // its last course; the first click starts one.
  const bool click = b.movingCourse < 0 && b.stroke.mode == StrokeMode::Path &&
                     b.stroke.points.size() == 1 && !strokesOf(b.strokesBefore).empty();
  if (click) showStroke(doc, b, true);
  b.movingCourse = b.movingPoint = -1;
  doc.graph.pinned = b.pinnedBefore;
}

bool updateBrush(Document& doc, EditorState& editor, const ShownTerrain& shown,
                 const WindowView& view, const ViewRect& rect) {
  const ImGuiIO& io = ImGui::GetIO();
  const ViewKind kind = effectiveViewKind(doc);
  const bool active = brushNode(doc, editor.graph) && shown.field && !shown.field->isProfile() &&
                      (kind == ViewKind::Map || kind == ViewKind::Mesh) && !rect.empty();
  if (!active) {
    endStroke(doc, editor.brush);
    return false;
  }
  const ImVec2 mouse = io.MousePos;
  const bool over = rect.contains(mouse) && !io.WantCaptureMouse;
  const auto cell = (over || editor.brush.drawing) && ImGui::IsMousePosValid(&mouse)
                        ? cellUnder(doc, shown, view, rect, mouse)
                        : std::nullopt;
  const NodeId node = *brushNode(doc, editor.graph);
  if (drawsPath(doc, node)) {
    const GraphNode& n = *doc.graph.find(node);
    drawCourses(doc, shown, view, rect, strokesOf(n.values[*strokesParam(typeOf(n))]));
  } else if (cell) {
    drawOutline(doc, shown, view, editor.brush, rect, *cell);
  }
  if (!editor.brush.drawing) {
    return over && cell && ImGui::IsMouseClicked(0) &&
           beginStroke(doc, editor, shown, metresOf(doc, shown, *cell), io.KeyCtrl,
                       grabReach(doc, shown, view, rect));
  }
  if (ImGui::IsMouseDown(0)) {
    if (cell) extendStroke(doc, editor.brush, shown, metresOf(doc, shown, *cell));
  } else {
    endStroke(doc, editor.brush);
  }
  return true;
}

void brushSection(const Document& doc, EditorState& editor) {
  const auto node = brushNode(doc, editor.graph);
  if (!node) return;
  BrushState& b = editor.brush;
  ImGui::Separator();
  if (drawsPath(doc, *node)) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(
        kDim,
        "Drag on the Map (2) or 3D (3) view to draw a course from end to end; click to add a point "
        "to "
        "the last course; drag a point to move it. Each is one undo step "
        "(Clear above removes them all). Right drag pans the map and turns the 3D view.");
    ImGui::PopTextWrapPos();
    return;
  }
  ImGui::TextUnformatted("Brush");
  if (paintsMask(doc, *node)) {
    ImGui::Combo("Mode", &b.maskMode, "paint\0erase\0");
  } else {
    ImGui::Combo("Mode", &b.sculptMode, "raise\0lower\0smooth\0flatten\0");
    tooltip("Flatten levels to the ground under the stroke's first point");
  }
  ImGui::SliderFloat("Radius", &b.radius, 10.0f, 5000.0f, "%.0f m", ImGuiSliderFlags_Logarithmic);
  ImGui::SliderFloat("Strength", &b.strength, 0.0f, 1.0f, "%.2f");
  ImGui::SliderFloat("Hardness", &b.hardness, 0.0f, 1.0f, "%.2f");
  tooltip("The share of the radius at full strength; the rest falls off smoothly");
  if (!paintsMask(doc, *node)) {
    ImGui::SliderFloat("Height", &b.height, 1.0f, 2000.0f, "%.0f m", ImGuiSliderFlags_Logarithmic);
    tooltip("How far a raise or lower stroke moves the ground at full strength");
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(kDim,
                     "Drag on the Map (2) or 3D (3) view to draw a stroke; ctrl: %s; right drag "
                     "pans the map and turns the 3D view. Each "
                     "stroke is one undo step.",
                     paintsMask(doc, *node) ? "erase" : "lower");
  ImGui::PopTextWrapPos();
}

}  // namespace terrain::app
