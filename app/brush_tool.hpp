#pragma once
// The brush in the Map view: with a sculpt or paint-mask node selected in
// the graph editor, a left drag draws a stroke on it (ctrl: the opposite
// mode, lower or erase) and right drag pans; with a river or road node, a
// drag draws a course, a click adds a point, a drag on a point moves it.
// The 3D view takes the same gestures on the surface under the mouse. While the stroke is drawn the
// view shows that node's result, which comes back within a frame or two;
// on release the stroke joins the node's strokes as one undo step and the
// whole graph runs. Strokes are kept in the world's metres
// (core/strokes/strokes.hpp).
#include <array>
#include <optional>

#include "app/editor_state.hpp"
#include "app/shown_terrain.hpp"
#include "app/view_controls.hpp"
#include "app/window_view.hpp"

namespace terrain::app {

// The brush node the view paints on: the graph editor's selection, when it
// holds strokes.
std::optional<NodeId> brushNode(const Document& doc, const GraphEditorState& graphEditor);

// The stroke's brush from the panel's settings, `inverted` for ctrl.
Stroke brushStroke(const Document& doc, const EditorState& editor, bool inverted);

// A stroke's gesture, in the world's metres. begin returns false (and does
// nothing) without a brush node or a map on screen. On a river or road
// node, a press within `grabMetres` of a course's point moves that point,
// and a press released without moving (one point) adds a point to the
// last course; otherwise the gesture draws a new course.
bool beginStroke(Document& doc, EditorState& editor, const ShownTerrain& shown,
                 std::array<double, 2> at, bool inverted, double grabMetres = 0.0);
void extendStroke(Document& doc, BrushState& brush, const ShownTerrain& shown,
                  std::array<double, 2> to);
// The stroke joins the node's strokes; the pinned view is restored.
void endStroke(Document& doc, BrushState& brush);

// Mouse input for the brush; returns whether it took the mouse (the view
// must not pan or regenerate). Draws the brush's outline under the mouse.
bool updateBrush(Document& doc, EditorState& editor, const ShownTerrain& shown,
                 const WindowView& view, const ViewRect& rect);

// The panel's brush section for the selected node; returns nothing to
// post: settings only.
void brushSection(const Document& doc, EditorState& editor);

}  // namespace terrain::app
