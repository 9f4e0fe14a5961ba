#pragma once
// Mouse and keyboard in the terrain view (never when ImGui wants them).
#include <imgui.h>

#include "app/editor_state.hpp"
#include "app/shown_terrain.hpp"
#include "app/window_view.hpp"

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
  ViewCommands update(Document& doc, EditorState& editor, WindowView& view,
                      const ShownTerrain& shown, const ViewRect& rect);

 private:
  // `brushSelected`: the left button draws, the right one orbits the 3D view.
  void drag(WindowView& view, const Document& doc, const ShownTerrain& shown, bool brushSelected,
            const ViewRect& rect, ImVec2 delta);
  void wheel(WindowView& view, const Document& doc, const ShownTerrain& shown, const ViewRect& rect,
             ImVec2 mouse, float steps);

  int button_ = -1;  // the button that started the gesture, -1 = none
  ImVec2 pressAt_{};
  bool dragging_ = false;
};

inline constexpr float kClickSlop = 4.0f;

// The Map view's geometry, as the map shader lays the map out: the whole
// map fits (letterboxed) at zoom 1, row 0 at the top. Window pixels per
// map cell; the map's size in cells (1 without a map).
float mapCellScale(const ShownTerrain& shown, const WindowView& view, const ViewRect& rect);
glm::vec2 mapSizeCells(const ShownTerrain& shown);
// The (fractional) map cell under a window point, cell centres at whole
// numbers; and the window point of a cell.
glm::vec2 mapCellAt(const ShownTerrain& shown, const WindowView& view, const ViewRect& rect,
                    ImVec2 point);
ImVec2 mapPointOf(const ShownTerrain& shown, const WindowView& view, const ViewRect& rect,
                  glm::vec2 cell);

// Resets the 3D camera and the map's zoom and pan.
void resetView(WindowView& view);

// "generating..." in the view's corner while a request is pending (big
// maps take a while, and the eye is on the view, not the panel).
void drawViewStatus(const ShownTerrain& shown, const ViewRect& rect);

// Labels the side view's cross-section row, which the map pass marks, with
// ImGui's background draw list (under the panel, over the terrain).
void drawCrossSectionMarker(const Document& doc, const ShownTerrain& shown, const WindowView& view,
                            const ViewRect& rect);

}  // namespace terrain::app
