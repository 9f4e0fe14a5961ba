#include "app/map_overlay.hpp"

#include <optional>
#include <utility>
#include <vector>

#include "app/latest_request_worker.hpp"
#include "app/window_platform.hpp"
#include "core/look/masks.hpp"
#include "core/look/splat.hpp"

namespace terrain::app {

// One overlay to make: which (`key`), of which field (held, so its address
// cannot be reused by another field while a request or result names it).
struct OverlayRequest {
  ShownOverlay key;
  std::shared_ptr<const Heightfield> field;
};

struct OverlayResult {
  ShownOverlay key;
  std::shared_ptr<const Heightfield> field;
  std::vector<SplatTexel> splat;  // for MapOverlay::Splat
  std::vector<float> mask;        // for a mask
};

// The splat weights (51 ms at 1025, 136 at 2049, more with wet ground's
// water model) and masks are made here, off the window's thread; a newer
// choice supersedes an older one (its result, if it comes, is dropped).
struct OverlayJobs {
  static OverlayResult make(const OverlayRequest& r, const RequestTimes&, const CancelToken&) {
    OverlayResult out{r.key, r.field, {}, {}};
    if (r.key.kind == MapOverlay::Splat) {
      out.splat = computeSplat(*r.field, r.key.look, r.key.world);
    } else {
      out.mask = computeMask(*r.field, *overlayMask(r.key.kind), r.key.world);
    }
    return out;
  }

  LatestRequestWorker<OverlayRequest, OverlayResult> worker{make, WindowPlatform::wake};
  // The newest request not yet uploaded, its field held while it is named
  // here (no other field can take its address meanwhile).
  std::optional<ShownOverlay> requested;
  std::shared_ptr<const Heightfield> requestedField;
  std::uint64_t requestId = 0;
};

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

void upload(const OverlayResult& made, GpuResources& gpu, render::TerrainView& renderer) {
  if (made.key.kind == MapOverlay::Splat) {
    renderer.setSplatOverlay(made.splat);
  } else {
    renderer.setOverlay(made.mask);
  }
  gpu.overlay = made.key;
}

// Until `wanted` is made, the overlay uploaded before stays drawn in its
// own colour if it is of the terrain shown (setTerrain removed any other);
// a pinned mask's (kind None) or another terrain's, none.
void keepPrevious(const ShownTerrain& shown, WindowView& view, const GpuResources& gpu) {
  auto& v = view.settings;
  const ShownOverlay& before = gpu.overlay;
  v.showOverlay = before.kind != MapOverlay::None && before.field == shown.field.get();
  if (const auto mask = overlayMask(before.kind); v.showOverlay && mask) {
    v.overlayColor = overlayColor(*mask);
  }
}

// `wanted` uploaded once made off this thread: asked for once, taken when
// it lands (a result for anything else, an older choice or terrain, is
// dropped), waited for when the frame must show it.
void makeElsewhere(const ShownOverlay& wanted, const ShownTerrain& shown, WindowView& view,
                   GpuResources& gpu, render::TerrainView& renderer, bool waitForResult) {
  if (!gpu.overlayJobs) gpu.overlayJobs = std::make_shared<OverlayJobs>();
  OverlayJobs& jobs = *gpu.overlayJobs;
  if (jobs.requested != wanted) {
    jobs.requestId = jobs.worker.request({wanted, shown.field});
    jobs.requested = wanted;
    jobs.requestedField = shown.field;
  }
  auto made = waitForResult ? jobs.worker.waitFor(jobs.requestId) : jobs.worker.take();
  if (made && made->result.key == wanted) {
    upload(made->result, gpu, renderer);
    jobs.requested.reset();
    jobs.requestedField.reset();
    view.settings.showOverlay = true;
    return;
  }
  keepPrevious(shown, view, gpu);
}

}  // namespace

// A mask this terrain lacks shows nothing.
void syncOverlay(const Document& doc, const ShownTerrain& shown, WindowView& view,
                 GpuResources& gpu, render::TerrainView& renderer, bool waitForResult) {
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
  if ((!splat && !mask) || !shown.field) {
    v.showOverlay = false;
    return;
  }
  const bool available =
      splat ? !shown.field->isProfile() : maskUnavailable(*shown.field, *mask).empty();
  if (!available) {
    v.showOverlay = false;
    return;
  }
  if (wanted == gpu.overlay) {
    if (mask) v.overlayColor = overlayColor(*mask);
    v.showOverlay = true;
    return;
  }
  // The worker's weights when they follow this look (a look edit shows
  // them when its run lands).
  if (splat && shown.splat && shown.splat->look == doc.look && shown.splat->world == doc.world) {
    renderer.setSplatOverlay(shown.splat->texels);
    gpu.overlay = wanted;
    v.showOverlay = true;
    return;
  }
  makeElsewhere(wanted, shown, view, gpu, renderer, waitForResult);
  if (mask && gpu.overlay == wanted) v.overlayColor = overlayColor(*mask);
}

}  // namespace terrain::app
