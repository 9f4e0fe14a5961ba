#pragma once
// The document changes a designer's input asks for, free of ImGui and GL so
// the window's loop and the tests go through the same code: the next seed,
// undo and redo, the commit rule (a drag is one step).
#include <cstdint>
#include <optional>
#include <string>

#include "core/document/document.hpp"
#include "core/document/history.hpp"

namespace terrain::app {

// Article 002's applet makes a new map on every click: a deterministic next
// seed (splitmix64 of the old one), so a session can be retraced. Kept to
// six digits so a designer can read it out and type it back.
std::uint64_t nextSeed(std::uint64_t seed);

// Undo (or redo) through the history. An edit not yet committed (a slider
// still held) is committed first, so undo brings back the document before
// it. The view and the pinned node stay as they are (not undo steps).
// Returns whether doc changed.
bool undoRedo(Document& doc, History& history, bool undo);

// The commit rule: a finished edit is one step. `editing` says a widget is
// still active (a slider being dragged, a field being typed in); nothing is
// committed until it ends, so a whole drag is one step. Returns whether a
// step was added.
bool commitFinishedEdit(History& history, const Document& doc, bool editing);

// After the panel edited an import's values (a chain's source or a graph's
// node): a new file, fit or raw width brings its elevations' range and its
// world (metres across, height range), a new range its world. Returns the
// panel's note, "" when the edit was taken whole: a file whose cells make a
// world no world can be (1e9 m cells) keeps the world's width and says so,
// in the panel's words (the command line's --world-width is no flag here);
// a file it cannot read changes neither, and the note says why. A file
// taken sets the sea level to 0 m of elevation and the 3D view to true
// scale. `values` is the import's, in doc.
std::string takeImportEdit(const ParamValues& before, ParamValues& values, Document& doc);

// Whether two documents make the same heights (seed, source, stages, graph,
// world): a result of one stands for the other.
bool sameTerrain(const Document& a, const Document& b);

// One edit brought a new terrain and a new look (a preset, its undo): the
// view draws `shown`, the look of the terrain on screen, until that
// terrain's draft lands or the look changes from `until` again. Old ground
// in the next preset's look read as a broken terrain for seconds (Canyon
// mesa flooded by Islands' sea); a look changed alone shows at once.
struct LookHold {
  Look shown;
  Look until;
};
// The hold after an edit: `before` is the look before it, `requested` the
// document last sent to be generated, `shown` the one on screen (nullptr:
// nothing is yet).
std::optional<LookHold> holdLook(std::optional<LookHold> held, const Look& before,
                                 const Document& doc, const Document& requested,
                                 const Document* shown);

}  // namespace terrain::app
