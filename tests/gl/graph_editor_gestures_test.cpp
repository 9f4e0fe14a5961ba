// The node editor's second round (issue 38 item 7), driven as a designer
// would in the real window: every preset and example opens with no node
// over another; node previews are colour pictures over 96 pixels and the
// titles are drawn at a legible zoom; a box dragged on empty canvas
// selects, Ctrl+C / Ctrl+V / Ctrl+D copy with the links among the selection
// and Delete removes it, each an undo step; F frames the selection; the
// minimap shows the graph and moves the view; Ctrl+G frames the selection
// in a comment that moves with its nodes. Needs a display (xvfb-run).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/document/presets.hpp"
#include "core/document/project.hpp"
#include "core/graph/graph_layout.hpp"
#include "core/io/png_io.hpp"
#include "core/look/color.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

// The window at 1280x800, scale 1 (app/app.cpp): the panel's 360 units,
// then the view over the editor, which takes the bottom 45% (360 rows).
constexpr int kWidth = 1280;
constexpr int kHeight = 800;
constexpr int kPanelWidth = 360;
constexpr int kEditorTop = kHeight - 360;

#define REQUIRE_DISPLAY()                                                               \
  do {                                                                                  \
    if (!testing::haveDisplay()) GTEST_SKIP() << "needs a display: run under xvfb-run"; \
  } while (false)

class GraphEditorGestures : public testing::ScratchDirTest {
 protected:
  // The window on `start` (flags) with the editor open, then `actions`.
  testing::AppRun drive(std::vector<std::string> start, const std::string& actions,
                        const std::string& screenshot = "") const {
    std::vector<std::string> args = {"--width", std::to_string(kWidth), "--height",
                                     std::to_string(kHeight)};
    args.insert(args.end(), start.begin(), start.end());
    args.insert(args.end(),
                {"--actions", "editor," + actions, "--frames", "4", "--print-document"});
    if (!screenshot.empty()) args.insert(args.end(), {"--screenshot", path(screenshot)});
    return testing::runDriver(args, dir_, {{"XDG_CONFIG_HOME", path("config")}});
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
};

Document documentOf(const testing::AppRun& run) {
  EXPECT_EQ(run.status, 0) << run.err;
  return run.status == 0 ? projectFromJson(run.out) : Document{};
}

// Every pair of nodes whose boxes overlap, as "3/5".
std::vector<std::string> overlapping(const Graph& g) {
  std::vector<std::string> pairs;
  for (std::size_t i = 0; i < g.nodes.size(); ++i) {
    for (std::size_t j = i + 1; j < g.nodes.size(); ++j) {
      if (nodeBox(g.nodes[i]).overlaps(nodeBox(g.nodes[j]))) {
        pairs.push_back(std::to_string(g.nodes[i].id) + "/" + std::to_string(g.nodes[j].id));
      }
    }
  }
  return pairs;
}

TEST_F(GraphEditorGestures, EveryPresetAndExampleOpensWithNoNodeOverAnother) {
  REQUIRE_DISPLAY();
  std::vector<std::vector<std::string>> starts;
  for (const LandformPreset& preset : landformPresets()) {
    if (!isLinear(preset.build().graph)) starts.push_back({"--preset", std::string(preset.key)});
  }
  for (const auto& entry : fs::directory_iterator(TERRAIN_SOURCE_DIR "/examples")) {
    starts.push_back({"--project", entry.path().string()});
  }
  ASSERT_GE(starts.size(), 8u);
  for (const auto& start : starts) {
    // At 129 samples a side: the places do not depend on the map.
    std::vector<std::string> flags = start;
    flags.insert(flags.end(), {"--size", "129"});
    const Document doc = documentOf(drive(flags, "frame"));
    EXPECT_EQ(overlapping(doc.graph), std::vector<std::string>{}) << start[1];
  }
}

bool near(Rgb8 a, Rgb8 b, int tolerance) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance &&
         std::abs(a.b - b.b) <= tolerance;
}

// The canvas's own colours: its background, grid lines and a node's body.
bool canvasColour(Rgb8 c) {
  return near(c, {28, 30, 34}, 10) || near(c, {45, 48, 54}, 8) || near(c, {50, 52, 58}, 8);
}

// The side of the largest square of picture (no canvas colour) in the
// editor, and the share of its pixels in colour (channels 20 apart).
struct Picture {
  int side = 0;
  double colourShare = 0.0;
};

Picture largestPicture(const RgbImage& image) {
  const int w = image.width - kPanelWidth;
  const int h = image.height - kEditorTop;
  std::vector<int> side(static_cast<std::size_t>(w * h), 0);
  Picture best;
  int bestX = 0, bestY = 0;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      if (canvasColour(image.at(kPanelWidth + x, kEditorTop + y))) continue;
      const auto at = [&](int i, int j) { return side[static_cast<std::size_t>(j * w + i)]; };
      const int s =
          x == 0 || y == 0 ? 1 : 1 + std::min({at(x - 1, y), at(x, y - 1), at(x - 1, y - 1)});
      side[static_cast<std::size_t>(y * w + x)] = s;
      if (s > best.side) {
        best.side = s;
        bestX = x;
        bestY = y;
      }
    }
  }
  int coloured = 0;
  for (int y = bestY - best.side + 1; y <= bestY; ++y) {
    for (int x = bestX - best.side + 1; x <= bestX; ++x) {
      const Rgb8 c = image.at(kPanelWidth + x, kEditorTop + y);
      coloured += std::max({c.r, c.g, c.b}) - std::min({c.r, c.g, c.b}) >= 20;
    }
  }
  best.colourShare = static_cast<double>(coloured) / (best.side * best.side);
  return best;
}

// The minimap's corner of the editor (it draws the nodes in small).
bool inMinimapCorner(int x, int y) {
  return x < kPanelWidth + 190 && y >= kHeight - 120;
}

// The terrain node's yellow outline: its width in pixels.
int outputNodeWidth(const RgbImage& image) {
  int left = image.width, right = -1;
  for (int y = kEditorTop; y < image.height; ++y) {
    for (int x = kPanelWidth; x < image.width; ++x) {
      if (!inMinimapCorner(x, y) && image.at(x, y) == Rgb8{240, 200, 80}) {
        left = std::min(left, x);
        right = std::max(right, x);
      }
    }
  }
  return right - left + 1;
}

// Alpine's eleven nodes do not fit the editor at a legible zoom: it frames
// them at 0.8 or more (titles at 12 pixels or more), around the terrain
// node, with previews over 96 pixels, in colour. (Before: fitted at ~0.45,
// previews 29 pixels of grey.)
TEST_F(GraphEditorGestures, PreviewsAreColourPicturesOver96PixelsAtALegibleZoom) {
  REQUIRE_DISPLAY();
  const Document doc = documentOf(
      drive({"--preset", "alpine", "--size", "129", "--view", "3d"}, "frame", "alpine.png"));
  const RgbImage image = readPngRgb8(path("alpine.png"));
  const Picture picture = largestPicture(image);
  const int width = outputNodeWidth(image);
  std::printf("largest preview %d px, %.0f%% in colour; terrain node %d px wide (zoom %.2f)\n",
              picture.side, picture.colourShare * 100.0, width,
              static_cast<double>(width) / static_cast<double>(NodeBox::kWidth));
  EXPECT_GE(picture.side, 96);
  EXPECT_GE(picture.colourShare, 0.5);
  EXPECT_GE(width, static_cast<int>(0.8f * NodeBox::kWidth) - 1);
}

// Five nodes (app/graph_editor_test.cpp's): 1 diamond-square and 2 smooth
// (the chain), 3 noise > 4 height-mask below them, 5 blend on the right.
constexpr char kNodes[] =
    "node:noise@0:230,node:height-mask@230:230,node:blend@460:90,link:3.heights>4.heights,"
    "link:2.heights>5.a,link:3.heights>5.b,link:4.mask>5.mask,output:5";
const std::vector<std::string> kChain = {
    "--generator", "diamond-square", "--size", "129",    "--seed",
    "4",           "--stage",        "smooth", "--view", "3d"};

// The window's point (as shares) at canvas point (x, y) when the five
// nodes are framed: they span 0..628 x 0..422 canvas units, more than the 310 rows of canvas
// hold at the legible zoom 0.8, so the frame centres on the terrain node
// (blend's middle, y 208) and the middle of x (314). The canvas's middle:
// the editor's, below the editor's line of help (31 rows).
std::string at(float x, float y) {
  const float zoom = 0.8f;
  const float centreX = kPanelWidth + (kWidth - kPanelWidth) * 0.5f;
  const float centreY = (kEditorTop + 31 + kHeight - 10) * 0.5f;
  const float u = (centreX + (x - 314.0f) * zoom) / kWidth;
  const float v = (centreY + (y - 208.0f) * zoom) / kHeight;
  return std::to_string(u) + ":" + std::to_string(v);
}

// A box from empty canvas below blend, right of node 4, leftwards over
// nodes 3 and 4 (not 1, 2 or 5).
const std::string kBoxOverThreeAndFour = "hover:" + at(440.0f, 380.0f) +
                                         ",press,hover:" + at(200.0f, 330.0f) +
                                         ",hover:" + at(-60.0f, 260.0f) + ",release";

TEST_F(GraphEditorGestures, ABoxSelectCopiesAndPastesWithTheLinksAmongItsNodes) {
  REQUIRE_DISPLAY();
  const std::string pasted = std::string(kNodes) + ",frame," + kBoxOverThreeAndFour +
                             ",key:ctrl+c,hover:" + at(420.0f, 380.0f) + ",key:ctrl+v";
  const Document doc = documentOf(drive(kChain, pasted));
  ASSERT_EQ(doc.graph.nodes.size(), 7u) << "the box took nodes 3 and 4, pasted as 6 and 7";
  const GraphNode& noise = *doc.graph.find(6);
  const GraphNode& mask = *doc.graph.find(7);
  EXPECT_EQ(noise.type, "noise");
  EXPECT_EQ(mask.type, "height-mask");
  EXPECT_EQ(noise.values, doc.graph.find(3)->values);
  // Where the pointer was (the copy's top-left corner), the two kept apart as copied.
  EXPECT_NEAR(noise.x, 420.0f, 6.0f);
  EXPECT_NEAR(noise.y, 380.0f, 6.0f);
  EXPECT_EQ(mask.x - noise.x, 230.0f);
  // The link between them is copied; the ones leaving the box are not.
  EXPECT_EQ(doc.graph.edges.size(), 6u);
  ASSERT_NE(doc.graph.edgeInto({7, 0}), nullptr);
  EXPECT_EQ(doc.graph.edgeInto({7, 0})->from.node, 6u);
  for (const GraphEdge& e : doc.graph.edges)
    EXPECT_NE(e.from.node, 7u) << "4.mask>5.mask left the box";

  // Ctrl+D duplicates the selection (the pasted pair) with its link; Delete
  // removes the duplicates; undo brings them back.
  const Document duplicated = documentOf(drive(kChain, pasted + ",key:ctrl+d"));
  EXPECT_EQ(duplicated.graph.nodes.size(), 9u);
  EXPECT_EQ(duplicated.graph.edges.size(), 7u);
  ASSERT_NE(duplicated.graph.edgeInto({9, 0}), nullptr);
  EXPECT_EQ(duplicated.graph.edgeInto({9, 0})->from.node, 8u);
  EXPECT_EQ(duplicated.graph.find(8)->x, noise.x + 40.0f);
  const Document deleted = documentOf(drive(kChain, pasted + ",key:ctrl+d,key:delete"));
  EXPECT_EQ(deleted, doc);
  const Document undone = documentOf(drive(kChain, pasted + ",key:ctrl+d,key:delete,undo"));
  EXPECT_EQ(undone, duplicated);
}

// The horizontal middle of the pixels of `colour` in the editor (-1: none).
double middleOf(const RgbImage& image, Rgb8 colour) {
  long sum = 0, count = 0;
  for (int y = kEditorTop; y < image.height; ++y) {
    for (int x = kPanelWidth; x < image.width; ++x) {
      if (!inMinimapCorner(x, y) && image.at(x, y) == colour) {
        sum += x;
        ++count;
      }
    }
  }
  return count > 0 ? static_cast<double>(sum) / static_cast<double>(count) : -1.0;
}

// F frames the selection: with blend selected, F puts it in the middle of
// the editor (framed with the others it is right of the middle).
TEST_F(GraphEditorGestures, FFramesTheSelection) {
  REQUIRE_DISPLAY();
  const Rgb8 blendHeader{50, 110, 105};  // blend's
  const std::string nodes = std::string(kNodes) + ",frame,select:5";
  ASSERT_EQ(drive(kChain, nodes, "all.png").status, 0);
  ASSERT_EQ(drive(kChain, nodes + ",hover:" + at(600.0f, 100.0f) + ",key:f", "framed.png").status,
            0);
  const double middle = kPanelWidth + (kWidth - kPanelWidth) * 0.5;
  const double before = middleOf(readPngRgb8(path("all.png")), blendHeader);
  const double after = middleOf(readPngRgb8(path("framed.png")), blendHeader);
  std::printf("blend's header: middle at x %.1f framed with all, %.1f after F; editor's %.1f\n",
              before, after, middle);
  EXPECT_GT(std::abs(before - middle), 20.0);
  EXPECT_NEAR(after, middle, 6.0);
}

// The minimap in the canvas's bottom-left corner draws every node (the
// sources' brown, the mask's violet) and the part on screen as a white
// frame; a press on its right end moves the view there: the terrain
// node, on the right, moves left.
TEST_F(GraphEditorGestures, TheMinimapShowsTheGraphAndMovesTheView) {
  REQUIRE_DISPLAY();
  const std::string nodes = std::string(kNodes) + ",frame";
  ASSERT_EQ(drive(kChain, nodes, "before.png").status, 0);
  const RgbImage before = readPngRgb8(path("before.png"));
  // Its corner: 180 x 110 pixels from the canvas's bottom-left.
  int frame = 0, sources = 0;
  for (int y = kHeight - 120; y < kHeight; ++y) {
    for (int x = kPanelWidth; x < kPanelWidth + 190; ++x) {
      frame += near(before.at(x, y), {250, 250, 250}, 20);  // antialiased
      sources += before.at(x, y) == Rgb8{120, 90, 60};
    }
  }
  std::printf("minimap: %d pixels of the view's frame, %d of sources\n", frame, sources);
  EXPECT_GE(frame, 100);
  EXPECT_GE(sources, 30);
  const float right = (kPanelWidth + 10 + 150.0f) / kWidth;
  const float low = (kHeight - 40.0f) / kHeight;
  ASSERT_EQ(drive(kChain,
                  nodes + ",hover:" + std::to_string(right) + ":" + std::to_string(low) +
                      ",press,release",
                  "moved.png")
                .status,
            0);
  const Rgb8 outline{240, 200, 80};
  const double was = middleOf(before, outline);
  const double now = middleOf(readPngRgb8(path("moved.png")), outline);
  std::printf("the terrain node's outline: middle at x %.1f, %.1f after the press\n", was, now);
  EXPECT_LT(now, was - 50.0);
}

// Ctrl+G frames the box's nodes in a comment and asks for its text; the
// comment is saved with the document, drawn behind its nodes, and its
// title dragged moves it with the nodes inside (not the others).
TEST_F(GraphEditorGestures, ACommentFramesTheSelectionAndMovesWithItsNodes) {
  REQUIRE_DISPLAY();
  const std::string commented = std::string(kNodes) + ",frame," + kBoxOverThreeAndFour +
                                ",key:ctrl+g,hover:" + at(200.0f, 330.0f) +
                                ",type:Foothills,key:enter";
  const Document doc = documentOf(drive(kChain, commented, "comment.png"));
  ASSERT_EQ(doc.graph.comments.size(), 1u);
  const GraphComment& comment = doc.graph.comments[0];
  EXPECT_EQ(comment.text, "Foothills");
  const auto inside = [&](const GraphComment& c, NodeId id) {
    const NodeBox b = nodeBox(*doc.graph.find(id));
    return b.x >= c.x && b.y >= c.y && b.x + b.width <= c.x + c.width &&
           b.y + b.height <= c.y + c.height;
  };
  EXPECT_TRUE(inside(comment, 3));
  EXPECT_TRUE(inside(comment, 4));
  EXPECT_FALSE(inside(comment, 5));
  const RgbImage image = readPngRgb8(path("comment.png"));
  int title = 0;
  for (int y = kEditorTop; y < image.height; ++y) {
    for (int x = kPanelWidth; x < image.width; ++x) title += image.at(x, y) == Rgb8{70, 88, 128};
  }
  std::printf("comment title: %d pixels\n", title);
  EXPECT_GE(title, 1000);

  // Its title between nodes 1 and 2, dragged 100 units down.
  const Document moved =
      documentOf(drive(kChain, commented + ",hover:" + at(180.0f, 200.0f) +
                                   ",press,hover:" + at(180.0f, 300.0f) + ",release"));
  ASSERT_EQ(moved.graph.comments.size(), 1u);
  EXPECT_NEAR(moved.graph.comments[0].y, comment.y + 100.0f, 2.0f);
  for (const NodeId id : {NodeId{3}, NodeId{4}}) {
    EXPECT_NEAR(moved.graph.find(id)->y, doc.graph.find(id)->y + 100.0f, 2.0f) << id;
  }
  for (const NodeId id : {NodeId{1}, NodeId{2}, NodeId{5}}) {
    EXPECT_EQ(moved.graph.find(id)->y, doc.graph.find(id)->y) << id;
  }
}

}  // namespace
}  // namespace terrain
