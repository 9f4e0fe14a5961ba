#pragma once
// The graph editor's selection and what it does to it: click, shift-click
// and box select; Delete, Ctrl+C / Ctrl+V / Ctrl+D with the links among
// the selected nodes kept (core/graph/graph_clipboard.hpp); F frames it.
// Every edit is one undo step, as the editor's others.
#include <imgui.h>

#include <string>
#include <vector>

#include "app/editor_state.hpp"
#include "core/base/error.hpp"
#include "core/document/document.hpp"

namespace terrain::app {

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

bool isSelected(const GraphEditorState& e, NodeId id);
// Drops nodes no longer in the graph (an undo took them) and keeps
// `selected` among the selection (a script or the panel may set it alone).
void keepSelectionValid(GraphEditorState& e, const Graph& graph);
void selectOnly(GraphEditorState& e, NodeId id);
void toggleSelected(GraphEditorState& e, NodeId id);
void selectAll(GraphEditorState& e, const std::vector<NodeId>& ids, bool adding);

// Each returns whether the document changed.
bool deleteSelection(Document& doc, GraphEditorState& e);
void copySelection(Document& doc, GraphEditorState& e);
// The clipboard's nodes with their top-left corner at (x, y), canvas units.
bool pasteClipboard(Document& doc, GraphEditorState& e, float x, float y);
bool duplicateSelection(Document& doc, GraphEditorState& e);

// Pan and zoom so the nodes of `ids` (every node when empty) fill an
// editor of `size` window units, at no less than kLegibleZoom: a larger
// set is shown around its terrain node, or its middle.
void frameNodes(GraphEditorState& e, const Graph& graph, ImVec2 size,
                const std::vector<NodeId>& ids);

}  // namespace terrain::app
