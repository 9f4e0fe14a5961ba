#pragma once
// The graph editor: the document's graph on a canvas below the view, drawn
// with Dear ImGui's draw list. Nodes are boxes with their ports (heights
// green, masks violet), links are curves. Drag from an output to an input
// to link them (a link that cannot be made turns red and says why), drag a
// linked input away to unlink it, drag a node to move it, drag the canvas
// or the middle button to pan, the wheel to zoom, F to frame every node.
// Right-click or Tab adds a node from a searchable menu; right-click a node
// to make it the terrain, duplicate (Ctrl+D) or delete it (Del). Every edit
// goes through core/graph/graph_edits.hpp, so it is one undo step and a
// chain becomes a graph at its first edit.
#include "app/app_state.hpp"
#include "app/view_controls.hpp"

namespace terrain::app {

// Draws the editor in `area` (window units); returns whether the document
// changed in a way that needs a new terrain (moving a node does not).
bool drawGraphEditor(AppState& s, const ViewRect& area);

}  // namespace terrain::app
