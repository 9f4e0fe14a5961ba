#pragma once
// What one frame's actions do, whoever asked (the panel, a click in the
// view, the keys, a test's script): the document's next seed, undo and
// redo, the project file, the view reset.
#include "app/document_state.hpp"
#include "app/editor_state.hpp"
#include "app/panel.hpp"
#include "app/window_view.hpp"

namespace terrain::app {

// Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y, Ctrl+S, Ctrl+Shift+S, Ctrl+O (even while a
// text field has focus: they are the window's).
void addShortcuts(PanelActions& actions);

// Open and Save as (and Save of a document never saved) ask the desktop's
// file chooser where there is one; a cancelled chooser cancels the action.
// Without one, the panel's path field is used.
void askForProjectFile(const DocumentState& document, EditorState& editor, PanelActions& actions);

// Applies the actions to the document and the view; messages go to the
// panel. Returns
// whether the document changed (and so goes to the worker).
bool applyActions(DocumentState& document, EditorState& editor, WindowView& view,
                  const PanelActions& actions);

}  // namespace terrain::app
