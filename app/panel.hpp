#pragma once
// The left-hand ImGui panel. Parameters are drawn from the spec's metadata
// table; the panel only edits AppState and reports what the loop must do.
#include "app/app_state.hpp"

namespace terrain::app {

struct PanelActions {
  bool specChanged = false;  // post state.spec to the worker
  bool rampChanged = false;  // rebuild the ramp from rampName / rampPng
  bool resetView = false;    // camera and map zoom back to their defaults
  bool exportNow = false;    // run the export section's job
};

inline constexpr float kPanelWidth = 340.0f;  // in unscaled ImGui units

// Draws the panel at the window's left edge, width in ImGui units.
PanelActions drawPanel(AppState& state, float width, float height);

// "<generator>-s<seed>-<size>", e.g. diamond-square-s42-1025.
std::string defaultExportStem(const TerrainSpec& spec);

// Puts the size on the new generator's grid, keeps the seed.
TerrainSpec switchGenerator(const TerrainSpec& spec, GeneratorId id);

}  // namespace terrain::app
