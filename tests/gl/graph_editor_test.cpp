// The graph editor in the real window: a scripted run builds a five-node
// graph with the editor's own edits (tests/app/driver/app_script.hpp), and
// the screenshot shows its nodes (each kind's header colour) and its links
// (the link colours gained against a run with the nodes alone); a refused
// link says why; undo takes an edit back. Needs a display (xvfb-run).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/color.hpp"
#include "core/png_io.hpp"
#include "core/project.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/scratch_dir.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

// The window's layout at 1280x800, scale 1 (app/app.cpp): the panel's 360
// units, then the view over the editor, which takes 45% of the height.
constexpr int kPanelWidth = 360;
constexpr int kEditorTop = 800 - 360;

constexpr char kNodes[] = "editor,node:noise@0:220,node:height-mask@230:220,node:blend@460:90";
constexpr char kLinks[] =
    ",link:3.heights>4.heights,link:2.heights>5.a,link:3.heights>5.b,link:4.mask>5.mask,"
    "output:5";

class GraphEditor : public testing::ScratchDirTest {
 protected:
  testing::AppRun drive(const std::string& actions, const std::string& screenshot = "") const {
    // A chain to start from: diamond-square, then smooth.
    std::vector<std::string> args = {"--width", "1280",        "--height",       "800",    "--view",
                                     "3d",      "--generator", "diamond-square", "--size", "129",
                                     "--seed",  "4",           "--stage",        "smooth"};
    args.insert(args.end(), {"--actions", actions, "--frames", "5", "--print-document"});
    if (!screenshot.empty()) args.insert(args.end(), {"--screenshot", path(screenshot)});
    return testing::runDriver(args, dir_, {{"XDG_CONFIG_HOME", path("config")}});
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
};

// Pixels of exactly this colour in the editor.
int editorPixels(const RgbImage& image, Rgb8 colour) {
  int count = 0;
  for (int y = kEditorTop; y < image.height; ++y) {
    for (int x = kPanelWidth; x < image.width; ++x) {
      const Rgb8 c = image.at(x, y);
      count += c.r == colour.r && c.g == colour.g && c.b == colour.b;
    }
  }
  return count;
}

#define REQUIRE_DISPLAY()                                                               \
  do {                                                                                  \
    if (!testing::haveDisplay()) GTEST_SKIP() << "needs a display: run under xvfb-run"; \
  } while (false)

TEST_F(GraphEditor, AScriptedFiveNodeGraphIsDrawnWithItsNodesAndLinks) {
  REQUIRE_DISPLAY();
  const testing::AppRun nodes = drive(std::string(kNodes) + ",frame", "nodes.png");
  ASSERT_EQ(nodes.status, 0) << nodes.err;
  const testing::AppRun linked =
      drive(std::string(kNodes) + kLinks + ",select:4,frame", "graph.png");
  ASSERT_EQ(linked.status, 0) << linked.err;

  const Document doc = projectFromJson(linked.out);
  ASSERT_TRUE(doc.graph);
  EXPECT_EQ(doc.graph->nodes.size(), 5u);
  EXPECT_EQ(doc.graph->edges.size(), 5u);  // the chain's and the four drawn
  EXPECT_EQ(doc.graph->output, 5u);

  const RgbImage before = readPngRgb8(path("nodes.png"));
  const RgbImage after = readPngRgb8(path("graph.png"));
  for (const auto& [what, colour, least] : {std::tuple{"source headers", Rgb8{120, 90, 60}, 2000},
                                            std::tuple{"modifier header", Rgb8{60, 85, 120}, 1000},
                                            std::tuple{"mask header", Rgb8{95, 65, 125}, 1000},
                                            std::tuple{"blend header", Rgb8{50, 110, 105}, 1000}}) {
    EXPECT_GE(editorPixels(after, colour), least) << what;
  }
  const int heightsLinks =
      editorPixels(after, {120, 200, 110}) - editorPixels(before, {120, 200, 110});
  const int maskLinks =
      editorPixels(after, {180, 130, 230}) - editorPixels(before, {180, 130, 230});
  std::printf("link pixels: heights %d, mask %d\n", heightsLinks, maskLinks);
  EXPECT_GE(heightsLinks, 200);
  EXPECT_GE(maskLinks, 50);
  EXPECT_GE(editorPixels(after, {240, 200, 80}), 200);  // the terrain node's outline
}

TEST_F(GraphEditor, ARefusedLinkSaysWhyAndUndoTakesAnEditBack) {
  REQUIRE_DISPLAY();
  const testing::AppRun refused = drive(std::string(kNodes) + ",link:4.mask>5.a");
  EXPECT_NE(refused.status, 0);
  EXPECT_NE(refused.err.find("cannot feed the heights input 'a'"), std::string::npos)
      << refused.err;
  // The first edit made the chain a graph; undoing it gives the chain back.
  const testing::AppRun undone = drive("editor,node:noise@0:220,undo");
  ASSERT_EQ(undone.status, 0) << undone.err;
  const Document doc = projectFromJson(undone.out);
  EXPECT_FALSE(doc.graph);
  EXPECT_EQ(doc.modifiers.size(), 1u);
}

}  // namespace
}  // namespace terrain
