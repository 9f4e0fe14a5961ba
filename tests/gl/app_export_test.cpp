// End-to-end exports from the window, through the test driver's
// --test-export (tests/app/driver/): the files it writes, where it writes
// them, the same bytes as the command line's for the same document, and
// no file at all while a draft is on screen. Needs a display: run under
// xvfb-run.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "core/io/png_io.hpp"
#include "core/look/color.hpp"
#include "tests/gl/app_test.hpp"
#include "tests/support/build_kind.hpp"
#include "tests/support/files.hpp"

namespace terrain::testing {
namespace {

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
  const auto height = readPngGray16(stem + "-height16.png");
  EXPECT_EQ(height.width, 129);
  EXPECT_EQ(height.height, 129);
  const auto color = readPngRgb8(stem + "-color.png");
  EXPECT_EQ(color.width, 129);
  const auto view = readPngRgb8(stem + "-view.png");
  EXPECT_EQ(view.width, 1920);                                     // the panel's default width
  EXPECT_NEAR(view.height, 1920 * 800 / (1280 - kPanelWidth), 2);  // the view's aspect
  EXPECT_GT(distinctColors(view, {0, 0, view.width, view.height}), 50);
  // Every table row that needs no window is in the window too, and the
  // sidecar sits beside the first file.
  EXPECT_EQ(fs::file_size(stem + "-height.r32"), 129u * 129u * 4u);
  EXPECT_EQ(fs::file_size(stem + "-height.r16"), 129u * 129u * 2u);
  EXPECT_GT(fs::file_size(stem + "-height.exr"), 129u * 129u);
  EXPECT_EQ(readPngRgb8(stem + "-normals.png").width, 129);
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
  EXPECT_EQ(readPngGray16((remembered / file).string()).width, 65);
  EXPECT_FALSE(fs::exists(started / file));

  const RunResult gone = rememberAndRun(dir_ / "unplugged drive");
  ASSERT_EQ(gone.status, 0) << gone.err;
  EXPECT_TRUE(fs::exists(started / file));
  EXPECT_FALSE(fs::exists(dir_ / "unplugged drive"));
}

// The window exports through the same writers as the CLI: for the same
// document the files are the same bytes (a 2049 map with every level, a
// terrace stage and a non-default look, so "all iterations" and the look
// both count). Under the sanitizers at 1025, which shows the same claim: the
// window writes every format, and at 2049 that alone was 51 s there.
TEST_F(AppTest, TheWindowsExportEqualsTheCommandLinesForTheSameDocument) {
  REQUIRE_DISPLAY();
  const std::string size = kSanitized ? "1025" : "2049";
  expectTheWindowExportsAsTheCommandLine(
      "--generator diamond-square --size " + size +
          " --seed 8 --stage terrace --steps 5 --water 0.4 --sun-azimuth 100 --relief 1.5",
      "diamond-square-s8-" + size);
}

// A graph project opens in the window, which shows and exports the terrain
// the command line exports from the same project and flags.
TEST_F(AppTest, AGraphProjectOpensAndExportsAsTheCommandLineDoes) {
  REQUIRE_DISPLAY();
  expectTheWindowExportsAsTheCommandLine(
      "--project " + shellQuote(TERRAIN_SOURCE_DIR "/examples/mesa-in-hills.json") +
          " --size 257 --seed 12 --node-param 3.steps=6",
      "graph-s12-257");
}

// The Export window's engine size gives the CLI's --engine-size bytes and
// sidecar: a 1025 map on screen cropped to Unreal's 1009 (no generation),
// and a 129 map generated again at Unity's 257 (the source's size for it);
// the files are named for the side they hold, not the map's on screen.
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
             "--engine-size unreal-1009", "diamond-square-s3-1009", 1009},
        Case{"--generator diamond-square --size 129 --seed 4", "unity-257:resample",
             "--engine-size unity-257 --fit resample", "diamond-square-s4-257", 257}}) {
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
    EXPECT_EQ(readPngGray16(stem + "-height16.png").width, c.side);
    const std::string windowEngine = engineSizeOf(readAll(stem + "-height16.png.json"));
    EXPECT_FALSE(windowEngine.empty());
    EXPECT_EQ(windowEngine, engineSizeOf(readAll(cli + ".json")));
    EXPECT_NE(window.err.find(c.engine.substr(0, c.engine.find(':')) + ": generated at"),
              std::string::npos)
        << "the status line names the fit: " << window.err;
  }
}

// The Export window's "For" gives the files `export --for` gives, byte for
// byte, for each engine (the package's files named beside the one ticked,
// Godot's import script among them); an export the engine refuses writes
// nothing and says the engine's rule on the status line.
TEST_F(AppTest, TheWindowsExportForAnEngineEqualsTheCommandLinesFor) {
  REQUIRE_DISPLAY();
  struct Case {
    std::string engine, flags, format, flag, suffix;
    std::vector<std::string> beside;  // what the package adds beside the file ticked
  };
  const std::string unrealFlags = "--generator diamond-square --size 1025 --seed 3";
  const std::string smallFlags = "--generator diamond-square --size 129 --seed 4";
  const Case cases[] = {
      {"unreal",
       unrealFlags,
       "heightmap",
       "--heightmap",
       "-height16.png",
       {"_grass.png", "_rock.png", "_sediment.png", "_snow.png"}},
      {"unity", smallFlags, "r16", "--r16", "-height.r16", {}},
      {"godot",
       smallFlags,
       "terrain3d-height",
       "--terrain3d-height",
       "-terrain3d-height.exr",
       {"_control.exr", "_color.png", "_import.gd"}},
      {"blender", smallFlags, "glb", "--glb", "-mesh.glb", {"_color.png", "_normals.png"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.engine);
    const fs::path window = dir_ / ("window-" + c.engine);
    const fs::path cli = dir_ / ("cli-" + c.engine);
    fs::create_directories(window);
    fs::create_directories(cli);
    const bool unreal = c.engine == "unreal";
    const RunResult shown =
        drive("--view map " + c.flags + " --frames 2 --test-export " + shellQuote(window.string()) +
              " --test-export-for " + c.engine + " --test-export-formats " + c.format +
              (unreal ? " --test-export-engine unreal-1009" : ""));
    ASSERT_EQ(shown.status, 0) << shown.err;
    const std::string stem = unreal ? "diamond-square-s3-1009" : "diamond-square-s4-129";
    const std::string file = stem + c.suffix;
    const RunResult exported =
        run("export " + c.flags + (unreal ? " --engine-size unreal-1009" : "") + " " + c.flag +
            " " + shellQuote((cli / file).string()) + " --for " + c.engine);
    ASSERT_EQ(exported.status, 0) << exported.err;
    std::vector<std::string> files = {file};
    const std::string base = file.substr(0, file.rfind('.'));
    for (const std::string& b : c.beside) files.push_back(base + b);
    for (const std::string& f : files) {
      ASSERT_TRUE(fs::is_regular_file(window / f)) << f << "; the window wrote: " << shown.err;
      EXPECT_GT(fs::file_size(window / f), 0u) << f;
      EXPECT_EQ(readAll((window / f).string()), readAll((cli / f).string())) << f;
    }
    // The sidecar's engine settings too (its paths name each run's own files).
    const auto enginesOf = [](const std::string& sidecar) {
      const auto at = sidecar.find("\"engines\"");
      return at == std::string::npos ? std::string()
                                     : sidecar.substr(at, sidecar.find('}', at) - at);
    };
    EXPECT_EQ(enginesOf(readAll((window / (file + ".json")).string())),
              enginesOf(readAll((cli / (file + ".json")).string())));
  }
  // Unreal refuses a 129 map: nothing written, the rule on the status line.
  const fs::path refused = dir_ / "refused";
  fs::create_directories(refused);
  const RunResult no = drive("--view map " + smallFlags + " --frames 2 --test-export " +
                             shellQuote(refused.string()) +
                             " --test-export-for unreal --test-export-formats heightmap");
  EXPECT_EQ(no.status, 1);
  EXPECT_NE(no.err.find("505, 1009, 2017, 4033 or 8129"), std::string::npos) << no.err;
  EXPECT_TRUE(fs::is_empty(refused));
}

// Exporting twice into one folder keeps both: the second export's files
// take the next free name and the status line says which and why. Both are
// of Unity's 129 from a 65 map on screen, named for the 129 they hold; the
// roughness, which the name does not carry, makes their bytes differ.
TEST_F(AppTest, ExportingTwiceUnderOneNameKeepsBothNamedForTheSizeWritten) {
  REQUIRE_DISPLAY();
  const fs::path out = dir_ / "exports";
  fs::create_directories(out);
  const auto exportAt = [&](const std::string& roughness) {
    return drive("--view map --generator diamond-square --size 65 --seed 3 --roughness " +
                 roughness + " --frames 2 --test-export " + shellQuote(out.string()) +
                 " --test-export-engine unity-129");
  };
  const RunResult first = exportAt("0.3");
  ASSERT_EQ(first.status, 0) << first.err;
  const std::string stem = (out / "diamond-square-s3-129").string();
  EXPECT_FALSE(fs::exists(out / "diamond-square-s3-65-height16.png"));
  const std::string firstHeights = readAll(stem + "-height16.png");
  const std::string firstRaw = readAll(stem + "-height.r16");
  const std::string firstSidecar = readAll(stem + "-height16.png.json");
  EXPECT_EQ(firstRaw.size(), 129u * 129u * 2u);
  EXPECT_EQ(first.err.find("existed"), std::string::npos) << first.err;

  const RunResult second = exportAt("0.7");
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_EQ(readAll(stem + "-height16.png"), firstHeights) << "the first export was replaced";
  EXPECT_EQ(readAll(stem + "-height.r16"), firstRaw);
  EXPECT_EQ(readAll(stem + "-height16.png.json"), firstSidecar);
  const std::string renamed = stem + "-2";
  EXPECT_EQ(readPngGray16(renamed + "-height16.png").width, 129);
  EXPECT_EQ(readAll(renamed + "-height.r16").size(), 129u * 129u * 2u);
  EXPECT_NE(readAll(renamed + "-height.r16"), firstRaw) << "the second export is its own map";
  EXPECT_TRUE(fs::exists(renamed + "-height16.png.json"));
  EXPECT_NE(second.err.find("as diamond-square-s3-129-2 because diamond-square-s3-129-"),
            std::string::npos)
      << "the status line names the new name and why: " << second.err;
  EXPECT_NE(second.err.find("existed"), std::string::npos) << second.err;
}

// A node pinned in the view is what the window shows and exports: its files
// are named for the node, hold the command line's --output-node bytes, and
// the sidecar names the node.
TEST_F(AppTest, APinnedNodeExportsAsTheCommandLinesOutputNodeNamedForIt) {
  REQUIRE_DISPLAY();
  const std::string project = "--project " +
                              shellQuote(TERRAIN_SOURCE_DIR "/examples/mesa-in-hills.json") +
                              " --size 129 --seed 12";
  const fs::path out = dir_ / "window";
  fs::create_directories(out);
  const RunResult shown = drive("--view map " + project + " --actions pin:3 --frames 2 " +
                                "--test-export " + shellQuote(out.string()));
  ASSERT_EQ(shown.status, 0) << shown.err;
  const std::string cli = (dir_ / "node3.png").string();
  const RunResult exported =
      run("export " + project + " --output-node 3 --heightmap " + shellQuote(cli));
  ASSERT_EQ(exported.status, 0) << exported.err;
  const std::string stem = (out / "graph-node3-terrace-s12-129").string();
  EXPECT_EQ(readAll(stem + "-height16.png"), readAll(cli));
  EXPECT_FALSE(fs::exists(out / "graph-s12-129-height16.png"));
  const std::string sidecar = readAll(stem + "-height16.png.json");
  EXPECT_NE(sidecar.find("\"output-node\""), std::string::npos) << sidecar;
}

// An export that ends while the mouse rests is seen to end (issue 38 item 5):
// the last frame the window draws before it sleeps until input (the
// driver's export run ends on it) shows the outcome in green, not a
// progress bar. The panel drawn before the worker's news was a frame late:
// that frame showed the bar, and the window slept on it.
TEST_F(AppTest, AnExportThatEndsWhileTheMouseRestsShowsWhatItWrote) {
  REQUIRE_DISPLAY();
  const fs::path out = dir_ / "exports";
  fs::create_directories(out);
  const fs::path png = dir_ / "done.png";
  const RunResult r = drive(
      "--width 1280 --height 800 --view map --generator diamond-square "
      "--size 513 --seed 3 --frames 2 --test-export " +
      shellQuote(out.string()) + " --screenshot " + shellQuote(png.string()));
  ASSERT_EQ(r.status, 0) << r.err;
  // As many files as it lists, each in the folder: the count follows the format table.
  std::smatch wrote;
  ASSERT_TRUE(std::regex_search(r.err, wrote,
                                std::regex("export: wrote (\\d+) files in [^:]*: ([^;\\n]*)")))
      << r.err;
  const std::string listed = wrote[2];
  long names = 0;
  for (std::size_t at = 0; at < listed.size();) {
    const std::size_t end = std::min(listed.find(", ", at), listed.size());
    EXPECT_TRUE(fs::exists(out / listed.substr(at, end - at))) << listed.substr(at, end - at);
    ++names;
    at = end + 2;
  }
  EXPECT_EQ(std::stol(wrote[1]), names) << r.err;
  EXPECT_GE(names, 13) << r.err;
  ASSERT_TRUE(fs::exists(png));
  const RgbImage shot = readPngRgb8(png.string());
  // The Export window opens beside the panel (app/export_panel.cpp): its
  // button row and what follows, above the formats' list.
  const Region exportWindow{kPanelWidth + 12, 12, kPanelWidth + 12 + 414, 460};
  const auto bar = [](Rgb8 c) {  // ImGui's dark style fills a progress bar (230, 179, 0)
    return std::abs(c.r - 230) < 4 && std::abs(c.g - 179) < 4 && c.b < 4;
  };
  const auto green = [](Rgb8 c) { return c.g > c.r + 60 && c.g > c.b + 60; };  // the ok status
  EXPECT_EQ(fraction(shot, exportWindow, bar), 0.0) << "a progress bar with no export behind it";
  EXPECT_GT(fraction(shot, exportWindow, green), 0.005) << "the status line says what it wrote";
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
  const RgbImage shot = readPngRgb8(png.string());
  EXPECT_GT(distinctColors(shot, viewRegion(shot)), 100) << "the draft is drawn";
  // The view's badge names the draft ("257 draft: the 1025 map is
  // generating..."): a dark label reaching far left of where a plain
  // "generating..." starts, over the sky.
  const Mean badge = meanColor(shot, {shot.width - 250, 8, shot.width - 120, 26});
  EXPECT_LT((badge.r + badge.g + badge.b) / 3.0, 100.0) << "the badge is as long as a draft's";
}

}  // namespace
}  // namespace terrain::testing
