#pragma once
// What is on screen: the newest result taken from the generation worker,
// its figures, and the look's ramp it is coloured with. The panel's stats,
// the brush and the export read it; only App's update writes it.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "app/generation_worker.hpp"
#include "app/status_line.hpp"
#include "core/base/heightfield.hpp"
#include "core/document/document.hpp"
#include "core/look/color.hpp"

namespace terrain::app {

struct ShownTerrain {
  std::shared_ptr<const Heightfield> field;
  Document doc;  // the document `field` was made from
  // The mask pinned in the view (or being painted), drawn over `field` as a
  // mask (app/map_overlay.hpp); null when none is.
  std::shared_ptr<const Heightfield> mask;
  // The lakes and rivers drawn on `field`, made by the generation worker for
  // doc's look; null when none are.
  std::shared_ptr<const WaterLook> water;
  // The splat overlay's weights on `field`, made by the generation worker
  // while the overlay is shown; null when they were not.
  std::shared_ptr<const SplatLook> splat;
  // The graph's scattered instances on `field`, as uploaded to the view
  // (app/instance_view.hpp); null when there are none. Never an older
  // terrain's: a map landing before its instances hides the shown ones
  // unless it is the very field they stand on (a look edit).
  std::shared_ptr<const InstanceSet> instances;
  std::uint64_t resultId = 0;     // the request `field` was made for
  bool instancesPending = false;  // field's instances are still being made
  HeightStats stats;
  std::array<float, kHistogramBins> histogram{};
  double generateMs = 0.0;
  double statsMs = 0.0;
  double regenToFrameMs = 0.0;  // request -> first frame showing the map (not its draft)
  // `field` is a draft at the preview size while the map's own is made
  // (app/generation_worker.hpp); draftToFrameMs: request -> its frame.
  bool fieldIsDraft = false;
  double draftToFrameMs = 0.0;
  double frameMs = 0.0;  // CPU time of the last frame on the UI thread
  std::string generateError;
  bool generating = false;
  std::optional<PipelineProgress> progress;  // of the run under way
  std::size_t nodeCacheHeld = 0;             // bytes the worker's pipeline held after its last run

  // The look's ramp, loaded; a failed load keeps the last good one.
  ColorRamp ramp = ColorRamp::grayscale();
  std::string loadedRamp;   // the ramp name or path `ramp` was loaded from
  std::string rampSetting;  // the look.ramp that loaded it ("auto" stays "auto")
  StatusLine rampStatus;
};

// Whether `r` only completes the map on screen with its instances: the
// same request's map, landed before its instances' pass ended, so only
// the instances are new (GenerationResult::instancesPending).
inline bool completesShownMap(const ShownTerrain& shown, const GenerationResult& r) {
  return r.error.empty() && !r.draft && !r.instancesPending && shown.instancesPending &&
         !shown.fieldIsDraft && r.id == shown.resultId && r.field == shown.field;
}

// The instances to show with `r`: its own, or while they are still being
// made, the shown ones if `r` stands on the very same field, else none.
inline std::shared_ptr<const InstanceSet> instancesToShow(const ShownTerrain& shown,
                                                          const GenerationResult& r) {
  if (!r.instancesPending) return r.instances;
  return r.field == shown.field ? shown.instances : nullptr;
}

}  // namespace terrain::app
