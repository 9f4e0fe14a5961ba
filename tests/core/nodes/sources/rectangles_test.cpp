// Article 003: random rectangles piled onto a flat map.
#include "core/nodes/sources/rectangles.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <set>
#include <thread>

#include "core/document/document.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

using testing::checksum;
using testing::param;
using testing::setParam;

Document rectDoc(int size, std::uint64_t seed) {
  return testing::docWith("rectangles", {{"size", size}}, seed);
}

RectanglesParams params(const Document& doc) {
  return testing::paramsOf<RectanglesParams>(doc);
}

Heightfield raw(const Document& doc, int threads = 1) {
  validate(doc);
  return generateRectangles(params(doc), doc.seed, testing::control(threads));
}

struct Box {
  int x1 = 0, y1 = 0, x2 = 0, y2 = 0;  // [x1, x2) x [y1, y2); empty when x1 == x2
};

Box raisedBox(const Heightfield& map) {
  Box b{map.width, map.height, 0, 0};
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      if (map.at(x, y) == 0.0f) continue;
      b.x1 = std::min(b.x1, x);
      b.y1 = std::min(b.y1, y);
      b.x2 = std::max(b.x2, x + 1);
      b.y2 = std::max(b.y2, y + 1);
    }
  }
  return b.x2 == 0 ? Box{} : b;
}

TEST(Rectangles, ArticleDefaultsAre128Cells1024RectanglesOfSize10) {
  for (const Document& doc : {defaultDocument("rectangles"), articleDocument("rectangles")}) {
    EXPECT_EQ(param(doc, "size"), 128.0);
    EXPECT_EQ(param(doc, "rects"), 1024.0);
    EXPECT_EQ(param(doc, "rect-size"), 10.0);
    EXPECT_EQ(param(doc, "zscale"), 512.0);
    EXPECT_EQ(param(doc, "cell-noise"), 1.0);
    EXPECT_TRUE(chainOf(doc.graph).modifiers.empty());  // no smoothing
    const RectanglesParams p = params(doc);
    EXPECT_EQ(p.size, 128);
    EXPECT_EQ(p.rects, 1024);
    EXPECT_EQ(p.rectSize, 10);
    EXPECT_EQ(p.zscale, 512.0);
    EXPECT_EQ(p.cellNoise, 1.0);
  }
}

TEST(Rectangles, SameDocumentGivesTheSameBits) {
  const Document doc = rectDoc(200, 5);
  EXPECT_EQ(checksum(testing::run(doc)), checksum(testing::run(doc)));
}

TEST(Rectangles, AnotherSeedGivesAnotherMap) {
  EXPECT_NE(checksum(raw(rectDoc(128, 5))), checksum(raw(rectDoc(128, 6))));
}

TEST(Rectangles, ThreadCountDoesNotChangeTheBits) {
  Document doc = rectDoc(1000, 8);
  setParam(doc, "rects", 20000);
  setParam(doc, "rect-size", 100);
  EXPECT_EQ(checksum(raw(doc, 1)), checksum(raw(doc, 2)));
}

TEST(Rectangles, GoldenChecksumsArePinned) {
  const Document article = articleDocument("rectangles");
  Document big = rectDoc(1024, 77);
  setParam(big, "rects", 4096);
  setParam(big, "rect-size", 64);
  Document oddSized = rectDoc(300, 3);
  setParam(oddSized, "cell-noise", 0.0);
  setParam(oddSized, "zscale", 100.0);
  // Raw heights: the pins do not move if the shared normaliser changes.
  EXPECT_EQ(checksum(raw(article)), 17009761861398232858ULL);
  EXPECT_EQ(checksum(raw(big)), 14708673660460120251ULL);
  EXPECT_EQ(checksum(raw(oddSized)), 10631670264487452718ULL);
}

// One rectangle: its raised cells fill exactly one axis-aligned box whose
// sides are rectSize/4 .. rectSize/4 + rectSize - 1 cells, or shorter where
// the map's right or bottom edge clips it. Nothing wraps to the other side.
TEST(Rectangles, OneRectangleIsOneClippedBox) {
  constexpr int kSize = 24;
  constexpr int kRectSize = 10;
  constexpr int kMin = kRectSize / 4;
  constexpr int kMax = kRectSize / 4 + kRectSize - 1;
  int clipped = 0;
  int whole = 0;
  std::set<int> widths;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    Document doc = rectDoc(kSize, seed);
    setParam(doc, "rects", 1);
    setParam(doc, "rect-size", kRectSize);
    const Heightfield map = raw(doc);
    const Box b = raisedBox(map);
    ASSERT_LT(b.x1, b.x2) << "seed " << seed;  // the smallest box is 2x2
    for (int y = b.y1; y < b.y2; ++y) {
      for (int x = b.x1; x < b.x2; ++x) ASSERT_GT(map.at(x, y), 0.0f) << "hole, seed " << seed;
    }
    const int w = b.x2 - b.x1;
    const int h = b.y2 - b.y1;
    EXPECT_LE(w, kMax);
    EXPECT_LE(h, kMax);
    if (b.x2 < kSize) {
      EXPECT_GE(w, kMin) << "seed " << seed;
    }
    if (b.y2 < kSize) {
      EXPECT_GE(h, kMin) << "seed " << seed;
    }
    const bool isClipped = (b.x2 == kSize && w < kMax) || (b.y2 == kSize && h < kMax);
    (isClipped ? clipped : whole) += 1;
    if (b.x2 < kSize) widths.insert(w);
  }
  EXPECT_GT(clipped, 0);
  EXPECT_GT(whole, 0);
  EXPECT_EQ(widths.size(), static_cast<std::size_t>(kMax - kMin + 1));  // every width occurs
}

TEST(Rectangles, EveryCellGetsAFreshNoiseTerm) {
  Document doc = rectDoc(64, 2);
  setParam(doc, "rects", 1);
  setParam(doc, "rect-size", 40);
  setParam(doc, "zscale", 0.0);
  const Heightfield map = raw(doc);
  std::set<float> values;
  int raised = 0;
  for (float h : map.heights) {
    values.insert(h);
    raised += h > 0.0f ? 1 : 0;
  }
  ASSERT_GT(raised, 100);
  EXPECT_GT(values.size(), 40U);  // of the 50 steps k/50, k = 0..49
}

TEST(Rectangles, HeightsStayWithinTheRectanglesTotal) {
  Document doc = rectDoc(128, 13);
  setParam(doc, "rects", 3000);
  setParam(doc, "cell-noise", 2.5);
  const Heightfield map = raw(doc);
  const double perRect = params(doc).zscale / 3000.0 + 0.98 * 2.5;
  const double ceiling = 3000.0 * perRect;
  const auto [lo, hi] = std::minmax_element(map.heights.begin(), map.heights.end());
  EXPECT_GE(*lo, 0.0f);
  EXPECT_LE(*hi, ceiling);
  EXPECT_GT(*hi, 10.0 * perRect);  // rectangles do pile up
}

TEST(Rectangles, WithoutNoiseHeightsAreWholeRectangleSteps) {
  Document doc = rectDoc(128, 14);
  setParam(doc, "cell-noise", 0.0);
  const Heightfield map = raw(doc);
  const RectanglesParams p = params(doc);
  const double step = p.zscale / p.rects;
  int maxStack = 0;
  for (float h : map.heights) {
    const double stack = static_cast<double>(h) / step;
    ASSERT_NEAR(stack, std::round(stack), 1e-3) << h;
    maxStack = std::max(maxStack, static_cast<int>(std::lround(stack)));
  }
  EXPECT_GE(maxStack, 5);
}

// The article's map: the mean height is the expected clipped area of one
// rectangle times its mean rise (zscale/rects + 0.49), times rects, per cell.
TEST(Rectangles, ArticleMapMeanMatchesTheExpectedCoverage) {
  const Document article = articleDocument("rectangles");
  const RectanglesParams p = params(article);
  const int size = p.size;
  const int rs = p.rectSize;
  double side = 0.0;  // E[clipped side] over corner and random extent
  for (int corner = 0; corner < size; ++corner) {
    for (int extra = 0; extra < rs; ++extra) side += std::min(rs / 4 + extra, size - corner);
  }
  side /= static_cast<double>(size * rs);
  const double rise = p.zscale / p.rects + 0.49;
  const double expected = p.rects * side * side * rise / (static_cast<double>(size) * size);
  double mean = 0.0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    Document s = article;
    s.seed = seed;
    const Heightfield map = raw(s);
    for (float h : map.heights) mean += static_cast<double>(h);
  }
  mean /= 4.0 * size * size;
  EXPECT_NEAR(mean, expected, 0.05 * expected);
}

// ---- the bounded method (core/rectangles.cpp) against the article's loop ----

namespace bounded {

Heightfield byMethod(const Document& doc, RectanglesMethod method, int threads = 1) {
  validate(doc);
  return generateRectangles(params(doc), doc.seed, testing::control(threads), method);
}

// The Kolmogorov-Smirnov distance between two samples' empirical
// distributions (ties, as on a lattice, handled by stepping over them).
double ksDistance(std::vector<double> a, std::vector<double> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  std::size_t i = 0;
  std::size_t j = 0;
  double worst = 0.0;
  while (i < a.size() && j < b.size()) {
    const double v = std::min(a[i], b[j]);
    while (i < a.size() && a[i] == v) ++i;
    while (j < b.size() && b[j] == v) ++j;
    const double fa = static_cast<double>(i) / static_cast<double>(a.size());
    const double fb = static_cast<double>(j) / static_cast<double>(b.size());
    worst = std::max(worst, std::abs(fa - fb));
  }
  return worst;
}

struct Moments {
  double mean = 0.0;
  double variance = 0.0;
};

Moments momentsOf(const std::vector<double>& v) {
  Moments m;
  for (double x : v) m.mean += x;
  m.mean /= static_cast<double>(v.size());
  for (double x : v) m.variance += (x - m.mean) * (x - m.mean);
  m.variance /= static_cast<double>(v.size() - 1);
  return m;
}

// Per cell, over `seeds` seeds: the heights of both methods and their noise
// terms standardised by the exact distribution of a sum of k article terms
// (k = rectangles covering the cell, from a noise-free run; mean 24.5 k and
// variance 208.25 k steps of 1/50).
struct Samples {
  std::vector<double> loopHeights, boundedHeights;
  std::vector<double> loopNoise, boundedNoise;
  std::vector<int> cover;
};

Samples sample(Document spec, int seeds) {
  Samples s;
  const double base = params(spec).zscale / params(spec).rects;
  for (int seed = 1; seed <= seeds; ++seed) {
    spec.seed = static_cast<std::uint64_t>(seed);
    Document flat = spec;
    setParam(flat, "cell-noise", 0.0);
    const Heightfield counts = byMethod(flat, RectanglesMethod::ArticleLoop);
    const Heightfield loop = byMethod(spec, RectanglesMethod::ArticleLoop);
    const Heightfield fast = byMethod(spec, RectanglesMethod::Bounded);
    for (std::size_t i = 0; i < loop.heights.size(); ++i) {
      const int k = static_cast<int>(std::lround(static_cast<double>(counts.heights[i]) / base));
      s.loopHeights.push_back(static_cast<double>(loop.heights[i]));
      s.boundedHeights.push_back(static_cast<double>(fast.heights[i]));
      s.cover.push_back(k);
      if (k == 0) continue;
      const double mean = 24.5 * k;
      const double sd = std::sqrt(208.25 * k);
      s.loopNoise.push_back(((static_cast<double>(loop.heights[i]) - k * base) * 50.0 - mean) / sd);
      s.boundedNoise.push_back(((static_cast<double>(fast.heights[i]) - k * base) * 50.0 - mean) /
                               sd);
    }
  }
  return s;
}

void expectSameDistribution(const Samples& s, double ksLimit) {
  const Moments lh = momentsOf(s.loopHeights);
  const Moments bh = momentsOf(s.boundedHeights);
  EXPECT_NEAR(bh.mean, lh.mean, 0.002 * lh.mean);
  EXPECT_NEAR(bh.variance, lh.variance, 0.01 * lh.variance);
  EXPECT_LT(ksDistance(s.loopHeights, s.boundedHeights), ksLimit);
  // The noise alone, standardised: both mean 0 and variance 1, and the same shape.
  const Moments ln = momentsOf(s.loopNoise);
  const Moments bn = momentsOf(s.boundedNoise);
  const double n = static_cast<double>(s.loopNoise.size());
  EXPECT_NEAR(ln.mean, 0.0, 5.0 / std::sqrt(n));
  EXPECT_NEAR(bn.mean, 0.0, 5.0 / std::sqrt(n));
  EXPECT_NEAR(ln.variance, 1.0, 0.02);
  EXPECT_NEAR(bn.variance, 1.0, 0.02);
  EXPECT_LT(ksDistance(s.loopNoise, s.boundedNoise), ksLimit);
}

}  // namespace bounded

TEST(Rectangles, TheArticlesSizesAndThePinnedMapsTakeTheArticlesLoop) {
  Document big = rectDoc(1024, 77);
  setParam(big, "rects", 4096);
  setParam(big, "rect-size", 64);
  for (const Document& spec : {articleDocument("rectangles"), big}) {
    EXPECT_EQ(checksum(raw(spec)),
              checksum(bounded::byMethod(spec, RectanglesMethod::ArticleLoop)));
  }
}

// Without noise both methods give k x zscale/rects: the difference array
// counts exactly the rectangles the loop visits, clipped edges included.
TEST(Rectangles, TheBoundedMethodCountsEveryCellsRectanglesExactly) {
  Document spec = rectDoc(100, 21);
  setParam(spec, "rects", 500);
  setParam(spec, "rect-size", 60);
  setParam(spec, "cell-noise", 0.0);
  const Heightfield loop = bounded::byMethod(spec, RectanglesMethod::ArticleLoop);
  const Heightfield fast = bounded::byMethod(spec, RectanglesMethod::Bounded);
  int covered = 0;
  for (std::size_t i = 0; i < loop.heights.size(); ++i) {
    ASSERT_NEAR(static_cast<double>(fast.heights[i]), static_cast<double>(loop.heights[i]),
                1e-4 * static_cast<double>(loop.heights[i]))
        << i;
    covered += loop.heights[i] > 0.0f;
  }
  EXPECT_GT(covered, 5000);
}

// The article's sizes (128x128, 1024 rectangles of 10: most cells under 0
// to 10 rectangles, so the per-cell sums are drawn term by term), 24 seeds.
TEST(Rectangles, TheBoundedMethodMatchesTheArticleLoopAtTheArticlesSizes) {
  const bounded::Samples s = bounded::sample(articleDocument("rectangles"), 24);
  EXPECT_GT(s.loopNoise.size(), 300000u);
  expectSameDistribution(s, 0.01);
}

// Rectangles that pile up (64x64, 2000 of 64: hundreds per cell), where
// the bounded method draws the sum through its mean and variance.
TEST(Rectangles, TheBoundedMethodMatchesTheArticleLoopWhenRectanglesPileUp) {
  Document spec = rectDoc(64, 1);
  setParam(spec, "rects", 2000);
  setParam(spec, "rect-size", 64);
  const bounded::Samples s = bounded::sample(spec, 24);
  const auto deep = std::count_if(s.cover.begin(), s.cover.end(), [](int k) { return k > 32; });
  EXPECT_GT(static_cast<double>(deep), 0.8 * static_cast<double>(s.cover.size()));
  expectSameDistribution(s, 0.015);
}

TEST(Rectangles, TheBoundedMethodIsTheSameForAnyThreadCount) {
  Document spec = rectDoc(700, 9);
  setParam(spec, "rects", 30000);
  setParam(spec, "rect-size", 400);
  EXPECT_EQ(checksum(bounded::byMethod(spec, RectanglesMethod::Bounded, 1)),
            checksum(bounded::byMethod(spec, RectanglesMethod::Bounded, 2)));
}

// 10^6 rectangles of up to 20480 cells a side on 1025x1025: the article's
// loop would make ~10^12 cell updates (days); bounded, it is the map plus
// the rectangles.
TEST(Rectangles, AMillionHugeRectanglesTakeSecondsNotDays) {
  Document spec = rectDoc(1025, 4);
  setParam(spec, "rects", 1000000);
  setParam(spec, "rect-size", 16384);
  const auto start = std::chrono::steady_clock::now();
  const Heightfield map = testing::run(spec);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 10.0);
  // Every rectangle reaches the far corner (its side is at least 4096).
  EXPECT_EQ(map.at(1024, 1024), 1.0f);
  EXPECT_TRUE(std::all_of(map.heights.begin(), map.heights.end(),
                          [](float h) { return h >= 0.0f && h <= 1.0f; }));
}

}  // namespace
}  // namespace terrain

namespace terrain {
namespace {

// The article's loop is up to 16x the map's cells of work: a cancelled run
// leaves it within a band's rectangle batch, not at the end.
TEST(Rectangles, TheArticlesLoopStopsSoonAfterACancel) {
  RectanglesParams params;
  params.size = 4096;
  params.rects = 20000;
  params.rectSize = 1000;  // about 2 s of work when run to the end
  CancelToken cancel{false};
  std::atomic<bool> looping{false};  // the rectangles are placed: the loop begins
  const RunControl control{Execution{}, &cancel, [&](float fraction) {
                             if (fraction > 0.0f && fraction < 1.0f) looping.store(true);
                           }};
  std::chrono::steady_clock::time_point cancelledAt;
  std::thread canceller([&] {
    while (!looping.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    cancelledAt = std::chrono::steady_clock::now();
    cancel.cancel();
  });
  bool threw = false;
  try {
    generateRectangles(params, 3, control, RectanglesMethod::ArticleLoop);
  } catch (const Cancelled&) {
    threw = true;
  }
  const auto stoppedAt = std::chrono::steady_clock::now();
  canceller.join();
  EXPECT_TRUE(threw);
  const double ms = std::chrono::duration<double, std::milli>(stoppedAt - cancelledAt).count();
  EXPECT_LT(ms, 400.0) << "the loop ran on after the cancel";
}

}  // namespace
}  // namespace terrain
