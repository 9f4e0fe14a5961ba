#pragma once
// What one frame's actions do, whoever asked (the panel, a click in the
// view, the keys, a test's script): the document's next seed, undo and
// redo, the project file, the view reset.
#include "app/document_state.hpp"
#include "app/editor_state.hpp"
#include "app/panel.hpp"
#include "app/window_view.hpp"

namespace terrain::app {

// Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y, Ctrl+S (even while a text field has
// focus: they are the window's).
void addShortcuts(PanelActions& actions);

// Ctrl+O, Ctrl+Shift+S and Ctrl+S of a document never saved open the
// window's file browser (app/file_browser.hpp), which then opens or saves
// what it chose. An open or save that already names its path (a script's,
// the browser's own) goes ahead.
void askForProjectFile(const DocumentState& document, EditorState& editor, PanelActions& actions);

// Applies the actions to the document and the view; messages go to the
// panel. Returns
// whether the document changed (and so goes to the worker).
bool applyActions(DocumentState& document, EditorState& editor, WindowView& view,
                  const PanelActions& actions);

}  // namespace terrain::app
