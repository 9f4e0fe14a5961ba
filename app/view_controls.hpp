#pragma once
// Mouse and keyboard in the terrain view (never when ImGui wants them).
#include <imgui.h>

#include "app/app_state.hpp"

namespace terrain::app {

// The view's rectangle in ImGui (window) coordinates.
struct ViewRect {
  float x = 0.0f;
  float y = 0.0f;
  float width = 0.0f;
  float height = 0.0f;
  bool contains(ImVec2 p) const {
    return p.x >= x && p.y >= y && p.x < x + width && p.y < y + height;
  }
  bool empty() const { return width < 1.0f || height < 1.0f; }
};

struct ViewCommands {
  bool regenerate = false;  // next seed (click without drag, or R)
  bool viewChanged = false;
  bool documentChanged = false;  // a brush stroke drew on the document
};

// Tracks one press-drag-release gesture at a time. A press and release
// within kClickSlop pixels is a click; anything more is a drag.
class ViewInteraction {
 public:
  ViewCommands update(AppState& state, const ViewRect& rect);

 private:
  void drag(AppState& state, const ViewRect& rect, ImVec2 delta);
  void wheel(AppState& state, const ViewRect& rect, ImVec2 mouse, float steps);

  int button_ = -1;  // the button that started the gesture, -1 = none
  ImVec2 pressAt_{};
  bool dragging_ = false;
};

inline constexpr float kClickSlop = 4.0f;

// The Map view's geometry, as the map shader lays the map out: the whole
// map fits (letterboxed) at zoom 1, row 0 at the top. Window pixels per
// map cell; the map's size in cells (1 without a map).
float mapCellScale(const AppState& s, const ViewRect& rect);
glm::vec2 mapSizeCells(const AppState& s);
// The (fractional) map cell under a window point, cell centres at whole
// numbers; and the window point of a cell.
glm::vec2 mapCellAt(const AppState& s, const ViewRect& rect, ImVec2 point);
ImVec2 mapPointOf(const AppState& s, const ViewRect& rect, glm::vec2 cell);

// Resets the 3D camera and the map's zoom and pan.
void resetView(AppState& state);

// "generating..." in the view's corner while a request is pending (big
// maps take a while, and the eye is on the view, not the panel).
void drawViewStatus(const AppState& state, const ViewRect& rect);

// Labels the side view's cross-section row, which the map pass marks, with
// ImGui's background draw list (under the panel, over the terrain).
void drawCrossSectionMarker(const AppState& state, const ViewRect& rect);

}  // namespace terrain::app
