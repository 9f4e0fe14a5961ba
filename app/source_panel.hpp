#pragma once
// The panel's Source section for a chain (a linear graph, core/document/chain.hpp):
// the source (its combo, seed, parameters drawn from its table) and the
// documents to start from (landform presets, the articles' presets).
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

// A new source keeps the seed, the modifier stack and the look; the size is
// put on the new source's grid.
Document switchSource(const Document& doc, std::string_view key);

}  // namespace terrain::app
