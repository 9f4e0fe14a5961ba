// The look a game ships (issue 38 item 10): lakes and rivers drawn where
// the water model puts them, in the Map and 3D views; no speckle from
// single-cell pits in the Map view's hillshade; each material's detail in
// 3D around its one colour. Look at gl_images/look_water_*.png.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "core/look/look.hpp"
#include "core/look/water_look.hpp"
#include "gl_test_support.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

using testing::GlTest;

constexpr int kSize = 65;
const World kWorld{2000.0, 300.0};

// Ground falling gently east with a round bowl 30 m deep, 8 cells across,
// in the middle (as tests/core/look/water_look_test.cpp's).
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

Look dryLook() {
  Look look;
  look.water = 0.0;
  return look;
}

TEST_F(GlTest, TheMapViewDrawsALakeInItsBasinAndLeavesDryLandAsItWas) {
  const Heightfield field = bowlOnASlope();
  TerrainView view;
  view.setTerrain(field, ColorRamp::earth());
  ViewSettings map;
  map.kind = ViewKind::Map;
  map.water = 0.0f;
  constexpr int kImage = 4 * kSize;  // 4 px per cell
  const RgbImage dry = view.renderToImage(map, kImage, kImage);
  view.setWaterBodies(waterLook(field, dryLook(), kWorld));
  const RgbImage wet = view.renderToImage(map, kImage, kImage);
  testing::saveImage(wet, "look_water_map_lake.png");
  const auto at = [&](const RgbImage& image, int x, int y) {
    return image.at(4 * x + 2, 4 * y + 2);
  };
  EXPECT_TRUE(testing::isBluish(at(wet, 32, 32)));
  EXPECT_FALSE(testing::isBluish(at(dry, 32, 32)));
  EXPECT_TRUE(
      testing::colorNear(at(wet, 32, 32),
                         Rgb8{static_cast<std::uint8_t>(kInlandWaterColor[0] * 255.0f + 0.5f),
                              static_cast<std::uint8_t>(kInlandWaterColor[1] * 255.0f + 0.5f),
                              static_cast<std::uint8_t>(kInlandWaterColor[2] * 255.0f + 0.5f)},
                         12))
      << "deep water hides nearly all the ground";
  for (int y = 0; y < kSize; y += 4) {
    ASSERT_TRUE(testing::colorNear(at(wet, 3, y), at(dry, 3, y), 0)) << "dry slope, row " << y;
  }
}

TEST_F(GlTest, The3DViewDrawsTheLakeOverItsBasinAtItsLevel) {
  const Heightfield field = bowlOnASlope();
  TerrainView view;
  view.setTerrain(field, ColorRamp::earth());
  ViewSettings mesh;
  mesh.kind = ViewKind::Mesh;
  mesh.water = 0.0f;
  mesh.camera.yawDegrees = 0.0f;
  mesh.camera.pitchDegrees = 89.0f;
  mesh.camera.isometric = true;
  constexpr int kImage = 256;
  const RgbImage dry = view.renderToImage(mesh, kImage, kImage);
  view.setWaterBodies(waterLook(field, dryLook(), kWorld));
  const RgbImage wet = view.renderToImage(mesh, kImage, kImage);
  testing::saveImage(wet, "look_water_3d_lake.png");
  // Straight down, the map fills the middle of the view: its centre is the lake's.
  EXPECT_TRUE(testing::isBluish(wet.at(kImage / 2, kImage / 2)));
  EXPECT_FALSE(testing::isBluish(dry.at(kImage / 2, kImage / 2)));
  // Seen from the side, the lake's surface is level with the bowl's rim
  // (not sunk onto its floor): it covers pixels the bowl's inner slope
  // showed, so the whole bowl's width is water.
  mesh.camera.pitchDegrees = 25.0f;
  view.setWaterBodies({});
  const RgbImage sideDry = view.renderToImage(mesh, kImage, kImage);
  view.setWaterBodies(waterLook(field, dryLook(), kWorld));
  const RgbImage sideWet = view.renderToImage(mesh, kImage, kImage);
  testing::saveImage(sideWet, "look_water_3d_lake_side.png");
  int blue = 0;
  for (int y = 0; y < kImage; ++y) {
    for (int x = 0; x < kImage; ++x) {
      if (testing::isBluish(sideWet.at(x, y)) && !testing::isBluish(sideDry.at(x, y))) ++blue;
    }
  }
  std::printf("lake pixels seen from the side: %d\n", blue);
  EXPECT_GT(blue, 200);
}

// Flat ground with single cells lowered (as droplets leave them), or with
// hollows two cells across, every 4 cells.
Heightfield pitted(int size, int across) {
  Heightfield field(size, size);
  std::fill(field.heights.begin(), field.heights.end(), 0.5f);
  for (int y = 2; y + across < size - 2; y += 4) {
    for (int x = 2; x + across < size - 2; x += 4) {
      for (int v = 0; v < across; ++v) {
        for (int u = 0; u < across; ++u) field.at(x + u, y + v) = 0.49f;
      }
    }
  }
  return field;
}

// Mean over the image of the brightness's variance in each 3x3 block of
// pixels: 0 for an even colour, large for speckle.
double localVariance(const RgbImage& image) {
  double sum = 0.0;
  int blocks = 0;
  for (int y = 1; y + 1 < image.height; ++y) {
    for (int x = 1; x + 1 < image.width; ++x) {
      double mean = 0.0, square = 0.0;
      for (int v = -1; v <= 1; ++v) {
        for (int u = -1; u <= 1; ++u) {
          const auto b = static_cast<double>(testing::brightness(image.at(x + u, y + v)));
          mean += b / 9.0;
          square += b * b / 9.0;
        }
      }
      sum += square - mean * mean;
      ++blocks;
    }
  }
  return sum / blocks;
}

TEST_F(GlTest, TheMapViewShowsNoSpeckleOverFlatGroundPittedByDroplets) {
  constexpr int kCells = 129;
  ViewSettings map;
  map.kind = ViewKind::Map;
  map.water = 0.0f;
  map.hillshade = true;
  TerrainView view;
  view.setTerrain(pitted(kCells, 1), ColorRamp::grayscale());
  const RgbImage pits = view.renderToImage(map, kCells, kCells);  // a pixel per cell
  view.setTerrain(pitted(kCells, 2), ColorRamp::grayscale());
  const RgbImage hollows = view.renderToImage(map, kCells, kCells);
  testing::saveImage(pits, "look_water_map_pits.png");
  testing::saveImage(hollows, "look_water_map_hollows.png");
  const double pitVariance = localVariance(pits);
  const double hollowVariance = localVariance(hollows);
  std::printf("local variance: single-cell pits %.2f, 2x2 hollows %.2f\n", pitVariance,
              hollowVariance);
  // The pits keep only their own ramp colour (0.01 lower: 2-3 levels);
  // relief two cells across is still shaded, which this measure sees.
  EXPECT_LT(pitVariance, 1.0);
  EXPECT_GT(hollowVariance, 10.0);
}

TEST_F(GlTest, RockIn3DHasDetailAroundItsOneColour) {
  constexpr int kCells = 257;
  Heightfield field(kCells, kCells);
  std::fill(field.heights.begin(), field.heights.end(), 0.5f);
  const std::vector<std::array<std::uint8_t, 4>> rock(field.size(), {0, 255, 0, 0});
  TerrainView view;
  view.setTerrain(field, ColorRamp::earth());
  view.setSplatOverlay(rock);
  ViewSettings mesh;
  mesh.kind = ViewKind::Mesh;
  mesh.water = 0.0f;
  mesh.showOverlay = true;
  mesh.ambientOcclusion = false;
  mesh.camera.yawDegrees = 0.0f;
  mesh.camera.pitchDegrees = 89.0f;
  mesh.camera.isometric = true;
  mesh.camera.distance = 0.25f;  // close: the grain is larger than a pixel
  constexpr int kImage = 256;
  const RgbImage image = view.renderToImage(mesh, kImage, kImage);
  testing::saveImage(image, "look_water_3d_rock_detail.png");
  EXPECT_EQ(testing::differingPixels(image, view.renderToImage(mesh, kImage, kImage), 0), 0)
      << "the same picture every time";
  double sum = 0.0, square = 0.0;
  std::array<double, 3> channels{};
  for (int y = 64; y < 192; ++y) {
    for (int x = 64; x < 192; ++x) {
      const Rgb8 c = image.at(x, y);
      const auto b = static_cast<double>(testing::brightness(c));
      sum += b;
      square += b * b;
      channels[0] += c.r, channels[1] += c.g, channels[2] += c.b;
    }
  }
  const double n = 128.0 * 128.0;
  const double deviation = std::sqrt(square / n - (sum / n) * (sum / n));
  std::printf("rock brightness: mean %.1f, deviation %.2f\n", sum / n, deviation);
  EXPECT_GT(deviation, 3.0) << "grain and strata, not a flat colour";
  // The detail varies the light, not the hue: the mean's chroma is rock's.
  const double total = channels[0] + channels[1] + channels[2];
  const auto& want = kMaterialColors[1];
  const double wantTotal = double(want[0]) + double(want[1]) + double(want[2]);
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(channels[static_cast<std::size_t>(k)] / total,
                double(want[static_cast<std::size_t>(k)]) / wantTotal, 0.03)
        << "channel " << k;
  }
}

}  // namespace
}  // namespace terrain::render
