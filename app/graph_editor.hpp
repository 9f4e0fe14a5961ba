#pragma once
// The graph editor: the document's graph on a canvas below the view, drawn
// with Dear ImGui's draw list (app/graph_editor_draw.hpp). Nodes are boxes
// with their ports (heights green, masks violet) and a colour preview of
// their result, links are curves. Drag from an output to an input to link
// them (a link that cannot be made turns red and says why), drag a linked
// input away to unlink it. Click a node to select it (Shift: add or take
// away), drag on empty canvas to box select, drag a selected node to move
// the selection; Delete, Ctrl+C / Ctrl+V (at the pointer) / Ctrl+D copy
// the selection with the links among it, Ctrl+A selects all
// (app/graph_selection.hpp). The middle button pans, the wheel zooms, F
// frames the selection (every node when none), L lays the graph out
// (core/graph/graph_layout.hpp), Ctrl+G frames the selection in a comment
// (app/graph_comments.hpp), the minimap in the corner
// shows the whole graph and moves the view where it is clicked. Right-click
// or Tab adds a node from a searchable menu; right-click a node to make it
// the terrain. Every edit goes through core/graph/ (graph_edits.hpp,
// graph_clipboard.hpp), so it is one undo step and a chain becomes a graph
// at its first edit.
#include "app/editor_state.hpp"
#include "app/gallery_textures.hpp"
#include "app/view_controls.hpp"

namespace terrain::app {

// Draws the editor in `area` (window units); returns whether the document
// changed in a way that needs a new terrain (moving a node does not).
bool drawGraphEditor(Document& doc, GraphEditorState& editor, const NodePreviewTextures& previews,
                     const ViewRect& area);

}  // namespace terrain::app
