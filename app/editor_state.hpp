#pragma once
// The editors' transient state: the graph editor's canvas, the brush, and
// the panel's text fields, folds and notes. Not saved; nothing here is the
// document's (the nodes' places are).
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "app/file_browser.hpp"
#include "core/graph/graph.hpp"
#include "core/strokes/strokes.hpp"

namespace terrain::app {

// The graph editor's canvas: where it looks, what is selected, a link being
// drawn.
struct GraphEditorState {
  bool open = false;
  bool hovered = false;  // the mouse is over the editor: its keys are the editor's
  float panX = 0.0f;     // the canvas origin, in window units from the editor's corner
  float panY = 0.0f;
  float zoom = 1.0f;
  bool frameAll = true;         // fit every node at the next frame (on opening, G)
  bool frameSelection = false;  // F: fit the selection (every node when none)
  // The node the panel edits (the last clicked), and every selected node
  // (box select, paste); `selected` is among them.
  std::optional<NodeId> selected;
  std::vector<NodeId> selection;
  std::optional<std::array<float, 2>> boxFrom;  // a box select's first corner (canvas units)
  bool minimapHeld = false;                     // the view is being moved on the minimap
  Graph clipboard;                              // Ctrl+C's nodes and the links among them
  std::optional<std::size_t> comment;           // the selected comment (index in the graph's)
  bool movingComment = false;                   // its title is being dragged
  char commentText[128] = {};                   // the comment's text being typed
  std::optional<NodeId> dragging;   // a node being moved (with the rest of the selection)
  std::optional<PortRef> linkFrom;  // an output port a link is being drawn from
  std::string message;              // why the last edit was refused
  char search[64] = {};             // the add menu's filter
  float addX = 0.0f;                // where the add menu puts its node (canvas units)
  float addY = 0.0f;
};

// The brush's settings (the panel's) and the stroke being drawn.
struct BrushState {
  int sculptMode = 0;     // raise, lower, smooth, flatten
  int maskMode = 0;       // paint, erase
  float radius = 400.0f;  // metres
  float strength = 0.6f;
  float hardness = 0.4f;
  float height = 80.0f;  // metres: raise/lower at full weight
  // The stroke under way: its node, the node's strokes before it, and the
  // view's pin to restore at the end.
  bool drawing = false;
  // A course's point being moved (its index among the node's courses, and
  // the point's), or -1: a new stroke or course.
  int movingCourse = -1;
  int movingPoint = -1;
  NodeId node = 0;
  double strokesBefore = 0.0;
  NodeId pinnedBefore = 0;
  Stroke stroke;
};

struct EditorState {
  GraphEditorState graph;
  BrushState brush;
  std::string projectPathInput;  // the panel's project path field
  std::string rampPathInput;     // the panel's ramp PNG field
  // The panel's note on the last import edit (app/document_edits.hpp's
  // takeImportEdit): why its file's world was not taken whole; "" when it was.
  std::string importNote;
  bool helpOpen = false;
  bool galleryOpen = true;
  FileBrowser browser;  // Open, Save as, Import, the ramp and the export folder choose here
};

}  // namespace terrain::app
