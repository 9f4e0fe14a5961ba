#pragma once
// "Export PNG..." from the window: the 16-bit heightmap, the colour map (or
// a profile's side view) and the current view rendered offscreen, each
// written atomically next to each other as <stem>-height16.png,
// <stem>-color.png and <stem>-view.png.
#include "app/app_state.hpp"
#include "render/terrain_view.hpp"

namespace terrain::app {

// Never throws: the result (files written, or what went wrong) is returned
// for the panel.
StatusLine exportFromWindow(const AppState& state, render::TerrainView& view);

}  // namespace terrain::app
