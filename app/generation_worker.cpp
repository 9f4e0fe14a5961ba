#include "app/generation_worker.hpp"

#include <algorithm>
#include <exception>

#include "core/generator.hpp"

namespace terrain::app {

void fillStatistics(GenerationResult& result) {
  const Heightfield& field = *result.field;
  result.stats = computeStats(field);
  std::array<std::uint64_t, kHistogramBins> counts{};
  for (const float h : field.heights) {
    const float scaled = std::clamp(h, 0.0f, 1.0f) * static_cast<float>(kHistogramBins);
    const auto bin = std::min(static_cast<int>(scaled), kHistogramBins - 1);
    ++counts[static_cast<std::size_t>(bin)];
  }
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
  }
  wake_.notify_all();
  thread_.join();
}

std::uint64_t GenerationWorker::request(const TerrainSpec& spec) {
  std::uint64_t id = 0;
  {
    std::lock_guard lock(mutex_);
    id = ++lastRequested_;
    next_ = spec;
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
      result.spec = *next_;
      result.id = nextId_;
      result.requestedAt = nextAt_;
      next_.reset();
    }
    const auto start = std::chrono::steady_clock::now();
    try {
      auto field = std::make_shared<Heightfield>(generateTerrain(result.spec));
      result.field = std::move(field);
      fillStatistics(result);
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
    }
    done_.notify_all();
    if (onResult_) onResult_();
  }
}

}  // namespace terrain::app
