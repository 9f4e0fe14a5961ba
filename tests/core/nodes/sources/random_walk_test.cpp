#include "core/nodes/sources/random_walk.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "core/document/document.hpp"
#include "core/nodes/modifiers/smoothing.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

using testing::checksum;
using testing::docWith;
using testing::run;
using testing::setParam;

// The two ways to smooth the walk. Scaled: the `smooth` stage after the
// source (the old `smoothing N`); Article: the article's own in-place
// integer passes inside the source (the old `smoothing-style article`,
// now the source's `article-passes N`).
enum class Style { Scaled, Article };

Document walkDoc(std::uint64_t seed, int size, int smoothing, Style style) {
  Document doc = docWith("random-walk", {{"size", size}}, seed);
  if (smoothing == 0) return doc;
  if (style == Style::Article) {
    setParam(doc, "article-passes", smoothing);
    return doc;
  }
  return testing::withSmooth(doc, smoothing);
}

// The source's raw output: heights in the article's pixels, not normalised,
// with the article's passes but without the modifiers.
Heightfield raw(const Document& doc, int threads = 0) {
  validate(doc);
  return generateRandomWalk(testing::paramsOf<RandomWalkParams>(doc), doc.seed,
                            testing::control(threads));
}

std::vector<int> asInts(const Heightfield& f) {
  std::vector<int> out;
  for (float v : f.heights) {
    out.push_back(static_cast<int>(v));
    EXPECT_EQ(static_cast<float>(out.back()), v) << "not a whole number of pixels";
  }
  return out;
}

TEST(RandomWalk, OneColumnPerSize) {
  const Heightfield f = run(walkDoc(1, 640, 10, Style::Scaled));
  EXPECT_EQ(f.width, 640);
  EXPECT_EQ(f.height, 1);
}

TEST(RandomWalk, SameDocumentSameBitsOtherSeedDiffers) {
  for (auto style : {Style::Scaled, Style::Article}) {
    const Document doc = walkDoc(5, 640, 10, style);
    EXPECT_EQ(checksum(run(doc)), checksum(run(doc)));
    Document other = doc;
    other.seed = 6;
    EXPECT_NE(checksum(run(doc)), checksum(run(other)));
  }
}

TEST(RandomWalk, SameBitsForAnyThreadCount) {
  for (auto style : {Style::Scaled, Style::Article}) {
    const Document doc = walkDoc(9, 1 << 19, 10, style);
    EXPECT_EQ(checksum(run(doc, 1)), checksum(run(doc, 2)));
  }
}

// Pinned once the implementation was checked against the article's claims
// below; a change here changes every saved seed's terrain.
TEST(RandomWalk, GoldenChecksums) {
  // The default document: the walk, the usual 10-pass smooth stage, then a
  // normalise back to the full height range.
  Document expected = walkDoc(1, 640, 10, Style::Scaled);
  appendModifier(expected.graph, "normalise");
  ASSERT_EQ(defaultDocument("random-walk"), expected);
  // Re-pinned: smoothing is now the smooth stage after the source's normalise,
  // then the normalise stage (issue 7).
  EXPECT_EQ(checksum(run(defaultDocument("random-walk"))), 0x085c7a64b8788828ULL);
  EXPECT_EQ(checksum(run(articleDocument("random-walk"))), 0xc85e54a522f8bbecULL);
  Document custom = walkDoc(42, 5000, 3, Style::Scaled);
  setParam(custom, "max-height", 1000);
  setParam(custom, "step-height", 20);
  // Re-pinned: smoothing is now the smooth stage after the source's normalise (issue 7).
  EXPECT_EQ(checksum(run(custom)), 0xc8651f25e7b88ec5ULL);
}

// The re-pins above come from the order alone: smoothing the raw walk and
// then normalising, as before issue 7, still gives the old pins.
TEST(RandomWalk, SmoothingBeforeNormalisingGivesThePreviousGoldens) {
  const auto oldOrder = [](const Document& doc, int passes) {
    Heightfield field = raw(doc);
    smoothScaled(field, passes, false, {});
    normalise(field);
    return checksum(field);
  };
  EXPECT_EQ(oldOrder(walkDoc(1, 640, 0, Style::Scaled), 10), 0x961e46e57ede208eULL);
  Document custom = walkDoc(42, 5000, 0, Style::Scaled);
  setParam(custom, "max-height", 1000);
  setParam(custom, "step-height", 20);
  EXPECT_EQ(oldOrder(custom, 3), 0x74a3dd5f4ad4199bULL);
}

// Before smoothing: every column within [0, maxHeight], every step at most
// stepHeight, whole pixels.
TEST(RandomWalk, WalkStaysInBoundsWithBoundedSteps) {
  for (auto [maxHeight, stepHeight] : {std::pair{300, 6}, std::pair{20, 7}, std::pair{5, 0}}) {
    Document doc = walkDoc(3, 20000, 0, Style::Article);
    setParam(doc, "max-height", maxHeight);
    setParam(doc, "step-height", stepHeight);
    const std::vector<int> h = asInts(raw(doc));
    ASSERT_EQ(h.size(), 20000U);
    EXPECT_LT(h[0], maxHeight);  // the first column: [0, maxHeight)
    bool hitFloor = false;
    bool hitCeiling = false;
    std::vector<int> stepCounts(static_cast<std::size_t>(2 * stepHeight + 1));
    for (std::size_t i = 0; i < h.size(); ++i) {
      ASSERT_GE(h[i], 0);
      ASSERT_LE(h[i], maxHeight);
      hitFloor |= h[i] == 0;
      hitCeiling |= h[i] == maxHeight;
      if (i == 0) continue;
      const int step = h[i] - h[i - 1];
      ASSERT_LE(std::abs(step), stepHeight) << i;
      // Away from the clamps, the step is the drawn one: count them.
      if (h[i] > 0 && h[i] < maxHeight && h[i - 1] > stepHeight &&
          h[i - 1] < maxHeight - stepHeight) {
        ++stepCounts[static_cast<std::size_t>(step + stepHeight)];
      }
    }
    if (maxHeight <= 20) {  // a short range is crossed: both clamps are met
      EXPECT_EQ(hitFloor, stepHeight > 0 || h[0] == 0);
      EXPECT_EQ(hitCeiling, stepHeight > 0);
    }
    // Every step in [-stepHeight, stepHeight] is drawn, about equally often.
    int total = 0;
    for (int c : stepCounts) total += c;
    for (int c : stepCounts) {
      const double expected = double(total) / double(stepCounts.size());
      EXPECT_NEAR(c, expected, 5 * std::sqrt(expected) + 1);
    }
  }
}

TEST(RandomWalk, ArticleStyleIsTheArticlesLoopOnTheWalk) {
  const std::vector<int> walk = asInts(raw(walkDoc(4, 640, 0, Style::Article)));
  std::vector<int> expected = walk;
  const int n = static_cast<int>(expected.size());
  for (int start = 1; start <= 10; ++start) {
    for (int i = start; i < n - 1; i += 2) {
      expected[static_cast<std::size_t>(i)] =
          (expected[static_cast<std::size_t>(i - 1)] + expected[static_cast<std::size_t>(i + 1)]) /
          2;
    }
  }
  EXPECT_EQ(asInts(raw(walkDoc(4, 640, 10, Style::Article))), expected);
}

// The article 000 preset is that loop, 10 passes, on the seed-1 walk, then
// normalised: the article's integer loop run by hand.
TEST(RandomWalk, ArticlePresetIsTheArticlesLoopRunByHand) {
  const Document article = articleDocument("random-walk");
  EXPECT_TRUE(chainOf(article.graph).modifiers.empty());
  EXPECT_EQ(testing::param(article, "article-passes"), 10.0);
  std::vector<int> expected = asInts(raw(walkDoc(1, 640, 0, Style::Article)));
  const int n = static_cast<int>(expected.size());
  for (int start = 1; start <= 10; ++start) {
    for (int i = start; i < n - 1; i += 2) {
      expected[static_cast<std::size_t>(i)] =
          (expected[static_cast<std::size_t>(i - 1)] + expected[static_cast<std::size_t>(i + 1)]) /
          2;
    }
  }
  Heightfield byHand(n, 1);
  for (int i = 0; i < n; ++i) {
    byHand.heights[static_cast<std::size_t>(i)] =
        static_cast<float>(expected[static_cast<std::size_t>(i)]);
  }
  normalise(byHand);
  EXPECT_EQ(checksum(run(article)), checksum(byHand));
}

// The smooth stage is smoothScaled on the normalised walk (issue 7: it runs
// after the source's normalise).
TEST(RandomWalk, ScaledStyleIsSmoothScaledOnTheNormalisedWalk) {
  Heightfield expected = raw(walkDoc(4, 3000, 0, Style::Scaled));
  normalise(expected);
  smoothScaled(expected, 10, false, {});
  EXPECT_EQ(checksum(run(walkDoc(4, 3000, 10, Style::Scaled))), checksum(expected));
}

TEST(RandomWalk, SmoothingMakesTheStepsSmaller) {
  for (auto style : {Style::Scaled, Style::Article}) {
    // Scaled: the smooth stage on the normalised walk (the whole pipeline);
    // Article: the source's own passes on the walk in pixels (raw).
    const auto heights = [style](const Document& doc) {
      return style == Style::Scaled ? run(doc) : raw(doc);
    };
    const Heightfield rough = heights(walkDoc(8, 640, 0, style));
    const Heightfield smooth = heights(walkDoc(8, 640, 10, style));
    double roughSteps = 0.0;
    double smoothSteps = 0.0;
    for (std::size_t i = 1; i < rough.size(); ++i) {
      roughSteps += std::abs(static_cast<double>(rough.heights[i]) -
                             static_cast<double>(rough.heights[i - 1]));
      smoothSteps += std::abs(static_cast<double>(smooth.heights[i]) -
                              static_cast<double>(smooth.heights[i - 1]));
    }
    EXPECT_LT(smoothSteps, 0.7 * roughSteps);
  }
}

}  // namespace
}  // namespace terrain
