// End-to-end: the real terrain-explorer binary, started as a designer (or CI)
// would, judged by the pixels of its --screenshot: the views, the starting
// flags, the settings, and the command line's one-line answers. Needs a
// display: run under xvfb-run (the no-display and bad-flag tests run
// anywhere). Exports from the window: app_export_test.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/io/png_io.hpp"
#include "core/look/color.hpp"
#include "core/nodes/registry.hpp"
#include "tests/gl/app_test.hpp"

namespace terrain::testing {
namespace {

TEST_F(AppTest, SideViewOfMidpointHasSkyAboveAndGroundBelow) {
  REQUIRE_DISPLAY();
  const auto img = shoot("side", "--view side --generator midpoint --seed 7");
  ASSERT_EQ(img.width, 1280);
  ASSERT_EQ(img.height, 800);
  expectPanelAndViewDiffer(img);
  const Region view = viewRegion(img);
  EXPECT_GT(distinctColors(img, view), 20);
  const Region top{view.x0, 0, view.x1, 20};
  const Region bottom{view.x0, img.height - 20, view.x1, img.height};
  EXPECT_GT(fraction(img, top, isSky), 0.95) << "the top of the side view should be sky";
  EXPECT_LT(fraction(img, bottom, isSky), 0.05) << "the bottom of the side view should be ground";
}

TEST_F(AppTest, MapViewOfCoastlineShowsSeaAndLand) {
  REQUIRE_DISPLAY();
  const auto img = shoot("map", "--view map --generator coastline --width 1000 --height 700");
  ASSERT_EQ(img.width, 1000);
  ASSERT_EQ(img.height, 700);
  expectPanelAndViewDiffer(img);
  const Region view = viewRegion(img);
  EXPECT_GT(fraction(img, view, isSea), 0.05) << "no sea colour in the map";
  EXPECT_GT(fraction(img, view, isLand), 0.05) << "no land colour in the map";
  // The applet's flat tiles: no slope shading outlines the class borders.
  auto exactSeaOrLand = [](Rgb8 c) { return c == Rgb8{0, 0, 255} || c == Rgb8{0, 255, 0}; };
  const Region map{kPanelWidth + 250, 100, img.width - 250, img.height - 100};
  EXPECT_GT(fraction(img, map, exactSeaOrLand), 0.99) << "class map cells are shaded";
}

TEST_F(AppTest, ThreeDViewOfDiamondSquareIsDrawn) {
  REQUIRE_DISPLAY();
  const auto img = shoot("3d", "--view 3d --generator diamond-square --size 257");
  ASSERT_EQ(img.width, 1280);
  ASSERT_EQ(img.height, 800);
  expectPanelAndViewDiffer(img);
  EXPECT_GT(distinctColors(img, viewRegion(img)), 50) << "the 3D view looks uniform";
}

// The side view's row is the side view's: the Map view draws no line across
// the terrain for it, whether --row chose it or it is the middle (issue 38
// item 9; the map pass can still mark it, map_view_test).
TEST_F(AppTest, TheMapViewDrawsNoSideViewRowLine) {
  REQUIRE_DISPLAY();
  auto yellow = [](Rgb8 c) { return c.r > 200 && c.g > 190 && c.b < 140; };
  for (const int row : {300, 256}) {
    const std::string flags = "--view map --generator diamond-square --size 513" +
                              (row == 256 ? std::string() : " --row " + std::to_string(row));
    const auto img = shoot("row" + std::to_string(row), flags);
    ASSERT_EQ(img.height, 800);
    // 513 rows letterboxed into 800 pixels: where the row's line was drawn.
    const int y = 400 + (row * 2 + 1 - 513) * 800 / (2 * 513);
    const Region line{kPanelWidth + 200, y - 1, img.width - 100, y + 2};
    EXPECT_LT(fraction(img, line, yellow), 0.05) << "a row line at y " << y;
  }
}

TEST_F(AppTest, SeedChangesTheViewAndTheSameSeedRepeatsIt) {
  REQUIRE_DISPLAY();
  const std::string args = "--view map --generator diamond-square --size 257";
  const auto a = shoot("seed1", args + " --seed 1");
  const auto b = shoot("seed2", args + " --seed 2");
  const auto again = shoot("seed1again", args + " --seed 1");
  ASSERT_EQ(a.width, b.width);
  ASSERT_EQ(a.width, again.width);
  EXPECT_GT(differingFraction(a, b, viewRegion(a)), 0.2) << "seeds 1 and 2 look the same";
  EXPECT_EQ(differingFraction(a, again, viewRegion(a)), 0.0) << "the same seed drew differently";
}

TEST_F(AppTest, PresetAndParameterFlagsSetTheStartingState) {
  REQUIRE_DISPLAY();
  const std::string base = "--view map --generator diamond-square --size 129 --seed 3";
  const auto smooth = shoot("smooth", base + " --roughness 0.1");
  const auto rough = shoot("rough", base + " --roughness 0.9");
  const auto preset =
      shoot("preset", "--view map --preset article --generator diamond-square --seed 3");
  ASSERT_EQ(smooth.width, rough.width);
  EXPECT_GT(differingFraction(smooth, rough, viewRegion(smooth)), 0.2);
  EXPECT_GT(distinctColors(preset, viewRegion(preset)), 20);
}

TEST_F(AppTest, RemembersTheViewAndSurvivesACorruptSettingsFile) {
  REQUIRE_DISPLAY();
  fs::create_directories(dir_ / "config" / "terrain-explorer");
  {
    std::ofstream out(dir_ / "config" / "terrain-explorer" / "settings.ini");
    out << "view=side\nramp=earth\n";
  }
  const auto side = shoot("remembered", "--generator diamond-square --size 257");
  const Region view = viewRegion(side);
  EXPECT_GT(fraction(side, {view.x0, 0, view.x1, 20}, isSky), 0.95) << "view=side was not used";

  {
    std::ofstream out(dir_ / "config" / "terrain-explorer" / "settings.ini", std::ios::binary);
    out << "view=\x01\xff\xfe garbage\n\0\0\0ramp\n[[[" << std::string(300, '\x7f');
  }
  const fs::path png = dir_ / "corrupt.png";
  const RunResult r =
      run("--generator coastline --frames 2 --screenshot " + shellQuote(png.string()));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("settings"), std::string::npos) << "no note about the ignored settings";
  EXPECT_TRUE(fs::exists(png));
}

TEST_F(AppTest, WithoutADisplayItSaysSoInOneLineAndExits1) {
  const RunResult r = run("--frames 1", "env -u DISPLAY -u WAYLAND_DISPLAY");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(countLines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("DISPLAY"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("export"), std::string::npos) << r.err;
}

TEST_F(AppTest, ExportStillRunsWithoutADisplay) {
  // The headless export needs no display: it writes real files that decode.
  const fs::path heightmap = dir_ / "h.png";
  const fs::path color = dir_ / "c.png";
  const AppRun r = runApp({"export", "--generator", "diamond-square", "--size", "129", "--seed",
                           "5", "--heightmap", heightmap.string(), "--color", color.string()},
                          dir_, {{"DISPLAY", std::nullopt}, {"WAYLAND_DISPLAY", std::nullopt}});
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_TRUE(fs::exists(heightmap) && fs::exists(color)) << r.err;
  const Gray16Image heights = readPngGray16(heightmap.string());
  EXPECT_EQ(heights.width, 129);
  EXPECT_EQ(heights.height, 129);
  const auto [low, high] = std::minmax_element(heights.pixels.begin(), heights.pixels.end());
  EXPECT_EQ(*low, 0) << "heights are normalised: the lowest is 0";
  EXPECT_EQ(*high, 65535) << "and the highest 1";
  const RgbImage map = readPngRgb8(color.string());
  EXPECT_EQ(map.width, 129);
  EXPECT_EQ(map.height, 129);
  EXPECT_GT(distinctColors(map, {0, 0, map.width, map.height}), 50) << "a coloured map, not blank";
}

TEST_F(AppTest, BadFlagsExit2WithOneLine) {
  for (const std::string args :
       {"--bogus", "--view sideways", "--roughness 7", "--roughness nan", "--frames 0",
        "--generator volcano", "--size 100 --generator diamond-square", "--classes 3", "--seed -1",
        "--width", "stray"}) {
    const RunResult r = run(args);
    EXPECT_EQ(r.status, 2) << args << ": " << r.err;
    EXPECT_EQ(countLines(r.err), 1) << args << ": " << r.err;
  }
}

TEST_F(AppTest, HelpNamesTheFlagsAndExportHelpEveryGenerator) {
  const AppRun window = runApp({"--help"}, dir_);
  ASSERT_EQ(window.status, 0) << window.err;
  for (const char* flag :
       {"--view", "--ramp", "--row", "--width", "--height", "--frames", "--screenshot",
        "--generator", "--preset", "--seed", "--project", "--stage", "export --help"}) {
    EXPECT_NE(window.out.find(flag), std::string::npos) << "window --help lacks " << flag;
  }
  const AppRun exporting = runApp({"export", "--help"}, dir_);
  ASSERT_EQ(exporting.status, 0) << exporting.err;
  for (const SourceStage* source : sources()) {
    const std::string key(source->key());
    EXPECT_NE(exporting.out.find(key + ": "), std::string::npos)
        << "export --help does not list " << key;
    const auto article = source->articlePreset();
    if (!article) continue;  // a source of the explorer's own (noise)
    EXPECT_NE(exporting.out.find("(article " + std::string(article->article) + ")"),
              std::string::npos)
        << key;
  }
  for (const char* flag :
       {"--generator", "--preset", "--seed", "--size", "--roughness", "--water", "--heightmap",
        "--color", "--raw", "--ramp", "--threads", "--stage", "--project", "--save-project"}) {
    EXPECT_NE(exporting.out.find(flag), std::string::npos) << "export --help lacks " << flag;
  }
}

}  // namespace
}  // namespace terrain::testing
