#pragma once
// The left-hand ImGui panel. Every stage's parameters are drawn from its
// metadata; each section edits the owners it is given (app/app_state.hpp)
// and the panel reports what the loop must do.
#include "app/app_state.hpp"

namespace terrain::app {

struct PanelActions {
  bool documentChanged = false;  // post the document to the worker
  bool nextSeed = false;         // a click in the view or R: a new terrain
  bool resetView = false;        // camera and map zoom back to their defaults
  bool exportNow = false;        // start the Export window's job in the background
  bool cancelExport = false;     // stop the export under way
  bool undo = false;
  bool redo = false;
  bool open = false;    // open the panel's project path
  bool save = false;    // save to the project's path (or ask for one)
  bool saveAs = false;  // save to the panel's project path

  // Both sets of actions: the panel's and the view's, the keys', a script's.
  PanelActions& operator|=(const PanelActions& o) {
    documentChanged |= o.documentChanged;
    nextSeed |= o.nextSeed;
    resetView |= o.resetView;
    exportNow |= o.exportNow;
    cancelExport |= o.cancelExport;
    undo |= o.undo;
    redo |= o.redo;
    open |= o.open;
    save |= o.save;
    saveAs |= o.saveAs;
    return *this;
  }
};

inline constexpr float kPanelWidth = 360.0f;  // in unscaled ImGui units

// Draws the panel at the window's left edge, width in ImGui units. It takes
// App's whole state only to hand each section the owners that section edits.
PanelActions drawPanel(AppState& state, float width, float height);

}  // namespace terrain::app
