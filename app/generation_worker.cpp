#include "app/generation_worker.hpp"

#include <algorithm>
#include <exception>
#include <limits>
#include <vector>

#include "core/parallel.hpp"
#include "core/pipeline.hpp"

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
    : onResult_(std::move(onResult)), thread_([this] { run(); }) {}

GenerationWorker::~GenerationWorker() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    cancel_.store(true, std::memory_order_relaxed);  // closing ends a long run at once
  }
  wake_.notify_all();
  thread_.join();
}

std::uint64_t GenerationWorker::request(const Document& doc) {
  std::uint64_t id = 0;
  {
    std::lock_guard lock(mutex_);
    id = ++lastRequested_;
    next_ = doc;
    // A superseded run stops at its next checkpoint (well under 50 ms).
    cancel_.store(true, std::memory_order_relaxed);
    nextId_ = id;
    nextAt_ = std::chrono::steady_clock::now();
  }
  wake_.notify_one();
  return id;
}

std::optional<GenerationResult> GenerationWorker::takeResult() {
  std::lock_guard lock(mutex_);
  if (!ready_ || ready_->id <= lastTaken_) return std::nullopt;
  lastTaken_ = ready_->id;
  std::optional<GenerationResult> out = std::move(ready_);
  ready_.reset();
  return out;
}

std::optional<GenerationResult> GenerationWorker::waitFor(std::uint64_t id) {
  std::unique_lock lock(mutex_);
  done_.wait(lock, [&] { return stopping_ || (ready_ && ready_->id >= id); });
  if (!ready_ || ready_->id < id) return std::nullopt;
  lastTaken_ = ready_->id;
  std::optional<GenerationResult> out = std::move(ready_);
  ready_.reset();
  return out;
}

std::optional<PipelineProgress> GenerationWorker::progress() const {
  std::lock_guard lock(mutex_);
  return progress_;
}

bool GenerationWorker::pending() const {
  std::lock_guard lock(mutex_);
  return lastRequested_ > lastTaken_;
}

void GenerationWorker::run() {
  for (;;) {
    GenerationResult result;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || next_.has_value(); });
      if (stopping_) return;
      result.doc = *next_;
      result.id = nextId_;
      result.requestedAt = nextAt_;
      next_.reset();
      cancel_.store(false, std::memory_order_relaxed);
    }
    const auto start = std::chrono::steady_clock::now();
    result.startedAt = start;
    try {
      PipelineControl control{{}, &cancel_, [this](const PipelineProgress& p) {
                                std::lock_guard lock(mutex_);
                                progress_ = p;
                              }};
      result.field = pipeline_.run(result.doc, control);
      // Superseded just as it finished: the statistics of 1 GiB take a while.
      if (cancel_.load(std::memory_order_relaxed)) continue;
      const auto statsStart = std::chrono::steady_clock::now();
      fillStatistics(result);
      result.statsMs =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - statsStart)
              .count();
    } catch (const Cancelled&) {
      continue;  // superseded or closing: a newer request (if any) is queued
    } catch (const std::exception& e) {
      result.field.reset();
      result.error = e.what();
    }
    result.generateMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    {
      std::lock_guard lock(mutex_);
      // A newer request may already be queued; this result is still the
      // newest finished one, so it replaces any older unconsumed result.
      if (!ready_ || ready_->id < result.id) ready_ = std::move(result);
      progress_.reset();
    }
    done_.notify_all();
    if (onResult_) onResult_();
  }
}

}  // namespace terrain::app
