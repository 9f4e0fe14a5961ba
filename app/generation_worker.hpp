#pragma once
// Generation off the UI thread, on a LatestRequestWorker: the UI posts the
// newest document, a run it supersedes stops at the stage's next
// checkpoint, and results are tagged with their request's id. Stage results are cached
// (core/document/pipeline.hpp), so a modifier change never re-runs the source. Statistics and the
// histogram are computed here too, so the UI only uploads. When the map's own size has been slow, a
// draft at the preview size (the same landscape: the solve grids make it so) is handed out first,
// then the map.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/latest_request_worker.hpp"
#include "app/node_previews.hpp"
#include "core/base/heightfield.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/look/splat.hpp"
#include "core/look/water_look.hpp"

namespace terrain::app {

inline constexpr int kHistogramBins = 64;

// Splat weights (core/look/splat.hpp) and the look and world they follow.
struct SplatLook {
  Look look;
  World world;
  std::vector<SplatTexel> texels;
};

struct GenerationResult {
  std::uint64_t id = 0;
  Document doc;
  std::shared_ptr<const Heightfield> field;  // null when error is set
  // The mask pinned in the view, drawn over field (Pipeline::runShown).
  std::shared_ptr<const Heightfield> mask;
  // The look's lakes and rivers on field (core/look/water_look.hpp) for
  // doc's look and world, made here so the window only uploads them; null
  // for none (a profile, a class map, a map past kMaxWaterLookCells, or a
  // terrain the water model refuses).
  std::shared_ptr<const WaterLook> water;
  // The splat overlay's material weights on field for doc's look and world,
  // made here while the view shows that overlay (at 1025 51 ms, at 2049
  // 136 ms of the window's frame when made there); null otherwise.
  std::shared_ptr<const SplatLook> splat;
  // The graph's scattered instances on field (Pipeline::instances), placed
  // here so the window only uploads them; null for none. Made in a pass of
  // their own after the map is handed out (at Alpine's 12 km a species may
  // weigh millions of places), which a new request cancels: a map whose
  // graph scatters comes first with instancesPending set and no instances,
  // then again (the same field) with them as the run's final result.
  // Drafts never carry them.
  std::shared_ptr<const InstanceSet> instances;
  bool instancesPending = false;
  double instancesMs = 0.0;  // the instances' pass (0 when there was none)
  HeightStats stats;
  std::array<float, kHistogramBins> histogram{};  // cell counts per height bin over [0, 1]
  double generateMs = 0.0;                        // this run's generation + stats (not its draft's)
  double statsMs = 0.0;                           // of which stats and histogram
  std::chrono::steady_clock::time_point requestedAt;
  // When the worker began this run: startedAt - requestedAt is how long a
  // superseded run kept it (the cancel latency; issue 7 wants < 50 ms).
  std::chrono::steady_clock::time_point startedAt;
  std::string error;            // InputError message etc.
  std::size_t cachedBytes = 0;  // what the pipeline holds after this run
  // Each graph node's result in small (the graph editor's), even when the
  // terrain failed: the nodes that did run still show.
  std::vector<NodePreview> previews;
  // A draft: `field` is the document at kDraftSide, shown while the map's
  // own size is made (no previews; exports generate the map).
  bool draft = false;
};

// The largest map whose lakes and rivers are made: 2049^2 cells (about
// 1 s of the worker's CPU; past it the map would wait seconds for them).
inline constexpr std::size_t kMaxWaterLookCells = std::size_t{2049} * 2049;

// The preview size drafts are made at: the solve grid's, so a draft has
// the export's valleys.
inline constexpr int kDraftSide = 257;
// A draft goes first when the last full run took longer than this (the
// time a slider change may take to reach the screen, issue 20).
inline constexpr double kDraftAfterMs = 300.0;

// The document at kDraftSide, if its map is larger (nullopt for profiles
// and maps at most that size).
std::optional<Document> draftOf(const Document& doc);

class GenerationWorker {
 public:
  // onResult runs on the worker thread after each result (e.g. to wake the
  // UI's event wait); it must be cheap and thread-safe.
  explicit GenerationWorker(std::function<void()> onResult = {});

  // Replaces any request not yet started; returns its id.
  std::uint64_t request(const Document& doc) { return worker_.request(doc); }
  // Where the running job is, if one runs.
  std::optional<PipelineProgress> progress() const;
  // The newest result not yet taken, a draft or a map, if it is newer
  // than the last one taken; older finished results are dropped.
  std::optional<GenerationResult> takeResult();
  // Blocks until the map for id (not its draft), or a newer request's
  // result, is ready, then takes it.
  std::optional<GenerationResult> waitFor(std::uint64_t id);
  // A request is posted whose map has not been taken yet.
  bool pending() const { return worker_.pending(); }
  // Memory the pipeline may keep for results older than the last run's
  // (an undone edit within it costs nothing); applied at the next run.
  void setCacheBudget(std::size_t bytes) { cacheBudget_.store(bytes); }
  // Drafts go first when the last full run took longer than `ms` (default
  // kDraftAfterMs; 0: after any run but the first, for a map larger than
  // kDraftSide).
  void setDraftAfterMs(double ms) { draftAfterMs_.store(ms); }

 private:
  GenerationResult generate(const Document& doc, const RequestTimes& times,
                            const CancelToken& cancel);
  // The map's instances, made after it was handed out (GenerationResult::
  // instances); throws Cancelled when a new request supersedes it.
  void addInstances(GenerationResult& map, const CancelToken& cancel);
  PipelineControl controlFor(const CancelToken& cancel);
  // One run of `made`: the request's document, or its draft on `pipeline`.
  GenerationResult runOnce(const Document& requested, const Document& made, bool draft,
                           Pipeline& pipeline, const RequestTimes& times,
                           const CancelToken& cancel);

  // The water of the last field each pipeline made (0: the map's, 1: the
  // draft's), reused while the field, the look's water and the world stay:
  // a view or export edit posts a run but changes none of them.
  struct WaterMemo {
    std::shared_ptr<const Heightfield> field;  // held, so its address names it
    std::array<double, 3> look{};              // water level, rainfall, evaporation
    World world;
    std::shared_ptr<const WaterLook> water;
  };
  std::shared_ptr<const WaterLook> waterFor(const Document& made,
                                            const std::shared_ptr<const Heightfield>& field,
                                            WaterMemo& memo, const CancelToken& cancel);
  std::array<WaterMemo, 2> waterMemo_;  // the worker thread's

  // The same for the splat overlay's weights.
  struct SplatMemo {
    std::shared_ptr<const Heightfield> field;
    std::shared_ptr<const SplatLook> splat;
  };
  static std::shared_ptr<const SplatLook> splatFor(const Document& made,
                                                   const std::shared_ptr<const Heightfield>& field,
                                                   SplatMemo& memo);
  std::array<SplatMemo, 2> splatMemo_;  // the worker thread's

  std::atomic<std::size_t> cacheBudget_{0};
  std::atomic<double> draftAfterMs_{kDraftAfterMs};
  double lastFullMs_ = 0.0;  // the worker thread's: how long the last full run took
  mutable std::mutex progressMutex_;
  std::optional<PipelineProgress> progress_;
  Pipeline pipeline_;  // the worker thread's own
  // Drafts' results cached apart: a run counts only its own results as
  // current, so a draft on pipeline_ would evict the map's.
  Pipeline draftPipeline_;
  LatestRequestWorker<Document, GenerationResult> worker_;  // last: its thread uses the above
};

// Min/max/mean and the height histogram of a normalised field.
void fillStatistics(GenerationResult& result);

}  // namespace terrain::app
