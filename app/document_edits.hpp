#pragma once
// The document changes a designer's input asks for, free of ImGui and GL so
// the window's loop and the tests go through the same code: the next seed,
// undo and redo, the commit rule (a drag is one step).
#include <cstdint>

#include "core/document.hpp"
#include "core/history.hpp"

namespace terrain::app {

// Article 002's applet makes a new map on every click: a deterministic next
// seed (splitmix64 of the old one), so a session can be retraced. Kept to
// six digits so a designer can read it out and type it back.
std::uint64_t nextSeed(std::uint64_t seed);

// Undo (or redo) through the history. An edit not yet committed (a slider
// still held) is committed first, so undo brings back the document before
// it. Returns whether doc changed.
bool undoRedo(Document& doc, History& history, bool undo);

// The commit rule: a finished edit is one step. `editing` says a widget is
// still active (a slider being dragged, a field being typed in); nothing is
// committed until it ends, so a whole drag is one step. Returns whether a
// step was added.
bool commitFinishedEdit(History& history, const Document& doc, bool editing);

}  // namespace terrain::app
