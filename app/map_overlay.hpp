#pragma once
// The map view's overlay from the document's choice (ViewState::overlay):
// a mask of core/look/masks.hpp in its colour, or the splat map's materials
// (core/look/splat.hpp), uploaded only when the terrain, the world, the
// choice (or, for the splat map, the look's rules) changed. What is not in
// hand (the generation worker's splat weights) is made on a thread of its
// own (OverlayJobs), so choosing an overlay never stalls the window: the
// overlay drawn before stays (or none) until the new one lands.
#include "app/gpu_resources.hpp"
#include "app/shown_terrain.hpp"
#include "app/window_view.hpp"
#include "render/terrain_view.hpp"

namespace terrain::app {

// The view's overlay settings from the document's choice, and the overlay
// uploaded to `renderer` once it is made. `waitForResult`: a frame that must
// show the newest overlay (a screenshot's) waits for it to be made.
void syncOverlay(const Document& doc, const ShownTerrain& shown, WindowView& view,
                 GpuResources& gpu, render::TerrainView& renderer, bool waitForResult = false);

}  // namespace terrain::app
