#pragma once
// The document changes a designer's input asks for, free of ImGui and GL so
// the window's loop, its --actions script and the tests all go through the
// same code: the next seed, undo and redo, the commit rule (a drag is one
// step), and the scripted steps of --actions.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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

// One step of --actions, e.g. "next-seed", "set:roughness=0.9",
// "stage:terrace", "undo", "redo", "save:a.json", "open:a.json".
struct ScriptStep {
  enum class Kind : std::uint8_t { NextSeed, Set, Stage, Undo, Redo, Save, Open };
  Kind kind = Kind::NextSeed;
  std::string key;    // set: a source or look parameter; stage: a modifier
  std::string value;  // set: the value as typed; save, open: the path
  std::string text;   // the step as written, for messages
};

// Parses a comma-separated list. Throws InputError naming the first bad
// step and what is allowed; set: keys and values are checked against the
// source of `start` and the look (parseValue, checkValue).
std::vector<ScriptStep> parseScript(std::string_view list, const Document& start);

// set: and stage: as the panel makes them: a source or look value, or a
// modifier with its defaults appended to the stack. Throws InputError when
// the step does not apply to doc (an open: may have changed the source).
void applyEdit(Document& doc, const ScriptStep& step);

}  // namespace terrain::app
