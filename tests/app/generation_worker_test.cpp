// The window's generation worker (app/generation_worker.hpp), without a
// window: the newest request wins, and a superseded run gives way at once
// (issue 7: within 50 ms while a 16385 map generates; the old worker let
// it finish, ~30 s).
#include <gtest/gtest.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <optional>

#include "app/generation_worker.hpp"
#include "core/look/splat.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/build_kind.hpp"
#include "tests/support/cancel_latency.hpp"

namespace terrain::app {
namespace {

using terrain::testing::checksum;
using terrain::testing::diamondSquareOfSide;

TEST(GenerationWorker, TheNewestRequestWinsAndMatchesRunPipeline) {
  GenerationWorker worker;
  worker.request(diamondSquareOfSide(1025, 1));
  worker.request(diamondSquareOfSide(513, 2));
  const std::uint64_t last = worker.request(diamondSquareOfSide(257, 3));
  const auto result = worker.waitFor(last);
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->id, last);
  ASSERT_TRUE(result->error.empty()) << result->error;
  EXPECT_EQ(result->field->width, 257);
  EXPECT_EQ(checksum(*result->field), checksum(runPipeline(diamondSquareOfSide(257, 3))));
  EXPECT_LE(result->requestedAt, result->startedAt);
  EXPECT_FALSE(worker.pending());
}

TEST(GenerationWorker, DraftsAreThePreviewSizeOfMapsLargerThanIt) {
  const auto draft = draftOf(diamondSquareOfSide(1025, 1));
  ASSERT_TRUE(draft.has_value());
  EXPECT_EQ(documentSize(*draft), kDraftSide);
  EXPECT_EQ(draft->seed, 1u);
  EXPECT_FALSE(draftOf(diamondSquareOfSide(257, 1)).has_value());
  EXPECT_FALSE(draftOf(diamondSquareOfSide(129, 1)).has_value());
  Document walk = terrain::testing::docWith("random-walk", {{"size", 4096}}, 1);
  EXPECT_FALSE(draftOf(walk).has_value()) << "a profile has no draft";
}

// Takes, on the worker's thread, the first result handed out after arm():
// the draft before the worker goes on to the map, so nothing the test
// thread does can race it.
struct FirstHandedOut {
  GenerationWorker* worker = nullptr;
  std::mutex mutex;
  std::condition_variable changed;
  int calls = 0;
  bool armed = false;
  std::optional<GenerationResult> taken;

  void onResult() {
    std::lock_guard lock(mutex);
    if (armed) taken = worker->takeResult();
    armed = false;
    ++calls;
    changed.notify_all();
  }
  void waitForCalls(int n) {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return calls >= n; });
  }
  void arm() {
    std::lock_guard lock(mutex);
    armed = true;
  }
};

// After a slow run, the next request's draft (the document at the preview
// size, the same bits as running that) is handed out before its map; the
// window waiting for the map gets the map.
TEST(GenerationWorker, AfterASlowRunADraftComesFirstThenTheMap) {
  FirstHandedOut first;
  GenerationWorker worker([&] { first.onResult(); });
  first.worker = &worker;
  worker.setDraftAfterMs(0.0);
  first.arm();
  worker.request(diamondSquareOfSide(513, 1));
  first.waitForCalls(1);
  ASSERT_TRUE(first.taken.has_value());
  EXPECT_FALSE(first.taken->draft) << "no run timed yet: no draft";
  first.arm();
  const Document second = diamondSquareOfSide(513, 2);
  const std::uint64_t id = worker.request(second);
  const auto map = worker.waitFor(id);
  ASSERT_TRUE(map.has_value());
  const std::optional<GenerationResult>& early = first.taken;
  ASSERT_TRUE(early.has_value()) << "no draft was handed out";
  EXPECT_TRUE(early->draft);
  EXPECT_EQ(early->id, id);
  EXPECT_EQ(early->doc, second) << "a draft stands for the document asked for";
  ASSERT_TRUE(early->field && early->error.empty()) << early->error;
  EXPECT_EQ(early->field->width, kDraftSide);
  EXPECT_EQ(checksum(*early->field), checksum(runPipeline(*draftOf(second))));
  EXPECT_TRUE(early->previews.empty());
  EXPECT_FALSE(map->draft);
  EXPECT_EQ(map->field->width, 513);
  EXPECT_EQ(checksum(*map->field), checksum(runPipeline(second)));
  EXPECT_FALSE(worker.pending());
}

TEST(GenerationWorker, NoDraftWhileRunsAreQuick) {
  FirstHandedOut first;
  GenerationWorker worker([&] { first.onResult(); });
  first.worker = &worker;
  worker.setDraftAfterMs(1.0e9);
  ASSERT_TRUE(worker.waitFor(worker.request(diamondSquareOfSide(513, 1))).has_value());
  first.waitForCalls(1);
  first.arm();
  worker.request(diamondSquareOfSide(513, 2));
  first.waitForCalls(2);
  ASSERT_TRUE(first.taken.has_value());
  EXPECT_FALSE(first.taken->draft) << "the first result handed out is the map";
  EXPECT_EQ(first.taken->field->width, 513);
}

// Measured on 2 cores (terrain_bench --benchmark_filter=Cancel): under 1 ms
// wherever the big run is (each row looks at the flag; the 1 GiB is freed
// off the worker's path). The Release bound is issue 7's 50 ms; sanitizer
// builds, 10x slower and run beside other tests, get a loose bound that
// still catches a run that does not give way (the last level alone takes
// about a second, the whole map ~30 s before the pipeline).
constexpr double kBoundMs = terrain::testing::kSanitized ? 500.0 : 50.0;

TEST(GenerationWorker, ANewRequestStartsAtOnceWhileA16385MapGenerates) {
  GenerationWorker worker;
  // Early (coarse levels), late (the last levels, ~1 s each) and in the
  // final normalisation.
  for (const float at : {0.3f, 0.85f, 0.95f}) {
    auto sample = terrain::testing::measureCancelLatency(worker, at, 5);
    // Other tests on the two cores can keep the worker's thread off the CPU
    // for longer than the bound once; a run that does not give way fails
    // every try.
    for (int retry = 0; retry < 2 && sample.latencyMs >= kBoundMs; ++retry) {
      std::printf("cancel at %.2f: %.1f ms, measured again\n", static_cast<double>(sample.bigAt),
                  sample.latencyMs);
      sample = terrain::testing::measureCancelLatency(worker, at, 5);
    }
    std::printf("cancel at %.2f of the run: the new run started after %.1f ms\n",
                static_cast<double>(sample.bigAt), sample.latencyMs);
    EXPECT_LT(sample.latencyMs, kBoundMs) << "posted at " << sample.bigAt << " of the big run";
  }
  EXPECT_FALSE(worker.pending());
}

// The look's lakes and rivers come with the map (issue 38 item 11: made on
// the window's thread they froze a frame, 258 ms at 1025): the same bits
// as waterLook on the field for the document's look and world; a look-only
// edit brings new water on the same cached field, a view edit the same water.
TEST(GenerationWorker, TheMapComesWithItsWaterForTheDocumentsLook) {
  const auto sameBits = [](const WaterLook& a, const WaterLook& b) {
    return a.depth == b.depth && a.alpha == b.alpha;
  };
  const auto wetCells = [](const WaterLook& w) {
    return std::count_if(w.alpha.begin(), w.alpha.end(), [](float a) { return a > 0.0f; });
  };
  GenerationWorker worker;
  Document doc = diamondSquareOfSide(257, 4);
  const auto first = worker.waitFor(worker.request(doc));
  ASSERT_TRUE(first.has_value());
  ASSERT_TRUE(first->error.empty()) << first->error;
  ASSERT_NE(first->water, nullptr);
  const WaterLook expected = waterLook(*first->field, doc.look, doc.world);
  EXPECT_TRUE(sameBits(*first->water, expected));
  EXPECT_GT(wetCells(expected), 0) << "a terrain with no water shows nothing of the handover";

  doc.look.rainfall = 3000.0;  // wetter: more lakes fill, rivers widen
  const auto wetter = worker.waitFor(worker.request(doc));
  ASSERT_TRUE(wetter.has_value());
  EXPECT_EQ(wetter->field, first->field) << "a look-only edit reuses the cached terrain";
  ASSERT_NE(wetter->water, nullptr);
  EXPECT_TRUE(sameBits(*wetter->water, waterLook(*wetter->field, doc.look, doc.world)));
  EXPECT_FALSE(sameBits(*wetter->water, *first->water));

  doc.view.exaggeration = 0.5;
  const auto viewed = worker.waitFor(worker.request(doc));
  ASSERT_TRUE(viewed.has_value());
  EXPECT_EQ(viewed->water, wetter->water) << "a view edit keeps the water already made";

  Document walk = terrain::testing::docWith("random-walk", {{"size", 257}}, 1);
  const auto profile = worker.waitFor(worker.request(walk));
  ASSERT_TRUE(profile.has_value());
  ASSERT_TRUE(profile->error.empty()) << profile->error;
  EXPECT_EQ(profile->water, nullptr) << "a profile holds no lakes";
}

// The splat overlay's weights come with the map while the view shows that
// overlay (made on the window's thread they cost the landing frame 51 ms at
// 1025, 136 ms at 2049): computeSplat's bytes for the document's look and
// world; none for another overlay; a look edit brings new weights on the
// same cached field, a view edit keeps the ones made.
TEST(GenerationWorker, TheMapComesWithItsSplatWeightsWhileTheSplatOverlayShows) {
  GenerationWorker worker;
  Document doc = diamondSquareOfSide(257, 4);
  doc.view.overlay = MapOverlay::Slope;
  const auto slope = worker.waitFor(worker.request(doc));
  ASSERT_TRUE(slope.has_value());
  ASSERT_TRUE(slope->error.empty()) << slope->error;
  EXPECT_EQ(slope->splat, nullptr) << "no weights made for an overlay that does not show them";

  doc.view.overlay = MapOverlay::Splat;
  const auto first = worker.waitFor(worker.request(doc));
  ASSERT_TRUE(first.has_value());
  ASSERT_NE(first->splat, nullptr);
  EXPECT_EQ(first->splat->texels, computeSplat(*first->field, doc.look, doc.world));
  EXPECT_EQ(first->splat->look, doc.look);

  doc.look.snowLine = 0.3;  // snow far lower: other weights on the same terrain
  const auto snowier = worker.waitFor(worker.request(doc));
  ASSERT_TRUE(snowier.has_value());
  EXPECT_EQ(snowier->field, first->field) << "a look-only edit reuses the cached terrain";
  ASSERT_NE(snowier->splat, nullptr);
  EXPECT_EQ(snowier->splat->texels, computeSplat(*snowier->field, doc.look, doc.world));
  EXPECT_NE(snowier->splat->texels, first->splat->texels);

  doc.view.exaggeration = 0.5;
  const auto viewed = worker.waitFor(worker.request(doc));
  ASSERT_TRUE(viewed.has_value());
  EXPECT_EQ(viewed->splat, snowier->splat) << "a view edit keeps the weights already made";
}

}  // namespace
}  // namespace terrain::app
