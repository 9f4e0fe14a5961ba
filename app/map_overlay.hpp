#pragma once
// The map view's overlay from the document's choice (ViewState::overlay):
// a mask of core/masks.hpp in its colour, or the splat map's materials
// (core/splat.hpp), computed and uploaded only when the terrain, the world,
// the choice (or, for the splat map, the look's rules) changed.
#include "app/app_state.hpp"
#include "render/terrain_view.hpp"

namespace terrain::app {

void syncOverlay(AppState& state, render::TerrainView& view);

}  // namespace terrain::app
