#include "app/seed_gallery.hpp"

#include <algorithm>

#include "app/document_edits.hpp"
#include "core/document/pipeline.hpp"
#include "core/export/outputs.hpp"
#include "core/look/image.hpp"
#include "core/nodes/registry.hpp"

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
  const int wanted = isProfile(doc) ? kPreviewSide * 8 : kPreviewSide;
  // Smaller maps stay as they are; the resolution-independent sources look
  // the same at the preview size as at the full one.
  if (documentSize(doc) > wanted) setDocumentSize(preview, wanted);
  return preview;
}

SeedPreview SeedGallery::makePreview(const Document& doc, std::uint64_t seed,
                                     const CancelToken* cancel) {
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

std::vector<SeedPreview> SeedGallery::makePreviews(const Document& doc, const CancelToken& cancel) {
  std::vector<SeedPreview> previews;
  std::uint64_t seed = doc.seed;
  for (int i = 0; i < kCount; ++i) {
    seed = nextSeed(seed);
    previews.push_back(makePreview(doc, seed, &cancel));
  }
  return previews;
}

SeedGallery::SeedGallery(std::function<void()> onReady)
    : worker_([](const Document& doc, const RequestTimes&,
                 const CancelToken& cancel) { return makePreviews(doc, cancel); },
              std::move(onReady)) {}

void SeedGallery::request(const Document& doc) {
  worker_.request(doc);
}

std::optional<std::vector<SeedPreview>> SeedGallery::take() {
  auto finished = worker_.take();
  if (!finished) return std::nullopt;
  return std::move(finished->result);
}

std::optional<std::vector<SeedPreview>> SeedGallery::waitForNewest() {
  const std::uint64_t newest = worker_.lastRequested();
  if (newest == 0) return std::nullopt;  // nothing asked yet
  auto finished = worker_.waitFor(newest);
  if (!finished) return std::nullopt;
  return std::move(finished->result);
}

}  // namespace terrain::app
