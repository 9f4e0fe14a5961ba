// One look, two renderers: the GPU map view and the CPU colour map that
// export writes are drawn from the same definition (core/look/look.hpp), so they
// agree pixel by pixel, whatever the sun and relief.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <tuple>

#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/export/outputs.hpp"
#include "core/look/image.hpp"
#include "core/nodes/registry.hpp"
#include "gl_test_support.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {
namespace {

using testing::GlTest;

struct Difference {
  int worst = 0;        // largest channel difference, levels
  double mean = 0.0;    // mean channel difference
  double beyond = 0.0;  // share of pixels with a channel off by more than 4
};

Difference compare(const RgbImage& a, const RgbImage& b) {
  Difference d;
  long sum = 0;
  long far = 0;
  for (int y = 0; y < a.height; ++y) {
    for (int x = 0; x < a.width; ++x) {
      const Rgb8 p = a.at(x, y);
      const Rgb8 q = b.at(x, y);
      const int dr = std::abs(p.r - q.r);
      const int dg = std::abs(p.g - q.g);
      const int db = std::abs(p.b - q.b);
      const int m = std::max({dr, dg, db});
      d.worst = std::max(d.worst, m);
      sum += dr + dg + db;
      far += m > 4 ? 1 : 0;
    }
  }
  const double pixels = static_cast<double>(a.width) * a.height;
  d.mean = static_cast<double>(sum) / (3.0 * pixels);
  d.beyond = static_cast<double>(far) / pixels;
  return d;
}

// The map view at one pixel per cell, as the document's look says.
RgbImage mapViewOf(const Document& doc, const Heightfield& field, const ColorRamp& ramp) {
  TerrainView view;
  view.setTerrain(field, ramp);
  ViewSettings settings;
  settings.kind = ViewKind::Map;
  settings.water = static_cast<float>(doc.look.water);
  settings.hillshade = resolvedHillshade(doc);
  const auto sun = sunDirection(doc.look);
  settings.sun = glm::vec3(sun[0], sun[1], sun[2]);
  settings.relief = static_cast<float>(doc.look.relief);
  return view.renderToImage(settings, field.width, field.height);
}

// The colour map export writes, as an image.
RgbImage exportedColourMap(const Document& doc, const Heightfield& field, const ColorRamp& ramp) {
  return renderMapImage(field, ramp, static_cast<float>(doc.look.water),
                        Shading::of(doc.look, resolvedHillshade(doc)));
}

Document lookDocument(double azimuth, double elevation, double relief) {
  Document doc = defaultDocument("diamond-square");
  doc.seed = 9;
  const SourceStage& source = sourceStage(chainSource(doc.graph).type);
  chainSource(doc.graph).values[source.sizeIndex()] = 257;
  doc.look.water = 0.3;
  doc.look.hillshade = HillshadeChoice::On;
  doc.look.sunAzimuth = azimuth;
  doc.look.sunElevation = elevation;
  doc.look.relief = relief;
  return doc;
}

TEST_F(GlTest, TheMapViewAndTheExportedColourMapAgreeForAnySun) {
  for (const auto& [azimuth, elevation, relief] :
       {std::tuple{315.0, 45.0, 0.5}, std::tuple{120.0, 20.0, 2.0}, std::tuple{200.0, 70.0, 0.1}}) {
    SCOPED_TRACE(::testing::Message()
                 << "sun " << azimuth << "/" << elevation << " relief " << relief);
    const Document doc = lookDocument(azimuth, elevation, relief);
    const Heightfield field = runPipeline(doc);
    const ColorRamp ramp = loadLookRamp(doc);
    const RgbImage gpu = mapViewOf(doc, field, ramp);
    const RgbImage cpu = exportedColourMap(doc, field, ramp);
    ASSERT_EQ(gpu.width, cpu.width);
    ASSERT_EQ(gpu.height, cpu.height);
    testing::saveImage(gpu, "look_map_view.png");
    testing::saveImage(cpu, "look_colour_map.png");
    const Difference d = compare(gpu, cpu);
    std::printf(
        "map view vs colour map, sun %.0f/%.0f relief %.1f: mean %.3f, worst %d, "
        "share > 4 levels %.5f\n",
        azimuth, elevation, relief, d.mean, d.worst, d.beyond);
    EXPECT_LT(d.mean, 1.0) << "worst " << d.worst;
    EXPECT_LE(d.worst, 3) << "mean " << d.mean;  // ramp tables and 8.8 fixed-point shading
  }
}

// The comparison above can fail: a different sun is a different picture in
// both renderers, by far more than they differ from each other.
TEST_F(GlTest, AnotherSunIsAnotherPictureInBothRenderers) {
  const Document a = lookDocument(315.0, 45.0, 1.0);
  const Document b = lookDocument(135.0, 45.0, 1.0);
  const Heightfield field = runPipeline(a);
  const ColorRamp ramp = loadLookRamp(a);
  const Difference cpu =
      compare(exportedColourMap(a, field, ramp), exportedColourMap(b, field, ramp));
  const Difference gpu = compare(mapViewOf(a, field, ramp), mapViewOf(b, field, ramp));
  EXPECT_GT(cpu.mean, 5.0);
  EXPECT_GT(gpu.mean, 5.0);
  EXPECT_GT(cpu.beyond, 0.3);
  EXPECT_GT(gpu.beyond, 0.3);
}

}  // namespace
}  // namespace terrain::render
