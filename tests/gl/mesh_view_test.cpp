// 3D view: sun-lit terrain block, translucent water, camera and exaggeration.
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include <glm/gtc/matrix_transform.hpp>

#include "gl_test_support.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

using testing::GlTest;

// One colour everywhere, so brightness differences come from the light alone.
ColorRamp plainRamp() {
  return ColorRamp("plain", {{200, 200, 200}}, {});
}

// Straight down from the south, north up on screen: x east = right.
ViewSettings topDown(float exaggeration = 0.25f) {
  ViewSettings view;
  view.kind = ViewKind::Mesh;
  view.water = 0.0f;
  view.exaggeration = exaggeration;
  view.camera.yawDegrees = 0.0f;
  view.camera.pitchDegrees = 89.0f;
  return view;
}

Heightfield basin(int size) {
  Heightfield field = testing::singleHill(size);
  for (float& h : field.heights) h = 1.0f - h;
  return field;
}

TEST_F(GlTest, MeshLightsSlopesFacingTheSunMore) {
  TerrainView view;
  view.setTerrain(testing::ridge(129), plainRamp());
  const RgbImage image = view.renderToImage(topDown(), 200, 200);
  testing::saveImage(image, "mesh_ridge_top_down.png");
  for (int offset : {15, 35}) {
    const float west = testing::brightness(image.at(100 - offset, 100));
    const float east = testing::brightness(image.at(100 + offset, 100));
    EXPECT_GT(west, east * 1.25f) << "the west slope faces the north-west sun; offset " << offset;
  }
}

TEST_F(GlTest, MeshLightsTheHillsNorthWestFaceMore) {
  TerrainView view;
  view.setTerrain(testing::singleHill(129), plainRamp());
  const RgbImage image = view.renderToImage(topDown(0.5f), 200, 200);
  const float northWest = testing::brightness(image.at(80, 80));
  const float southEast = testing::brightness(image.at(120, 120));
  EXPECT_GT(northWest, southEast * 1.3f);
}

TEST_F(GlTest, MeshShowsTheWaterPlaneOverLowGround) {
  const ColorRamp ramp = ColorRamp::earth();
  TerrainView view;
  view.setTerrain(basin(129), ramp);
  ViewSettings settings = topDown();
  settings.water = 0.5f;
  const RgbImage wet = view.renderToImage(settings, 200, 200);
  testing::saveImage(wet, "mesh_basin_water.png");
  EXPECT_TRUE(testing::isBluish(wet.at(100, 100))) << "the lake in the middle";
  EXPECT_FALSE(testing::isBluish(wet.at(100 - 55, 100))) << "dry rim";
  settings.water = 0.0f;
  const RgbImage dry = view.renderToImage(settings, 200, 200);
  EXPECT_FALSE(testing::isBluish(dry.at(100, 100)));
}

// Seen from the south, just above the ground: the sky is blue, the red
// terrain is not, lit or in shade (grey in shade takes the sky's blue).
ViewSettings fromTheSouth(float exaggeration) {
  ViewSettings view = topDown(exaggeration);
  view.camera.pitchDegrees = 12.0f;
  return view;
}

// The first row from the top at column x that is not sky (image.height
// when the column is all sky).
ColorRamp redRamp() {
  return ColorRamp("red", {{200, 60, 40}}, {});
}

int skyline(const RgbImage& image, int x) {
  for (int y = 0; y < image.height; ++y) {
    if (!testing::isBluish(image.at(x, y))) return y;
  }
  return image.height;
}

// The columns where the terrain shows, [first, last].
std::pair<int, int> terrainColumns(const RgbImage& image) {
  int first = image.width;
  int last = -1;
  for (int x = 0; x < image.width; ++x) {
    if (skyline(image, x) < image.height) {
      first = std::min(first, x);
      last = x;
    }
  }
  return {first, last};
}

TEST_F(GlTest, MeshPictureFollowsTheHeights) {
  Heightfield east = testing::eastRamp(129);
  Heightfield west = east;
  for (float& h : west.heights) h = 1.0f - h;
  TerrainView view;
  view.setTerrain(east, redRamp());
  const RgbImage risingEast = view.renderToImage(fromTheSouth(0.5f), 160, 120);
  view.setTerrain(west, redRamp());  // same size: texture upload only
  const RgbImage risingWest = view.renderToImage(fromTheSouth(0.5f), 160, 120);
  testing::saveImage(risingEast, "mesh_east_ramp_from_south.png");
  testing::saveImage(risingWest, "mesh_west_ramp_from_south.png");

  const auto [first, last] = terrainColumns(risingEast);
  ASSERT_LT(first + 40, last) << "the block fills the middle of the picture";
  const int quarter = (last - first) / 4;
  // The skyline climbs towards the high side, column by column...
  for (int x = first + 1; x <= last; ++x) {
    EXPECT_LE(skyline(risingEast, x), skyline(risingEast, x - 1) + 1) << "column " << x;
  }
  const auto [westFirst, westLast] = terrainColumns(risingWest);
  for (int x = westFirst + 1; x <= westLast; ++x) {
    EXPECT_GE(skyline(risingWest, x) + 1, skyline(risingWest, x - 1)) << "column " << x;
  }
  // ...and by much more than a pixel's noise over the block.
  EXPECT_GT(skyline(risingEast, first + quarter), skyline(risingEast, last - quarter) + 8);
  EXPECT_GT(skyline(risingWest, westLast - quarter), skyline(risingWest, westFirst + quarter) + 8);
}

TEST_F(GlTest, MeshExaggerationChangesThePicture) {
  TerrainView view;
  view.setTerrain(testing::singleHill(129), redRamp());
  const RgbImage flat = view.renderToImage(fromTheSouth(0.0f), 160, 120);
  const RgbImage tall = view.renderToImage(fromTheSouth(1.0f), 160, 120);
  testing::saveImage(tall, "mesh_hill_from_south.png");
  // Flat, the block's far edge is a level skyline; exaggerated, the hill
  // rises above it in the middle.
  const auto hump = [](const RgbImage& image) {
    const auto [first, last] = terrainColumns(image);
    const int side = (last - first) / 8;
    return std::min(skyline(image, first + side), skyline(image, last - side)) -
           skyline(image, (first + last) / 2);
  };
  EXPECT_LE(std::abs(hump(flat)), 5) << "the least exaggeration the view keeps is a low relief";
  EXPECT_GT(hump(tall), hump(flat) + 15);
}

TEST_F(GlTest, MeshWireframeAndIsometricChangeThePicture) {
  TerrainView view;
  view.setTerrain(testing::singleHill(65), ColorRamp::earth());
  ViewSettings settings;
  settings.kind = ViewKind::Mesh;
  const RgbImage filled = view.renderToImage(settings, 160, 120);
  settings.wireframe = true;
  EXPECT_GT(testing::differingPixels(filled, view.renderToImage(settings, 160, 120)), 500);
  settings.wireframe = false;
  settings.camera.isometric = true;
  EXPECT_GT(testing::differingPixels(filled, view.renderToImage(settings, 160, 120)), 500);
}

TEST_F(GlTest, MeshDefaultCameraFramesTheWholeMap) {
  // A raised plateau: every edge of the block must be inside the picture.
  Heightfield field(65, 65);
  for (float& h : field.heights) h = 0.6f;
  TerrainView view;
  view.setTerrain(field, plainRamp());
  ViewSettings settings;
  settings.kind = ViewKind::Mesh;
  const RgbImage image = view.renderToImage(settings, 320, 180);
  auto isSky = [](Rgb8 c) { return c.b > c.r + 15; };
  int ground = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const bool sky = isSky(image.at(x, y));
      if (!sky) ++ground;
      if (x == 0 || y == 0 || x == image.width - 1 || y == image.height - 1) {
        ASSERT_TRUE(sky) << "the map touches the border at " << x << "," << y;
      }
    }
  }
  EXPECT_GT(ground, image.width * image.height / 5)
      << "the map should fill a good part of the view";
}

// Where the terrain is in a picture (everything that is not sky): its
// bounding rectangle and whether it touches the border.
struct Silhouette {
  int left = 1 << 20, top = 1 << 20, right = -1, bottom = -1;
  bool touchesBorder = false;
};

Silhouette silhouette(const RgbImage& image) {
  auto isSky = [](Rgb8 c) { return c.b > c.r + 15; };
  Silhouette s;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      if (isSky(image.at(x, y))) continue;
      s.left = std::min(s.left, x);
      s.right = std::max(s.right, x);
      s.top = std::min(s.top, y);
      s.bottom = std::max(s.bottom, y);
      if (x == 0 || y == 0 || x == image.width - 1 || y == image.height - 1) s.touchesBorder = true;
    }
  }
  return s;
}

TEST_F(GlTest, MeshFramesTheWholeBlockForAnyExaggerationAndWindowShape) {
  // A plateau at the highest height fills the block's bounding box: its
  // silhouette is the box's. Reset framing must keep it off every border of
  // a narrow, a square and a wide view, at the slider's top exaggeration, and
  // fill the view along the tighter side (not a tiny block in the middle).
  Heightfield plateau(65, 65);
  for (float& h : plateau.heights) h = 1.0f;
  TerrainView view;
  view.setTerrain(plateau, plainRamp());
  for (bool isometric : {false, true}) {
    for (float exaggeration : {0.25f, 0.9f, 1.0f}) {
      for (glm::ivec2 size : {glm::ivec2(120, 400), glm::ivec2(300, 300), glm::ivec2(480, 150)}) {
        ViewSettings settings;
        settings.kind = ViewKind::Mesh;
        settings.water = 0.0f;
        settings.exaggeration = exaggeration;
        settings.camera.isometric = isometric;
        const RgbImage image = view.renderToImage(settings, size.x, size.y);
        const std::string name = std::string(isometric ? "iso" : "persp") + " exaggeration " +
                                 std::to_string(exaggeration) + " " + std::to_string(size.x) + "x" +
                                 std::to_string(size.y);
        if (exaggeration == 1.0f) {
          testing::saveImage(image, "mesh_framing_" + std::string(isometric ? "iso_" : "") +
                                        std::to_string(size.x) + "x" + std::to_string(size.y) +
                                        ".png");
        }
        const Silhouette s = silhouette(image);
        EXPECT_FALSE(s.touchesBorder) << name;
        const float width = static_cast<float>(s.right - s.left + 1) / static_cast<float>(size.x);
        const float height = static_cast<float>(s.bottom - s.top + 1) / static_cast<float>(size.y);
        EXPECT_GT(std::max(width, height), 0.8f) << name << ": the block should fill the view";
        // Centred: the margins left and right (top and bottom) within a few pixels.
        EXPECT_NEAR(s.left, size.x - 1 - s.right, 0.04 * size.x + 2) << name;
        EXPECT_NEAR(s.top, size.y - 1 - s.bottom, 0.04 * size.y + 2) << name;
      }
    }
  }
}

TEST_F(GlTest, MeshResetReframesAfterOrbitAndZoom) {
  TerrainView view;
  view.setTerrain(testing::singleHill(129), ColorRamp::earth());
  ViewSettings settings;
  settings.kind = ViewKind::Mesh;
  settings.exaggeration = 0.9f;
  const RgbImage framed = view.renderToImage(settings, 200, 400);
  EXPECT_FALSE(silhouette(framed).touchesBorder) << "the hill's peak must not be cut off";
  settings.camera.rotate(120.0f, 40.0f);
  settings.camera.zoom(8.0f);
  settings.camera.panBy(30.0f, -20.0f);
  EXPECT_TRUE(silhouette(view.renderToImage(settings, 200, 400)).touchesBorder)
      << "zoomed in, the block fills the view past its borders";
  settings.camera.reset();
  EXPECT_EQ(testing::differingPixels(framed, view.renderToImage(settings, 200, 400), 0), 0);
}

TEST(OrbitCamera, RotateClampsThePitchAndZoomTheDistance) {
  OrbitCamera camera;
  camera.rotate(0.0f, 10000.0f);
  EXPECT_LE(camera.pitchDegrees, 89.0f);
  camera.rotate(0.0f, -10000.0f);
  EXPECT_GE(camera.pitchDegrees, 5.0f);
  const float before = camera.distance;
  camera.zoom(1.0f);
  EXPECT_LT(camera.distance, before);
  camera.zoom(-2.0f);
  EXPECT_GT(camera.distance, before);
  const float yaw = camera.yawDegrees;
  camera.rotate(50.0f, 0.0f);
  EXPECT_NE(camera.yawDegrees, yaw);
}

TEST(OrbitCamera, PanMovesTheTargetAndResetRestoresTheDefaults) {
  OrbitCamera camera;
  camera.isometric = true;
  camera.panBy(100.0f, 40.0f);
  camera.rotate(30.0f, 20.0f);
  camera.zoom(3.0f);
  EXPECT_NE(camera.pan, glm::vec2(0.0f));
  camera.reset();
  const OrbitCamera defaults;
  EXPECT_EQ(camera.pan, defaults.pan);
  EXPECT_EQ(camera.yawDegrees, defaults.yawDegrees);
  EXPECT_EQ(camera.pitchDegrees, defaults.pitchDegrees);
  EXPECT_EQ(camera.distance, defaults.distance);
  EXPECT_TRUE(camera.isometric) << "reset keeps the chosen projection";
}

TEST(OrbitCamera, IsometricIsOrthographic) {
  OrbitCamera camera;
  const Box3 block{{-0.5f, 0.0f, -0.5f}, {0.5f, 0.25f, 0.5f}};
  EXPECT_EQ(camera.pose(block, 1.5f).projection[2][3], -1.0f);  // perspective divide by -z
  camera.isometric = true;
  const glm::mat4 ortho = camera.pose(block, 1.5f).projection;
  EXPECT_EQ(ortho[2][3], 0.0f);
  EXPECT_EQ(ortho[3][3], 1.0f);
}

}  // namespace
}  // namespace terrain::render
