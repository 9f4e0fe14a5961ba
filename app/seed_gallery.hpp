#pragma once
// The seed gallery: small previews of the next seeds (the same document at
// a preview size), made on a background thread so a designer can pick a
// good start at a glance. The newest request wins; a superseded one stops
// at its next stage checkpoint.
#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "core/color.hpp"
#include "core/document.hpp"

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
  ~SeedGallery();
  SeedGallery(const SeedGallery&) = delete;
  SeedGallery& operator=(const SeedGallery&) = delete;

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
                                 const std::atomic<bool>* cancel);

 private:
  void run();

  std::function<void()> onReady_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::optional<Document> next_;
  std::uint64_t requested_ = 0;
  std::uint64_t finished_ = 0;
  std::optional<std::vector<SeedPreview>> ready_;
  std::atomic<bool> cancel_{false};
  bool stopping_ = false;
  std::thread thread_;  // last: starts after the members above exist
};

}  // namespace terrain::app
