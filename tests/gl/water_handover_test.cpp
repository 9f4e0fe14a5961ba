// The look's lakes and rivers made by the generation worker and handed to
// the window with the map (issue 38 item 11): the window only uploads
// them. Drawn, they are the water model's lakes and rivers for that map
// (the window computing its own, as it did before 226a5bd, drew the same
// pixels), and landing a 1025 map with its water takes the window's thread
// well under 100 ms of CPU (making the water there took about 260 ms).
#include <time.h>

#include <cstdio>
#include <utility>

#include "core/base/cancel.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/look/water_look.hpp"
#include "core/nodes/registry.hpp"
#include "gl_test_support.hpp"
#include "render/terrain_view.hpp"
#include "tests/support/build_kind.hpp"

namespace terrain::render {
namespace {

using testing::GlTest;

Document diamondSquare(int size) {
  Document doc = defaultDocument("diamond-square");
  doc.seed = 42;
  const SourceStage& source = sourceStage(chainSource(doc.graph).type);
  chainSource(doc.graph).values[source.sizeIndex()] = size;
  return doc;
}

// This thread's CPU time: the window's share, not the driver's threads'.
double threadCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

// What the worker hands over: waterLook with its run's cancel token.
WaterLook workersWater(const Heightfield& field, const Document& doc) {
  const CancelToken token;
  return waterLook(field, doc.look, doc.world, {}, &token);
}

TEST_F(GlTest, WaterHandedOverIsDrawnAsTheWaterModelGivesIt) {
  const Document doc = diamondSquare(257);
  const Heightfield field = runPipeline(doc);
  TerrainView before;
  before.setTerrain(field, ColorRamp::earth());
  TerrainView after;
  after.setTerrain(field, ColorRamp::earth());
  const auto settings = [&](ViewKind kind) {
    ViewSettings view;
    view.kind = kind;
    view.water = static_cast<float>(doc.look.water);
    return view;
  };
  const RgbImage dryMap = after.renderToImage(settings(ViewKind::Map), 320, 240);
  const RgbImage dryMesh = after.renderToImage(settings(ViewKind::Mesh), 320, 240);
  before.setWaterBodies(waterLook(field, doc.look, doc.world));  // no cancel token
  after.setWaterBodies(workersWater(field, doc));
  for (const auto& [kind, dry] : {std::pair{ViewKind::Map, &dryMap}, {ViewKind::Mesh, &dryMesh}}) {
    const RgbImage drawnBefore = before.renderToImage(settings(kind), 320, 240);
    const RgbImage drawnAfter = after.renderToImage(settings(kind), 320, 240);
    EXPECT_EQ(testing::differingPixels(drawnBefore, drawnAfter, 0), 0)
        << "view " << static_cast<int>(kind);
    // Not vacuous: this terrain's lakes and rivers show in the picture.
    EXPECT_GT(testing::differingPixels(*dry, drawnAfter), 100) << "view " << static_cast<int>(kind);
  }
}

TEST_F(GlTest, ALanded1025MapAndItsWaterTakeTheWindowUnder100MsOfCpu) {
  if (terrain::testing::kSanitized || terrain::testing::kUnoptimised) {
    GTEST_SKIP() << "a CPU figure for the Release build only (sanitizers and -O0 run slower)";
  }
  const Document doc = diamondSquare(1025);
  const Heightfield field = runPipeline(doc);
  const WaterLook water = workersWater(field, doc);
  TerrainView view;
  // What showResult does as a map lands, then glFinish so the driver's
  // work queued by this thread is counted where it runs on it.
  const double landStart = threadCpuMs();
  view.setTerrain(field, ColorRamp::earth());
  view.setWaterBodies(water);
  glFinish();
  const double landedMs = threadCpuMs() - landStart;
  // The old path on the same thread, for the figure: the water made here.
  const double oldStart = threadCpuMs();
  view.setTerrain(field, ColorRamp::earth());
  view.setWaterBodies(waterLook(field, doc.look, doc.world));
  glFinish();
  const double oldMs = threadCpuMs() - oldStart;
  std::printf("1025 map landing on the window's thread: %.1f ms CPU (water made there: %.1f ms)\n",
              landedMs, oldMs);
  EXPECT_LT(landedMs, 100.0);
}

}  // namespace
}  // namespace terrain::render
