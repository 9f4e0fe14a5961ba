#include "app/map_overlay.hpp"

#include <optional>

#include "core/masks.hpp"
#include "core/splat.hpp"

namespace terrain::app {
namespace {

// The overlay's colour for each mask, in MaskKind order: slope orange,
// flow blue, wear red, deposition yellow. (The splat overlay draws the
// materials' own colours: core/look.hpp's kMaterialColors.)
glm::vec3 overlayColor(MaskKind kind) {
  static const glm::vec3 colors[] = {
      {1.0f, 0.45f, 0.1f}, {0.1f, 0.45f, 1.0f}, {0.85f, 0.1f, 0.1f}, {1.0f, 0.85f, 0.1f}};
  return colors[static_cast<std::size_t>(kind)];
}

}  // namespace

// A mask this terrain lacks shows nothing.
void syncOverlay(AppState& s, render::TerrainView& view) {
  auto& v = s.viewSettings;
  const MapOverlay overlay = s.doc.view.overlay;
  const bool splat = overlay == MapOverlay::Splat;
  const std::optional<MaskKind> mask = overlayMask(overlay);
  // Masks do not depend on the look: a ramp change does not recompute them.
  const AppState::ShownOverlay wanted{overlay, s.field.get(), s.doc.world,
                                      splat ? s.doc.look : Look{}};
  if (mask) v.overlayColor = overlayColor(*mask);
  if ((!splat && !mask) || !s.field) {
    v.showOverlay = false;
    return;
  }
  if (splat) {
    v.showOverlay = !s.field->isProfile();
    if (!v.showOverlay || wanted == s.overlayShown) return;
    view.setSplatOverlay(computeSplat(*s.field, s.doc.look, s.doc.world));
    s.overlayShown = wanted;
    return;
  }
  v.showOverlay = maskUnavailable(*s.field, *mask).empty();
  if (!v.showOverlay || wanted == s.overlayShown) return;
  view.setOverlay(computeMask(*s.field, *mask, s.doc.world));
  s.overlayShown = wanted;
}

}  // namespace terrain::app
