#pragma once
// Export from the window: every format of core/outputs.hpp the panel ticks,
// written atomically side by side as <stem><format suffix>, by the same
// writers as `terrain-explorer export`; the rendered view offscreen.
#include <filesystem>

#include "app/app_state.hpp"
#include "render/terrain_view.hpp"

namespace terrain::app {

// Never throws: the result (files written, or what went wrong) is returned
// for the panel.
StatusLine exportFromWindow(const AppState& state, render::TerrainView& view);

// Where exports go, absolute.
std::filesystem::path exportDirectory(const AppState& state);

}  // namespace terrain::app
