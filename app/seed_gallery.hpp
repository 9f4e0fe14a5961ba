#pragma once
// The seed gallery: small previews of the next seeds (the same document at
// a preview size), made on a background thread so a designer can pick a
// good start at a glance. The newest request wins (a LatestRequestWorker);
// a superseded one stops at its next stage checkpoint.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "app/latest_request_worker.hpp"
#include "core/document/document.hpp"
#include "core/look/color.hpp"

namespace terrain::app {

struct SeedPreview {
  std::uint64_t seed = 0;
  RgbImage image;  // empty when this seed failed
};

class SeedGallery {
 public:
  static constexpr int kCount = 8;
  static constexpr int kPreviewSide = 129;  // samples per side (profiles: 8x longer)

  explicit SeedGallery(std::function<void()> onReady = {});

  // Previews of the kCount seeds after doc.seed (nextSeed's chain).
  void request(const Document& doc);
  // The newest finished set not yet taken.
  std::optional<std::vector<SeedPreview>> take();
  // Blocks until the newest request is done, then takes its set if not
  // taken yet (scripted runs: screenshots must not depend on timing).
  std::optional<std::vector<SeedPreview>> waitForNewest();

  // The document a preview is made from: doc at the preview size, seed `seed`.
  static Document previewDocument(const Document& doc, std::uint64_t seed);
  // Renders one preview (map, or a profile's side view) as the look colours it.
  static SeedPreview makePreview(const Document& doc, std::uint64_t seed,
                                 const CancelToken* cancel);
  // The kCount previews after doc.seed.
  static std::vector<SeedPreview> makePreviews(const Document& doc, const CancelToken& cancel);

 private:
  LatestRequestWorker<Document, std::vector<SeedPreview>> worker_;
};

}  // namespace terrain::app
