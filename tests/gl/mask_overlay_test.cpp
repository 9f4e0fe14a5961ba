// Masks drawn as masks (issue 38 item 4): a mask pinned in the view is a
// translucent colour (or greys) over the terrain the graph makes, not the
// mask's values drawn as heights. The renderer's claim on a small field,
// then the window's, driven as a designer pins a node. Needs a display
// (xvfb-run).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/document/pipeline.hpp"
#include "core/document/project.hpp"
#include "core/io/png_io.hpp"
#include "gl_test_support.hpp"
#include "render/terrain_view.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace gl = render::testing;

bool near(Rgb8 a, Rgb8 b, int tolerance) {
  return static_cast<bool>(gl::colorNear(a, b, tolerance));
}

class MaskOverlay : public gl::GlTest {};

// The shaders' mask over a colour (shaders/overlay.glsl maskOver), in bytes.
Rgb8 maskOver(Rgb8 base, Rgb8 tint, float strength) {
  const auto mix = [&](std::uint8_t a, std::uint8_t b) {
    return static_cast<std::uint8_t>(std::lround(a + (b - a) * strength));
  };
  return {mix(base.r, tint.r), mix(base.g, tint.g), mix(base.b, tint.b)};
}

// The map of an east ramp under a checker mask: masked cells take the
// colour in proportion to the mask, unmasked cells keep the terrain's own;
// in greys every cell shows its mask's value over a little terrain.
TEST_F(MaskOverlay, AMaskIsATranslucentColourOverTheTerrainOrItsGreys) {
  const Heightfield field = gl::eastRamp(8);
  std::vector<float> mask(field.size());
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x)
      mask[static_cast<std::size_t>(y * 8 + x)] = (x + y) % 2 ? 1.0f : 0.0f;
  }
  render::TerrainView view;
  view.setTerrain(field, ColorRamp::grayscale());
  view.setOverlay(mask);
  render::ViewSettings settings;
  settings.kind = ViewKind::Map;
  settings.water = 0.0f;
  settings.hillshade = false;
  settings.showOverlay = true;
  settings.overlayColor = {1.0f, 0.0f, 1.0f};
  const RgbImage tinted = view.renderToImage(settings, 256, 256);  // 32 px a cell
  settings.overlayGrey = true;
  const RgbImage greys = view.renderToImage(settings, 256, 256);
  gl::saveImage(tinted, "mask_tinted.png");
  gl::saveImage(greys, "mask_greys.png");
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) {
      const Rgb8 base = ColorRamp::grayscale().colorAt(field.at(x, y), 0.0f);
      const float m = mask[static_cast<std::size_t>(y * 8 + x)];
      const Rgb8 level{static_cast<std::uint8_t>(255 * m), static_cast<std::uint8_t>(255 * m),
                       static_cast<std::uint8_t>(255 * m)};
      const int px = x * 32 + 16;
      const int py = y * 32 + 16;
      EXPECT_TRUE(gl::colorNear(tinted.at(px, py), maskOver(base, {255, 0, 255}, 0.85f * m), 3))
          << "cell " << x << "," << y;
      EXPECT_TRUE(gl::colorNear(greys.at(px, py), maskOver(base, level, 0.85f), 3))
          << "cell " << x << "," << y;
    }
  }
}

// The window at 1280x800 with the graph editor open: the panel's 360
// units, then the view above the editor (45% of the height).
constexpr int kPanelWidth = 360;
constexpr int kEditorTop = 800 - 360;
constexpr Rgb8 kPinnedMask{242, 51, 191};  // app/map_overlay.cpp's kPinnedMaskColor

// Diamond-square then smooth, and beside them a height mask of the smooth
// (node 4) blending in noise (node 3): the graph's terrain is the blend.
constexpr char kGraph[] =
    "editor,node:noise@0:220,node:height-mask@230:220,node:blend@460:90,"
    "link:3.heights>4.heights,link:2.heights>5.a,link:3.heights>5.b,link:4.mask>5.mask,output:5";

class PinnedMask : public testing::ScratchDirTest {
 protected:
  testing::AppRun drive(const std::string& actions, const std::string& screenshot,
                        const std::vector<std::string>& view) const {
    std::vector<std::string> args = {
        "--width", "1280", "--height", "800", "--generator", "diamond-square",
        "--size",  "129",  "--seed",   "4",   "--stage",     "smooth"};
    args.insert(args.end(), view.begin(), view.end());
    args.insert(args.end(), {"--actions", actions, "--frames", "5", "--print-document",
                             "--screenshot", path(screenshot)});
    return testing::runDriver(args, dir_, {{"XDG_CONFIG_HOME", path("config")}});
  }
};

#define REQUIRE_DISPLAY()                                                               \
  do {                                                                                  \
    if (!testing::haveDisplay()) GTEST_SKIP() << "needs a display: run under xvfb-run"; \
  } while (false)

// The Map view in plain greys (no hillshade): each land sample's pixel is
// its height's grey; pinned, the mask's colour lies over it in
// proportion to the mask, and where the mask is 0 the pixel is the
// unpinned one. The pinned terrain is the graph's, not the mask.
TEST_F(PinnedMask, InTheMapViewIsATintOverTheTerrainItsCellsUnchangedWhereUnmasked) {
  REQUIRE_DISPLAY();
  const std::vector<std::string> greyMap = {"--view",      "map", "--ramp",  "grayscale",
                                            "--hillshade", "off", "--water", "0"};
  const testing::AppRun plain = drive(kGraph, "plain.png", greyMap);
  ASSERT_EQ(plain.status, 0) << plain.err;
  const testing::AppRun pinned = drive(std::string(kGraph) + ",pin:4", "pinned.png", greyMap);
  ASSERT_EQ(pinned.status, 0) << pinned.err;
  const Document doc = projectFromJson(pinned.out);
  ASSERT_EQ(doc.graph.pinned, 4u);
  const Heightfield heights = runPipeline(doc);
  const Heightfield mask = runPipeline(doc, PortRef{4, 0});
  const RgbImage before = readPngRgb8(path("plain.png"));
  const RgbImage after = readPngRgb8(path("pinned.png"));
  const int viewWidth = after.width - kPanelWidth;
  const int side = std::min(viewWidth, kEditorTop);
  const int left = kPanelWidth + (viewWidth - side) / 2;
  const double pixelsPerSample = static_cast<double>(side) / heights.width;
  int sampled = 0, clear = 0, asExpected = 0, unmasked = 0, unmaskedSame = 0, masked = 0,
      maskedTinted = 0;
  for (int sy = 1; sy < heights.height; sy += 3) {
    const int py = static_cast<int>((sy + 0.5) * pixelsPerSample);
    for (int sx = 1; sx < heights.width; sx += 3) {
      const int px = left + static_cast<int>((sx + 0.5) * pixelsPerSample);
      const Rgb8 terrain = ColorRamp::grayscale().colorAt(heights.at(sx, sy), 0.0f);
      const float m = mask.at(sx, sy);
      ++sampled;
      // The unpinned map is the terrain's grey where it is land (water and
      // the status line are drawn otherwise); pinned, the mask's colour lies
      // over whatever the unpinned map drew.
      clear += near(before.at(px, py), terrain, 3);
      asExpected += near(after.at(px, py), maskOver(before.at(px, py), kPinnedMask, 0.85f * m), 4);
      if (m < 0.01f) {
        ++unmasked;
        unmaskedSame += near(after.at(px, py), before.at(px, py), 2);
      } else if (m > 0.5f) {
        ++masked;
        const Rgb8 c = after.at(px, py);
        maskedTinted += c.r > c.g + 60 && c.b > c.g + 40;
      }
    }
  }
  std::printf(
      "of %d samples, %d the terrain's grey unpinned: %d as expected pinned; unmasked %d, %d as "
      "unpinned; masked %d, "
      "%d tinted\n",
      sampled, clear, asExpected, unmasked, unmaskedSame, masked, maskedTinted);
  EXPECT_GE(clear, sampled / 2);
  EXPECT_GE(asExpected, sampled * 97 / 100);
  ASSERT_GT(unmasked, sampled / 20) << "the mask must leave some ground out";
  ASSERT_GT(masked, sampled / 20) << "the mask must cover some ground";
  EXPECT_GE(unmaskedSame, unmasked * 98 / 100);
  EXPECT_GE(maskedTinted, masked * 98 / 100);
}

// The 3D view pinned: the mask's colour lies on the land (the unpinned
// render has none of it), and much of the picture is the unpinned one
// pixel for pixel: the same heights, not the mask's.
TEST_F(PinnedMask, InThe3DViewColoursTheSameSurface) {
  REQUIRE_DISPLAY();
  const std::vector<std::string> mesh = {"--view", "3d"};
  const testing::AppRun plain = drive(kGraph, "plain.png", mesh);
  ASSERT_EQ(plain.status, 0) << plain.err;
  const testing::AppRun pinned = drive(std::string(kGraph) + ",pin:4", "pinned.png", mesh);
  ASSERT_EQ(pinned.status, 0) << pinned.err;
  const RgbImage before = readPngRgb8(path("plain.png"));
  const RgbImage after = readPngRgb8(path("pinned.png"));
  const auto magenta = [](Rgb8 c) { return c.r > c.g + 60 && c.b > c.g + 40; };
  int pixels = 0, same = 0, tintedBefore = 0, tintedAfter = 0;
  for (int y = 0; y < kEditorTop; y += 2) {
    for (int x = kPanelWidth; x < after.width; x += 2) {
      ++pixels;
      same += near(after.at(x, y), before.at(x, y), 2);
      tintedBefore += magenta(before.at(x, y));
      tintedAfter += magenta(after.at(x, y));
    }
  }
  std::printf("of %d view pixels: %d as unpinned; magenta %d unpinned, %d pinned\n", pixels, same,
              tintedBefore, tintedAfter);
  EXPECT_LT(tintedBefore, pixels / 1000);
  EXPECT_GT(tintedAfter, pixels / 20);
  EXPECT_GT(same, pixels / 3);
}

}  // namespace
}  // namespace terrain
