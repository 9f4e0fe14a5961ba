#include "app/generation_worker.hpp"

#include <algorithm>
#include <exception>
#include <limits>
#include <optional>
#include <vector>

#include "core/base/cancel.hpp"
#include "core/base/parallel.hpp"
#include "core/document/pipeline.hpp"
#include "core/graph/instance_sets.hpp"

namespace terrain::app {

namespace {

// Min, max, sum and histogram of a run of heights, in one pass.
struct Partial {
  float min = std::numeric_limits<float>::infinity();
  float max = -std::numeric_limits<float>::infinity();
  double sum = 0.0;
  std::array<std::uint32_t, kHistogramBins> counts{};

  void add(const float* first, const float* last) {
    float lo = min, hi = max, rowSum = 0.0f;
    for (const float* p = first; p != last; ++p) {
      const float h = *p;
      lo = std::min(lo, h);
      hi = std::max(hi, h);
      rowSum += h;
      // !(h > 0) also sends NaN to bin 0.
      const float scaled = h > 0.0f ? h * static_cast<float>(kHistogramBins) : 0.0f;
      ++counts[static_cast<std::size_t>(std::min(scaled, static_cast<float>(kHistogramBins - 1)))];
    }
    min = lo;
    max = hi;
    sum += static_cast<double>(rowSum);
  }
};

constexpr std::int64_t kStatsChunk = 1 << 16;  // cells per pass (float sums stay exact enough)

}  // namespace

void fillStatistics(GenerationResult& result) {
  const Heightfield& field = *result.field;
  const auto cells = static_cast<std::int64_t>(field.heights.size());
  if (cells == 0) return;
  // Fixed chunks merged in order: the same figures for any thread count.
  const std::int64_t chunks = (cells + kStatsChunk - 1) / kStatsChunk;
  std::vector<Partial> partials(static_cast<std::size_t>(chunks));
  parallelFor({}, 0, chunks, 4, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t c = begin; c < end; ++c) {
      const float* first = field.heights.data() + c * kStatsChunk;
      const float* last = field.heights.data() + std::min(cells, (c + 1) * kStatsChunk);
      partials[static_cast<std::size_t>(c)].add(first, last);
    }
  });
  Partial total;
  std::array<std::uint64_t, kHistogramBins> counts{};
  for (const Partial& p : partials) {
    total.min = std::min(total.min, p.min);
    total.max = std::max(total.max, p.max);
    total.sum += p.sum;
    for (std::size_t i = 0; i < counts.size(); ++i) counts[i] += p.counts[i];
  }
  result.stats.min = total.min;
  result.stats.max = total.max;
  result.stats.mean = total.sum / static_cast<double>(cells);
  for (std::size_t i = 0; i < counts.size(); ++i) {
    result.histogram[i] = static_cast<float>(counts[i]);
  }
}

GenerationWorker::GenerationWorker(std::function<void()> onResult)
    : worker_([this](const Document& doc, const RequestTimes& times,
                     const CancelToken& cancel) { return generate(doc, times, cancel); },
              std::move(onResult)) {}

std::optional<GenerationResult> GenerationWorker::takeResult() {
  auto finished = worker_.take();
  if (!finished) return std::nullopt;
  return std::move(finished->result);
}

std::optional<GenerationResult> GenerationWorker::waitFor(std::uint64_t id) {
  auto finished = worker_.waitFor(id);
  if (!finished) return std::nullopt;
  return std::move(finished->result);
}

std::optional<PipelineProgress> GenerationWorker::progress() const {
  std::lock_guard lock(progressMutex_);
  return progress_;
}

std::optional<Document> draftOf(const Document& doc) {
  try {
    if (isProfile(doc)) return std::nullopt;
    const int side = documentSize(doc);
    if (side <= kDraftSide) return std::nullopt;
    Document draft = doc;
    setDocumentSize(draft, kDraftSide);
    if (documentSize(draft) >= side) return std::nullopt;
    return draft;
  } catch (const std::exception&) {
    return std::nullopt;  // the full run reports what is wrong
  }
}

GenerationResult GenerationWorker::generate(const Document& doc, const RequestTimes& times,
                                            const CancelToken& cancel) {
  if (lastFullMs_ > draftAfterMs_.load()) {
    if (const std::optional<Document> draft = draftOf(doc)) {
      GenerationResult early = runOnce(doc, *draft, true, draftPipeline_, times, cancel);
      cancel.checkpoint();
      if (early.error.empty()) worker_.handOutEarly(times, std::move(early));
    }
  }
  GenerationResult result = runOnce(doc, doc, false, pipeline_, times, cancel);
  lastFullMs_ = result.generateMs;
  if (result.error.empty() && !result.field->isProfile() &&
      !enabledInstanceNodes(doc.graph).empty()) {
    // The map goes to the screen now; its instances follow.
    result.instancesPending = true;
    worker_.handOutEarly(times, result);
    result.instancesPending = false;
    addInstances(result, cancel);
  }
  return result;
}

PipelineControl GenerationWorker::controlFor(const CancelToken& cancel) {
  return PipelineControl{{}, &cancel, [this](const PipelineProgress& p) {
                           std::lock_guard lock(progressMutex_);
                           progress_ = p;
                         }};
}

void GenerationWorker::addInstances(GenerationResult& map, const CancelToken& cancel) {
  const auto start = std::chrono::steady_clock::now();
  try {
    map.instances = pipeline_.instances(map.doc, controlFor(cancel));
  } catch (const Cancelled&) {
    throw;  // superseded: the newer request's run follows
  } catch (const std::exception&) {
    // A scatter the evaluator refuses: the terrain is drawn without instances.
  }
  try {
    // The Scatter's (and what feeds it) thumbnails, now that they ran.
    if (!cancel.cancelled()) map.previews = nodePreviews(pipeline_, map.doc);
  } catch (const std::exception&) {
  }
  map.cachedBytes = pipeline_.cachedBytes() + draftPipeline_.cachedBytes();
  map.instancesMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::lock_guard lock(progressMutex_);
  progress_.reset();
}

std::shared_ptr<const WaterLook> GenerationWorker::waterFor(
    const Document& made, const std::shared_ptr<const Heightfield>& field, WaterMemo& memo,
    const CancelToken& cancel) {
  if (!field || field->isProfile() || field->size() == 0 || field->size() > kMaxWaterLookCells ||
      isClassMap(made)) {
    return nullptr;  // a class map's flat tiles hold no water
  }
  const std::array<double, 3> look{made.look.water, made.look.rainfall, made.look.evaporation};
  if (memo.field == field && memo.look == look && memo.world == made.world) return memo.water;
  std::shared_ptr<const WaterLook> water;
  try {
    water =
        std::make_shared<const WaterLook>(waterLook(*field, made.look, made.world, {}, &cancel));
  } catch (const std::exception&) {
    // A terrain the water model refuses shows no lakes or rivers: the look
    // never stops a terrain from being drawn.
  }
  memo = {field, look, made.world, water};
  return water;
}

std::shared_ptr<const SplatLook> GenerationWorker::splatFor(
    const Document& made, const std::shared_ptr<const Heightfield>& field, SplatMemo& memo) {
  if (!field || field->isProfile() || made.view.overlay != MapOverlay::Splat) return nullptr;
  if (memo.field == field && memo.splat->look == made.look && memo.splat->world == made.world)
    return memo.splat;
  memo = {field, std::make_shared<const SplatLook>(SplatLook{
                     made.look, made.world, computeSplat(*field, made.look, made.world)})};
  return memo.splat;
}

GenerationResult GenerationWorker::runOnce(const Document& requested, const Document& made,
                                           bool draft, Pipeline& pipeline,
                                           const RequestTimes& times, const CancelToken& cancel) {
  GenerationResult result;
  result.doc = requested;
  result.draft = draft;
  result.id = times.id;
  result.requestedAt = times.requestedAt;
  result.startedAt = times.startedAt;
  const auto runStart = std::chrono::steady_clock::now();
  try {
    const PipelineControl control = controlFor(cancel);
    pipeline.setBudget(cacheBudget_.load());
    ShownResult shown = pipeline.runShown(made, control);
    result.field = std::move(shown.field);
    result.mask = std::move(shown.mask);
    // Superseded just as it finished: the statistics of 1 GiB take a while.
    cancel.checkpoint();
    const auto statsStart = std::chrono::steady_clock::now();
    fillStatistics(result);
    result.statsMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - statsStart)
            .count();
    // The water drawn over it, on this thread: a quarter of a second of CPU
    // at 1025 that froze the window's frame when it was made there.
    result.water = waterFor(made, result.field, waterMemo_[draft ? 1 : 0], cancel);
    result.splat = splatFor(made, result.field, splatMemo_[draft ? 1 : 0]);
  } catch (const std::exception& e) {
    result.field.reset();
    result.mask.reset();
    result.error = e.what();
  }
  result.cachedBytes = pipeline_.cachedBytes() + draftPipeline_.cachedBytes();
  try {
    if (!draft && !cancel.cancelled()) result.previews = nodePreviews(pipeline_, result.doc);
  } catch (const std::exception&) {
    result.previews.clear();  // a document the pipeline refused: its error says why
  }
  result.generateMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - runStart)
          .count();
  if (!draft) {
    std::lock_guard lock(progressMutex_);
    progress_.reset();
  }
  return result;
}

}  // namespace terrain::app
