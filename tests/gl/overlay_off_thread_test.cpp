// The Map view's overlay is made off the window's thread (issue 38 items
// 10/11: no frame over 100 ms): choosing the splat overlay of a 1025 map
// costs the frame that chose it, and every frame until it is drawn, a
// fraction of what making the weights there costs; it is drawn within a
// few frames, with the pixels the generation worker's weights give; and
// quick choices one a frame end on the last. Through the test driver's
// --choose-overlays (tests/app/driver/app_driver.cpp).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/document/project.hpp"
#include "core/look/splat.hpp"
#include "core/nodes/registry.hpp"
#include "gl_test_support.hpp"
#include "tests/gl/app_test.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/build_kind.hpp"

namespace terrain::testing {
namespace {

class OverlayOffThread : public AppWindowTest {
 protected:
  OverlayOffThread() : AppWindowTest("terrain-overlay-") {}

  // A 1025 map whose document shows the splat overlay: the generation
  // worker hands its weights with the map (the reference pixels).
  fs::path splatProject() {
    Document doc = defaultDocument("diamond-square");
    doc.seed = 42;
    const SourceStage& source = sourceStage(chainSource(doc.graph).type);
    chainSource(doc.graph).values[source.sizeIndex()] = kSide;
    doc.view.kind = ViewKind::Map;
    doc.view.overlay = MapOverlay::Splat;
    const fs::path path = dir_ / "splat.json";
    saveProject(path.string(), doc);
    doc_ = doc;
    return path;
  }

  // The driver's run, its screenshot read back.
  RgbImage shoot(const std::string& name, std::vector<std::string> args, std::string* err) {
    const fs::path shot = dir_ / (name + ".png");
    args.insert(args.end(), {"--frames", "3", "--screenshot", shot.string()});
    const AppRun r = runDriver(args, dir_, {{"XDG_CONFIG_HOME", (dir_ / "config").string()}});
    EXPECT_EQ(r.status, 0) << r.err;
    if (err) *err = r.err;
    if (r.status != 0) return {};
    return readPngRgb8(shot.string());
  }

  static constexpr int kSide = 1025;
  Document doc_;
};

struct OverlayFrame {
  int frame = 0;
  double cpuMs = 0.0;
  bool drawn = false;
};

// The driver's 'overlay: frame F choice K cpu C ms wall W ms drawn D' lines.
std::vector<OverlayFrame> overlayFrames(const std::string& err) {
  std::vector<OverlayFrame> out;
  std::size_t at = 0;
  while ((at = err.find("overlay: frame ", at)) != std::string::npos) {
    OverlayFrame f;
    std::size_t choice = 0;
    double wall = 0.0;
    int drawn = 0;
    if (std::sscanf(err.c_str() + at,
                    "overlay: frame %d choice %zu cpu %lf ms wall %lf ms drawn %d", &f.frame,
                    &choice, &f.cpuMs, &wall, &drawn) == 5) {
      f.drawn = drawn != 0;
      out.push_back(f);
    }
    ++at;
  }
  return out;
}

// Pixels of the view (right of the panel, whose figures differ run to
// run) that differ at all; prints where, when any do.
int viewPixelsDiffering(const RgbImage& a, const RgbImage& b) {
  if (a.width != b.width || a.height != b.height) return a.width * a.height;
  int count = 0, left = a.width, right = -1, top = a.height, bottom = -1;
  for (int y = 0; y < a.height; ++y) {
    for (int x = kPanelWidth; x < a.width; ++x) {
      const Rgb8 p = a.at(x, y), q = b.at(x, y);
      if (p.r == q.r && p.g == q.g && p.b == q.b) continue;
      ++count;
      left = std::min(left, x), right = std::max(right, x);
      top = std::min(top, y), bottom = std::max(bottom, y);
    }
  }
  if (count > 0) std::printf("%d differ in x %d..%d, y %d..%d\n", count, left, right, top, bottom);
  return count;
}

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

TEST_F(OverlayOffThread, ChoosingTheSplatOverlayAt1025CostsTheFrameLittleAndDrawsTheSamePixels) {
  if (kSanitized || kUnoptimised) {
    GTEST_SKIP() << "a CPU figure for the Release build only (sanitizers and -O0 run slower)";
  }
  const fs::path project = splatProject();
  std::string err;
  const RgbImage reference = shoot("reference", {"--project", project.string()}, nullptr);
  const RgbImage chosen =
      shoot("chosen", {"--project", project.string(), "--choose-overlays", "splat"}, &err);
  ASSERT_FALSE(reference.pixels.empty());
  ASSERT_FALSE(chosen.pixels.empty());
  EXPECT_EQ(viewPixelsDiffering(reference, chosen), 0) << "the weights made off the thread";

  // What the frame paid before: the weights made on the window's thread.
  const Heightfield field = runPipeline(doc_);
  const auto start = std::chrono::steady_clock::now();
  const auto weights = computeSplat(field, doc_.look, doc_.world);
  const double syncMs = msSince(start);
  ASSERT_EQ(weights.size(), field.size());

  const std::vector<OverlayFrame> frames = overlayFrames(err);
  ASSERT_FALSE(frames.empty()) << err;
  double worstMs = 0.0;
  for (const OverlayFrame& f : frames) worstMs = std::max(worstMs, f.cpuMs);
  std::printf(
      "splat overlay at %d: made on the window's thread %.1f ms; chosen off it: %zu frames "
      "to drawn, the choosing frame %.1f ms CPU, the worst %.1f ms\n",
      kSide, syncMs, frames.size(), frames.front().cpuMs, worstMs);
  EXPECT_FALSE(frames.front().drawn) << "made on the choosing frame: the window waited for it";
  EXPECT_TRUE(frames.back().drawn);
  EXPECT_LE(frames.size(), 60u) << "drawn within a few frames";
  EXPECT_LT(frames.front().cpuMs, 30.0) << "the choosing frame stalls the window";
  EXPECT_LT(frames.front().cpuMs, syncMs) << "no cheaper than making the weights there";
  EXPECT_LT(worstMs, 100.0) << "a frame until it is drawn stalls the window";
}

TEST_F(OverlayOffThread, QuickChoicesOneAFrameEndOnTheLast) {
  const fs::path project = splatProject();
  std::string err;
  const RgbImage reference = shoot("reference", {"--project", project.string()}, nullptr);
  const RgbImage quick = shoot("quick",
                               {"--project", project.string(), "--choose-overlays",
                                "slope,flow,splat,wear,deposition,splat"},
                               &err);
  ASSERT_FALSE(reference.pixels.empty());
  ASSERT_FALSE(quick.pixels.empty());
  EXPECT_EQ(viewPixelsDiffering(reference, quick), 0) << "the last choice, splat, is drawn";
  const std::vector<OverlayFrame> frames = overlayFrames(err);
  ASSERT_GE(frames.size(), 6u) << err;
  EXPECT_TRUE(frames.back().drawn);
  // A slope mask ends differently: not vacuous.
  const RgbImage slope =
      shoot("slope", {"--project", project.string(), "--choose-overlays", "splat,slope"}, nullptr);
  ASSERT_FALSE(slope.pixels.empty());
  EXPECT_GT(viewPixelsDiffering(reference, slope), 10000);
}

}  // namespace
}  // namespace terrain::testing
