#include "app/map_overlay.hpp"

#include <optional>

#include "core/look/masks.hpp"
#include "core/look/splat.hpp"

namespace terrain::app {
namespace {

// The overlay's colour for each mask, in MaskKind order: slope orange,
// flow blue, wear red, deposition yellow. (The splat overlay draws the
// materials' own colours: core/look/look.hpp's kMaterialColors.)
glm::vec3 overlayColor(MaskKind kind) {
  static const glm::vec3 colors[] = {
      {1.0f, 0.45f, 0.1f}, {0.1f, 0.45f, 1.0f}, {0.85f, 0.1f, 0.1f}, {1.0f, 0.85f, 0.1f}};
  return colors[static_cast<std::size_t>(kind)];
}

// The colour of a mask pinned in the view or being painted: a magenta no
// ramp, material or mask overlay uses, so it reads as a selection.
constexpr glm::vec3 kPinnedMaskColor{0.95f, 0.2f, 0.75f};

// The pinned mask over the terrain, in place of the Overlay choice (issue 38
// item 4: a mask shown as heights read as white plateaus and blue pits).
void syncPinnedMask(const Document& doc, const ShownTerrain& shown, WindowView& view,
                    GpuResources& gpu, render::TerrainView& renderer) {
  auto& v = view.settings;
  v.overlayColor = kPinnedMaskColor;
  v.showOverlay = true;
  const ShownOverlay wanted{MapOverlay::None, shown.mask.get(), doc.world, Look{}};
  if (wanted == gpu.overlay) return;
  renderer.setOverlay(shown.mask->heights);
  gpu.overlay = wanted;
}

}  // namespace

// A mask this terrain lacks shows nothing.
void syncOverlay(const Document& doc, const ShownTerrain& shown, WindowView& view,
                 GpuResources& gpu, render::TerrainView& renderer) {
  auto& v = view.settings;
  if (shown.mask && shown.field && !shown.field->isProfile()) {
    syncPinnedMask(doc, shown, view, gpu, renderer);
    return;
  }
  const MapOverlay overlay = doc.view.overlay;
  const bool splat = overlay == MapOverlay::Splat;
  const std::optional<MaskKind> mask = overlayMask(overlay);
  // Masks do not depend on the look: a ramp change does not recompute them.
  const ShownOverlay wanted{overlay, shown.field.get(), doc.world, splat ? doc.look : Look{}};
  if (mask) v.overlayColor = overlayColor(*mask);
  if ((!splat && !mask) || !shown.field) {
    v.showOverlay = false;
    return;
  }
  if (splat) {
    v.showOverlay = !shown.field->isProfile();
    if (!v.showOverlay || wanted == gpu.overlay) return;
    // The worker's weights when they follow this look (a look edit shows
    // them when its run lands); made here only for an overlay just chosen.
    if (shown.splat && shown.splat->look == doc.look && shown.splat->world == doc.world)
      renderer.setSplatOverlay(shown.splat->texels);
    else
      renderer.setSplatOverlay(computeSplat(*shown.field, doc.look, doc.world));
    gpu.overlay = wanted;
    return;
  }
  v.showOverlay = maskUnavailable(*shown.field, *mask).empty();
  if (!v.showOverlay || wanted == gpu.overlay) return;
  renderer.setOverlay(computeMask(*shown.field, *mask, doc.world));
  gpu.overlay = wanted;
}

}  // namespace terrain::app
