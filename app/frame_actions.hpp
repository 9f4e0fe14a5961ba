#pragma once
// What one frame's actions do, whoever asked (the panel, a click in the
// view, the keys, a test's script): the document's next seed, undo and
// redo, the project file, the view reset.
#include "app/app_state.hpp"
#include "app/panel.hpp"

namespace terrain::app {

// Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y, Ctrl+S, Ctrl+Shift+S, Ctrl+O (even while a
// text field has focus: they are the window's).
void addShortcuts(PanelActions& actions);

// Open and Save as (and Save of a document never saved) ask the desktop's
// file chooser where there is one; a cancelled chooser cancels the action.
// Without one, the panel's path field is used.
void askForProjectFile(AppState& state, PanelActions& actions);

// Applies the actions to the state; messages go to the panel. Returns
// whether the document changed (and so goes to the worker).
bool applyActions(AppState& state, const PanelActions& actions);

}  // namespace terrain::app
