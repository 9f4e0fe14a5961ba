// Article 003: random rectangles piled onto a flat map.
#include "core/sources/rectangles.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>

#include "core/document.hpp"
#include "test_support.hpp"

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
    EXPECT_TRUE(doc.modifiers.empty());  // no smoothing
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
    const double stack = h / step;
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
    for (float h : map.heights) mean += h;
  }
  mean /= 4.0 * size * size;
  EXPECT_NEAR(mean, expected, 0.05 * expected);
}

}  // namespace
}  // namespace terrain
