// The 3D view's materials (issue 20): with the splat overlay the mesh is
// coloured by the splat map's materials, blended by their weights and lit
// like the terrain, so the designer sees what the engine's splat map gives;
// a mask overlay tints the mesh too; ambient occlusion from the heights
// darkens what sees little sky. Look at gl_images/mesh_materials*.png.
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/document/presets.hpp"
#include "core/look/splat.hpp"
#include "gl_test_support.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

using testing::GlTest;
using SplatTexel = std::array<std::uint8_t, 4>;

ViewSettings fromAbove() {
  ViewSettings view;
  view.kind = ViewKind::Mesh;
  view.water = 0.0f;
  view.exaggeration = 0.05f;
  view.camera.yawDegrees = 0.0f;
  view.camera.pitchDegrees = 89.0f;
  view.showOverlay = true;
  return view;
}

// West half pure grass, east half a blend of rock and snow; the materials
// in primary colours so each channel says how much of which was drawn.
TEST_F(GlTest, MeshMaterialsAreTheSplatWeightsBlendedAndLit) {
  const Heightfield flat(65, 65);
  std::vector<SplatTexel> weights(flat.size());
  for (int y = 0; y < 65; ++y) {
    for (int x = 0; x < 65; ++x) {
      weights[flat.index(x, y)] = x < 32 ? SplatTexel{255, 0, 0, 0} : SplatTexel{0, 128, 0, 127};
    }
  }
  TerrainView view;
  view.setTerrain(flat, ColorRamp::grayscale());
  view.setSplatOverlay(weights);
  ViewSettings settings = fromAbove();
  // Primaries at 0.6, so the materials' detail (which brightens some
  // pixels and darkens others, 1 on average) never clips at white.
  settings.materialColors = {glm::vec3{0.6f, 0, 0}, glm::vec3{0, 0.6f, 0}, glm::vec3{0, 0, 0.6f},
                             glm::vec3{0, 0.3f, 0.6f}};
  const RgbImage image = view.renderToImage(settings, 200, 200);
  testing::saveImage(image, "mesh_materials_primaries.png");
  // Each half's mean colour over a block of pixels: the detail averages out.
  const auto mean = [&image](int x0, int y0) {
    std::array<double, 3> sum{};
    for (int y = y0; y < y0 + 60; ++y) {
      for (int x = x0; x < x0 + 40; ++x) {
        const Rgb8 c = image.at(x, y);
        sum[0] += c.r, sum[1] += c.g, sum[2] += c.b;
      }
    }
    return Rgb8{static_cast<std::uint8_t>(std::lround(sum[0] / 2400.0)),
                static_cast<std::uint8_t>(std::lround(sum[1] / 2400.0)),
                static_cast<std::uint8_t>(std::lround(sum[2] / 2400.0))};
  };
  const Rgb8 west = mean(40, 70), east = mean(120, 70);
  EXPECT_GT(west.r, 60);  // grass drawn red, nothing else
  EXPECT_LT(west.g + west.b, 8);
  // Half rock (green), half snow (0, 0.5, 1): green 0.75, blue 0.5 of the light.
  EXPECT_LT(east.r, 8);
  EXPECT_NEAR(double(east.b) / double(east.g), 0.5 / 0.75, 0.06);
  // The same light on both halves: the lit channel levels agree.
  EXPECT_NEAR(double(west.r), double(east.g) / 0.75, 6.0);
  // Without the overlay the ramp's greys come back.
  settings.showOverlay = false;
  const Rgb8 plain = view.renderToImage(settings, 200, 200).at(60, 100);
  EXPECT_NEAR(plain.r, plain.g, 3);
}

TEST_F(GlTest, MeshShowsAMaskOverlayInItsColour) {
  const Heightfield flat(65, 65);
  std::vector<float> mask(flat.size(), 0.0f);
  for (int y = 0; y < 65; ++y) {
    for (int x = 40; x < 65; ++x) mask[flat.index(x, y)] = 1.0f;
  }
  TerrainView view;
  view.setTerrain(flat, ColorRamp::grayscale());
  view.setOverlay(mask);
  ViewSettings settings = fromAbove();
  settings.overlayColor = {0.0f, 0.0f, 1.0f};
  const RgbImage image = view.renderToImage(settings, 200, 200);
  const Rgb8 plain = image.at(40, 100), masked = image.at(170, 100);
  EXPECT_NEAR(plain.r, plain.b, 3);
  EXPECT_GT(masked.b, masked.r + 40);
}

// The Alpine preset at 513 with its materials, as a designer sees it.
TEST_F(GlTest, AlpineShowsRockSnowSedimentAndGrassIn3D) {
  Document doc = landformDocument("alpine");
  doc.seed = 5;
  setDocumentSize(doc, 513);
  const Heightfield field = runPipeline(doc);
  TerrainView view;
  view.setTerrain(field, ColorRamp::grayscale());
  view.setSplatOverlay(computeSplat(field, doc.look, doc.world));
  ViewSettings settings;
  settings.kind = ViewKind::Mesh;
  settings.water = static_cast<float>(doc.look.water);
  settings.exaggeration = static_cast<float>(doc.view.exaggeration);
  settings.showOverlay = true;
  const RgbImage image = view.renderToImage(settings, 640, 400);
  testing::saveImage(image, "mesh_materials_alpine.png");
  // Where each material is drawn: the pixels that change when its colour
  // alone turns magenta.
  int counts[4] = {};
  for (std::size_t m = 0; m < 4; ++m) {
    ViewSettings marked = settings;
    marked.materialColors[m] = {1.0f, 0.0f, 1.0f};
    counts[m] = testing::differingPixels(image, view.renderToImage(marked, 640, 400), 6);
  }
  std::printf("alpine 3D: grass %d, rock %d, sediment %d, snow %d pixels of %d\n", counts[0],
              counts[1], counts[2], counts[3], image.width * image.height);
  for (int m = 0; m < 4; ++m) EXPECT_GT(counts[m], 200) << "material " << m;
}

// Ambient occlusion: the floor of a narrow trench sees little sky and is
// darker with it than without; open flat ground sees all of it and looks
// the same either way.
TEST_F(GlTest, AmbientOcclusionDarkensATrenchFloorAndLeavesFlatGroundAlone) {
  Heightfield trench(129, 129);
  for (int y = 0; y < 129; ++y) {
    for (int x = 0; x < 129; ++x) trench.at(x, y) = std::abs(x - 64) <= 3 ? 0.0f : 0.6f;
  }
  TerrainView view;
  view.setTerrain(trench, ColorRamp("plain", {{200, 200, 200}}, {}));
  ViewSettings settings = fromAbove();
  settings.showOverlay = false;
  settings.exaggeration = 0.3f;
  const RgbImage shaded = view.renderToImage(settings, 200, 200);
  settings.ambientOcclusion = false;
  const RgbImage plain = view.renderToImage(settings, 200, 200);
  testing::saveImage(shaded, "mesh_ambient_occlusion_trench.png");
  // The trench's floor: the darkest pixel across the middle of the picture.
  int floorX = 80;
  for (int x = 80; x < 120; ++x) {
    if (testing::brightness(shaded.at(x, 100)) < testing::brightness(shaded.at(floorX, 100))) {
      floorX = x;
    }
  }
  const float floorShaded = testing::brightness(shaded.at(floorX, 100));
  const float floorPlain = testing::brightness(plain.at(floorX, 100));
  EXPECT_LT(floorShaded, 0.6f * floorPlain) << "the trench's floor, x " << floorX;
  // The high ground far from the trench's edge: open sky.
  EXPECT_NEAR(testing::brightness(shaded.at(20, 100)), testing::brightness(plain.at(20, 100)),
              2.0f);
  const Heightfield flat(65, 65);
  view.setTerrain(flat, ColorRamp("plain", {{200, 200, 200}}, {}));
  settings.ambientOcclusion = true;
  const RgbImage flatShaded = view.renderToImage(settings, 200, 200);
  settings.ambientOcclusion = false;
  EXPECT_LE(testing::differingPixels(flatShaded, view.renderToImage(settings, 200, 200), 1), 0);
}

}  // namespace
}  // namespace terrain::render
