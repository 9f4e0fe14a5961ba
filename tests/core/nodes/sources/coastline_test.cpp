// Article 002: fractal coastlines on a torus.
#include "core/nodes/sources/coastline.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <set>

#include "core/document/document.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

using testing::checksum;
using testing::estimateHurst;
using testing::paramsOf;
using testing::setParam;

Document coastDoc(int size, std::uint64_t seed) {
  return testing::docWith("coastline", {{"size", size}}, seed);
}

Document randomStart(int size, std::uint64_t seed, int classes, int startCells) {
  Document doc = coastDoc(size, seed);
  setParam(doc, "start", static_cast<int>(CoastStart::Random));
  setParam(doc, "classes", classes);
  setParam(doc, "start-cells", startCells);
  return doc;
}

Document heightsDoc(int size, std::uint64_t seed, double roughness) {
  Document doc = coastDoc(size, seed);
  setParam(doc, "mode", static_cast<int>(CoastMode::Heights));
  setParam(doc, "start", static_cast<int>(CoastStart::Random));
  setParam(doc, "start-cells", 2);
  setParam(doc, "roughness", roughness);
  return doc;
}

int startSideOf(const Document& doc) {
  const CoastlineParams p = paramsOf<CoastlineParams>(doc);
  return p.start == CoastStart::Applet ? 2 : p.startCells;
}

int modeOf(const Document& doc) {
  return static_cast<int>(paramsOf<CoastlineParams>(doc).mode);
}

// Raw output: classes mode gives class / (K-1), exactly.
Heightfield raw(const Document& doc, int threads = 1) {
  validate(doc);
  return generateCoastline(paramsOf<CoastlineParams>(doc), doc.seed, testing::control(threads));
}

int classAt(const Heightfield& map, int x, int y, int classes) {
  return static_cast<int>(std::lround(map.at(x, y) * static_cast<float>(classes - 1)));
}

// True when the map is constant on every aligned block x block square.
bool constantOnBlocks(const Heightfield& map, int block) {
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      if (map.at(x, y) != map.at(x - x % block, y - y % block)) return false;
    }
  }
  return true;
}

TEST(Coastline, SameDocumentGivesTheSameBits) {
  const Document doc = coastDoc(256, 7);
  EXPECT_EQ(checksum(testing::run(doc)), checksum(testing::run(doc)));
}

TEST(Coastline, AnotherSeedGivesAnotherMap) {
  EXPECT_NE(checksum(raw(coastDoc(256, 7))), checksum(raw(coastDoc(256, 8))));
  EXPECT_NE(checksum(raw(heightsDoc(256, 7, 0.5))), checksum(raw(heightsDoc(256, 8, 0.5))));
}

TEST(Coastline, ThreadCountDoesNotChangeTheBits) {
  for (Document doc : {coastDoc(512, 3), randomStart(512, 3, 6, 8), heightsDoc(512, 3, 0.4)}) {
    for (int iterations : {3, 30}) {
      setParam(doc, "iterations", iterations);
      EXPECT_EQ(checksum(raw(doc, 1)), checksum(raw(doc, 2)))
          << "mode " << modeOf(doc) << " iterations " << iterations;
    }
  }
}

TEST(Coastline, GoldenChecksumsArePinned) {
  const Document applet = coastDoc(128, 1);  // the article's applet
  Document terrains = randomStart(256, 42, 6, 4);
  setParam(terrains, "iterations", 5);
  const Document heights = heightsDoc(256, 9, 0.3);
  // Raw heights: the pins do not move if the shared normaliser changes.
  EXPECT_EQ(checksum(raw(applet)), 6343732387745642691ULL);
  EXPECT_EQ(checksum(raw(terrains)), 7016587867249380507ULL);
  EXPECT_EQ(checksum(raw(heights)), 6654168021395011579ULL);
}

// The article's 16x16 example: step 1 is the start pattern in 8x8 blocks,
// then every step halves the blocks.
TEST(Coastline, SixteenBySixteenStepsHalveTheBlocks) {
  Document doc = coastDoc(16, 5);
  ASSERT_EQ(coastlineSource().levels(chainSource(doc.graph).values), 3);
  for (int iterations = 0; iterations <= 3; ++iterations) {
    setParam(doc, "iterations", iterations);
    const int block = 8 >> iterations;
    const Heightfield map = raw(doc);
    EXPECT_TRUE(constantOnBlocks(map, block)) << "iterations " << iterations;
    if (block > 1) {
      // Over a few seeds the next finer level does show up.
      bool finer = false;
      for (std::uint64_t seed = 1; seed <= 8 && !finer; ++seed) {
        Document next = doc;
        next.seed = seed;
        setParam(next, "iterations", iterations + 1);
        finer = !constantOnBlocks(raw(next), block);
      }
      EXPECT_TRUE(finer) << "iterations " << iterations + 1 << " adds no detail";
    }
  }
}

TEST(Coastline, StartsFromTheAppletsSeaAndLandPattern) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    Document doc = coastDoc(16, seed);
    setParam(doc, "iterations", 0);
    const Heightfield map = raw(doc);
    for (int y = 0; y < 16; ++y) {
      for (int x = 0; x < 16; ++x) {
        const float expected = (x >= 8 && y >= 8) ? 1.0f : 0.0f;  // land bottom-right only
        ASSERT_EQ(map.at(x, y), expected) << x << "," << y;
      }
    }
  }
}

// On a torus the last lattice column sits between the one before it and
// column 0 (likewise rows); a map that clamped at the edge would always copy
// the land at (size/2, size/2). Checked on the first level of the applet map.
TEST(Coastline, WrapsLikeATorus) {
  constexpr int kSize = 64;
  constexpr int kQuarter = kSize / 4;
  constexpr int kSeeds = 64;
  int seaRight = 0;   // edge cell between land and column 0
  int seaBelow = 0;   // edge cell between land and row 0
  int seaCorner = 0;  // centre cell: land, or one of 3 wrapped sea corners
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
    Document doc = coastDoc(kSize, seed);
    setParam(doc, "iterations", 1);
    const Heightfield map = raw(doc);
    const float right = map.at(3 * kQuarter, 2 * kQuarter);
    const float below = map.at(2 * kQuarter, 3 * kQuarter);
    const float corner = map.at(3 * kQuarter, 3 * kQuarter);
    for (float h : {right, below, corner}) ASSERT_TRUE(h == 0.0f || h == 1.0f) << h;
    seaRight += right == 0.0f ? 1 : 0;
    seaBelow += below == 0.0f ? 1 : 0;
    seaCorner += corner == 0.0f ? 1 : 0;
  }
  // Fair coins: expected 32, 32 and 48 of 64.
  EXPECT_GT(seaRight, 16);
  EXPECT_LT(seaRight, 48);
  EXPECT_GT(seaBelow, 16);
  EXPECT_LT(seaBelow, 48);
  EXPECT_GT(seaCorner, 32);
  EXPECT_LT(seaCorner, kSeeds);
}

// The seam x = size-1 -> 0 is an ordinary boundary: class changes across it
// are as frequent as across the middle column, the same kind of boundary.
TEST(Coastline, SeamIsNoDifferentFromTheMiddle) {
  constexpr int kSize = 256;
  std::int64_t seamChanges = 0;
  std::int64_t middleChanges = 0;
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    const Heightfield map = raw(randomStart(kSize, seed, 2, 4));
    for (int y = 0; y < kSize; ++y) {
      seamChanges += map.at(kSize - 1, y) != map.at(0, y) ? 1 : 0;
      middleChanges += map.at(kSize / 2 - 1, y) != map.at(kSize / 2, y) ? 1 : 0;
    }
  }
  ASSERT_GT(middleChanges, 20);
  EXPECT_NEAR(static_cast<double>(seamChanges) / static_cast<double>(middleChanges), 1.0, 0.5);
}

TEST(Coastline, AppletStartOnlyHasSeaAndLand) {
  for (int classes : {2, 6}) {
    Document doc = coastDoc(128, 11);
    setParam(doc, "classes", classes);
    const Heightfield map = raw(doc);
    int land = 0;
    for (float h : map.heights) {
      ASSERT_TRUE(h == 0.0f || h == 1.0f) << h;  // class 0 or class K-1
      land += h == 1.0f ? 1 : 0;
    }
    EXPECT_GT(land, 0);
    EXPECT_LT(land, 128 * 128);
  }
}

// Copying never invents a class: every class on the map is on the start grid.
TEST(Coastline, OnlyClassesOfTheStartGridAppear) {
  constexpr int kClasses = 6;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    Document doc = randomStart(128, seed, kClasses, 2);
    setParam(doc, "iterations", 0);
    const Heightfield start = raw(doc);
    std::set<int> startSet;
    for (int gy = 0; gy < 2; ++gy) {
      for (int gx = 0; gx < 2; ++gx) startSet.insert(classAt(start, gx * 64, gy * 64, kClasses));
    }
    ASSERT_LT(startSet.size(), 6U);  // 4 start cells cannot hold all 6 classes
    setParam(doc, "iterations", 30);
    const Heightfield map = raw(doc);
    std::set<int> mapSet;
    for (int y = 0; y < 128; ++y) {
      for (int x = 0; x < 128; ++x) mapSet.insert(classAt(map, x, y, kClasses));
    }
    for (int c : mapSet) EXPECT_TRUE(startSet.count(c)) << "class " << c << " seed " << seed;
  }
}

TEST(Coastline, RandomStartUsesEveryClass) {
  const Heightfield map = raw(randomStart(256, 4, 6, 16));
  std::set<int> seen;
  for (int y = 0; y < 256; ++y) {
    for (int x = 0; x < 256; ++x) seen.insert(classAt(map, x, y, 6));
  }
  EXPECT_EQ(seen.size(), 6U);
}

// Adding iterations keeps the coarse shape: the map with one level fewer is
// the finer map sampled at the top-left corners of its blocks.
TEST(Coastline, AddingIterationsKeepsTheCoarseShape) {
  for (Document doc : {coastDoc(128, 21), randomStart(128, 21, 4, 4)}) {
    const int levels = coastlineSource().levels(chainSource(doc.graph).values);
    for (int k = 0; k < levels; ++k) {
      setParam(doc, "iterations", k);
      const Heightfield coarse = raw(doc);
      setParam(doc, "iterations", k + 1);
      const Heightfield fine = raw(doc);
      const int step = 128 / (startSideOf(doc) << k);
      int mismatches = 0;
      for (int y = 0; y < 128; ++y) {
        for (int x = 0; x < 128; ++x) {
          mismatches += coarse.at(x, y) != fine.at(x - x % step, y - y % step) ? 1 : 0;
        }
      }
      EXPECT_EQ(mismatches, 0) << "iterations " << k << " -> " << k + 1;
    }
  }
}

TEST(Coastline, HeightsModeKeepsTheCoarseLatticeToo) {
  Document doc = heightsDoc(128, 6, 0.5);
  setParam(doc, "iterations", 3);
  const Heightfield coarse = raw(doc);
  setParam(doc, "iterations", 30);
  const Heightfield fine = raw(doc);
  const int step = 128 / (2 << 3);
  for (int y = 0; y < 128; y += step) {
    for (int x = 0; x < 128; x += step) ASSERT_EQ(coarse.at(x, y), fine.at(x, y)) << x << "," << y;
  }
}

// The same seed at twice the size draws the same continents: its even cells
// are the smaller map.
TEST(Coastline, DoublingTheSizeKeepsTheMap) {
  for (Document doc : {coastDoc(128, 31), randomStart(128, 31, 5, 8), heightsDoc(128, 31, 0.4)}) {
    for (int iterations : {2, 30}) {
      setParam(doc, "iterations", iterations);
      setParam(doc, "size", 128);
      const Heightfield small = raw(doc);
      setParam(doc, "size", 256);
      const Heightfield large = raw(doc);
      int mismatches = 0;
      for (int y = 0; y < 128; ++y) {
        for (int x = 0; x < 128; ++x)
          mismatches += small.at(x, y) != large.at(2 * x, 2 * y) ? 1 : 0;
      }
      EXPECT_EQ(mismatches, 0) << "mode " << modeOf(doc) << " iterations " << iterations;
    }
  }
}

TEST(Coastline, HeightsModeRoughnessLowersTheHurstExponent) {
  constexpr int kSize = 512;
  double previous = 2.0;
  for (double roughness : {0.2, 0.5, 0.8}) {
    double sum = 0.0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      sum += estimateHurst(raw(heightsDoc(kSize, seed, roughness)), 16);
    }
    const double hurst = sum / 3.0;
    EXPECT_LT(hurst, previous) << "roughness " << roughness;
    EXPECT_NEAR(hurst, 1.0 - roughness, 0.15) << "roughness " << roughness;
    previous = hurst;
  }
}

TEST(Coastline, HeightsModeFillsSkippedLevelsBilinearly) {
  Document doc = heightsDoc(64, 12, 0.5);
  setParam(doc, "iterations", 1);  // lattice every 16 cells
  const Heightfield map = raw(doc);
  // Halfway between two lattice points along x (wrapping at the right edge).
  for (int y = 0; y < 64; y += 16) {
    for (int x = 0; x < 64; x += 16) {
      const float mid = map.at(x + 8, y);
      const float expected = map.at(x, y) + (map.at((x + 16) % 64, y) - map.at(x, y)) * 0.5f;
      EXPECT_FLOAT_EQ(mid, expected) << x << "," << y;
    }
  }
}

}  // namespace
}  // namespace terrain
