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

}  // namespace

// A mask this terrain lacks shows nothing.
void syncOverlay(const Document& doc, const ShownTerrain& shown, WindowView& view,
                 GpuResources& gpu, render::TerrainView& renderer) {
  auto& v = view.settings;
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
