#include "core/look/color.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/base/error.hpp"

namespace terrain {
namespace {

TEST(ColorRamp, LandStopsAreHitExactlyAtTheirPositionsAboveTheWaterLine) {
  const std::vector<Rgb8> land = {{10, 20, 30}, {200, 0, 0}, {0, 200, 0}, {250, 250, 250}};
  const ColorRamp ramp("test", land, {{0, 0, 40}, {0, 0, 200}});
  const float water = 0.25f;
  for (std::size_t i = 0; i < land.size(); ++i) {
    const float h = water + (1.0f - water) * static_cast<float>(i) / 3.0f;
    EXPECT_EQ(ramp.colorAt(h, water), land[i]) << "stop " << i;
  }
}

TEST(ColorRamp, InterpolatesLinearlyBetweenStops) {
  const ColorRamp ramp("test", {{0, 0, 0}, {200, 100, 50}}, {});
  EXPECT_EQ(ramp.colorAt(0.5f, 0.0f), (Rgb8{100, 50, 25}));
  EXPECT_EQ(ramp.colorAt(0.25f, 0.0f), (Rgb8{50, 25, 13}));
}

TEST(ColorRamp, HeightsBelowTheWaterLevelTakeWaterStopsDeepestFirst) {
  const ColorRamp ramp = ColorRamp::earth();
  const auto waterStops = ramp.waterTable(2);
  ASSERT_EQ(waterStops.size(), 2u);
  EXPECT_EQ(ramp.colorAt(0.0f, 0.4f), waterStops.front());  // deepest at the bottom
  const Rgb8 justBelow = ramp.colorAt(0.3999f, 0.4f);
  const Rgb8 atLine = ramp.colorAt(0.4f, 0.4f);
  EXPECT_NEAR(justBelow.b, waterStops.back().b, 1);  // shallow water at the line
  EXPECT_EQ(atLine, ramp.landTable(2).front());      // the beach follows the water line
  EXPECT_NE(justBelow, atLine);
}

TEST(ColorRamp, WaterLevelZeroGivesTheWholeRangeToLand) {
  const ColorRamp ramp = ColorRamp::earth();
  EXPECT_EQ(ramp.colorAt(0.0f, 0.0f), ramp.landTable(2).front());
  EXPECT_EQ(ramp.colorAt(1.0f, 0.0f), ramp.landTable(2).back());
}

TEST(ColorRamp, GrayscaleIsAMonotonePlainHeightmapIgnoringWater) {
  const ColorRamp ramp = ColorRamp::grayscale();
  EXPECT_FALSE(ramp.hasWater());
  EXPECT_EQ(ramp.colorAt(0.0f, 0.5f), (Rgb8{0, 0, 0}));
  EXPECT_EQ(ramp.colorAt(1.0f, 0.5f), (Rgb8{255, 255, 255}));
  int previous = -1;
  for (int i = 0; i <= 1000; ++i) {
    const Rgb8 c = ramp.colorAt(static_cast<float>(i) / 1000.0f, 0.5f);
    EXPECT_EQ(c.r, c.g);
    EXPECT_EQ(c.g, c.b);
    EXPECT_GE(c.r, previous);
    previous = c.r;
  }
}

TEST(ColorRamp, CoastlineIsTheAppletsPureBlueSeaAndGreenLand) {
  const ColorRamp ramp = ColorRamp::coastline();
  for (float h : {0.0f, 0.2f, 0.4999f}) EXPECT_EQ(ramp.colorAt(h, 0.5f), (Rgb8{0, 0, 255})) << h;
  for (float h : {0.5f, 0.7f, 1.0f}) EXPECT_EQ(ramp.colorAt(h, 0.5f), (Rgb8{0, 255, 0})) << h;
}

TEST(ColorRamp, ClampsOutOfRangeAndNanHeights) {
  const ColorRamp ramp = ColorRamp::grayscale();
  EXPECT_EQ(ramp.colorAt(-3.0f, 0.0f), (Rgb8{0, 0, 0}));
  EXPECT_EQ(ramp.colorAt(7.0f, 0.0f), (Rgb8{255, 255, 255}));
  EXPECT_EQ(ramp.colorAt(std::numeric_limits<float>::quiet_NaN(), 0.0f), (Rgb8{0, 0, 0}));
}

TEST(ColorRamp, TablesAreEvenlyResampled) {
  const ColorRamp ramp("test", {{0, 0, 0}, {100, 100, 100}, {0, 0, 0}}, {});
  const auto table = ramp.landTable(5);
  ASSERT_EQ(table.size(), 5u);
  EXPECT_EQ(table[0].r, 0);
  EXPECT_EQ(table[1].r, 50);
  EXPECT_EQ(table[2].r, 100);
  EXPECT_EQ(table[4].r, 0);
  EXPECT_TRUE(ramp.waterTable(5).empty());
}

TEST(ColorLookup, AgreesWithColorAtAndKeepsTheWaterLineExact) {
  for (const ColorRamp& ramp :
       {ColorRamp::earth(), ColorRamp::grayscale(), ColorRamp::coastline()}) {
    const float water = 0.3f;
    const ColorLookup lookup(ramp, water);
    for (int i = 0; i <= 997; ++i) {
      const float h = static_cast<float>(i) / 997.0f;
      const Rgb8 a = lookup(h);
      const Rgb8 b = ramp.colorAt(h, water);
      EXPECT_NEAR(a.r, b.r, 1) << ramp.name() << " " << h;
      EXPECT_NEAR(a.g, b.g, 1) << ramp.name() << " " << h;
      EXPECT_NEAR(a.b, b.b, 1) << ramp.name() << " " << h;
    }
    if (!ramp.hasWater()) continue;
    const float below = std::nextafter(water, 0.0f);
    EXPECT_EQ(lookup(below), ramp.waterTable(2).back()) << ramp.name();
    EXPECT_EQ(lookup(water), ramp.landTable(2).front()) << ramp.name();
  }
}

TEST(ColorRamp, BuiltinsByNameAndUnknownNamesListTheChoices) {
  for (auto name : builtinRampNames()) EXPECT_EQ(builtinRamp(name).name(), name);
  try {
    builtinRamp("sepia");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("sepia"), std::string::npos);
    EXPECT_NE(message.find("grayscale"), std::string::npos);
  }
}

}  // namespace
}  // namespace terrain
