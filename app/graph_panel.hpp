#pragma once
// The panel's view of a graph that is not a chain (core/document/chain.hpp): the map
// size every source shares, then each node the terrain depends on, in the
// order they run, with what feeds it and its parameters drawn from its
// table, as the Source and Modifiers sections draw a chain's. The node editor's canvas builds the
// graph; this edits its values.
#include "app/editor_state.hpp"
#include "core/document/document.hpp"

namespace terrain::app {

// Returns whether the document changed.
bool graphNodesSection(Document& doc, EditorState& editor);

}  // namespace terrain::app
