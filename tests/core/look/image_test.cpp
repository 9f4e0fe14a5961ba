// Map and side-view images: what each pixel shows.
#include "core/look/image.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace terrain {
namespace {

int brightness(Rgb8 c) {
  return c.r + c.g + c.b;
}

// A map whose heights rise linearly from left to right (or top to bottom).
Heightfield ramp2d(int size, bool alongX, float from, float to) {
  Heightfield field(size, size);
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      const float t = static_cast<float>(alongX ? x : y) / static_cast<float>(size - 1);
      field.at(x, y) = from + (to - from) * t;
    }
  }
  return field;
}

TEST(MapImage, WaterPixelsExactlyWhereTheHeightIsBelowTheLevel) {
  const Heightfield field = ramp2d(64, true, 0.0f, 1.0f);
  const float water = 0.37f;
  for (bool shade : {false, true}) {
    const RgbImage image = renderMapImage(field, ColorRamp::coastline(), water, shade);
    ASSERT_EQ(image.width, 64);
    ASSERT_EQ(image.height, 64);
    for (int y = 0; y < 64; ++y) {
      for (int x = 0; x < 64; ++x) {
        const bool wet = field.at(x, y) < water;
        const Rgb8 c = image.at(x, y);
        if (wet) {
          EXPECT_EQ(c, (Rgb8{0, 0, 255})) << x << "," << y;  // flat water: never shaded
        } else {
          EXPECT_EQ(c.r, 0) << x << "," << y;
          EXPECT_EQ(c.b, 0) << x << "," << y;
          EXPECT_GT(c.g, 100) << x << "," << y;
        }
      }
    }
  }
}

TEST(MapImage, WithoutHillshadeEachPixelIsItsRampColour) {
  const Heightfield field = ramp2d(33, false, 0.0f, 1.0f);
  const ColorRamp ramp = ColorRamp::earth();
  const RgbImage image = renderMapImage(field, ramp, 0.3f, false);
  for (int y = 0; y < 33; ++y) {
    const Rgb8 want = ramp.colorAt(field.at(5, y), 0.3f);
    const Rgb8 got = image.at(5, y);
    EXPECT_NEAR(got.r, want.r, 1) << y;
    EXPECT_NEAR(got.g, want.g, 1) << y;
    EXPECT_NEAR(got.b, want.b, 1) << y;
  }
}

TEST(MapImage, HillshadeLightsSlopesFacingTheNorthWestSun) {
  // A roof: rising eastwards on the left half (faces west), falling on the right.
  Heightfield roof(65, 65);
  for (int y = 0; y < 65; ++y) {
    for (int x = 0; x < 65; ++x)
      roof.at(x, y) = 0.8f - 0.6f * static_cast<float>(std::abs(x - 32)) / 32.0f;
  }
  const RgbImage image = renderMapImage(roof, ColorRamp::grayscale(), 0.0f, true);
  const RgbImage flat = renderMapImage(roof, ColorRamp::grayscale(), 0.0f, false);
  // Same heights on both sides, so only the shading differs.
  EXPECT_GT(brightness(image.at(16, 30)), brightness(flat.at(16, 30)));
  EXPECT_LT(brightness(image.at(48, 30)), brightness(flat.at(48, 30)));
  EXPECT_GT(brightness(image.at(16, 30)), brightness(image.at(48, 30)));

  // North-facing (rising southwards... facing north = falling towards -y).
  const Heightfield north = ramp2d(65, false, 0.6f, 0.2f);  // high in the north: faces south
  const Heightfield south = ramp2d(65, false, 0.2f, 0.6f);  // high in the south: faces north
  const auto shadeN = hillshadeAt(south, 32, 32);
  const auto shadeS = hillshadeAt(north, 32, 32);
  EXPECT_GT(shadeN, 1.0f);
  EXPECT_LT(shadeS, 1.0f);
}

TEST(MapImage, HillshadeIsOneOnFlatGroundAndStaysInItsRange) {
  Heightfield flat(16, 16);
  for (float& h : flat.heights) h = 0.5f;
  EXPECT_NEAR(hillshadeAt(flat, 0, 0), 1.0f, 1e-4);
  EXPECT_NEAR(hillshadeAt(flat, 7, 9), 1.0f, 1e-4);
  // A slope whose normal points at the sun is as bright as allowed ...
  Heightfield facing(16, 16);
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 16; ++x) facing.at(x, y) = 0.09f * static_cast<float>(x + y);
  }
  EXPECT_FLOAT_EQ(hillshadeAt(facing, 8, 8), kHillshadeMax);
  // ... and a cliff facing away as dark as allowed.
  Heightfield cliff(16, 16);
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 16; ++x) cliff.at(x, y) = x < 8 ? 1.0f : 0.0f;
  }
  EXPECT_FLOAT_EQ(hillshadeAt(cliff, 8, 5), kHillshadeMin);
}

TEST(MapImage, HillshadeIsResolutionIndependent) {
  // The same landform (a plane tilted across the whole map) at two sizes.
  const Heightfield small = ramp2d(65, true, 0.2f, 0.5f);
  const Heightfield large = ramp2d(513, true, 0.2f, 0.5f);
  EXPECT_NEAR(hillshadeAt(small, 32, 32), hillshadeAt(large, 256, 256), 1e-4);
  EXPECT_NE(hillshadeAt(small, 32, 32), 1.0f);
}

TEST(MapImage, SameImageForEveryThreadCount) {
  Heightfield field(257, 190);
  for (std::size_t i = 0; i < field.size(); ++i) {
    field.heights[i] = static_cast<float>((i * 2654435761u) % 1000) / 999.0f;
  }
  const RgbImage one = renderMapImage(field, ColorRamp::earth(), 0.3f, true, Execution{1});
  const RgbImage many = renderMapImage(field, ColorRamp::earth(), 0.3f, true, Execution{0});
  EXPECT_EQ(one.pixels, many.pixels);
  RgbImage reused(3, 3);  // another size: resized, then every pixel rewritten
  renderMapImage(field, ColorRamp::earth(), 0.3f, true, reused);
  EXPECT_EQ(reused.width, 257);
  EXPECT_EQ(reused.pixels, one.pixels);
}

TEST(SideView, SkyAboveTheProfileGroundBelowColouredByItsOwnHeight) {
  Heightfield profile(4, 1);
  for (float& h : profile.heights) h = 0.5f;
  const RgbImage image = renderSideViewImage(profile, ColorRamp::grayscale(), 0.0f, 8, 100);
  int previousGrey = 256;
  for (int y = 0; y < 100; ++y) {
    const float e = sideViewElevation(y, 100);
    const Rgb8 c = image.at(3, y);
    if (e >= 0.5f) {
      EXPECT_EQ(c, kSkyColor) << y;
    } else {
      // Article 000: each pixel from the gradient at its own height.
      EXPECT_NEAR(c.r, e * 255.0f, 1.0f) << y;
      EXPECT_LE(c.r, previousGrey) << y;  // darker towards the bottom
      previousGrey = c.r;
    }
  }
  EXPECT_LT(image.at(3, 99).r, 5);  // the bottom row is the ramp's lowest colour
}

TEST(SideView, ElevationsSpanZeroToOneBelowTheHeadroom) {
  EXPECT_NEAR(sideViewElevation(99, 100), 0.5f / 90.0f, 1e-6);
  EXPECT_NEAR(sideViewElevation(10, 100), 89.5f / 90.0f, 1e-6);
  EXPECT_GT(sideViewElevation(0, 100), 1.0f);  // headroom: sky above the highest peak
}

TEST(SideView, WaterFillsFromTheGroundUpToTheLevelOverLowGround) {
  Heightfield profile(2, 1);
  profile.heights = {0.1f, 0.8f};
  const ColorRamp ramp = ColorRamp::earth();
  const float water = 0.4f;
  const RgbImage image = renderSideViewImage(profile, ramp, water, 2, 200);
  const ColorLookup lookup(ramp, water);
  for (int y = 0; y < 200; ++y) {
    const float e = sideViewElevation(y, 200);
    const Rgb8 low = image.at(0, y);   // ground at 0.1
    const Rgb8 high = image.at(1, y);  // ground at 0.8
    if (e >= 0.8f) {
      EXPECT_EQ(low, kSkyColor) << y;
      EXPECT_EQ(high, kSkyColor) << y;
    } else if (e >= water) {
      EXPECT_EQ(low, kSkyColor) << y;
      EXPECT_EQ(high, lookup(e)) << y;  // dry ground
    } else if (e >= 0.1f) {
      EXPECT_EQ(low, lookup(e)) << y;  // water, deeper is darker
      EXPECT_GT(low.b, low.r) << y;
      EXPECT_NE(high, low) << y;  // ground under water is not water
    } else {
      EXPECT_NE(low, lookup(e)) << y;  // seabed
    }
  }
}

TEST(SideView, WaterOverARampWithoutWaterStopsIsStillShown) {
  Heightfield profile(1, 1);
  profile.heights = {0.0f};
  const RgbImage image = renderSideViewImage(profile, ColorRamp::grayscale(), 0.5f, 1, 100);
  EXPECT_EQ(image.at(0, 0), kSkyColor);
  const Rgb8 wet = image.at(0, 90);
  EXPECT_NE(wet, kSkyColor);
  EXPECT_GT(wet.b, wet.r);
}

TEST(SideView, InterpolatesLinearlyWhenWiderThanTheProfile) {
  Heightfield profile(3, 1);
  profile.heights = {0.0f, 1.0f, 0.2f};
  EXPECT_FLOAT_EQ(sideViewGround(profile, 0, 5), 0.0f);
  EXPECT_FLOAT_EQ(sideViewGround(profile, 1, 5), 0.5f);
  EXPECT_FLOAT_EQ(sideViewGround(profile, 2, 5), 1.0f);
  EXPECT_FLOAT_EQ(sideViewGround(profile, 3, 5), 0.6f);
  EXPECT_FLOAT_EQ(sideViewGround(profile, 4, 5), 0.2f);
  // And the picture follows: column 1 is ground up to half height.
  const RgbImage image = renderSideViewImage(profile, ColorRamp::grayscale(), 0.0f, 5, 100);
  for (int y = 0; y < 100; ++y) {
    EXPECT_EQ(image.at(1, y) == kSkyColor, sideViewElevation(y, 100) >= 0.5f) << y;
  }
}

TEST(SideView, NarrowPeaksSurviveDownsampling) {
  Heightfield profile(1000, 1);
  profile.heights[537] = 1.0f;
  float highest = 0.0f;
  for (int x = 0; x < 10; ++x) highest = std::max(highest, sideViewGround(profile, x, 10));
  EXPECT_EQ(highest, 1.0f);
}

TEST(SideView, CrossSectionOfAHeightmapRow) {
  const Heightfield map = ramp2d(9, false, 0.0f, 0.8f);
  const Heightfield row = crossSection(map, 4);
  EXPECT_TRUE(row.isProfile());
  EXPECT_EQ(row.width, 9);
  for (float h : row.heights) EXPECT_FLOAT_EQ(h, 0.4f);
  EXPECT_THROW(crossSection(map, 9), std::out_of_range);
}

}  // namespace
}  // namespace terrain
