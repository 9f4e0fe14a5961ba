#pragma once
// The window's state by owner. App owns one of each and hands each step the
// parts it reads; this aggregate is only how App keeps them together.
#include "app/document_state.hpp"
#include "app/editor_state.hpp"
#include "app/export_state.hpp"
#include "app/gpu_resources.hpp"
#include "app/preferences.hpp"
#include "app/shown_terrain.hpp"
#include "app/window_view.hpp"

namespace terrain::app {

struct AppState {
  DocumentState document;
  ShownTerrain shown;
  WindowView view;
  GpuResources gpu;
  ExportState exporting;
  EditorState editor;
  Preferences prefs;
};

}  // namespace terrain::app
