// The window's file browser (issue 38 item 8) and the export settings kept
// in the project (item 5), driven as a designer would: Ctrl+S on a
// document never saved opens the browser, a name typed and Enter save it;
// Ctrl+O, a name and Enter open it. A project's export settings come back
// when it opens and are saved with it. Needs a display (xvfb-run).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/document/project.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

#define REQUIRE_DISPLAY()                                                               \
  do {                                                                                  \
    if (!testing::haveDisplay()) GTEST_SKIP() << "needs a display: run under xvfb-run"; \
  } while (false)

class FileBrowserWindow : public testing::ScratchDirTest {
 protected:
  testing::AppRun drive(const std::vector<std::string>& start, const std::string& actions) const {
    std::vector<std::string> args = {"--width", "1280", "--height", "800"};
    args.insert(args.end(), start.begin(), start.end());
    args.insert(args.end(), {"--actions", actions, "--frames", "3", "--print-document"});
    return testing::runDriver(args, dir_, {{"XDG_CONFIG_HOME", path("config")}});
  }
  // The browser opens on the key's frame; its name field has the keyboard
  // two frames later (two pointer moves pass them).
  static std::string typedInTheBrowser(const std::string& key, const std::string& name) {
    return "key:" + key + ",hover:0.9:0.9,hover:0.9:0.9,type:" + name + ",key:enter";
  }
};

TEST_F(FileBrowserWindow, SaveAndOpenGoThroughTheBrowserByKeyboard) {
  REQUIRE_DISPLAY();
  const std::string file = path("island.terrain.json");
  const testing::AppRun saved =
      drive({"--generator", "diamond-square", "--size", "129", "--seed", "4"},
            typedInTheBrowser("ctrl+s", file));
  ASSERT_EQ(saved.status, 0) << saved.err;
  ASSERT_TRUE(fs::exists(file)) << "Ctrl+S, a name and Enter save the project";
  const Document savedDoc = loadProject(file);
  EXPECT_EQ(savedDoc.seed, 4u);
  EXPECT_EQ(savedDoc, projectFromJson(saved.out));

  const testing::AppRun opened =
      drive({"--generator", "rectangles", "--seed", "9"}, typedInTheBrowser("ctrl+o", file));
  ASSERT_EQ(opened.status, 0) << opened.err;
  EXPECT_EQ(projectFromJson(opened.out), savedDoc) << "Ctrl+O, a name and Enter open it";
}

TEST_F(FileBrowserWindow, EscapeClosesTheBrowserAndOpensNothing) {
  REQUIRE_DISPLAY();
  const std::string file = path("island.terrain.json");
  saveProject(file, defaultDocument("diamond-square"));
  const testing::AppRun escaped =
      drive({"--generator", "rectangles", "--seed", "9"},
            "key:ctrl+o,hover:0.9:0.9,hover:0.9:0.9,type:" + file + ",key:escape,key:enter");
  ASSERT_EQ(escaped.status, 0) << escaped.err;
  EXPECT_EQ(projectFromJson(escaped.out).seed, 9u);
}

TEST_F(FileBrowserWindow, AProjectsExportSettingsComeBackWhenItOpensAndAreSavedWithIt) {
  REQUIRE_DISPLAY();
  Document doc = defaultDocument("diamond-square");
  setDocumentSize(doc, 129);
  doc.exports.formats = {"raw", "color"};
  doc.exports.folder = dir_.string();
  doc.exports.name = "island-final";
  doc.exports.sidecar = false;
  doc.exports.viewWidth = 1024;
  doc.exports.engineSize = "unreal-1009";
  doc.exports.resample = true;
  saveProject(path("exports.terrain.json"), doc);

  // Opened, the window takes the settings and gives them back unchanged.
  const testing::AppRun opened =
      drive({"--project", path("exports.terrain.json")}, "hover:0.5:0.5");
  ASSERT_EQ(opened.status, 0) << opened.err;
  EXPECT_EQ(projectFromJson(opened.out).exports, doc.exports);
  // Saved from the window (Ctrl+S: it was opened from the command line,
  // never saved here, so the browser asks where), the new file keeps them.
  const std::string again = path("again.terrain.json");
  const testing::AppRun saved =
      drive({"--project", path("exports.terrain.json")}, typedInTheBrowser("ctrl+s", again));
  ASSERT_EQ(saved.status, 0) << saved.err;
  ASSERT_TRUE(fs::exists(again));
  EXPECT_EQ(loadProject(again).exports, doc.exports);
}

TEST_F(FileBrowserWindow, SaveAsAddsTheProjectEndingAndAsksBeforeReplacing) {
  REQUIRE_DISPLAY();
  // "island" typed is saved as island.terrain.json, which Open lists.
  const testing::AppRun first =
      drive({"--generator", "diamond-square", "--size", "129", "--seed", "4"},
            typedInTheBrowser("ctrl+s", path("island")));
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_FALSE(fs::exists(path("island"))) << "no file Open never lists";
  ASSERT_TRUE(fs::exists(path("island.terrain.json")));
  EXPECT_EQ(loadProject(path("island.terrain.json")).seed, 4u);

  // The same name again: Enter asks (the file stays as it was) ...
  const testing::AppRun asked =
      drive({"--generator", "diamond-square", "--size", "129", "--seed", "7"},
            typedInTheBrowser("ctrl+s", path("island")));
  ASSERT_EQ(asked.status, 0) << asked.err;
  EXPECT_EQ(loadProject(path("island.terrain.json")).seed, 4u) << "replaced without asking";
  // ... Escape keeps it, and a second Enter, the question on screen, replaces it.
  const testing::AppRun kept =
      drive({"--generator", "diamond-square", "--size", "129", "--seed", "7"},
            typedInTheBrowser("ctrl+s", path("island")) + ",key:escape,key:enter");
  ASSERT_EQ(kept.status, 0) << kept.err;
  EXPECT_EQ(loadProject(path("island.terrain.json")).seed, 4u) << "Escape keeps the file";
  const testing::AppRun replaced =
      drive({"--generator", "diamond-square", "--size", "129", "--seed", "7"},
            typedInTheBrowser("ctrl+s", path("island")) +
                ",hover:0.9:0.9,key:enter");  // a frame between: two presses
  ASSERT_EQ(replaced.status, 0) << replaced.err;
  EXPECT_EQ(loadProject(path("island.terrain.json")).seed, 7u) << "Replace (Enter) writes it";
}

}  // namespace
}  // namespace terrain
