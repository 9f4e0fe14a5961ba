#include "app/seed_gallery.hpp"

#include <algorithm>

#include "app/document_edits.hpp"
#include "core/image.hpp"
#include "core/outputs.hpp"
#include "core/pipeline.hpp"
#include "core/registry.hpp"

namespace terrain::app {
namespace {

constexpr int kSideWidth = 128;  // a profile's preview, pixels
constexpr int kSideHeight = 64;

ColorRamp previewRamp(const Document& doc) {
  try {
    return loadLookRamp(doc);
  } catch (const std::exception&) {
    Document automatic = doc;
    automatic.look.ramp = "auto";
    return builtinRamp(resolvedRampName(automatic));
  }
}

}  // namespace

Document SeedGallery::previewDocument(const Document& doc, std::uint64_t seed) {
  Document preview = doc;
  preview.seed = seed;
  const SourceStage& source = sourceStage(doc.source.key);
  const int wanted = source.profile() ? kPreviewSide * 8 : kPreviewSide;
  const int size = source.size(doc.source.values);
  // Smaller maps stay as they are; the resolution-independent sources look
  // the same at the preview size as at the full one.
  if (size > wanted) preview.source.values[source.sizeIndex()] = source.snapSize(wanted);
  return preview;
}

SeedPreview SeedGallery::makePreview(const Document& doc, std::uint64_t seed,
                                     const std::atomic<bool>* cancel) {
  SeedPreview preview{seed, {}};
  const Document small = previewDocument(doc, seed);
  try {
    const Heightfield field = runPipeline(small, PipelineControl{{1}, cancel, {}});
    const ColorRamp ramp = previewRamp(small);
    const auto water = static_cast<float>(small.look.water);
    preview.image =
        field.isProfile()
            ? renderSideViewImage(field, ramp, water, kSideWidth, kSideHeight)
            : renderMapImage(field, ramp, water, Shading::of(small.look, resolvedHillshade(small)),
                             Execution{1});
  } catch (const Cancelled&) {
    throw;
  } catch (const std::exception&) {
    preview.image = {};  // an invalid document: no picture for it
  }
  return preview;
}

SeedGallery::SeedGallery(std::function<void()> onReady)
    : onReady_(std::move(onReady)), thread_([this] { run(); }) {}

SeedGallery::~SeedGallery() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    cancel_.store(true, std::memory_order_relaxed);
  }
  wake_.notify_all();
  thread_.join();
}

void SeedGallery::request(const Document& doc) {
  {
    std::lock_guard lock(mutex_);
    next_ = doc;
    ++requested_;
    cancel_.store(true, std::memory_order_relaxed);
  }
  wake_.notify_one();
}

std::optional<std::vector<SeedPreview>> SeedGallery::take() {
  std::lock_guard lock(mutex_);
  std::optional<std::vector<SeedPreview>> out = std::move(ready_);
  ready_.reset();
  return out;
}

std::optional<std::vector<SeedPreview>> SeedGallery::waitForNewest() {
  std::unique_lock lock(mutex_);
  done_.wait(lock, [this] { return stopping_ || finished_ == requested_; });
  std::optional<std::vector<SeedPreview>> out = std::move(ready_);
  ready_.reset();
  return out;
}

void SeedGallery::run() {
  for (;;) {
    Document doc;
    std::uint64_t id = 0;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || next_.has_value(); });
      if (stopping_) return;
      doc = std::move(*next_);
      next_.reset();
      id = requested_;
      cancel_.store(false, std::memory_order_relaxed);
    }
    std::vector<SeedPreview> previews;
    try {
      std::uint64_t seed = doc.seed;
      for (int i = 0; i < kCount; ++i) {
        seed = nextSeed(seed);
        previews.push_back(makePreview(doc, seed, &cancel_));
      }
    } catch (const Cancelled&) {
      continue;  // a newer request is queued, or the gallery is closing
    }
    {
      std::lock_guard lock(mutex_);
      if (id != requested_) continue;
      ready_ = std::move(previews);
      finished_ = id;
    }
    done_.notify_all();
    if (onReady_) onReady_();
  }
}

}  // namespace terrain::app
