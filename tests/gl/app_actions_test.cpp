// Undo and redo, scripted: --actions drives the real window through the
// code a designer's clicks and shortcuts use, one step a frame, and the
// test judges the final screenshot (the view: the panel shows timings) and
// the final document (--print-document, project JSON). That a slider drag
// is one step is tested without a window: tests/app/document_edits_test.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/document/project.hpp"
#include "core/io/png_io.hpp"
#include "core/look/color.hpp"
#include "tests/gl/app_test.hpp"
#include "tests/support/app_process.hpp"

namespace terrain::testing {
namespace {

// What one run showed and ended with.
struct Outcome {
  RgbImage shot;
  std::string document;  // project JSON printed by --print-document
};

class AppActions : public AppWindowTest {
 protected:
  AppActions() : AppWindowTest("terrain-actions-") {}

  AppRun run(const std::vector<std::string>& args) const {
    return runDriver(args, dir_, {{"XDG_CONFIG_HOME", (dir_ / "config").string()}});
  }

  // A small map (fast under llvmpipe and ASan), `actions` if any, then the
  // screenshot and the document.
  Outcome outcome(const std::string& name, const std::vector<std::string>& start,
                  const std::string& actions = "") const {
    const fs::path png = dir_ / (name + ".png");
    std::vector<std::string> args = start;
    if (!actions.empty()) args.insert(args.end(), {"--actions", actions});
    args.insert(args.end(), {"--print-document", "--screenshot", png.string()});
    const AppRun r = run(args);
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
    EXPECT_EQ(r.err.find("GL error"), std::string::npos) << r.err;
    Outcome out;
    out.document = r.out;
    if (r.status == 0 && fs::exists(png)) out.shot = readPngRgb8(png.string());
    return out;
  }

  static std::vector<std::string> mapOf(std::uint64_t seed) {
    return {"--generator", "diamond-square",     "--size", "257",
            "--seed",      std::to_string(seed), "--view", "map"};
  }
};

// Pixels of the view (right of the panel) differing by more than 2 levels.
int differingViewPixels(const RgbImage& a, const RgbImage& b) {
  if (a.width != b.width || a.height != b.height || a.width == 0) return -1;
  int count = 0;
  for (int y = 0; y < a.height; ++y) {
    for (int x = kPanelWidth; x < a.width; ++x) {
      const Rgb8 p = a.at(x, y);
      const Rgb8 q = b.at(x, y);
      count += std::abs(p.r - q.r) > 2 || std::abs(p.g - q.g) > 2 || std::abs(p.b - q.b) > 2;
    }
  }
  return count;
}

// The printed document is a valid project (and not empty).
Document parsed(const std::string& json) {
  return projectFromJson(json);
}

TEST_F(AppActions, AnEditUndoneLeavesTheScreenAndTheDocumentAsTheyWere) {
  const Outcome start = outcome("start", mapOf(3));
  const Outcome edited = outcome("edited", mapOf(3), "set:roughness=0.9");
  const Outcome undone = outcome("undone", mapOf(3), "set:roughness=0.9,undo");
  ASSERT_FALSE(start.document.empty());
  // The edit itself showed: otherwise undoing it would prove nothing.
  EXPECT_NE(parsed(edited.document), parsed(start.document));
  EXPECT_GT(differingViewPixels(edited.shot, start.shot), 1000) << "roughness 0.9 looks the same";
  EXPECT_EQ(undone.document, start.document);
  EXPECT_EQ(differingViewPixels(undone.shot, start.shot), 0);
}

// Issue 38 item 11: the look's lakes and rivers are made by the generation
// worker, not in the frame. A look-only edit still brings its water: a
// climate that dries every lake, set as a step, draws what a window started
// with it draws, and the wet start differs (its water was on screen).
TEST_F(AppActions, ALookOnlyEditBringsItsWaterAsAWindowStartedWithThatLook) {
  const Outcome wet = outcome("wet", mapOf(3));
  const Outcome dried = outcome("dried", mapOf(3), "set:evaporation=10000");
  std::vector<std::string> dryStart = mapOf(3);
  dryStart.insert(dryStart.end(), {"--evaporation", "10000"});
  const Outcome startedDry = outcome("started-dry", dryStart);
  ASSERT_FALSE(dried.document.empty());
  EXPECT_EQ(parsed(dried.document).look.evaporation, 10000.0);
  EXPECT_GT(differingViewPixels(wet.shot, startedDry.shot), 100) << "no water on screen to dry";
  EXPECT_EQ(differingViewPixels(dried.shot, startedDry.shot), 0);
}

// Issue 38 item 6: with the pointer over the graph editor (where a designer
// coming from Gaea keeps it), 3 and 1 switch the view; Ctrl+Z then takes
// back the roughness edit made between them and leaves the side view on
// screen. With the editor's hover blocking the keys the view stayed a map.
TEST_F(AppActions, TheViewKeysWorkOverTheEditorAndUndoLeavesTheView) {
  const std::string overEditor = "editor,hover:0.6:0.85";
  const Outcome start = outcome("start", mapOf(3), overEditor);
  const Outcome mesh = outcome("mesh", mapOf(3), overEditor + ",key:3");
  const Outcome keyed =
      outcome("keyed", mapOf(3), overEditor + ",key:3,set:roughness=0.9,key:1,undo");
  ASSERT_FALSE(keyed.document.empty());
  EXPECT_EQ(parsed(start.document).view.kind, ViewKind::Map);
  EXPECT_EQ(parsed(mesh.document).view.kind, ViewKind::Mesh) << "3 over the editor";
  Document expected = parsed(start.document);
  expected.view.kind = ViewKind::Side;
  EXPECT_EQ(parsed(keyed.document), expected)
      << "undo took back the roughness, not the view: " << keyed.document;
  // What is drawn: the side view of the start's terrain, as the side view
  // opened with the editor shows it (the view above the editor).
  const Outcome side = outcome(
      "side", {"--generator", "diamond-square", "--size", "257", "--seed", "3", "--view", "side"},
      overEditor);
  ASSERT_GT(keyed.shot.height, 0);
  EXPECT_GT(differingViewPixels(keyed.shot, start.shot), 1000) << "a side view is no map";
  EXPECT_EQ(differingViewPixels(keyed.shot, side.shot), 0);
}

TEST_F(AppActions, TwoNewTerrainsUndoneTwiceAndRedoneOnceAreTheFirstNewTerrain) {
  const Outcome start = outcome("start", mapOf(3));
  const Outcome once = outcome("once", mapOf(3), "next-seed");
  const Outcome replayed = outcome("replayed", mapOf(3), "next-seed,next-seed,undo,undo,redo");
  ASSERT_FALSE(once.document.empty());
  EXPECT_NE(parsed(once.document).seed, parsed(start.document).seed);
  EXPECT_GT(differingViewPixels(once.shot, start.shot), 1000) << "the next seed looks the same";
  EXPECT_EQ(replayed.document, once.document);
  EXPECT_EQ(differingViewPixels(replayed.shot, once.shot), 0);
}

TEST_F(AppActions, ASavedProjectOpensToTheSameScreen) {
  const fs::path project = dir_ / "island.json";
  const Outcome saved = outcome(
      "saved", mapOf(3), "set:roughness=0.8,stage:terrace,set:water=0.45,save:" + project.string());
  ASSERT_TRUE(fs::exists(project));
  const Outcome reopened = outcome("reopened", {"--project", project.string()});
  EXPECT_EQ(reopened.document, saved.document);
  EXPECT_EQ(chainModifierCount(parsed(saved.document).graph), 1U);
  EXPECT_EQ(differingViewPixels(reopened.shot, saved.shot), 0);
  // And open: in a script lands on that screen too, from another terrain.
  const Outcome opened = outcome("opened", mapOf(9), "next-seed,open:" + project.string());
  EXPECT_EQ(opened.document, saved.document);
  EXPECT_EQ(differingViewPixels(opened.shot, saved.shot), 0);
}

TEST_F(AppActions, UndoAfterOpenBringsBackTheDocumentBeforeIt) {
  const fs::path project = dir_ / "other.json";
  outcome("other", mapOf(11), "save:" + project.string());
  const Outcome start = outcome("start", mapOf(3));
  const Outcome back = outcome("back", mapOf(3), "open:" + project.string() + ",undo");
  EXPECT_EQ(back.document, start.document);
  EXPECT_EQ(differingViewPixels(back.shot, start.shot), 0);
}

TEST_F(AppActions, ABadStepIsRefusedBeforeTheWindowOpens) {
  for (const char* list : {"jump", "set:roughness=7", "set:fizz=1", "stage:blur", "undo,"}) {
    const AppRun r = run({"--actions", list, "--frames", "2"});
    EXPECT_EQ(r.status, 2) << list << ": " << r.err;
    EXPECT_NE(r.err.find("--actions"), std::string::npos) << r.err;
    EXPECT_EQ(countLines(r.err), 1) << r.err;
  }
}

TEST_F(AppActions, AStepThatFailsWhenRunEndsTheRunWithStatus1) {
  const AppRun r = run({"--generator", "diamond-square", "--size", "129", "--actions",
                        "open:" + (dir_ / "missing.json").string(), "--print-document"});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("missing.json"), std::string::npos) << r.err;
}

// Saving the project over the DEM it imports would destroy the DEM (issue
// 37): the save is refused naming both, and the DEM keeps its bytes.
TEST_F(AppActions, SavingTheProjectOverTheDemItImportsIsRefused) {
  const fs::path dem = dir_ / "hills.asc";
  fs::copy_file(TERRAIN_SOURCE_DIR "/tests/core/data/import/hills.asc", dem);
  const std::string bytes = readAll(dem);
  const AppRun r = run({"--generator", "import", "--file", dem.string(), "--size", "65",
                        "--actions", "save:" + (dir_ / "." / "hills.asc").string()});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(
      r.err.find("is the import's file ('" + dem.string() + "'); writing it would destroy it"),
      std::string::npos)
      << r.err;
  EXPECT_EQ(readAll(dem), bytes);
}

}  // namespace
}  // namespace terrain::testing
