#pragma once
// The steps of the test driver's --actions: a designer's input given as
// text, one a frame, through the same code the panel, a click in the view
// and the shortcuts use.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/document/document.hpp"

namespace terrain::testing {

// One step of --actions, e.g. "next-seed", "set:roughness=0.9",
// "stage:terrace", "undo", "redo", "save:a.json", "open:a.json", and the
// graph editor's: "editor" (open it), "frame" (F: every node in view),
// "node:blend@400:120" (add a node at a place on the canvas),
// "link:1.heights>3.a", "output:3", "select:3", "pin:3" (show it in the view);
// and the brush's on the selected node: "stroke:0.2:0.3>0.7:0.6" (a drag in
// the Map view through those points, as shares of the world's width from
// its north-west corner; the button stays down, and a stroke: step after
// it moves on through its points) and "stroke-end" (release); on a river
// or road node "drag:0.5:0.5>0.6:0.4" presses on a course's point (within
// 2% of the world's width), moves it through the points and releases;
// "key:3" presses and releases a key (a letter or digit, tab, enter,
// escape or delete) with no modifier, "key:ctrl+c" with Ctrl held,
// "type:terrace" types text into the field that has the keyboard,
// "hover:0.5:0.8" puts the pointer at those shares of the window's width
// and height (from its top-left corner), "wheel:-20" turns the mouse wheel
// there (negative: towards you, scrolling down), "press" and "release" the
// left button where the pointer is (hover: steps between them drag).
struct ScriptStep {
  enum class Kind : std::uint8_t {
    NextSeed,
    Set,
    Stage,
    Undo,
    Redo,
    Save,
    Open,
    Editor,
    Frame,
    Node,
    Link,
    Output,
    Select,
    Pin,
    Stroke,
    StrokeEnd,
    Drag,
    Key,
    Type,
    Hover,
    Wheel,
    Press,
    Release
  };
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
// modifier with its defaults appended to the stack; node:, link: and output:
// as the graph editor makes them (core/graph/graph_edits.hpp). Throws
// InputError when the step does not apply to doc (an open: may have changed
// the source).
void applyEdit(Document& doc, const ScriptStep& step);

// A stroke: step's points, each (u, v) in 0..1; throws InputError naming a bad one.
std::vector<std::array<double, 2>> strokePoints(std::string_view text);

}  // namespace terrain::testing
