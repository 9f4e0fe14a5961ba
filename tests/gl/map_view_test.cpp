// Map view: the coastline applet's look, with hillshade, zoom and pan.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/look/splat.hpp"
#include "gl_test_support.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

using testing::colorNear;
using testing::GlTest;

ViewSettings mapView(float water, bool hillshade) {
  ViewSettings view;
  view.kind = ViewKind::Map;
  view.water = water;
  view.hillshade = hillshade;
  return view;
}

TEST_F(GlTest, MapShowsWaterBelowTheLevelAndLandRampColoursAbove) {
  const Heightfield field = testing::eastRamp(8);  // column x has height x / 7
  const ColorRamp ramp = ColorRamp::earth();
  TerrainView view;
  view.setTerrain(field, ramp);
  const RgbImage image = view.renderToImage(mapView(0.3f, false), 256, 256);  // 32 px per cell
  testing::saveImage(image, "map_east_ramp.png");
  for (int x = 0; x < 8; ++x) {
    const float h = field.at(x, 0);
    const Rgb8 pixel = image.at(x * 32 + 16, 128);
    EXPECT_TRUE(colorNear(pixel, ramp.colorAt(h, 0.3f), 3)) << "cell " << x << " height " << h;
    EXPECT_EQ(testing::isBluish(pixel), h < 0.3f) << "cell " << x;
  }
}

TEST_F(GlTest, MapCellsAreCrispWhenZoomed) {
  // 4x4 checkerboard; zoom 2 on its top-left quarter shows 2x2 cells of 128 px.
  Heightfield field(4, 4);
  for (int y = 0; y < 4; ++y) {
    for (int x = 0; x < 4; ++x) field.at(x, y) = (x + y) % 2 == 0 ? 0.2f : 0.8f;
  }
  TerrainView view;
  view.setTerrain(field, ColorRamp::grayscale());
  ViewSettings settings = mapView(0.0f, false);
  settings.mapZoom = 2.0f;
  settings.mapCenter = {0.25f, 0.25f};
  const RgbImage image = view.renderToImage(settings, 256, 256);
  testing::saveImage(image, "map_zoomed_checker.png");
  const Rgb8 dark = ColorRamp::grayscale().colorAt(0.2f, 0.0f);
  const Rgb8 light = ColorRamp::grayscale().colorAt(0.8f, 0.0f);
  for (int y = 0; y < 256; y += 3) {
    for (int x = 0; x < 256; x += 3) {
      const bool evenCell = ((x / 128) + (y / 128)) % 2 == 0;
      ASSERT_TRUE(colorNear(image.at(x, y), evenCell ? dark : light, 2))
          << "pixel " << x << "," << y;
    }
  }
}

TEST_F(GlTest, MapPanMovesTheCentre) {
  TerrainView view;
  view.setTerrain(testing::eastRamp(8), ColorRamp::grayscale());
  ViewSettings settings = mapView(0.0f, false);
  settings.mapCenter = {0.0625f, 0.5f};  // the centre of the westmost column
  const RgbImage image = view.renderToImage(settings, 64, 64);
  EXPECT_TRUE(colorNear(image.at(32, 32), ColorRamp::grayscale().colorAt(0.0f, 0.0f), 2));
}

TEST_F(GlTest, MapIsLetterboxedInAWideView) {
  TerrainView view;
  view.setTerrain(testing::eastRamp(8), ColorRamp::grayscale());
  const RgbImage image = view.renderToImage(mapView(0.0f, false), 400, 200);
  // The square map spans x = 100..299; the sides are background.
  const Rgb8 background = image.at(10, 100);
  EXPECT_EQ(background, image.at(390, 100));
  EXPECT_FALSE(colorNear(image.at(105, 100), background, 4));
  // Cells stay square: column 0 covers x = 100..124 (25 px per cell).
  EXPECT_TRUE(colorNear(image.at(112, 100), ColorRamp::grayscale().colorAt(0.0f, 0.0f), 2));
  EXPECT_TRUE(colorNear(image.at(137, 100), ColorRamp::grayscale().colorAt(1.0f / 7.0f, 0.0f), 2));
}

TEST_F(GlTest, AWrappingMapShowsItsNeighboursFaintlyAround) {
  // An 8x8 east ramp at zoom 0.25: 8 px per cell, the map at x, y = 96..159,
  // its copies out to 32..223, background beyond. Column c of a copy shows
  // column c's colour over the background at kCopyStrength (shaders/map.frag).
  Heightfield field = testing::eastRamp(8);
  field.wraps = true;
  const ColorRamp ramp = ColorRamp::grayscale();
  TerrainView view;
  view.setTerrain(field, ramp);
  ViewSettings settings = mapView(0.0f, false);
  settings.mapZoom = 0.25f;
  const RgbImage image = view.renderToImage(settings, 256, 256);
  testing::saveImage(image, "map_wrapping_copies.png");
  const Rgb8 background = image.at(8, 8);
  const auto faint = [&](int column) {
    const Rgb8 c = ramp.colorAt(field.at(column, 0), 0.0f);
    const auto mix = [](std::uint8_t bg, std::uint8_t v) {
      return static_cast<std::uint8_t>(std::lround(bg + (v - bg) * 0.45));
    };
    return Rgb8{mix(background.r, c.r), mix(background.g, c.g), mix(background.b, c.b)};
  };
  for (int column = 0; column < 8; ++column) {
    const int x = 96 + column * 8 + 4;
    EXPECT_TRUE(colorNear(image.at(x, 128), ramp.colorAt(field.at(column, 0), 0.0f), 2))
        << "the map itself, column " << column;
    EXPECT_TRUE(colorNear(image.at(x - 64, 128), faint(column), 3)) << "west copy " << column;
    EXPECT_TRUE(colorNear(image.at(x + 64, 128), faint(column), 3)) << "east copy " << column;
    EXPECT_TRUE(colorNear(image.at(x, 128 - 64), faint(column), 3)) << "north copy " << column;
    EXPECT_TRUE(colorNear(image.at(x + 64, 128 + 64), faint(column), 3)) << "corner " << column;
  }
  // Across the seam the copy continues the map: its last column, then the map's first.
  EXPECT_TRUE(colorNear(image.at(92, 128), faint(7), 3));
  EXPECT_TRUE(colorNear(image.at(100, 128), ramp.colorAt(0.0f, 0.0f), 2));
  // One ring of copies only, and none for a map that does not wrap.
  EXPECT_EQ(image.at(20, 128), background);
  EXPECT_EQ(image.at(240, 128), background);
  field.wraps = false;
  view.setTerrain(field, ramp);
  const RgbImage plain = view.renderToImage(settings, 256, 256);
  EXPECT_EQ(plain.at(96 - 60, 128), background);
  EXPECT_EQ(plain.at(128, 128 + 60), background);
}

// The marker's yellow (render/map_pass: about 2 px wide, dark edges).
bool isMarker(Rgb8 c) {
  return c.r > 230 && c.g > 210 && c.b > 60 && c.b < 120;
}

// Image rows (top first) where most of the columns x0..x1 are marker yellow.
std::vector<int> markerRows(const RgbImage& image, int x0, int x1) {
  std::vector<int> rows;
  for (int y = 0; y < image.height; ++y) {
    int yellow = 0;
    for (int x = x0; x < x1; ++x) yellow += isMarker(image.at(x, y)) ? 1 : 0;
    if (yellow * 10 > (x1 - x0) * 9) rows.push_back(y);
  }
  return rows;
}

TEST_F(GlTest, MapMarksTheSideViewsRowIncludingTheDefaultOne) {
  // A 64-row map in a 256 px square view: 4 px per row, row r centred at 4r + 2.
  TerrainView view;
  view.setTerrain(testing::eastRamp(64), ColorRamp::earth());
  ViewSettings settings = mapView(0.3f, true);
  EXPECT_TRUE(markerRows(view.renderToImage(settings, 256, 256), 0, 256).empty())
      << "no marker unless asked for";
  settings.markCrossSection = true;  // at the default row, the middle
  const RgbImage middle = view.renderToImage(settings, 256, 256);
  testing::saveImage(middle, "map_marker_default_row.png");
  const std::vector<int> rows = markerRows(middle, 0, 256);
  ASSERT_FALSE(rows.empty()) << "the default row is not marked";
  EXPECT_LE(rows.back() - rows.front(), 2) << "one line, about 2 px wide";
  const int row = crossSectionRow(settings.crossSection, 64);
  EXPECT_EQ(row, 32);
  EXPECT_NEAR((rows.front() + rows.back()) / 2.0, 4 * row + 1.5, 1.0);
  settings.crossSection = crossSectionFraction(10, 64);
  const std::vector<int> tenth = markerRows(view.renderToImage(settings, 256, 256), 0, 256);
  ASSERT_FALSE(tenth.empty());
  EXPECT_NEAR((tenth.front() + tenth.back()) / 2.0, 4 * 10 + 1.5, 1.0);
}

TEST_F(GlTest, MapMarkerStaysInPlaceAcrossSizes) {
  // The row is a fraction of the map's height: the same place on a 65, a 257
  // and a 1025 map (one row of the 1025 map is far below a pixel, the line is not).
  ViewSettings settings = mapView(0.3f, false);
  settings.markCrossSection = true;
  settings.crossSection = 0.3f;
  std::vector<double> centres;
  for (int size : {65, 257, 1025}) {
    TerrainView view;
    view.setTerrain(testing::singleHill(size), ColorRamp::earth());
    const RgbImage image = view.renderToImage(settings, 300, 200);  // map: x 50 .. 249
    const std::vector<int> rows = markerRows(image, 55, 245);
    ASSERT_FALSE(rows.empty()) << size;
    EXPECT_LE(rows.back() - rows.front(), 2) << size;
    EXPECT_TRUE(markerRows(image, 0, 45).empty()) << "not across the letterbox, size " << size;
    centres.push_back((rows.front() + rows.back()) / 2.0);
  }
  EXPECT_NEAR(centres[0], 0.3 * 200.0, 2.0);
  EXPECT_NEAR(centres[1], centres[0], 1.5);
  EXPECT_NEAR(centres[2], centres[0], 1.5);
}

TEST(CrossSection, RowsAndFractionsRoundTrip) {
  EXPECT_EQ(crossSectionRow(0.5f, 513), 256);
  EXPECT_EQ(crossSectionRow(0.0f, 513), 0);
  EXPECT_EQ(crossSectionRow(1.0f, 513), 512);
  EXPECT_EQ(crossSectionRow(7.0f, 513), 512) << "clamped";
  EXPECT_EQ(crossSectionRow(std::nanf(""), 17), 8) << "NaN shows the middle";
  EXPECT_EQ(crossSectionRow(0.3f, 1), 0);
  for (int rows : {2, 3, 128, 513, 4097}) {
    for (int row : {0, 1, rows / 3, rows - 1}) {
      EXPECT_EQ(crossSectionRow(crossSectionFraction(row, rows), rows), std::min(row, rows - 1));
    }
  }
  // A row chosen at 257 lands at the same place at 4097 (a size change).
  EXPECT_EQ(crossSectionRow(crossSectionFraction(64, 257), 4097), 1024);
}

TEST_F(GlTest, HillshadeLightsTheSlopeFacingTheNorthWestSun) {
  const Heightfield field = testing::ridge(65);  // west half faces west, east half east
  TerrainView view;
  view.setTerrain(field, ColorRamp::grayscale());
  const RgbImage image = view.renderToImage(mapView(0.0f, true), 260, 260);
  testing::saveImage(image, "map_ridge_hillshade.png");
  // Same heights at mirrored points, so only the light differs.
  for (int offset : {20, 50, 90}) {
    const float west = testing::brightness(image.at(130 - offset, 130));
    const float east = testing::brightness(image.at(130 + offset, 130));
    EXPECT_GT(west, east * 1.3f) << "offset " << offset;
  }
}

TEST_F(GlTest, HillshadeKeepsFlatGroundAndWaterTrue) {
  Heightfield field(16, 16);
  for (float& h : field.heights) h = 0.6f;
  for (int x = 0; x < 8; ++x) {
    for (int y = 0; y < 16; ++y) field.at(x, y) = 0.1f;  // a flat sea in the west
  }
  const ColorRamp ramp = ColorRamp::earth();
  TerrainView view;
  view.setTerrain(field, ramp);
  const RgbImage image = view.renderToImage(mapView(0.3f, true), 160, 160);
  EXPECT_TRUE(colorNear(image.at(140, 80), ramp.colorAt(0.6f, 0.3f), 3));  // flat land
  EXPECT_TRUE(colorNear(image.at(20, 80), ramp.colorAt(0.1f, 0.3f), 3));   // water, unshaded
}

TEST_F(GlTest, HillshadeIsResolutionIndependent) {
  // The same hill sampled at 65 and 257: slopes per map width, same shading.
  const ColorRamp ramp = ColorRamp::grayscale();
  TerrainView coarse;
  coarse.setTerrain(testing::singleHill(65), ramp);
  TerrainView fine;
  fine.setTerrain(testing::singleHill(257), ramp);
  const RgbImage a = coarse.renderToImage(mapView(0.0f, true), 260, 260);
  const RgbImage b = fine.renderToImage(mapView(0.0f, true), 260, 260);
  for (const auto& [x, y] : {std::pair{80, 80}, std::pair{180, 180}, std::pair{90, 170}}) {
    EXPECT_NEAR(testing::brightness(a.at(x, y)), testing::brightness(b.at(x, y)), 12.0f)
        << "pixel " << x << "," << y;
  }
}

// A mask drawn over the map: full colour weight where it is 1, none where
// it is 0, only when asked, and gone with the next terrain.
TEST_F(GlTest, MapOverlayTintsWhereTheMaskIsHigh) {
  const Heightfield field = testing::eastRamp(8);
  const ColorRamp ramp = ColorRamp::grayscale();
  std::vector<float> mask(field.size(), 0.0f);
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 4; ++x) mask[field.index(x, y)] = 1.0f;  // the western half
  }
  TerrainView view;
  view.setTerrain(field, ramp);
  view.setOverlay(mask);
  ViewSettings settings = mapView(0.0f, false);
  settings.showOverlay = true;
  settings.overlayColor = {1.0f, 0.0f, 0.0f};
  const RgbImage tinted = view.renderToImage(settings, 256, 256);
  testing::saveImage(tinted, "map_overlay.png");
  for (int x = 0; x < 8; ++x) {
    const Rgb8 base = ramp.colorAt(field.at(x, 0), 0.0f);
    const Rgb8 pixel = tinted.at(x * 32 + 16, 128);
    if (x < 4) {  // 85% red over the grey
      const auto expect = [](float grey, float target) {
        return static_cast<int>(std::lround(grey * 0.15f + target * 255.0f * 0.85f));
      };
      EXPECT_NEAR(pixel.r, expect(base.r, 1.0f), 3) << "cell " << x;
      EXPECT_NEAR(pixel.g, expect(base.g, 0.0f), 3) << "cell " << x;
    } else {
      EXPECT_TRUE(colorNear(pixel, base, 2)) << "cell " << x;
    }
  }
  settings.showOverlay = false;
  const RgbImage off = view.renderToImage(settings, 256, 256);
  EXPECT_TRUE(colorNear(off.at(16, 128), ramp.colorAt(0.0f, 0.0f), 2));
  view.setTerrain(field, ramp);  // a new terrain drops the old mask
  settings.showOverlay = true;
  const RgbImage next = view.renderToImage(settings, 256, 256);
  EXPECT_TRUE(colorNear(next.at(16, 128), ramp.colorAt(0.0f, 0.0f), 2));
  EXPECT_THROW(view.setOverlay(std::vector<float>(3, 1.0f)), std::invalid_argument);
}

// The splat overlay: each land cell shows the materials' colours blended by
// their weights, as the 3D view does; a blended cell is the weighted mean
// of its materials' colours, not the winner's.
TEST_F(GlTest, SplatOverlayBlendsTheMaterialTintsByWeight) {
  const Heightfield field = testing::eastRamp(8);
  const ColorRamp ramp = ColorRamp::grayscale();
  // Columns 0..3: pure grass, rock, sediment, snow; 4: half grass, half rock;
  // 5..7: a quarter of each.
  std::vector<SplatTexel> weights(field.size());
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) {
      SplatTexel& w = weights[field.index(x, y)];
      if (x < 4) {
        w = {};
        w[static_cast<std::size_t>(x)] = 255;
      } else if (x == 4) {
        w = {128, 127, 0, 0};
      } else {
        w = {64, 64, 64, 63};
      }
    }
  }
  TerrainView view;
  view.setTerrain(field, ramp);
  view.setSplatOverlay(weights);
  ViewSettings settings = mapView(0.0f, false);
  settings.showOverlay = true;
  settings.materialColors = {glm::vec3{1, 0, 0}, glm::vec3{0, 1, 0}, glm::vec3{0, 0, 1},
                             glm::vec3{1, 1, 1}};
  const RgbImage image = view.renderToImage(settings, 256, 256);
  testing::saveImage(image, "map_splat_overlay.png");
  for (int x = 0; x < 8; ++x) {
    const SplatTexel& w = weights[field.index(x, 0)];
    std::array<float, 3> tint{};
    for (std::size_t m = 0; m < 4; ++m) {
      for (int c = 0; c < 3; ++c) {
        tint[static_cast<std::size_t>(c)] +=
            static_cast<float>(w[m]) / 255.0f * settings.materialColors[m][c];
      }
    }
    const auto expect = [](float t) {
      return static_cast<int>(std::lround(std::min(t, 1.0f) * 255.0f));
    };
    const Rgb8 pixel = image.at(x * 32 + 16, 128);
    EXPECT_NEAR(pixel.r, expect(tint[0]), 3) << "cell " << x;
    EXPECT_NEAR(pixel.g, expect(tint[1]), 3) << "cell " << x;
    EXPECT_NEAR(pixel.b, expect(tint[2]), 3) << "cell " << x;
  }
  // A mask after the splat map is drawn as a mask again (one channel).
  std::vector<float> mask(field.size(), 1.0f);
  view.setOverlay(mask);
  settings.overlayColor = {0.0f, 0.0f, 1.0f};
  const RgbImage masked = view.renderToImage(settings, 256, 256);
  const Rgb8 cell0 = masked.at(16, 128);
  EXPECT_LT(cell0.r, 60) << "the mask's blue, not the grass tint's red";
  EXPECT_GT(cell0.b, 180);
  EXPECT_THROW(view.setSplatOverlay(std::vector<SplatTexel>(3)), std::invalid_argument);
}

// From the look's rules to pixels: on a map climbing east from the sea to a
// summit, the overlay shows grass above the water and snow above the snow
// line, in the order the splat map gives them; the sea stays water over
// the splat map's sediment (issue 38: Islands' sea was speckled sand).
TEST_F(GlTest, SplatOverlayShowsTheSplatMapsMaterials) {
  Heightfield field(16, 16);
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 16; ++x) field.at(x, y) = static_cast<float>(x) / 15.0f;
  }
  Look look;
  look.water = 0.2;
  look.snowLine = 0.8;
  look.rockSlope = 89.0;  // a gentle ramp: no rock
  World world;
  world.width = 100000.0;  // metres: the ramp is nearly flat
  const std::vector<SplatTexel> splat = computeSplat(field, look, world);
  const ColorRamp ramp = ColorRamp::earth();
  TerrainView view;
  view.setTerrain(field, ramp);
  view.setSplatOverlay(splat);
  ViewSettings settings = mapView(0.2f, false);
  settings.showOverlay = true;
  const RgbImage image = view.renderToImage(settings, 256, 256);  // 16 px per cell
  testing::saveImage(image, "map_splat_materials.png");
  const auto dominant = [&](int x) {
    const SplatTexel& w = splat[field.index(x, 8)];
    return static_cast<std::size_t>(std::max_element(w.begin(), w.end()) - w.begin());
  };
  ASSERT_EQ(dominant(0), 2u) << "sediment under water";
  ASSERT_EQ(dominant(8), 0u) << "grass between";
  ASSERT_EQ(dominant(15), 3u) << "snow on top";
  const Rgb8 sea = image.at(8, 136);
  const Rgb8 meadow = image.at(8 * 16 + 8, 136);
  const Rgb8 summit = image.at(15 * 16 + 8, 136);
  EXPECT_GT(meadow.g, meadow.r + 30) << "grass is green";
  EXPECT_GT(meadow.g, meadow.b + 30);
  EXPECT_TRUE(colorNear(sea, ramp.colorAt(field.at(0, 8), 0.2f), 3))
      << "the sea is the water's colour, not sediment's";
  EXPECT_GT(sea.b, sea.r + 40) << "water is blue";
  EXPECT_GT(summit.r, 200) << "snow is near white";
  EXPECT_GT(summit.g, 200);
  EXPECT_GT(summit.b, 200);
}

}  // namespace
}  // namespace terrain::render
