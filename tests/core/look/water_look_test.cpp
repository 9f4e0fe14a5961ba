// The look's lakes and rivers (core/look/water_look.hpp) and the hillshade's
// despeckling (core/look/image.hpp): where water stands, how much it hides,
// and single-cell pits that no longer read as speckle while channels do.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/look/image.hpp"
#include "core/look/water_look.hpp"

namespace terrain {
namespace {

constexpr int kSize = 65;
const World kWorld{2000.0, 300.0};  // 31 m cells, height 1 = 300 m

// Ground falling gently east (it drains off the east edge) with a round
// bowl 30 m deep and 8 cells across in the middle: a lake.
Heightfield bowlOnASlope() {
  Heightfield field(kSize, kSize);
  for (int y = 0; y < kSize; ++y) {
    for (int x = 0; x < kSize; ++x) {
      const double r = std::hypot(x - 32, y - 32);
      const double bowl = r < 8.0 ? 0.1 * (1.0 - (r / 8.0) * (r / 8.0)) : 0.0;
      field.at(x, y) = static_cast<float>(0.6 - 0.3 * x / (kSize - 1) - bowl);
    }
  }
  return field;
}

TEST(WaterLook, ALakeFillsItsBasinFlatAndTheSlopeAroundItStaysDry) {
  const Heightfield field = bowlOnASlope();
  Look look;
  look.water = 0.0;  // no sea
  const WaterLook water = waterLook(field, look, kWorld);
  ASSERT_EQ(water.alpha.size(), field.size());
  const std::size_t centre = field.index(32, 32);
  EXPECT_GT(water.alpha[centre], 0.9f) << "the bowl's deepest cell is under water";
  // The lake's surface is flat: ground + depth is one level over its cells.
  const float level = field.heights[centre] + water.depth[centre];
  int lakeCells = 0;
  for (int y = 26; y <= 38; ++y) {
    for (int x = 26; x <= 38; ++x) {
      const std::size_t i = field.index(x, y);
      if (water.alpha[i] < 0.5f) continue;
      ++lakeCells;
      EXPECT_NEAR(field.heights[i] + water.depth[i], level, 1e-5f) << x << "," << y;
    }
  }
  EXPECT_GT(lakeCells, 20);
  // Up the slope west of the bowl, far from any drainage, it is dry.
  for (int y = 0; y < kSize; y += 8) {
    EXPECT_EQ(water.alpha[field.index(2, y)], 0.0f) << "row " << y;
    EXPECT_EQ(water.depth[field.index(2, y)], 0.0f) << "row " << y;
  }
}

TEST(WaterLook, TheSeaIsLeftToTheWaterLevelsPlaneAndDeeperWaterHidesMore) {
  const Heightfield field = bowlOnASlope();
  Look look;
  look.water = 0.4;  // the eastern third is sea
  const WaterLook water = waterLook(field, look, kWorld);
  EXPECT_EQ(water.alpha[field.index(kSize - 2, 5)], 0.0f) << "sea: drawn by the level's plane";
  EXPECT_NEAR(waterOpacity(0.0), 0.5f, 1e-6f);
  EXPECT_GT(waterOpacity(10.0), 0.94f);
  EXPECT_LT(waterOpacity(2.0), waterOpacity(5.0));
}

// Flat ground at 0.5 with single cells lowered, as droplets leave them.
Heightfield flatWithPits(int size, float pit) {
  Heightfield field(size, size);
  std::fill(field.heights.begin(), field.heights.end(), 0.5f);
  for (int y = 2; y < size - 2; y += 3) {
    for (int x = 2 + (y % 2); x < size - 2; x += 4) field.at(x, y) = 0.5f - pit;
  }
  return field;
}

TEST(Hillshade, SingleCellPitsAreNotShadedButWiderHollowsAndChannelsAre) {
  const Heightfield pits = flatWithPits(33, 0.02f);
  for (int y = 0; y < 33; ++y) {
    for (int x = 0; x < 33; ++x) {
      ASSERT_NEAR(hillshadeAt(pits, x, y), 1.0f, 1e-4f) << x << "," << y;  // inverseSqrt: 1e-5
    }
  }
  // A hollow two cells across is relief, not speckle: it stays shaded.
  Heightfield hollow(33, 33);
  std::fill(hollow.heights.begin(), hollow.heights.end(), 0.5f);
  for (int y = 16; y <= 17; ++y) {
    for (int x = 16; x <= 17; ++x) hollow.at(x, y) = 0.48f;
  }
  EXPECT_LT(hillshadeAt(hollow, 15, 16), 0.97f) << "its east-facing wall, turned from the sun";
  // A channel one cell wide along a diagonal (south-west to north-east)
  // keeps its depth, and its banks are lit as banks: the one facing the
  // north-west sun brighter than flat ground, the other darker.
  Heightfield channel(33, 33);
  std::fill(channel.heights.begin(), channel.heights.end(), 0.5f);
  for (int i = 0; i < 33; ++i) channel.at(i, 32 - i) = 0.48f;
  const std::vector<float> kept = despeckled(channel);
  EXPECT_EQ(kept[channel.index(16, 16)], 0.48f);
  EXPECT_GT(hillshadeAt(channel, 17, 16), 1.02f) << "the south-east bank, facing the sun";
  EXPECT_LT(hillshadeAt(channel, 15, 16), 0.98f) << "the north-west bank";
}

TEST(Hillshade, TheColourMapOfPittedFlatGroundIsOneColour) {
  // The exported colour map and the Map view read the same rule: pitted
  // flat ground shows no speckle (every pixel the flat colour).
  const Heightfield pits = flatWithPits(64, 0.01f);
  const RgbImage image = renderMapImage(pits, ColorRamp::grayscale(), 0.0f, true);
  const Heightfield flat = [] {
    Heightfield f(64, 64);
    std::fill(f.heights.begin(), f.heights.end(), 0.5f);
    return f;
  }();
  const RgbImage plain = renderMapImage(flat, ColorRamp::grayscale(), 0.0f, true);
  int differing = 0;
  for (int y = 0; y < 64; ++y) {
    for (int x = 0; x < 64; ++x) {
      const Rgb8 a = image.at(x, y);
      const Rgb8 b = plain.at(x, y);
      // A pit keeps its own (ramp) colour: 0.01 lower is 2-3 levels darker.
      if (std::abs(int(a.r) - int(b.r)) > 3) ++differing;
    }
  }
  EXPECT_EQ(differing, 0);
}

// The window's generation worker makes the water for each map and must
// give way to a newer request: a raised token stops it with Cancelled
// (not an error the worker would show), a quiet one changes no bit.
TEST(WaterLook, ARaisedCancelTokenStopsItAndAQuietOneChangesNothing) {
  const Heightfield field = bowlOnASlope();
  Look look;
  look.water = 0.0;
  const CancelToken raised(true);
  EXPECT_THROW(waterLook(field, look, kWorld, {}, &raised), Cancelled);
  const CancelToken quiet;
  const WaterLook withToken = waterLook(field, look, kWorld, {}, &quiet);
  const WaterLook without = waterLook(field, look, kWorld);
  EXPECT_EQ(withToken.depth, without.depth);
  EXPECT_EQ(withToken.alpha, without.alpha);
  EXPECT_GT(
      std::count_if(without.alpha.begin(), without.alpha.end(), [](float a) { return a > 0.0f; }),
      0);
}

}  // namespace
}  // namespace terrain
