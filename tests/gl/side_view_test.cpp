// Side view (articles 000 and 001): sky above the profile, ground below
// coloured by its own height, water over low ground, linear interpolation.
#include <vector>

#include "gl_test_support.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

using testing::colorNear;
using testing::GlTest;

// The renderer's vertical layout: heights 0 and 1 at these fractions of the
// view height (render/side_pass.hpp kSideBand), measured from the bottom.
constexpr float kBandLow = 0.04f;
constexpr float kBandHigh = 0.90f;

Heightfield profile(std::vector<float> samples) {
  Heightfield field(static_cast<int>(samples.size()), 1);
  field.heights = std::move(samples);
  return field;
}

ViewSettings sideView(float water) {
  ViewSettings view;
  view.kind = ViewKind::Side;
  view.water = water;
  return view;
}

// Image row (top first) whose pixel centre shows height h.
int rowForHeight(float h, int imageHeight) {
  const float fromBottom =
      (kBandLow + (kBandHigh - kBandLow) * h) * static_cast<float>(imageHeight);
  return imageHeight - 1 - static_cast<int>(fromBottom);
}

// The sky is blue-white; grayscale ground has r == g == b.
bool isSky(Rgb8 c) {
  return c.b > c.r + 15;
}

// Topmost ground row in a column, or -1.
int skyline(const RgbImage& image, int x) {
  for (int y = 0; y < image.height; ++y) {
    if (!isSky(image.at(x, y))) return y;
  }
  return -1;
}

TEST_F(GlTest, SideViewInterpolatesATwoSampleProfileIntoADiagonal) {
  TerrainView view;
  view.setTerrain(profile({0.0f, 1.0f}), ColorRamp::grayscale());
  const RgbImage image = view.renderToImage(sideView(0.0f), 200, 100);
  testing::saveImage(image, "side_two_samples.png");
  int previous = image.height;
  for (int x = 2; x < 198; x += 4) {
    const float ground = (static_cast<float>(x) + 0.5f) / 200.0f;
    const int top = skyline(image, x);
    EXPECT_NEAR(top, rowForHeight(ground, 100), 1.5) << "column " << x;
    EXPECT_LE(top, previous) << "the edge must rise steadily, column " << x;
    previous = top;
  }
}

TEST_F(GlTest, SideViewColoursGroundByThePixelsOwnHeight) {
  // Article 000: a column is a gradient, not one colour per column.
  const ColorRamp ramp = ColorRamp::grayscale();
  TerrainView view;
  view.setTerrain(profile({1.0f, 1.0f, 1.0f}), ramp);
  const RgbImage image = view.renderToImage(sideView(0.0f), 100, 200);
  for (float h : {0.1f, 0.4f, 0.7f, 0.95f}) {
    EXPECT_TRUE(colorNear(image.at(50, rowForHeight(h, 200)), ramp.colorAt(h, 0.0f), 5)) << h;
  }
  EXPECT_TRUE(isSky(image.at(50, 5)));
}

TEST_F(GlTest, SideViewFillsWaterOverLowGroundUpToTheLevel) {
  const ColorRamp ramp = ColorRamp::earth();
  TerrainView view;
  view.setTerrain(profile({0.8f, 0.8f, 0.1f, 0.1f, 0.1f, 0.8f, 0.8f}), ramp);
  const RgbImage image = view.renderToImage(sideView(0.4f), 300, 200);
  testing::saveImage(image, "side_lake.png");
  const int middle = 150;  // over the 0.1 section
  EXPECT_TRUE(colorNear(image.at(middle, rowForHeight(0.25f, 200)), ramp.colorAt(0.25f, 0.4f), 4))
      << "water between the ground (0.1) and the level (0.4)";
  EXPECT_TRUE(colorNear(image.at(middle, rowForHeight(0.38f, 200)), ramp.colorAt(0.38f, 0.4f), 4));
  EXPECT_TRUE(isSky(image.at(middle, rowForHeight(0.5f, 200)))) << "no water above the level";
  EXPECT_TRUE(isSky(image.at(middle, 3)));
  // Over the high sections, ground up to 0.8 in land colours.
  EXPECT_TRUE(colorNear(image.at(10, rowForHeight(0.6f, 200)), ramp.colorAt(0.6f, 0.4f), 4));
  EXPECT_TRUE(isSky(image.at(10, rowForHeight(0.85f, 200))));
}

TEST_F(GlTest, SideViewFillsTheGroundDownToTheBottomRow) {
  // Below height 0 lies the band's bottom margin (4 % of the view): it shows
  // the ground's foot in height 0's colour, never a black strip, with and
  // without water, for a profile that touches 0 (as every normalised one does).
  const ColorRamp ramp = ColorRamp::earth();
  TerrainView view;
  view.setTerrain(profile({0.0f, 0.7f, 0.2f, 0.9f, 0.0f}), ramp);
  for (float water : {0.0f, 0.3f}) {
    const RgbImage image = view.renderToImage(sideView(water), 400, 800);
    testing::saveImage(image, "side_bottom_water" + std::to_string(water) + ".png");
    const int margin = 800 - rowForHeight(0.0f, 800);  // rows below height 0
    ASSERT_GE(margin, 30);
    for (int x = 0; x < 400; x += 7) {
      const Rgb8 foot = image.at(x, rowForHeight(0.0f, 800) + 3);
      for (int y = image.height - margin + 3; y < image.height; y += 4) {
        EXPECT_TRUE(colorNear(image.at(x, y), foot, 6))
            << "water " << water << " at " << x << "," << y;
      }
      EXPECT_GT(testing::brightness(image.at(x, image.height - 1)), 50.0f)
          << "dark bottom row, water " << water << " column " << x;
    }
    if (water == 0.0f) {
      EXPECT_TRUE(colorNear(image.at(200, image.height - 1), ramp.colorAt(0.0f, 0.0f), 6))
          << "dry ground's foot has height 0's land colour";
    }
  }
}

TEST_F(GlTest, SideViewOfAHeightmapShowsTheChosenRow) {
  // Row y has height y / 15: the cross-section's level tells the row.
  Heightfield field(16, 16);
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 16; ++x) field.at(x, y) = static_cast<float>(y) / 15.0f;
  }
  TerrainView view;
  view.setTerrain(field, ColorRamp::grayscale());
  ViewSettings settings = sideView(0.0f);
  for (int row : {3, 12}) {
    settings.crossSection = crossSectionFraction(row, 16);
    const RgbImage image = view.renderToImage(settings, 100, 200);
    EXPECT_NEAR(skyline(image, 50), rowForHeight(static_cast<float>(row) / 15.0f, 200), 1.5) << row;
  }
  settings.crossSection = ViewSettings{}.crossSection;  // the default: the middle row, 8
  const RgbImage middle = view.renderToImage(settings, 100, 200);
  EXPECT_NEAR(skyline(middle, 50), rowForHeight(8.0f / 15.0f, 200), 1.5);
}

TEST_F(GlTest, SideViewHandlesProfilesLongerThanTheTextureLimit) {
  GLint limit = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &limit);
  const int samples = limit * 2 + 5;  // folded over three texture rows
  std::vector<float> heights(static_cast<std::size_t>(samples));
  for (int i = 0; i < samples; ++i) {
    heights[static_cast<std::size_t>(i)] = static_cast<float>(i) / static_cast<float>(samples - 1);
  }
  TerrainView view;
  view.setTerrain(profile(std::move(heights)), ColorRamp::grayscale());
  const RgbImage image = view.renderToImage(sideView(0.0f), 200, 100);
  for (int x : {10, 70, 130, 190}) {
    EXPECT_NEAR(skyline(image, x), rowForHeight((static_cast<float>(x) + 0.5f) / 200.0f, 100), 1.5)
        << "column " << x;
  }
}

TEST_F(GlTest, ProfilesShowTheirSideViewInEveryViewKind) {
  TerrainView view;
  view.setTerrain(profile({0.2f, 0.9f, 0.4f}), ColorRamp::earth());
  ViewSettings settings = sideView(0.3f);
  const RgbImage side = view.renderToImage(settings, 120, 80);
  settings.kind = ViewKind::Map;
  EXPECT_EQ(testing::differingPixels(side, view.renderToImage(settings, 120, 80), 0), 0);
  settings.kind = ViewKind::Mesh;
  EXPECT_EQ(testing::differingPixels(side, view.renderToImage(settings, 120, 80), 0), 0);
}

}  // namespace
}  // namespace terrain::render
