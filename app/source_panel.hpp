#pragma once
// The panel's Source section for a chain (a linear graph, core/document/chain.hpp):
// the source (its combo, seed, parameters drawn from its table) and the
// documents to start from (landform presets, the articles' presets).
#include <string>
#include <string_view>

#include "app/editor_state.hpp"
#include "core/document/document.hpp"
#include "core/document/history.hpp"

namespace terrain::app {

// Each returns whether the document changed.
bool sourceSection(Document& doc, EditorState& editor, const History& history);
// The seed: typed, stepped, diced, or one seen before.
bool seedInput(Document& doc, const History& history);
// "Start from" (landforms) and "As in article" (the five articles).
bool presetButtons(Document& doc);

// Whether the seed changes the terrain: some enabled node draws from it
// (NodeType::usesSeed). When none does (an imported DEM and its
// modifiers), the seed row and the seed gallery are not shown.
bool documentUsesSeed(const Document& doc);

// The import node's file set to `path` (as its field would), bringing its
// range and world; its note, if any, goes to editor.importNote. Returns
// whether the document changed.
bool importFile(Document& doc, EditorState& editor, NodeId node, const std::string& path);
// "Choose a file..." under an import node's fields: the file browser for DEMs.
void importFileButton(EditorState& editor, const GraphNode& node);

// A message for the window: a parameter named as its command-line flag
// ("--file: ...") named by its label instead ("File: ..."), since the
// window has fields, not flags.
std::string windowWording(std::string message);

// A new source keeps the seed, the modifier stack and the look; the size is
// put on the new source's grid.
Document switchSource(const Document& doc, std::string_view key);

}  // namespace terrain::app
