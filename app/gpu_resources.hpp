#pragma once
// What the window keeps on the GPU besides the terrain view's own textures:
// the previews' textures (the panel's gallery, the node editor's pictures)
// and what the view's overlay texture holds. Made and destroyed on the
// thread that owns GL; App drops them before the window's context goes.
#include <memory>

#include "app/gallery_textures.hpp"
#include "core/base/heightfield.hpp"
#include "core/document/document.hpp"

namespace terrain::app {

// The map view's overlay as uploaded: which mask, of which field and world
// (and, for the splat map, which look's rules).
struct ShownOverlay {
  MapOverlay kind = MapOverlay::None;
  const Heightfield* field = nullptr;
  World world;
  Look look;  // the splat map's rules; default for a mask
  bool operator==(const ShownOverlay&) const = default;
};

// The overlay being made for the view off the window's thread
// (app/map_overlay.cpp).
struct OverlayJobs;

struct GpuResources {
  GalleryTextures gallery;           // the next seeds' previews
  NodePreviewTextures nodePreviews;  // the graph nodes' results
  ShownOverlay overlay;
  std::shared_ptr<OverlayJobs> overlayJobs;  // made at the first overlay not in hand
  int displayedSide = 0;  // samples per side on screen (less past the GPU's limit)
  int textureLimit = 0;   // the GPU's largest texture side
};

}  // namespace terrain::app
