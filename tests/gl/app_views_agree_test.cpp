// The window's Map view draws a splat overlay in the materials' own colours
// (core/look/look.hpp's kMaterialColors, the 3D view's: GlTest.IslandsMaterials-
// AndSeaHaveTheSameColoursInTheMapAndIn3D compares the two views cell by
// cell) and keeps the sea water (issue 38 item 3: Islands' sea was
// speckled sand, its rock salmon). Islands as a designer opens it, through
// the test driver; the cells its screenshot shows are the same document's
// through the core pipeline.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/document/pipeline.hpp"
#include "core/document/presets.hpp"
#include "core/io/png_io.hpp"
#include "core/look/color.hpp"
#include "core/look/look.hpp"
#include "core/look/splat.hpp"
#include "tests/gl/app_test.hpp"
#include "tests/support/app_process.hpp"

namespace terrain::testing {
namespace {

class AppViewsAgree : public AppWindowTest {
 protected:
  AppViewsAgree() : AppWindowTest("terrain-views-") {}
};

std::array<double, 3> chromaOf(double r, double g, double b) {
  const double sum = std::max(1e-9, r + g + b);
  return {r / sum, g / sum, b / sum};
}

TEST_F(AppViewsAgree, IslandsMapViewShowsTheMaterialsColoursAndTheSeaAsWater) {
  constexpr int kSide = 256;
  const fs::path shot = dir_ / "islands-map.png";
  const AppRun r = runDriver({"--preset", "islands", "--size", std::to_string(kSide), "--view",
                              "map", "--frames", "3", "--screenshot", shot.string()},
                             dir_, {{"XDG_CONFIG_HOME", (dir_ / "config").string()}});
  ASSERT_EQ(r.status, 0) << r.err;
  const RgbImage image = readPngRgb8(shot.string());
  ASSERT_EQ(image.width, 1280);
  ASSERT_EQ(image.height, 800);
  Document doc = landformDocument("islands");
  setDocumentSize(doc, kSide);
  const Heightfield field = runPipeline(doc);
  const auto splat = computeSplat(field, doc.look, doc.world);
  // The view right of the panel, the square map letterboxed in it at zoom 1.
  const int viewWidth = image.width - kPanelWidth;
  const int side = std::min(viewWidth, image.height);
  const int left = kPanelWidth + (viewWidth - side) / 2;
  const int top = (image.height - side) / 2;
  const auto pixel = [&](int x, int y) {
    return image.at(left + (2 * x + 1) * side / (2 * kSide),
                    top + (2 * y + 1) * side / (2 * kSide));
  };
  const auto sea = [&](int x, int y) {
    return static_cast<double>(field.at(x, y)) < doc.look.water;
  };
  int seaCells = 0, seaWrong = 0, landCells = 0, landWrong = 0;
  for (int y = 2; y < kSide - 2; ++y) {
    if (std::abs(y - kSide / 2) < 4) continue;  // the side view's row line
    for (int x = 2; x < kSide - 2; ++x) {
      bool alike = true;
      for (int v = -1; v <= 1 && alike; ++v) {
        for (int u = -1; u <= 1 && alike; ++u) alike = sea(x + u, y + v) == sea(x, y);
      }
      if (!alike) continue;
      const Rgb8 c = pixel(x, y);
      if (sea(x, y)) {
        ++seaCells;
        seaWrong += c.b > c.r + 20 && c.b >= c.g ? 0 : 1;
        continue;
      }
      // The weights' blend of the materials' colours, shaded grey by the
      // hillshade: its hue. (Snow's near-white clips where it is lit.)
      const auto& w = splat[field.index(x, y)];
      if (w[3] > 0) continue;
      std::array<double, 3> blend{};
      for (std::size_t m = 0; m < kMaterialCount; ++m) {
        for (std::size_t k = 0; k < 3; ++k)
          blend[k] += w[m] / 255.0 * static_cast<double>(kMaterialColors[m][k]);
      }
      const auto want = chromaOf(blend[0], blend[1], blend[2]);
      const auto got = chromaOf(c.r, c.g, c.b);
      ++landCells;
      const double off = std::max(
          {std::abs(want[0] - got[0]), std::abs(want[1] - got[1]), std::abs(want[2] - got[2])});
      landWrong += off > 0.04 ? 1 : 0;
    }
  }
  std::printf("islands map view: %d sea cells, %d not water; %d land cells, %d off their colour\n",
              seaCells, seaWrong, landCells, landWrong);
  EXPECT_GT(seaCells, 10000);
  EXPECT_GT(landCells, 5000);
  EXPECT_LE(seaWrong, seaCells / 100) << "the sea is water, not sediment's sand";
  EXPECT_LE(landWrong, landCells / 20) << "the land in its materials' colours";
}

}  // namespace
}  // namespace terrain::testing
