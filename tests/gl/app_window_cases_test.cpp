// The window under conditions a designer's machine can produce: squashed
// and minimised mid-run, an OpenGL below 3.3, an unloadable remembered ramp,
// no configuration folder yet.
// Without a display at all: app_e2e_test.cpp, AppTest.WithoutADisplayItSaysSoInOneLineAndExits1.
// Values typed into the panel: tests/core/document/bad_input_test.cpp, PanelValue.*.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/document/presets.hpp"
#include "core/document/project.hpp"
#include "core/io/png_io.hpp"
#include "core/look/color.hpp"
#include "tests/gl/app_test.hpp"
#include "tests/support/app_process.hpp"

namespace terrain::testing {
namespace {

class AppWindowCases : public AppWindowTest {
 protected:
  AppWindowCases() : AppWindowTest("terrain-window-") {}

  AppRun run(const std::vector<std::string>& args,
             std::map<std::string, std::optional<std::string>> env = {}) const {
    env["XDG_CONFIG_HOME"] = (dir_ / "config").string();
    return runApp(args, dir_, env);
  }
  // Through the test driver (tests/app/driver/), for --squash-at.
  AppRun drive(const std::vector<std::string>& args) const {
    return runDriver(args, dir_, {{"XDG_CONFIG_HOME", (dir_ / "config").string()}});
  }
};

// Pixels of the view (right of the panel) that differ between two shots.
double differingViewFraction(const RgbImage& a, const RgbImage& b) {
  double diff = 0, n = 0;
  for (int y = 0; y < a.height; ++y) {
    for (int x = kPanelWidth; x < a.width; ++x) {
      diff += a.at(x, y) == b.at(x, y) ? 0 : 1;
      n += 1;
    }
  }
  return n > 0 ? diff / n : 1.0;
}

TEST_F(AppWindowCases, SquashedToOnePixelThenMinimisedThenRestoredDrawsTheSameView) {
  for (const std::string view : {"side", "map", "3d"}) {
    const std::vector<std::string> base = {"--view",   view,  "--generator", "diamond-square",
                                           "--size",   "257", "--seed",      "5",
                                           "--frames", "20"};
    auto args = base;
    args.insert(args.end(), {"--squash-at", "3", "--screenshot", (dir_ / "squashed.png").string()});
    const AppRun squashed = drive(args);
    ASSERT_EQ(squashed.status, 0) << view << ": signal " << squashed.signal << "\n" << squashed.err;
    EXPECT_EQ(squashed.err.find("GL error"), std::string::npos) << view << ": " << squashed.err;
    // The hook really did squash, hide and restore the window.
    EXPECT_NE(squashed.out.find("squash step 0 framebuffer 1280x1 visible"), std::string::npos)
        << squashed.out;
    EXPECT_NE(squashed.out.find("squash step 5 framebuffer 1280x1 hidden"), std::string::npos)
        << squashed.out;
    EXPECT_NE(squashed.out.find("squash step 10 framebuffer 1280x800 visible"), std::string::npos)
        << squashed.out;

    args = base;
    args.insert(args.end(), {"--screenshot", (dir_ / "plain.png").string()});
    const AppRun plain = run(args);
    ASSERT_EQ(plain.status, 0) << plain.err;

    const RgbImage a = readPngRgb8((dir_ / "squashed.png").string());
    const RgbImage b = readPngRgb8((dir_ / "plain.png").string());
    ASSERT_EQ(a.width, 1280);
    ASSERT_EQ(a.height, 800);
    ASSERT_EQ(b.width, a.width);
    ASSERT_EQ(b.height, a.height);
    EXPECT_LT(differingViewFraction(a, b), 0.001)
        << view << ": the restored window draws differently";
  }
}

// Mesa's overrides stand in for an old driver. Under llvmpipe, either one
// makes the 3.3 core context request fail (GLXBadFBConfig): the app asks the
// driver for its default context to say which OpenGL it does offer.
TEST_F(AppWindowCases, BelowOpenGl33ItExits1WithOneLineNamingTheVersionAndExport) {
  struct Case {
    std::map<std::string, std::optional<std::string>> env;
    std::string offered;  // expected in the message; "" = any version
  };
  const std::vector<Case> cases = {
      {{{"MESA_GL_VERSION_OVERRIDE", "3.0"}}, "OpenGL 3.0"},
      {{{"MESA_GL_VERSION_OVERRIDE", "2.1"}}, "OpenGL 2.1"},
      {{{"MESA_GLSL_VERSION_OVERRIDE", "130"}}, ""},
      {{{"MESA_GL_VERSION_OVERRIDE", "3.0"}, {"MESA_GLSL_VERSION_OVERRIDE", "130"}}, "OpenGL 3.0"}};
  for (const Case& c : cases) {
    const std::string what = c.env.begin()->first + "=" + *c.env.begin()->second;
    const AppRun r = run({"--frames", "2"}, c.env);
    if (r.status == 0) GTEST_SKIP() << "this GL driver ignores " << what << " (not Mesa)";
    EXPECT_EQ(r.status, 1) << what << ": signal " << r.signal << "\n" << r.err;
    EXPECT_EQ(countLines(r.err), 1) << what << ": " << r.err;
    EXPECT_NE(r.err.find("OpenGL 3.3 core profile is needed"), std::string::npos)
        << what << ": " << r.err;
    EXPECT_NE(r.err.find("offers " + c.offered), std::string::npos) << what << ": " << r.err;
    EXPECT_NE(r.err.find("terrain-explorer export"), std::string::npos) << what << ": " << r.err;
  }
}

// A ramp PNG remembered from an earlier session that is now gone or broken:
// the built-in ramp is used, the reason is on stderr, the window still works.
TEST_F(AppWindowCases, AnUnloadableRememberedRampPngFallsBackToTheBuiltinRamp) {
  const fs::path broken = dir_ / "broken.png";
  std::ofstream(broken, std::ios::binary) << "\x89PNG\r\n\x1a\n truncated";
  for (const fs::path& ramp : {dir_ / "gone.png", broken}) {
    fs::create_directories(dir_ / "config" / "terrain-explorer");
    std::ofstream(dir_ / "config" / "terrain-explorer" / "settings.ini")
        << "ramp_png=" << ramp.string() << "\n";
    const fs::path shot = dir_ / "shot.png";
    const AppRun r = run({"--view", "map", "--generator", "coastline", "--frames", "3",
                          "--screenshot", shot.string()});
    EXPECT_EQ(r.status, 0) << ramp << ": " << r.err;
    EXPECT_NE(r.err.find(ramp.string()), std::string::npos) << "the ramp is not named: " << r.err;
    EXPECT_EQ(r.err.find("GL error"), std::string::npos) << r.err;
    const RgbImage img = readPngRgb8(shot.string());
    EXPECT_EQ(img.width, 1280);
  }
}

// A remembered ramp path of 20 KB (a damaged or hostile settings file):
// it used to reach the panel, whose error line overflowed ImGui's 16-bit
// vertex index and aborted the window (exit 134). Now it is dropped with a
// note, and a FIFO as the remembered ramp is refused instead of waited on.
TEST_F(AppWindowCases, AnOverLongOrFifoRememberedRampPathStartsTheWindowWithANote) {
  const fs::path fifo = dir_ / "ramp-fifo.png";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string longPath = "/" + std::string(20480, 'a') + ".png";
  for (const std::string& ramp : {longPath, fifo.string()}) {
    fs::create_directories(dir_ / "config" / "terrain-explorer");
    std::ofstream(dir_ / "config" / "terrain-explorer" / "settings.ini")
        << "ramp_png=" << ramp << "\n";
    const fs::path shot = dir_ / "shot.png";
    // A document given: a first start's landform keeps its own look.
    const AppRun r = run({"--view", "map", "--generator", "diamond-square", "--frames", "3",
                          "--screenshot", shot.string()});
    const std::string what = ramp.size() > 100 ? "20 KB path" : ramp;
    EXPECT_EQ(r.status, 0) << what << ": " << r.err.substr(0, 400);
    EXPECT_LT(r.seconds, 30.0) << what;
    EXPECT_NE(r.err.find(ramp.size() > 100 ? "20485 bytes" : "not a regular file"),
              std::string::npos)
        << what << ": " << r.err.substr(0, 400);
    EXPECT_EQ(readPngRgb8(shot.string()).width, 1280) << what;
  }
}

// A new designer's first start: no configuration folder, nor the folder it
// goes in. The first edit makes them (0700, as the XDG base directory spec
// asks) and keeps the session there with no note in the panel, and the next
// start opens the edited document.
TEST_F(AppWindowCases, OnAFreshMachineTheFirstEditMakesTheConfigurationFolderAndKeepsTheSession) {
  const fs::path config = dir_ / "new home" / ".config";
  const std::map<std::string, std::optional<std::string>> env = {
      {"XDG_CONFIG_HOME", config.string()}};
  const AppRun edited =
      runDriver({"--write-config", "--generator", "diamond-square", "--size", "65", "--seed", "9",
                 "--actions", "set:roughness=0.45", "--print-document"},
                dir_, env);
  ASSERT_EQ(edited.status, 0) << edited.err;
  EXPECT_EQ(edited.err.find("panel note"), std::string::npos) << edited.err;
  const fs::path session = config / "terrain-explorer" / "session.json";
  ASSERT_TRUE(fs::is_regular_file(session)) << edited.err;
  for (const fs::path& folder : {config.parent_path(), config, session.parent_path()}) {
    EXPECT_EQ(fs::status(folder).permissions() & fs::perms::all, fs::perms::owner_all) << folder;
  }
  EXPECT_NE(edited.out.find("\"roughness\": 0.45"), std::string::npos) << edited.out;
  const AppRun reopened = runDriver({"--print-document"}, dir_, env);
  ASSERT_EQ(reopened.status, 0) << reopened.err;
  EXPECT_EQ(reopened.out, edited.out) << "the next start did not open the edited document";
}

// Issue 38 item 9: a first start (no session kept) opens on a landform in
// 3D with its materials, exactly as --preset alpine opens it (app.hpp's
// kFirstStartPreset), not on raw
// diamond-square in the Map view; once something was edited, the next start
// opens that instead.
TEST_F(AppWindowCases, AFirstStartOpensOnALandformIn3DAndLaterStartsOnTheLastSession) {
  REQUIRE_DISPLAY();
  const std::map<std::string, std::optional<std::string>> env = {
      {"XDG_CONFIG_HOME", (dir_ / "fresh").string()}};
  const fs::path first = dir_ / "first.png";
  const AppRun opened = runDriver(
      {"--write-config", "--frames", "2", "--screenshot", first.string(), "--print-document"}, dir_,
      env);
  ASSERT_EQ(opened.status, 0) << opened.err;
  const Document doc = projectFromJson(opened.out);
  const Document alpine = landformDocument("alpine");
  EXPECT_EQ(doc.graph, alpine.graph) << "not the landform's graph";
  EXPECT_EQ(doc.look, alpine.look);
  EXPECT_EQ(doc.view.kind, ViewKind::Mesh);
  EXPECT_EQ(doc.view.overlay, MapOverlay::Splat) << "not in its materials";

  const fs::path preset = dir_ / "preset.png";
  const AppRun asked =
      drive({"--preset", "alpine", "--frames", "2", "--screenshot", preset.string()});
  ASSERT_EQ(asked.status, 0) << asked.err;
  EXPECT_LT(differingViewFraction(readPngRgb8(first.string()), readPngRgb8(preset.string())), 0.001)
      << "the first start's view is not the preset's";

  const AppRun edited =
      runDriver({"--write-config", "--actions", "next-seed", "--print-document"}, dir_, env);
  ASSERT_EQ(edited.status, 0) << edited.err;
  EXPECT_NE(projectFromJson(edited.out), doc) << "next-seed changed nothing";
  const AppRun reopened = runDriver({"--print-document"}, dir_, env);
  ASSERT_EQ(reopened.status, 0) << reopened.err;
  EXPECT_EQ(reopened.out, edited.out) << "the next start did not open the last session";
}

// Issue 38 item 9: the figures at the panel's foot wrap at its edge. With a
// draft on screen, its line ("draft on screen after ... ms; the map's own
// size follows") was cut there ("the map's own siz"): in a window tall
// enough for the whole panel (X draws past its screen's edge), no panel
// text reaches the last columns before the scrollbar.
TEST_F(AppWindowCases, TheStatsLinesWrapAtThePanelsEdge) {
  const fs::path png = dir_ / "draft.png";
  const AppRun r = drive({"--width", "1280", "--height", "2100", "--view", "map", "--preset",
                          "rolling-hills", "--size", "1025", "--actions", "next-seed",
                          "--until-draft", "--screenshot", png.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  const RgbImage shot = readPngRgb8(png.string());
  // The panel's dim text (app/panel_widgets.hpp's kDim, 166 166 179) where
  // glyphs cover whole pixels: the draft's line is on screen...
  const auto dim = [](Rgb8 c) {
    return std::abs(c.r - 166) < 6 && std::abs(c.g - 166) < 6 && std::abs(c.b - 179) < 6;
  };
  const Region foot{0, shot.height / 2, 300, shot.height};
  const double footPixels = 300.0 * (shot.height - shot.height / 2);
  EXPECT_GT(fraction(shot, foot, dim) * footPixels, 40.0) << "no dim text at the panel's foot";
  // ...and none of it in the 16 columns before the scrollbar (text is
  // clipped there: a wrapped line ends before).
  EXPECT_EQ(fraction(shot, {kPanelWidth - 36, 0, kPanelWidth - 20, shot.height}, dim), 0.0);
}

}  // namespace
}  // namespace terrain::testing
