#pragma once
// The map view's overlay from the document's choice (ViewState::overlay):
// a mask of core/look/masks.hpp in its colour, or the splat map's materials
// (core/look/splat.hpp), computed and uploaded only when the terrain, the world,
// the choice (or, for the splat map, the look's rules) changed.
#include "app/gpu_resources.hpp"
#include "app/shown_terrain.hpp"
#include "app/window_view.hpp"
#include "render/terrain_view.hpp"

namespace terrain::app {

// The view's overlay settings from the document's choice, and the overlay
// uploaded to `renderer` when it is not there yet.
void syncOverlay(const Document& doc, const ShownTerrain& shown, WindowView& view,
                 GpuResources& gpu, render::TerrainView& renderer);

}  // namespace terrain::app
