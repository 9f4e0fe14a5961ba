// 3D view of big maps: detail finer than a pixel is filtered (a mip chain of
// the heights, sampled at the pixel's footprint), so the same seed looks as
// clean at 4097 as at 513 instead of turning to salt-and-pepper speckle.
#include <cmath>
#include <cstdio>
#include <string>

#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/nodes/registry.hpp"
#include "gl_test_support.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

using testing::GlTest;

bool isSky(Rgb8 c) {
  return c.b > c.r + 15;
}

// Pixel-to-pixel roughness of the picture's terrain: the mean absolute
// Laplacian of brightness (0..255 scale) over pixels whose four neighbours
// are terrain too (the silhouette's edge is left out). Speckle raises it;
// relief shaded smoothly at the pixel scale keeps it low.
double highFrequencyEnergy(const RgbImage& image) {
  double sum = 0.0;
  long count = 0;
  for (int y = 1; y + 1 < image.height; ++y) {
    for (int x = 1; x + 1 < image.width; ++x) {
      const Rgb8 c = image.at(x, y);
      const Rgb8 n[4] = {image.at(x - 1, y), image.at(x + 1, y), image.at(x, y - 1),
                         image.at(x, y + 1)};
      if (isSky(c) || isSky(n[0]) || isSky(n[1]) || isSky(n[2]) || isSky(n[3])) continue;
      double laplacian = 4.0 * static_cast<double>(testing::brightness(c));
      for (const Rgb8& m : n) laplacian -= static_cast<double>(testing::brightness(m));
      sum += std::abs(laplacian);
      ++count;
    }
  }
  return count > 0 ? sum / static_cast<double>(count) : 0.0;
}

RgbImage renderDiamondSquare(TerrainView& view, int size, int width, int height) {
  // Diamond-square: the same seed at any size is the same landscape.
  Document doc = defaultDocument("diamond-square");
  doc.seed = 42;
  const SourceStage& source = sourceStage(chainSource(doc.graph).type);
  chainSource(doc.graph).values[source.sizeIndex()] = size;
  chainSource(doc.graph).values[*source.indexOf("roughness")] = 0.3;
  view.setTerrain(runPipeline(doc), ColorRamp::earth());
  ViewSettings settings;
  settings.kind = ViewKind::Mesh;
  settings.water = 0.0f;
  return view.renderToImage(settings, width, height);
}

TEST_F(GlTest, MeshOfA4097MapIsAsCleanAsThe513MapOfTheSameSeed) {
  TerrainView view;
  const RgbImage small = renderDiamondSquare(view, 513, 640, 400);
  const RgbImage large = renderDiamondSquare(view, 4097, 640, 400);
  const RgbImage medium = renderDiamondSquare(view, 1025, 640, 400);
  testing::saveImage(small, "mesh_detail_513.png");
  testing::saveImage(medium, "mesh_detail_1025.png");
  testing::saveImage(large, "mesh_detail_4097.png");
  const double e513 = highFrequencyEnergy(small);
  const double e1025 = highFrequencyEnergy(medium);
  const double e4097 = highFrequencyEnergy(large);
  RecordProperty("energy_513", std::to_string(e513));
  RecordProperty("energy_1025", std::to_string(e1025));
  RecordProperty("energy_4097", std::to_string(e4097));
  std::printf("high-frequency energy 513 %.2f 1025 %.2f 4097 %.2f\n", e513, e1025, e4097);
  EXPECT_GT(e513, 1.0) << "the measure should see the relief's shading at all";
  EXPECT_LT(e1025, e513 * 1.2) << "1025 speckles";
  EXPECT_LT(e4097, e513 * 1.2) << "4097 speckles";
  EXPECT_GT(e4097, e513 * 0.6) << "4097 is blurred, not just filtered";
  // The same landscape: most pixels within a small difference of the 513 picture.
  EXPECT_LT(testing::differingPixels(small, large, 40), 640 * 400 / 20);
}

}  // namespace
}  // namespace terrain::render
