#include "app/view_controls.hpp"

#include "app/brush_tool.hpp"
#include "core/document/document.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace terrain::app {
namespace {

constexpr float kMinMapZoom = 0.5f;
constexpr float kMaxMapZoom = 256.0f;
constexpr float kWheelZoomStep = 1.2f;  // per wheel notch

bool keyPressed(int key) {
  return ImGui::IsKeyPressed(key, false);
}

}  // namespace

float mapCellScale(const ShownTerrain& shown, const WindowView& view, const ViewRect& rect) {
  const auto w = static_cast<float>(std::max(shown.field ? shown.field->width : 1, 1));
  const auto h = static_cast<float>(std::max(shown.field ? shown.field->height : 1, 1));
  return std::min(rect.width / w, rect.height / h) * view.settings.mapZoom;
}

glm::vec2 mapSizeCells(const ShownTerrain& shown) {
  if (!shown.field) return glm::vec2(1.0f);
  return {static_cast<float>(shown.field->width), static_cast<float>(shown.field->height)};
}

// Cell c's centre is drawn at the view's centre + (c + 0.5 - centre) * scale.
glm::vec2 mapCellAt(const ShownTerrain& shown, const WindowView& view, const ViewRect& rect,
                    ImVec2 p) {
  const float scale = std::max(mapCellScale(shown, view, rect), 1e-6f);
  const glm::vec2 fromCenter(p.x - rect.x - 0.5f * rect.width, p.y - rect.y - 0.5f * rect.height);
  return fromCenter / scale + view.settings.mapCenter * mapSizeCells(shown) - glm::vec2(0.5f);
}

ImVec2 mapPointOf(const ShownTerrain& shown, const WindowView& view, const ViewRect& rect,
                  glm::vec2 cell) {
  const float scale = mapCellScale(shown, view, rect);
  const glm::vec2 p =
      (cell + glm::vec2(0.5f) - view.settings.mapCenter * mapSizeCells(shown)) * scale;
  return {rect.x + 0.5f * rect.width + p.x, rect.y + 0.5f * rect.height + p.y};
}

void resetView(WindowView& view) {
  view.settings.camera.reset();  // frames the block for the view's shape as drawn
  view.settings.mapZoom = 1.0f;
  view.settings.mapCenter = glm::vec2(0.5f);
}

void ViewInteraction::drag(WindowView& view, const Document& doc, const ShownTerrain& shown,
                           bool brushSelected, const ViewRect& rect, ImVec2 delta) {
  auto& v = view.settings;
  switch (effectiveViewKind(doc)) {
    case ViewKind::Map:
      if (button_ == 0 || button_ == 1) {
        const float scale = mapCellScale(shown, view, rect);
        if (scale <= 0.0f) return;
        v.mapCenter -= glm::vec2(delta.x, delta.y) / (scale * mapSizeCells(shown));
        v.mapCenter = glm::clamp(v.mapCenter, glm::vec2(0.0f), glm::vec2(1.0f));
      }
      break;
    case ViewKind::Mesh:
      // With a brush the left button draws: the right one orbits instead.
      if (button_ == 0 || (button_ == 1 && brushSelected)) {
        v.camera.rotate(delta.x, delta.y);
      } else {
        v.camera.panBy(delta.x, delta.y);
      }
      break;
    case ViewKind::Side:
      break;
  }
}

void ViewInteraction::wheel(WindowView& view, const Document& doc, const ShownTerrain& shown,
                            const ViewRect& rect, ImVec2 mouse, float steps) {
  auto& v = view.settings;
  if (effectiveViewKind(doc) == ViewKind::Mesh) {
    v.camera.zoom(steps);
    return;
  }
  if (effectiveViewKind(doc) != ViewKind::Map) return;
  const float before = mapCellScale(shown, view, rect);
  if (before <= 0.0f) return;
  // Keep the map point under the cursor where it is.
  const glm::vec2 size = mapSizeCells(shown);
  const glm::vec2 fromCenter(mouse.x - rect.x - 0.5f * rect.width,
                             mouse.y - rect.y - 0.5f * rect.height);
  const glm::vec2 cell = fromCenter / before + v.mapCenter * size;
  v.mapZoom = std::clamp(v.mapZoom * std::pow(kWheelZoomStep, steps), kMinMapZoom, kMaxMapZoom);
  const float after = mapCellScale(shown, view, rect);
  v.mapCenter = glm::clamp((cell - fromCenter / after) / size, glm::vec2(0.0f), glm::vec2(1.0f));
}

namespace {

// The window's keys: the graph editor, the views and help wherever the
// pointer is, unless a text field has the keyboard (issue 38: the views'
// keys worked only with the pointer over the view); a new terrain and
// framing the view, whose F the editor has too, not over the editor.
void viewKeys(Document& doc, EditorState& editor, WindowView& view, ViewCommands& out) {
  if (ImGui::GetIO().WantTextInput) return;
  if (ImGui::GetIO().KeyCtrl) return;  // a shortcut's (the editor's Ctrl+G, Ctrl+D), not a view key
  if (keyPressed(GLFW_KEY_G)) {
    editor.graph.open = !editor.graph.open;
    editor.graph.frameAll = editor.graph.open;
  }
  if (keyPressed(GLFW_KEY_1) || keyPressed(GLFW_KEY_KP_1)) doc.view.kind = ViewKind::Side;
  if (keyPressed(GLFW_KEY_2) || keyPressed(GLFW_KEY_KP_2)) doc.view.kind = ViewKind::Map;
  if (keyPressed(GLFW_KEY_3) || keyPressed(GLFW_KEY_KP_3)) doc.view.kind = ViewKind::Mesh;
  if (keyPressed(GLFW_KEY_H)) editor.helpOpen = !editor.helpOpen;
  if (editor.graph.hovered) return;  // its F frames its nodes
  if (keyPressed(GLFW_KEY_R)) out.regenerate = true;
  if (keyPressed(GLFW_KEY_F)) resetView(view);
}

}  // namespace

ViewCommands ViewInteraction::update(Document& doc, EditorState& editor, WindowView& view,
                                     const ShownTerrain& shown, const ViewRect& rect) {
  ViewCommands out;
  const ImGuiIO& io = ImGui::GetIO();
  viewKeys(doc, editor, view, out);
  if (rect.empty()) {
    button_ = -1;
    return out;
  }

  const ImVec2 mouse = io.MousePos;
  if (button_ != 0) {  // the brush takes the left button while it draws
    if (updateBrush(doc, editor, shown, view, rect)) {
      out.documentChanged = true;
      return out;
    }
  }
  if (button_ < 0) {
    if (io.WantCaptureMouse || !rect.contains(mouse)) return out;
    for (int b = 0; b < 3; ++b) {
      if (ImGui::IsMouseClicked(b)) {
        button_ = b;
        pressAt_ = mouse;
        dragging_ = false;
        break;
      }
    }
    if (button_ < 0 && io.MouseWheel != 0.0f) wheel(view, doc, shown, rect, mouse, io.MouseWheel);
    return out;
  }

  // A gesture that started in the view follows the mouse anywhere.
  if (!dragging_) {
    const float dx = mouse.x - pressAt_.x;
    const float dy = mouse.y - pressAt_.y;
    dragging_ = dx * dx + dy * dy > kClickSlop * kClickSlop;
  }
  if (dragging_ && ImGui::IsMousePosValid(&mouse) &&
      (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f)) {
    drag(view, doc, shown, brushNode(doc, editor.graph).has_value(), rect, io.MouseDelta);
  }
  if (!ImGui::IsMouseDown(button_)) {
    if (!dragging_ && button_ == 0) out.regenerate = true;
    button_ = -1;
  }
  return out;
}

void drawViewStatus(const ShownTerrain& shown, const ViewRect& rect) {
  if (!shown.generating || rect.empty()) return;
  // A draft says what it is where the designer looks, not only in the panel;
  // shownDoc is the document it stands for, whose size draftOf has read.
  const std::string text = shown.fieldIsDraft && shown.field
                               ? std::to_string(shown.field->width) + " draft: the " +
                                     std::to_string(documentSize(shown.doc)) +
                                     " map is generating..."
                               : std::string("generating...");
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  const ImVec2 at(rect.x + rect.width - size.x - 14.0f, rect.y + 10.0f);
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  draw->AddRectFilled(ImVec2(at.x - 6.0f, at.y - 3.0f),
                      ImVec2(at.x + size.x + 6.0f, at.y + size.y + 3.0f), IM_COL32(0, 0, 0, 160),
                      4.0f);
  draw->AddText(at, IM_COL32(255, 255, 255, 235), text.c_str());
}

void drawCrossSectionMarker(const Document& doc, const ShownTerrain& shown, const WindowView& view,
                            const ViewRect& rect) {
  // The line itself is the map pass's (render/map_pass.hpp); this labels it.
  if (!shown.field || shown.field->isProfile() || !view.settings.markCrossSection) return;
  if (effectiveViewKind(doc) != ViewKind::Map || rect.empty()) return;
  const float scale = mapCellScale(shown, view, rect);
  const glm::vec2 size = mapSizeCells(shown);
  const int row = render::crossSectionRow(view.settings.crossSection, shown.field->height);
  const float y = rect.y + 0.5f * rect.height +
                  (static_cast<float>(row) + 0.5f - view.settings.mapCenter.y * size.y) * scale;
  if (y < rect.y || y >= rect.y + rect.height) return;
  const float left = rect.x + 0.5f * rect.width - view.settings.mapCenter.x * size.x * scale;
  const float x0 = std::max(rect.x, left);
  if (std::min(rect.x + rect.width, left + size.x * scale) <= x0) return;
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const std::string label = "side view: row " + std::to_string(row);
  const ImVec2 text = ImGui::CalcTextSize(label.c_str());
  const float labelY = y - text.y - 6.0f >= rect.y ? y - text.y - 6.0f : y + 6.0f;
  const ImVec2 at(x0 + 8.0f, labelY);
  draw->AddRectFilled(ImVec2(at.x - 4.0f, at.y - 1.0f),
                      ImVec2(at.x + text.x + 4.0f, at.y + text.y + 1.0f), IM_COL32(0, 0, 0, 150),
                      3.0f);
  draw->AddText(at, IM_COL32(255, 235, 90, 255), label.c_str());
}

}  // namespace terrain::app
