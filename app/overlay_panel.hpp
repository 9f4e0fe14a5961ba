#pragma once
// The view's Overlay choice in the panel: a mask (slope, or what erosion
// recorded) or the splat map's materials, drawn over the Map view and on
// the 3D view's mesh, with the materials' key.
#include "app/shown_terrain.hpp"
#include "app/window_view.hpp"

namespace terrain::app {

// Returns whether the document's overlay changed. Masks the terrain lacks
// are greyed with the reason. A mask pinned in the view (or being painted)
// takes the overlay's place; either mask can be drawn in greys instead.
bool overlayCombo(Document& doc, const ShownTerrain& shown, WindowView& view);

}  // namespace terrain::app
