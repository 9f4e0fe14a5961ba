// End-to-end: the real terrain-explorer binary, started as a designer (or CI)
// would, judged by the pixels of its --screenshot. Needs a display: run
// under xvfb-run (the no-display and bad-flag tests run anywhere).
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "core/color.hpp"
#include "core/png_io.hpp"
#include "core/registry.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/files.hpp"

namespace {

using terrain::testing::readAll;

namespace fs = std::filesystem;

constexpr int kPanelWidth = 360;  // the panel's width at scale 1 (app/panel.hpp)

struct RunResult {
  int status = -1;  // exit status, or -1 when killed by a signal
  std::string err;  // stderr
};

std::string shellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

class AppTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("terrain-e2e-" + std::string(info->name()) + "-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "config");
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }

  static bool haveDisplay() {
    const char* d = std::getenv("DISPLAY");
    return d != nullptr && *d != '\0';
  }

  // Runs the binary with its own config directory; `envPrefix` goes before
  // it (e.g. "env -u DISPLAY").
  RunResult run(const std::string& args, const std::string& envPrefix = "",
                const char* program = TERRAIN_EXPLORER_BIN) const {
    const fs::path errFile = dir_ / "stderr.txt";
    const std::string cmd =
        envPrefix + " env XDG_CONFIG_HOME=" + shellQuote((dir_ / "config").string()) + " " +
        shellQuote(program) + " " + args + " >/dev/null 2>" + shellQuote(errFile.string());
    const int raw = std::system(cmd.c_str());
    RunResult r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    std::ifstream in(errFile);
    std::stringstream ss;
    ss << in.rdbuf();
    r.err = ss.str();
    return r;
  }

  // The window through the test driver (tests/app/driver/): --test-export.
  RunResult drive(const std::string& args, const std::string& envPrefix = "") const {
    return run(args, envPrefix, TERRAIN_DRIVER_BIN);
  }

  // Renders 5 frames and returns the screenshot.
  terrain::RgbImage shoot(const std::string& name, const std::string& args) const {
    const fs::path png = dir_ / (name + ".png");
    const RunResult r = run(args + " --frames 5 --screenshot " + shellQuote(png.string()));
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err.find("GL error"), std::string::npos) << r.err;
    if (r.status != 0 || !fs::exists(png)) return {};
    return terrain::readPngRgb8(png.string());
  }

  fs::path dir_;
};

#define REQUIRE_DISPLAY()                                                      \
  do {                                                                         \
    if (!haveDisplay()) GTEST_SKIP() << "needs a display: run under xvfb-run"; \
  } while (false)

struct Region {
  int x0, y0, x1, y1;  // half-open
};

Region viewRegion(const terrain::RgbImage& img) {
  return {kPanelWidth, 0, img.width, img.height};
}
Region panelRegion(const terrain::RgbImage& img) {
  return {0, 0, kPanelWidth, img.height};
}

struct Mean {
  double r = 0, g = 0, b = 0;
};

Mean meanColor(const terrain::RgbImage& img, Region reg) {
  Mean m;
  double n = 0;
  for (int y = reg.y0; y < reg.y1; ++y) {
    for (int x = reg.x0; x < reg.x1; ++x) {
      const auto c = img.at(x, y);
      m.r += c.r;
      m.g += c.g;
      m.b += c.b;
      n += 1;
    }
  }
  if (n > 0) m = {m.r / n, m.g / n, m.b / n};
  return m;
}

template <typename Pred>
double fraction(const terrain::RgbImage& img, Region reg, Pred pred) {
  double hit = 0, n = 0;
  for (int y = reg.y0; y < reg.y1; ++y) {
    for (int x = reg.x0; x < reg.x1; ++x) {
      hit += pred(img.at(x, y)) ? 1 : 0;
      n += 1;
    }
  }
  return n > 0 ? hit / n : 0.0;
}

int distinctColors(const terrain::RgbImage& img, Region reg) {
  std::vector<bool> seen(1 << 18, false);  // 6 bits per channel
  int count = 0;
  for (int y = reg.y0; y < reg.y1; ++y) {
    for (int x = reg.x0; x < reg.x1; ++x) {
      const auto c = img.at(x, y);
      const std::size_t key =
          (std::size_t{c.r} >> 2) << 12 | (std::size_t{c.g} >> 2) << 6 | c.b >> 2;
      if (!seen[key]) {
        seen[key] = true;
        ++count;
      }
    }
  }
  return count;
}

bool isSky(terrain::Rgb8 c) {
  return c.b > 150 && c.b > c.r + 25 && c.b >= c.g;
}
bool isSea(terrain::Rgb8 c) {
  return c.b > c.r + 40 && c.b > c.g + 10;
}
bool isLand(terrain::Rgb8 c) {
  return c.g > c.r + 20 && c.g > c.b + 20;
}

double differingFraction(const terrain::RgbImage& a, const terrain::RgbImage& b, Region reg) {
  double diff = 0, n = 0;
  for (int y = reg.y0; y < reg.y1; ++y) {
    for (int x = reg.x0; x < reg.x1; ++x) {
      diff += a.at(x, y) == b.at(x, y) ? 0 : 1;
      n += 1;
    }
  }
  return n > 0 ? diff / n : 0.0;
}

void expectPanelAndViewDiffer(const terrain::RgbImage& img) {
  const Mean p = meanColor(img, panelRegion(img));
  const Mean v = meanColor(img, viewRegion(img));
  const double d = std::abs(p.r - v.r) + std::abs(p.g - v.g) + std::abs(p.b - v.b);
  EXPECT_GT(d, 30.0) << "panel and view look alike";
}

int lineCount(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n' ? 1 : 0;
  if (!s.empty() && s.back() != '\n') ++n;
  return n;
}

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
  auto exactSeaOrLand = [](terrain::Rgb8 c) {
    return c == terrain::Rgb8{0, 0, 255} || c == terrain::Rgb8{0, 255, 0};
  };
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

TEST_F(AppTest, MapMarksTheSideViewsRow) {
  REQUIRE_DISPLAY();
  // 513 rows letterboxed into 800 pixels: row 300's centre is at y = 400 + (300.5 - 256.5) * 800 /
  // 513.
  const auto img = shoot("row", "--view map --generator diamond-square --size 513 --row 300");
  ASSERT_EQ(img.height, 800);
  const int y = 400 + (300 * 2 + 1 - 513) * 800 / (2 * 513);
  auto yellow = [](terrain::Rgb8 c) { return c.r > 200 && c.g > 190 && c.b < 140; };
  const Region line{kPanelWidth + 200, y - 1, img.width - 100, y + 2};
  const Region above{kPanelWidth + 200, y - 40, img.width - 100, y - 37};
  EXPECT_GT(fraction(img, line, yellow), 0.3) << "no marker line at y " << y;
  EXPECT_LT(fraction(img, above, yellow), 0.05);
}

TEST_F(AppTest, MapMarksTheDefaultRowInTheMiddle) {
  REQUIRE_DISPLAY();
  // No --row: the side view shows the middle row (256 of 513), and the map marks it.
  const auto img = shoot("row-default", "--view map --generator diamond-square --size 513");
  ASSERT_EQ(img.height, 800);
  const int y = 400 + (256 * 2 + 1 - 513) * 800 / (2 * 513);
  auto yellow = [](terrain::Rgb8 c) { return c.r > 200 && c.g > 190 && c.b < 140; };
  const Region line{kPanelWidth + 200, y - 1, img.width - 100, y + 2};
  EXPECT_GT(fraction(img, line, yellow), 0.3) << "no marker line at y " << y;
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

TEST_F(AppTest, ExportFromTheWindowWritesHeightmapColourMapAndView) {
  REQUIRE_DISPLAY();
  const fs::path out = dir_ / "exports";
  fs::create_directories(out);
  const RunResult r = drive(
      "--view 3d --generator diamond-square --size 129 --seed 42 --frames 3 "
      "--test-export " +
      shellQuote(out.string()));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string stem = (out / "diamond-square-s42-129").string();
  const auto height = terrain::readPngGray16(stem + "-height16.png");
  EXPECT_EQ(height.width, 129);
  EXPECT_EQ(height.height, 129);
  const auto color = terrain::readPngRgb8(stem + "-color.png");
  EXPECT_EQ(color.width, 129);
  const auto view = terrain::readPngRgb8(stem + "-view.png");
  EXPECT_EQ(view.width, 1920);                                     // the panel's default width
  EXPECT_NEAR(view.height, 1920 * 800 / (1280 - kPanelWidth), 2);  // the view's aspect
  EXPECT_GT(distinctColors(view, {0, 0, view.width, view.height}), 50);
  // Every table row that needs no window is in the window too, and the
  // sidecar sits beside the first file.
  EXPECT_EQ(fs::file_size(stem + "-height.r32"), 129u * 129u * 4u);
  EXPECT_EQ(fs::file_size(stem + "-height.r16"), 129u * 129u * 2u);
  EXPECT_GT(fs::file_size(stem + "-height.exr"), 129u * 129u);
  EXPECT_EQ(terrain::readPngRgb8(stem + "-normals.png").width, 129);
  EXPECT_GT(fs::file_size(stem + "-mesh.glb"), 0u);
  EXPECT_GT(fs::file_size(stem + "-slope.png"), 0u);
  EXPECT_GT(fs::file_size(stem + "-splat.png"), 0u);
  // Erosion's masks need an erosion stage: skipped, and the status says why.
  EXPECT_FALSE(fs::exists(stem + "-flow.png"));
  const std::string sidecar = readAll(stem + "-height16.png.json");
  for (const char* key : {"\"r16\"", "\"exr\"", "\"normals\"", "\"raw\"", "\"z-scale\""}) {
    EXPECT_NE(sidecar.find(key), std::string::npos) << key;
  }

  // A missing directory is a message, not a crash.
  const RunResult bad =
      drive("--frames 2 --test-export " + shellQuote((dir_ / "no" / "such").string()));
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("does not exist"), std::string::npos) << bad.err;
}

// The Export window opens on the folder the settings remember (the test
// export with no folder of its own writes where the window points), and on
// the folder the explorer was started in when the remembered one is gone.
TEST_F(AppTest, TheExportWindowOpensOnTheRememberedFolderWhileItExists) {
  REQUIRE_DISPLAY();
  const fs::path remembered = dir_ / "remembered exports";
  const fs::path started = dir_ / "started here";
  fs::create_directories(remembered);
  fs::create_directories(started);
  fs::create_directories(dir_ / "config" / "terrain-explorer");
  const auto rememberAndRun = [&](const fs::path& folder) {
    std::ofstream(dir_ / "config" / "terrain-explorer" / "settings.ini")
        << "view=map\nexport_dir=" << folder.string() << "\n";
    return drive("--generator diamond-square --size 65 --seed 5 --frames 2 --test-export=",
                 "cd " + shellQuote(started.string()) + " && ");
  };
  const std::string file = "diamond-square-s5-65-height16.png";
  const RunResult r = rememberAndRun(remembered);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(terrain::readPngGray16((remembered / file).string()).width, 65);
  EXPECT_FALSE(fs::exists(started / file));

  const RunResult gone = rememberAndRun(dir_ / "unplugged drive");
  ASSERT_EQ(gone.status, 0) << gone.err;
  EXPECT_TRUE(fs::exists(started / file));
  EXPECT_FALSE(fs::exists(dir_ / "unplugged drive"));
}

// The window exports through the same writers as the CLI: for the same
// document the files are the same bytes (a 2049 map with every level, a
// terrace stage and a non-default look, so "all iterations" and the look
// both count).
TEST_F(AppTest, TheWindowsExportEqualsTheCommandLinesForTheSameDocument) {
  REQUIRE_DISPLAY();
  const fs::path out = dir_ / "window";
  fs::create_directories(out);
  const std::string flags =
      "--generator diamond-square --size 2049 --seed 8 --stage terrace --steps 5 --water 0.4 "
      "--sun-azimuth 100 --relief 1.5";
  const RunResult window =
      drive("--view map " + flags + " --frames 3 --test-export " + shellQuote(out.string()));
  ASSERT_EQ(window.status, 0) << window.err;
  const fs::path cli = dir_ / "cli";
  fs::create_directories(cli);
  const std::string heightmap = (cli / "h.png").string();
  const std::string colour = (cli / "c.png").string();
  const RunResult exported = run("export " + flags + " --heightmap " + shellQuote(heightmap) +
                                 " --color " + shellQuote(colour));
  ASSERT_EQ(exported.status, 0) << exported.err;
  const std::string stem = (out / "diamond-square-s8-2049").string();
  EXPECT_EQ(readAll(stem + "-height16.png"), readAll(heightmap));
  EXPECT_EQ(readAll(stem + "-color.png"), readAll(colour));
}

// A graph project opens in the window, which shows and exports the terrain
// the command line exports from the same project and flags.
TEST_F(AppTest, AGraphProjectOpensAndExportsAsTheCommandLineDoes) {
  REQUIRE_DISPLAY();
  const fs::path out = dir_ / "window";
  fs::create_directories(out);
  const std::string flags = "--project " +
                            shellQuote(TERRAIN_SOURCE_DIR "/examples/mesa-in-hills.json") +
                            " --size 257 --seed 12 --node-param 3.steps=6";
  const RunResult window =
      drive("--view map " + flags + " --frames 3 --test-export " + shellQuote(out.string()));
  ASSERT_EQ(window.status, 0) << window.err;
  const fs::path cli = dir_ / "cli";
  fs::create_directories(cli);
  const std::string heightmap = (cli / "h.png").string();
  const std::string colour = (cli / "c.png").string();
  const RunResult exported = run("export " + flags + " --heightmap " + shellQuote(heightmap) +
                                 " --color " + shellQuote(colour));
  ASSERT_EQ(exported.status, 0) << exported.err;
  const std::string stem = (out / "graph-s12-257").string();
  EXPECT_EQ(readAll(stem + "-height16.png"), readAll(heightmap));
  EXPECT_EQ(readAll(stem + "-color.png"), readAll(colour));
}

// The Export window's engine size gives the CLI's --engine-size bytes and
// sidecar: a 1025 map on screen cropped to Unreal's 1009 (no generation),
// and a 129 map generated again at Unity's 257 (the source's size for it).
TEST_F(AppTest, TheWindowsEngineSizeExportEqualsTheCommandLines) {
  REQUIRE_DISPLAY();
  const auto engineSizeOf = [](const std::string& sidecar) {
    const auto at = sidecar.find("\"engine-size\"");
    return at == std::string::npos ? std::string()
                                   : sidecar.substr(at, sidecar.find('\n', at) - at);
  };
  struct Case {
    std::string flags, engine, cliEngine, stem;
    int side;
  };
  for (const Case& c :
       {Case{"--generator diamond-square --size 1025 --seed 3", "unreal-1009",
             "--engine-size unreal-1009", "diamond-square-s3-1025", 1009},
        Case{"--generator diamond-square --size 129 --seed 4", "unity-257:resample",
             "--engine-size unity-257 --fit resample", "diamond-square-s4-129", 257}}) {
    const fs::path out = dir_ / ("window-" + std::to_string(c.side));
    fs::create_directories(out);
    const RunResult window = drive("--view map " + c.flags + " --frames 2 --test-export " +
                                   shellQuote(out.string()) + " --test-export-engine " + c.engine);
    ASSERT_EQ(window.status, 0) << window.err;
    const std::string cli = (dir_ / ("cli-" + std::to_string(c.side) + ".r16")).string();
    const RunResult exported =
        run("export " + c.flags + " " + c.cliEngine + " --r16 " + shellQuote(cli));
    ASSERT_EQ(exported.status, 0) << exported.err;
    const std::string stem = (out / c.stem).string();
    const std::string r16 = readAll(stem + "-height.r16");
    EXPECT_EQ(r16.size(), static_cast<std::size_t>(c.side) * static_cast<std::size_t>(c.side) * 2u);
    EXPECT_EQ(r16, readAll(cli)) << c.engine;
    EXPECT_EQ(terrain::readPngGray16(stem + "-height16.png").width, c.side);
    const std::string windowEngine = engineSizeOf(readAll(stem + "-height16.png.json"));
    EXPECT_FALSE(windowEngine.empty());
    EXPECT_EQ(windowEngine, engineSizeOf(readAll(cli + ".json")));
    EXPECT_NE(window.err.find(c.engine.substr(0, c.engine.find(':')) + ": generated at"),
              std::string::npos)
        << "the status line names the fit: " << window.err;
  }
}

// After a slow map, an edit shows a 257 draft first (app/generation_worker):
// with it on screen, Export says to wait for the map and writes nothing,
// rather than writing the draft as the map.
TEST_F(AppTest, WithADraftOnScreenExportWaitsForTheMap) {
  REQUIRE_DISPLAY();
  const fs::path out = dir_ / "exports";
  fs::create_directories(out);
  const fs::path png = dir_ / "draft.png";
  const RunResult r =
      drive("--preset alpine --size 1025 --actions next-seed --until-draft --test-export " +
            shellQuote(out.string()) + " --screenshot " + shellQuote(png.string()));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("export: a 257 draft is on screen: export once the map itself lands"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(fs::is_empty(out));
  ASSERT_TRUE(fs::exists(png)) << r.err;
  const terrain::RgbImage shot = terrain::readPngRgb8(png.string());
  EXPECT_GT(distinctColors(shot, viewRegion(shot)), 100) << "the draft is drawn";
  // The view's badge names the draft ("257 draft: the 1025 map is
  // generating..."): a dark label reaching far left of where a plain
  // "generating..." starts, over the sky.
  const Mean badge = meanColor(shot, {shot.width - 250, 8, shot.width - 120, 26});
  EXPECT_LT((badge.r + badge.g + badge.b) / 3.0, 100.0) << "the badge is as long as a draft's";
}

TEST_F(AppTest, WithoutADisplayItSaysSoInOneLineAndExits1) {
  const RunResult r = run("--frames 1", "env -u DISPLAY -u WAYLAND_DISPLAY");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lineCount(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("DISPLAY"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("export"), std::string::npos) << r.err;
}

TEST_F(AppTest, ExportStillRunsWithoutADisplay) {
  // The headless export needs no display: it writes real files that decode.
  const fs::path heightmap = dir_ / "h.png";
  const fs::path color = dir_ / "c.png";
  const terrain::testing::AppRun r = terrain::testing::runApp(
      {"export", "--generator", "diamond-square", "--size", "129", "--seed", "5", "--heightmap",
       heightmap.string(), "--color", color.string()},
      dir_, {{"DISPLAY", std::nullopt}, {"WAYLAND_DISPLAY", std::nullopt}});
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_TRUE(fs::exists(heightmap) && fs::exists(color)) << r.err;
  const terrain::Gray16Image heights = terrain::readPngGray16(heightmap.string());
  EXPECT_EQ(heights.width, 129);
  EXPECT_EQ(heights.height, 129);
  const auto [low, high] = std::minmax_element(heights.pixels.begin(), heights.pixels.end());
  EXPECT_EQ(*low, 0) << "heights are normalised: the lowest is 0";
  EXPECT_EQ(*high, 65535) << "and the highest 1";
  const terrain::RgbImage map = terrain::readPngRgb8(color.string());
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
    EXPECT_EQ(lineCount(r.err), 1) << args << ": " << r.err;
  }
}

TEST_F(AppTest, HelpNamesTheFlagsAndExportHelpEveryGenerator) {
  const terrain::testing::AppRun window = terrain::testing::runApp({"--help"}, dir_);
  ASSERT_EQ(window.status, 0) << window.err;
  for (const char* flag :
       {"--view", "--ramp", "--row", "--width", "--height", "--frames", "--screenshot",
        "--generator", "--preset", "--seed", "--project", "--stage", "export --help"}) {
    EXPECT_NE(window.out.find(flag), std::string::npos) << "window --help lacks " << flag;
  }
  const terrain::testing::AppRun exporting = terrain::testing::runApp({"export", "--help"}, dir_);
  ASSERT_EQ(exporting.status, 0) << exporting.err;
  for (const terrain::SourceStage* source : terrain::sources()) {
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
