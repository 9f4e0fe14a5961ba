#pragma once
// Comments in the graph editor: titled frames behind the nodes they
// surround, saved in the project (core/graph/graph.hpp's GraphComment).
// Ctrl+G frames the selection in one and asks for its text; its title bar
// selects it, drags it with the nodes inside, and a double-click renames
// it; Delete removes it (not its nodes).
#include <imgui.h>

#include <optional>

#include "app/editor_state.hpp"
#include "app/graph_canvas.hpp"
#include "core/document/document.hpp"

namespace terrain::app {

constexpr float kCommentTitle = 30.0f;  // canvas units: the title bar's height

void drawComments(ImDrawList* dl, const Graph& graph, const Canvas& c,
                  std::optional<std::size_t> selected);
// The topmost comment whose title bar is under the mouse.
std::optional<std::size_t> commentTitleAt(const Graph& graph, const Canvas& c, ImVec2 mouse);

// Each returns whether the document changed.
bool commentAroundSelection(Document& doc, GraphEditorState& e);
// The comment and the nodes inside it moved by (dx, dy) canvas units.
void moveComment(Document& doc, std::size_t index, float dx, float dy);
bool deleteComment(Document& doc, GraphEditorState& e);
void openCommentText(Document& doc, GraphEditorState& e);
// The popup asking for the selected comment's text; Enter keeps it.
bool commentTextPopup(Document& doc, GraphEditorState& e);

}  // namespace terrain::app
