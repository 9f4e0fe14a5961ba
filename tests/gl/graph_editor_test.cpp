// The graph editor in the real window: a scripted run builds a five-node
// graph with the editor's own edits (tests/app/driver/app_script.hpp), and
// the screenshot shows its nodes (each kind's header colour) and its links
// (the link colours gained against a run with the nodes alone); a refused
// link says why; undo takes an edit back. Needs a display (xvfb-run).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "core/document/pipeline.hpp"
#include "core/document/project.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/node_type.hpp"
#include "core/io/png_io.hpp"
#include "core/look/color.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

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
  testing::AppRun drive(const std::string& actions, const std::string& screenshot = "",
                        const std::vector<std::string>& view = {"--view", "3d"}) const {
    // A chain to start from: diamond-square, then smooth.
    std::vector<std::string> args = {
        "--width", "1280", "--height", "800", "--generator", "diamond-square",
        "--size",  "129",  "--seed",   "4",   "--stage",     "smooth"};
    args.insert(args.end(), view.begin(), view.end());
    args.insert(args.end(), {"--actions", actions, "--frames", "5", "--print-document"});
    if (!screenshot.empty()) args.insert(args.end(), {"--screenshot", path(screenshot)});
    return testing::runDriver(args, dir_, {{"XDG_CONFIG_HOME", path("config")}});
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
};

// Pixels of this colour in the editor, each channel within `tolerance`
// (links are antialiased curves).
int editorPixels(const RgbImage& image, Rgb8 colour, int tolerance = 0) {
  int count = 0;
  for (int y = kEditorTop; y < image.height; ++y) {
    for (int x = kPanelWidth; x < image.width; ++x) {
      const Rgb8 c = image.at(x, y);
      count += std::abs(c.r - colour.r) <= tolerance && std::abs(c.g - colour.g) <= tolerance &&
               std::abs(c.b - colour.b) <= tolerance;
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
  EXPECT_FALSE(isLinear(doc.graph));
  EXPECT_EQ(doc.graph.nodes.size(), 5u);
  EXPECT_EQ(doc.graph.edges.size(), 5u);  // the chain's and the four drawn
  EXPECT_EQ(doc.graph.output, 5u);

  const RgbImage before = readPngRgb8(path("nodes.png"));
  const RgbImage after = readPngRgb8(path("graph.png"));
  for (const auto& [what, colour, least] : {std::tuple{"source headers", Rgb8{120, 90, 60}, 2000},
                                            std::tuple{"modifier header", Rgb8{60, 85, 120}, 1000},
                                            std::tuple{"mask header", Rgb8{95, 65, 125}, 1000},
                                            std::tuple{"blend header", Rgb8{50, 110, 105}, 1000}}) {
    EXPECT_GE(editorPixels(after, colour), least) << what;
  }
  const auto gained = [&](Rgb8 colour, int tolerance) {
    return editorPixels(after, colour, tolerance) - editorPixels(before, colour, tolerance);
  };
  // Links are antialiased curves: near the heights green (no grey preview
  // comes near it), exactly the mask violet (the mask previews' violets
  // come near it, never onto it).
  const int heightsLinks = gained({120, 200, 110}, 30);
  const int maskLinks = gained({180, 130, 230}, 0);
  std::printf("link pixels: heights %d, mask %d\n", heightsLinks, maskLinks);
  EXPECT_GE(heightsLinks, 200);
  EXPECT_GE(maskLinks, 25);
  EXPECT_GE(editorPixels(after, {240, 200, 80}), 200);  // the terrain node's outline
}

TEST_F(GraphEditor, ARefusedLinkSaysWhyAndUndoTakesAnEditBack) {
  REQUIRE_DISPLAY();
  const testing::AppRun refused = drive(std::string(kNodes) + ",link:4.mask>5.a");
  EXPECT_NE(refused.status, 0);
  EXPECT_NE(refused.err.find("cannot feed the heights input 'a'"), std::string::npos)
      << refused.err;
  // The first edit branched the chain; undoing it gives the chain back.
  const testing::AppRun undone = drive("editor,node:noise@0:220,undo");
  ASSERT_EQ(undone.status, 0) << undone.err;
  const Document doc = projectFromJson(undone.out);
  ASSERT_TRUE(isLinear(doc.graph));
  EXPECT_EQ(chainModifierCount(doc.graph), 1u);
}

// Issue 38 item 7: Enter in the add menu's search adds the first match,
// the one highlighted: Tab over the editor, "terrace" (one match) or "mask"
// (several: the first the menu lists) and Enter add that node where the
// pointer is; an Escape instead adds nothing. (Enter did nothing before.)
TEST_F(GraphEditor, EnterInTheAddMenusSearchAddsTheFirstMatch) {
  REQUIRE_DISPLAY();
  // A frame between Tab and typing: the field takes the keyboard the frame
  // after the menu appears, as a designer's first key comes later anyway.
  const auto typed = [&](const std::string& text, const std::string& last) {
    const testing::AppRun r =
        drive("editor,hover:0.6:0.85,key:tab,hover:0.6:0.85,type:" + text + "," + last);
    EXPECT_EQ(r.status, 0) << r.err;
    return r.status == 0 ? projectFromJson(r.out) : Document{};
  };
  // The first node type the menu lists for "mask" (its title or key holds it).
  std::string firstMask;
  for (const NodeType* type : nodeTypes()) {
    std::string label = std::string(type->title()) + " " + std::string(type->key());
    std::transform(label.begin(), label.end(), label.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (label.find("mask") != std::string::npos) {
      firstMask = std::string(type->key());
      break;
    }
  }
  ASSERT_FALSE(firstMask.empty());
  for (const auto& [text, key] : {std::pair<std::string, std::string>{"terrace", "terrace"},
                                  std::pair<std::string, std::string>{"mask", firstMask}}) {
    const Document added = typed(text, "key:enter");
    EXPECT_FALSE(isLinear(added.graph)) << "a node beside the chain";
    // The chain's two stages, and the node the search found.
    ASSERT_EQ(added.graph.nodes.size(), 3u) << text;
    EXPECT_EQ(added.graph.nodes.back().type, key) << text;
  }
  const Document escaped = typed("terrace", "key:escape");
  EXPECT_TRUE(isLinear(escaped.graph)) << "Escape closes the menu and adds nothing";
  EXPECT_EQ(escaped.graph.nodes.size(), 2u);
}

// A graph saved half-built (its terrain's blend has no 'b' yet) opens in
// the window, to be finished there; export refuses it, naming the input.
TEST_F(GraphEditor, AHalfBuiltGraphOpensInTheWindowAndExportSaysWhatIsOpen) {
  REQUIRE_DISPLAY();
  Document doc = defaultDocument("noise");
  const NodeId blend = addNode(doc.graph, "blend", 300.0f, 0.0f);
  connect(doc.graph, {1, 0}, {blend, 0});
  setOutput(doc.graph, blend);
  saveProject(path("half.json"), doc);
  const testing::AppRun window =
      testing::runDriver({"--project", path("half.json"), "--frames", "3", "--print-document"},
                         dir_, {{"XDG_CONFIG_HOME", path("config")}});
  // Opened (a refused file exits 2 before the window): the document is as
  // saved, and the run reports what keeps it from making a terrain.
  EXPECT_EQ(window.status, 1) << window.err;
  EXPECT_NE(window.err.find("its input 'b' is not connected"), std::string::npos) << window.err;
  ASSERT_FALSE(window.out.empty()) << window.err;
  EXPECT_EQ(projectFromJson(window.out), doc);
  const testing::AppRun exported =
      testing::runApp({"export", "--project", path("half.json"), "--raw", path("h.r32")}, dir_);
  EXPECT_EQ(exported.status, 2);
  const std::string open =
      "node " + std::to_string(blend) + " (blend): its input 'b' is not connected";
  EXPECT_NE(exported.err.find(open), std::string::npos) << exported.err;
  EXPECT_FALSE(fs::exists(path("h.r32")));
}

}  // namespace
}  // namespace terrain
