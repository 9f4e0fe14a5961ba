// The Map view shows what the 3D view shows (issue 38 item 3): with the
// splat overlay, a cell's material has the same colour in both views (one
// definition, core/look/look.hpp's kMaterialColors), and the sea is water in
// both (Islands' sea was speckled sand in the Map view, its materials
// salmon rock there and grey in 3D). Look at gl_images/views_agree_*.png.
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/document/presets.hpp"
#include "core/look/color.hpp"
#include "core/look/splat.hpp"
#include "gl_test_support.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

using testing::GlTest;

constexpr int kImage = 512;

// A colour's share of each channel: the hue and saturation, not the light.
std::array<double, 3> chroma(Rgb8 c) {
  const double sum = std::max(1.0, double(c.r) + double(c.g) + double(c.b));
  return {c.r / sum, c.g / sum, c.b / sum};
}

double chromaDistance(Rgb8 a, Rgb8 b) {
  const auto ca = chroma(a), cb = chroma(b);
  return std::max({std::abs(ca[0] - cb[0]), std::abs(ca[1] - cb[1]), std::abs(ca[2] - cb[2])});
}

// Where the 3D view draws the block's top: the pixels a magenta-only land
// covers, seen straight down through an orthographic camera.
struct Box {
  int x0 = kImage, y0 = kImage, x1 = -1, y1 = -1;
};
Box landBox(const RgbImage& image) {
  Box b;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const Rgb8 c = image.at(x, y);
      if (c.r > 2 * c.g + 20 && c.b > 2 * c.g + 20) {
        b.x0 = std::min(b.x0, x), b.y0 = std::min(b.y0, y);
        b.x1 = std::max(b.x1, x), b.y1 = std::max(b.y1, y);
      }
    }
  }
  return b;
}

// Cells compared and cells whose colours differ between the two views, per
// material (kMaterialCount: the sea), for a preset at 128 with its look.
struct Agreement {
  std::array<int, kMaterialCount + 1> compared{};
  std::array<int, kMaterialCount + 1> differing{};
};
constexpr std::size_t kSea = kMaterialCount;

Agreement compareViews(Document doc, const char* name) {
  setDocumentSize(doc, 128);
  const Heightfield field = runPipeline(doc);
  const std::vector<SplatTexel> splat = computeSplat(field, doc.look, doc.world);
  TerrainView view;
  view.setTerrain(field, ColorRamp::earth());
  view.setSplatOverlay(splat);
  ViewSettings map;
  map.kind = ViewKind::Map;
  map.water = static_cast<float>(doc.look.water);
  map.showOverlay = true;
  ViewSettings mesh = map;
  mesh.kind = ViewKind::Mesh;
  mesh.exaggeration = 0.002f;  // nearly flat: each cell straight below its place
  mesh.camera.yawDegrees = 0.0f;
  mesh.camera.pitchDegrees = 89.0f;
  mesh.camera.isometric = true;
  const RgbImage mapImage = view.renderToImage(map, kImage, kImage);
  const RgbImage meshImage = view.renderToImage(mesh, kImage, kImage);
  testing::saveImage(mapImage, std::string("views_agree_") + name + "_map.png");
  testing::saveImage(meshImage, std::string("views_agree_") + name + "_3d.png");
  ViewSettings marked = mesh;
  marked.water = 0.0f;
  marked.materialColors.fill({1.0f, 0.0f, 1.0f});
  const Box top = landBox(view.renderToImage(marked, kImage, kImage));
  EXPECT_GT(top.x1 - top.x0, kImage / 2) << "the block seen from above";
  Agreement out;
  if (top.x1 - top.x0 <= kImage / 2) return out;
  const int n = field.width;
  const auto inMap = [&](int x, int y) {  // the map fills the square view
    return mapImage.at((2 * x + 1) * kImage / (2 * n), (2 * y + 1) * kImage / (2 * n));
  };
  const auto inMesh = [&](int x, int y) {
    return meshImage.at(top.x0 + x * (top.x1 - top.x0) / (n - 1),
                        top.y0 + y * (top.y1 - top.y0) / (n - 1));
  };
  // Cells inside the sea, and land cells where one material holds at least
  // half the weight, their 3x3 neighbourhood alike (a cell's colour is the
  // blend of its weights in both views, so it is compared as it is).
  const auto material = [&](int x, int y) -> int {
    if (field.at(x, y) < map.water) return static_cast<int>(kSea);
    const auto& w = splat[field.index(x, y)];
    const auto most = std::max_element(w.begin(), w.end());
    return *most >= 128 ? static_cast<int>(most - w.begin()) : -1;
  };
  for (int y = 3; y < n - 3; ++y) {
    for (int x = 3; x < n - 3; ++x) {
      const int m = material(x, y);
      bool alike = m >= 0;
      for (int v = -1; v <= 1 && alike; ++v) {
        for (int u = -1; u <= 1 && alike; ++u) alike = material(x + u, y + v) == m;
      }
      if (!alike) continue;
      const auto k = static_cast<std::size_t>(m);
      ++out.compared[k];
      // The sea is water in both (the map's ramp, the 3D view's plane over
      // it): blue, not sediment's sand; a material is its one colour.
      const bool agree = k == kSea
                             ? testing::isBluish(inMap(x, y)) && testing::isBluish(inMesh(x, y))
                             : chromaDistance(inMap(x, y), inMesh(x, y)) <= 0.04;
      if (!agree) ++out.differing[k];
    }
  }
  std::printf("%s: cells compared (grass, rock, sediment, snow, wet ground, sea):", name);
  for (const int c : out.compared) std::printf(" %d", c);
  std::printf("; differing");
  for (const int d : out.differing) std::printf(" %d", d);
  std::printf("\n");
  return out;
}

TEST_F(GlTest, IslandsMaterialsAndSeaHaveTheSameColoursInTheMapAndIn3D) {
  const Agreement a = compareViews(landformDocument("islands"), "islands");
  EXPECT_GT(a.compared[0], 50) << "grass";
  EXPECT_GT(a.compared[kSea], 500) << "sea";
  for (std::size_t m = 0; m <= kSea; ++m) {
    EXPECT_LE(a.differing[m], a.compared[m] / 20) << "material " << m << " (5: the sea)";
  }
}

// The fifth material too: River valley with the look's wet ground on.
TEST_F(GlTest, WetGroundHasTheSameColourInTheMapAndIn3D) {
  Document doc = landformDocument("river-valley");
  doc.look.wetGround = true;
  const Agreement a = compareViews(doc, "river_valley_wet");
  EXPECT_GT(a.compared[4], 20) << "wet ground";
  EXPECT_GT(a.compared[0], 50) << "grass";
  for (std::size_t m = 0; m <= kSea; ++m) {
    EXPECT_LE(a.differing[m], a.compared[m] / 20) << "material " << m << " (5: the sea)";
  }
}

}  // namespace
}  // namespace terrain::render
