// Brush strokes (issue 19): a stroke is stored in the world's metres, so a
// 257 preview and a 1025 export change the same place; each brush mode
// does what its name says; a stroke is one undo step; tiles of a sculpted
// world are windows of it; bad strokes are refused naming what is wrong.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/document/history.hpp"
#include "core/document/pipeline.hpp"
#include "core/document/project.hpp"
#include "core/export/tiles.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/window_evaluation.hpp"
#include "core/strokes/strokes.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

using testing::checksum;

Stroke strokeOf(StrokeMode mode, std::vector<std::array<double, 2>> points, double radius = 600.0,
                double height = 120.0) {
  Stroke s;
  s.mode = mode;
  s.radius = radius;
  s.strength = 1.0;
  s.hardness = 0.3;
  s.height = height;
  s.points = std::move(points);
  return s;
}

struct Sculpted {
  Document doc;
  NodeId brushNode = 0;
};

// Noise of `size` feeding a brush node (sculpt or paint-mask) that is the output.
Sculpted brushDocument(std::string_view brush, int size) {
  Document doc = defaultDocument("noise");
  setDocumentSize(doc, size);
  const NodeId source = doc.graph.output;
  const NodeId node = addNode(doc.graph, brush, 200.0f, 0.0f);
  connect(doc.graph, {source, 0}, {node, 0});
  if (brush == "sculpt") setOutput(doc.graph, node);
  return {doc, node};
}

Heightfield brushResult(const Sculpted& s, int threads = 0) {
  return *evaluateGraph(s.doc.graph, {s.brushNode, 0}, NodeContext{s.doc.seed, s.doc.world},
                        PipelineControl{Execution{threads}, nullptr, {}});
}

Heightfield sourceResult(const Sculpted& s) {
  const NodeId source = s.doc.graph.edgeInto({s.brushNode, 0})->from.node;
  return *evaluateGraph(s.doc.graph, {source, 0}, NodeContext{s.doc.seed, s.doc.world});
}

// The centroid, in metres, of |after - before| (or of `after` alone).
std::array<double, 2> changeCentroid(const Heightfield& after, const Heightfield* before,
                                     double cellMetres) {
  double sum = 0.0, sx = 0.0, sy = 0.0;
  for (int y = 0; y < after.height; ++y) {
    for (int x = 0; x < after.width; ++x) {
      const double change =
          std::abs(double(after.at(x, y)) - (before ? double(before->at(x, y)) : 0.0));
      sum += change;
      sx += change * x * cellMetres;
      sy += change * y * cellMetres;
    }
  }
  return {sx / sum, sy / sum};
}

TEST(Strokes, TheirTextReadsBackToTheSameStrokesAndId) {
  Strokes strokes = {strokeOf(StrokeMode::Raise, {{100.5, 200.25}, {300.0, 1e-3}}),
                     strokeOf(StrokeMode::Erase, {{0.1, 0.2}}, 12.5, -3.0)};
  strokes[1].strength = 0.3;
  strokes[1].hardness = 0.0;
  const double id = strokesId(strokes);
  EXPECT_EQ(parseStrokes(strokesText(strokes)), strokes);
  EXPECT_EQ(strokesId(parseStrokes(strokesText(strokes))), id);
  EXPECT_EQ(strokesOf(id), strokes);
  strokes[0].points[0][0] += 0.5;
  EXPECT_NE(strokesId(strokes), id);
  EXPECT_FALSE(isStrokesId(12345.0));
}

TEST(Strokes, BadStrokesAreRefusedNamingTheStrokeAndTheKey) {
  const auto refusal = [](std::string_view text) {
    return testing::inputErrorOf([&] { parseStrokes(text); });
  };
  EXPECT_NE(refusal("[{").find("not JSON"), std::string::npos);
  EXPECT_NE(refusal("{}").find("must be an array"), std::string::npos);
  const std::string mode = refusal(R"([{"mode": "carve", "points": [[0, 0]]}])");
  EXPECT_NE(mode.find("stroke 1"), std::string::npos) << mode;
  EXPECT_NE(mode.find("raise, lower, smooth, flatten, paint, erase"), std::string::npos) << mode;
  const std::string radius = refusal(
      R"([{"mode": "paint", "points": [[0, 0]]}, {"mode": "paint", "radius": -4, "points": [[0, 0]]}])");
  EXPECT_NE(radius.find("stroke 2: 'radius' -4 is out of range"), std::string::npos) << radius;
  EXPECT_NE(refusal(R"([{"mode": "paint", "points": []}])").find("no points"), std::string::npos);
  EXPECT_NE(refusal(R"([{"mode": "paint", "points": [[0]]}])").find("[x, y]"), std::string::npos);
  EXPECT_NE(refusal(R"([{"mode": "paint", "colour": 1, "points": [[0, 0]]}])").find("'colour'"),
            std::string::npos);
}

TEST(Strokes, TheBrushWeighsFullOnTheLineFallsWithDistanceAndEndsAtItsRadius) {
  const StrokeGrid grid{101, 101, 0, 0, 10.0, false, 0.0};  // 1 km at 10 m
  const Stroke stroke = strokeOf(StrokeMode::Paint, {{200.0, 500.0}, {800.0, 500.0}}, 100.0);
  std::vector<float> weight(101 * 101, 0.0f);
  std::vector<int> visits(101 * 101, 0);
  forEachBrushCell(stroke, grid, [&](std::size_t i, float w) {
    weight[i] = w;
    ++visits[i];
  });
  for (int v : visits) ASSERT_LE(v, 1);
  EXPECT_EQ(weight[50 * 101 + 50], 1.0f);   // on the line
  EXPECT_EQ(weight[50 * 101 + 5], 0.0f);    // 150 m beyond its end, past the radius
  EXPECT_GT(weight[50 * 101 + 12], 0.0f);   // 80 m beyond: inside
  for (std::size_t y = 51; y <= 60; ++y) {  // falls away from the line
    EXPECT_LE(weight[y * 101 + 50], weight[(y - 1) * 101 + 50]);
  }
  EXPECT_EQ(weight[60 * 101 + 50], 0.0f);  // 100 m off: the edge
}

TEST(Strokes, OnATorusAStrokeAtTheEdgeReachesAcrossIt) {
  const StrokeGrid grid{100, 100, 0, 0, 10.0, true, 1000.0};
  const Stroke stroke = strokeOf(StrokeMode::Paint, {{995.0, 500.0}}, 60.0);
  std::vector<float> weight(100 * 100, 0.0f);
  forEachBrushCell(stroke, grid, [&](std::size_t i, float w) { weight[i] = w; });
  EXPECT_GT(weight[50 * 100 + 2], 0.0f);   // 25 m away across the seam
  EXPECT_GT(weight[50 * 100 + 97], 0.0f);  // 25 m away on this side
  EXPECT_EQ(weight[50 * 100 + 50], 0.0f);
}

TEST(BrushNodes, AStrokeChangesTheSamePlaceAt257And1025) {
  for (const auto& [brush, mode] :
       {std::pair{"sculpt", StrokeMode::Raise}, std::pair{"sculpt", StrokeMode::Smooth},
        std::pair{"paint-mask", StrokeMode::Paint}}) {
    SCOPED_TRACE(std::string(brush) + " " + std::string(strokeModeName(mode)));
    std::array<double, 2> centroid[2];
    double cell257 = 0.0;
    for (int k = 0; k < 2; ++k) {
      const int size = k == 0 ? 257 : 1025;
      Sculpted s = brushDocument(brush, size);
      addStroke(s.doc.graph, s.brushNode,
                strokeOf(mode, {{2000.0, 3000.0}, {3500.0, 4200.0}, {5200.0, 4000.0}}));
      const double cell = metresPerCell(s.doc.world, size, false);
      if (k == 0) cell257 = cell;
      const Heightfield before = sourceResult(s);
      const Heightfield after = brushResult(s);
      centroid[k] = changeCentroid(after, brush == std::string("sculpt") ? &before : nullptr, cell);
    }
    EXPECT_NEAR(centroid[0][0], centroid[1][0], cell257);
    EXPECT_NEAR(centroid[0][1], centroid[1][1], cell257);
  }
}

TEST(BrushNodes, EachModeDoesWhatItSays) {
  Sculpted s = brushDocument("sculpt", 257);
  const Heightfield before = sourceResult(s);
  const double cell = metresPerCell(s.doc.world, 257, false);
  const auto at = [cell](const Heightfield& f, double x, double y) {
    return f.at(int(std::lround(x / cell)), int(std::lround(y / cell)));
  };
  const float range = float(s.doc.world.heightRange);
  {
    Sculpted raise = s;
    addStroke(raise.doc.graph, raise.brushNode,
              strokeOf(StrokeMode::Raise, {{4096.0, 4096.0}}, 800.0, 60.0));
    const Heightfield after = brushResult(raise);
    EXPECT_NEAR(at(after, 4096, 4096) - at(before, 4096, 4096), 60.0f / range, 1e-6f);
    EXPECT_EQ(at(after, 1000, 1000), at(before, 1000, 1000));  // far away: the same bits
  }
  {
    Sculpted lower = s;
    addStroke(lower.doc.graph, lower.brushNode,
              strokeOf(StrokeMode::Lower, {{4096.0, 4096.0}}, 800.0, 60.0));
    EXPECT_NEAR(at(brushResult(lower), 4096, 4096) - at(before, 4096, 4096), -60.0f / range, 1e-6f);
  }
  {
    Sculpted flatten = s;
    addStroke(flatten.doc.graph, flatten.brushNode,
              strokeOf(StrokeMode::Flatten, {{3000.0, 4096.0}, {5000.0, 4096.0}}, 500.0, 300.0));
    const Heightfield after = brushResult(flatten);
    for (double x = 3000.0; x <= 5000.0; x += cell) {
      ASSERT_NEAR(at(after, x, 4096.0), 300.0f / range, 1e-6f);
    }
  }
  {
    // Smoothing takes the roughness out: the brushed cells' differences shrink.
    Sculpted smooth = s;
    const Stroke stroke = strokeOf(StrokeMode::Smooth, {{4096.0, 4096.0}}, 1200.0);
    addStroke(smooth.doc.graph, smooth.brushNode, stroke);
    addStroke(smooth.doc.graph, smooth.brushNode, stroke);
    const Heightfield after = brushResult(smooth);
    double roughBefore = 0.0, roughAfter = 0.0;
    for (int y = 120; y < 136; ++y) {
      for (int x = 120; x < 136; ++x) {
        roughBefore += double(std::abs(before.at(x + 1, y) - before.at(x, y)));
        roughAfter += double(std::abs(after.at(x + 1, y) - after.at(x, y)));
      }
    }
    EXPECT_LT(roughAfter, 0.6 * roughBefore);
    EXPECT_EQ(at(after, 1000, 1000), at(before, 1000, 1000));
  }
}

TEST(BrushNodes, APaintedMaskIsOneOnThePaintAndErasedWhereErased) {
  Sculpted s = brushDocument("paint-mask", 257);
  addStroke(s.doc.graph, s.brushNode,
            strokeOf(StrokeMode::Paint, {{1000.0, 4096.0}, {7000.0, 4096.0}}));
  addStroke(s.doc.graph, s.brushNode, strokeOf(StrokeMode::Erase, {{4096.0, 4096.0}}, 400.0));
  const Heightfield mask = brushResult(s);
  const double cell = metresPerCell(s.doc.world, 257, false);
  const int row = int(std::lround(4096.0 / cell));
  EXPECT_EQ(mask.at(int(std::lround(2000.0 / cell)), row), 1.0f);
  EXPECT_EQ(mask.at(128, row), 0.0f);  // erased at full weight
  EXPECT_EQ(mask.at(128, 10), 0.0f);   // never painted
  for (float m : mask.heights) ASSERT_TRUE(m >= 0.0f && m <= 1.0f);
}

TEST(BrushNodes, AStrokeIsOneUndoStepAndUndoRestoresTheBits) {
  Sculpted s = brushDocument("sculpt", 129);
  History history(s.doc);
  const std::uint64_t before = checksum(brushResult(s));
  addStroke(s.doc.graph, s.brushNode,
            strokeOf(StrokeMode::Raise, {{2000.0, 2000.0}, {6000.0, 5000.0}}));
  history.commit(s.doc);
  const std::uint64_t after = checksum(brushResult(s));
  EXPECT_NE(after, before);
  s.doc = history.undo();
  EXPECT_EQ(checksum(brushResult(s)), before);
  s.doc = history.redo();
  EXPECT_EQ(checksum(brushResult(s)), after);
}

TEST(BrushNodes, AStrokeANodeDoesNotTakeIsRefusedAndTheDocumentKept) {
  Sculpted s = brushDocument("paint-mask", 65);
  const Document kept = s.doc;
  const std::string message = testing::inputErrorOf([&] {
    addStroke(s.doc.graph, s.brushNode, strokeOf(StrokeMode::Raise, {{0.0, 0.0}}));
  });
  EXPECT_NE(message.find("paint and erase"), std::string::npos) << message;
  EXPECT_EQ(s.doc, kept);
  EXPECT_NE(
      testing::inputErrorOf([&] {
        addStroke(s.doc.graph, s.doc.graph.nodes[0].id, strokeOf(StrokeMode::Paint, {{0.0, 0.0}}));
      }).find("takes no strokes"),
      std::string::npos);
}

TEST(BrushNodes, StrokesSurviveTheProjectFileAndBadOnesAreRefusedByPlace) {
  Sculpted s = brushDocument("sculpt", 129);
  addStroke(s.doc.graph, s.brushNode,
            strokeOf(StrokeMode::Smooth, {{10.25, 20.5}, {4000.0, 1.0 / 3.0}}));
  addStroke(s.doc.graph, s.brushNode,
            strokeOf(StrokeMode::Flatten, {{5000.0, 5000.0}}, 77.0, 333.0));
  const Document back = projectFromJson(projectToJson(s.doc));
  EXPECT_EQ(back, s.doc);
  std::string text = projectToJson(s.doc);
  const auto at = text.find("\"smooth\"");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 8, "\"carve\"");
  const std::string message = testing::inputErrorOf([&] { projectFromJson(text); });
  EXPECT_NE(message.find("strokes"), std::string::npos) << message;
  EXPECT_NE(message.find("\"carve\""), std::string::npos) << message;
  EXPECT_NE(message.find("nodes[1]"), std::string::npos) << message;
}

TEST(BrushNodes, TilesOfASculptedWorldAreWindowsOfIt) {
  Sculpted s = brushDocument("sculpt", 257);
  addStroke(s.doc.graph, s.brushNode,
            strokeOf(StrokeMode::Raise, {{1000.0, 1000.0}, {7000.0, 6000.0}}));
  addStroke(s.doc.graph, s.brushNode,
            strokeOf(StrokeMode::Smooth, {{4000.0, 500.0}, {4000.0, 7500.0}}, 900.0));
  addStroke(s.doc.graph, s.brushNode,
            strokeOf(StrokeMode::Smooth, {{500.0, 4000.0}, {7500.0, 4000.0}}, 700.0));
  ASSERT_EQ(whyNotWindowed(s.doc.graph, s.brushNode), "");
  const NodeContext context{s.doc.seed, s.doc.world};
  const double cell = metresPerCell(s.doc.world, 257, false);
  // The world as one window: sources on their tiles' shared scale.
  const Heightfield world = *evaluateWindow(s.doc.graph, {s.brushNode, 0}, context,
                                            WorldWindow{257, false, cell, {0, 0, 257, 257}});
  EXPECT_NE(checksum(world), checksum(sourceResult(s)));
  for (const MapWindow window :
       {MapWindow{0, 0, 100, 100}, MapWindow{100, 90, 80, 120}, MapWindow{180, 180, 77, 77}}) {
    const PortValue tile = evaluateWindow(s.doc.graph, {s.brushNode, 0}, context,
                                          WorldWindow{257, false, cell, window});
    ASSERT_EQ(checksum(*tile), checksum(cutWindow(world, window))) << window.x0 << "," << window.y0;
  }
}

TEST(BrushNodes, OneAndTwoThreadsGiveTheSameBits) {
  Sculpted s = brushDocument("sculpt", 257);
  for (const StrokeMode mode : {StrokeMode::Raise, StrokeMode::Smooth, StrokeMode::Flatten}) {
    addStroke(s.doc.graph, s.brushNode, strokeOf(mode, {{1000.0, 3000.0}, {7000.0, 4000.0}}));
  }
  EXPECT_EQ(checksum(brushResult(s, 1)), checksum(brushResult(s, 2)));
}

// While a stroke is drawn each run starts from the last one's earlier
// strokes (core/nodes/stroke_cache.hpp): the bits of applying them all.
TEST(BrushNodes, AStrokeBeingDrawnGivesTheBitsOfEveryStrokeAppliedInOrder) {
  const Sculpted s = brushDocument("sculpt", 257);
  const Heightfield source = sourceResult(s);
  const NodeType& sculpt = nodeType("sculpt");
  const NodeContext context{1, s.doc.world};
  Strokes strokes;
  for (const StrokeMode mode : {StrokeMode::Raise, StrokeMode::Smooth, StrokeMode::Flatten}) {
    strokes.push_back(
        strokeOf(mode, {{1000.0, 2000.0 + 1500.0 * double(strokes.size())}, {7000.0, 4000.0}}));
  }
  for (const bool masked : {false, true}) {
    SCOPED_TRACE(masked ? "masked" : "plain");
    const PortValue input = makePort(Heightfield(source));
    const PortValue mask =
        masked ? nodeType("height-mask").run({input}, {}, nodeType("height-mask").defaults(), {})[0]
               : nullptr;
    // The moves of one stroke on one input (each run after the first starts
    // from the last one's earlier strokes), then each again from scratch.
    std::vector<ParamValues> moves;
    Stroke drawing = strokeOf(StrokeMode::Smooth, {{2000.0, 7000.0}});
    for (int move = 0; move < 4; ++move) {
      drawing.points.push_back({2000.0 + 900.0 * move, 6500.0 - 700.0 * move});
      Strokes now = strokes;
      now.push_back(drawing);
      moves.push_back(sculpt.defaults());
      moves.back()[0] = strokesId(now);
    }
    std::vector<std::uint64_t> drawn;
    for (const ParamValues& values : moves) {
      drawn.push_back(checksum(*sculpt.run({input, mask}, context, values, {})[0]));
    }
    for (std::size_t move = 0; move < moves.size(); ++move) {
      const PortValue fresh = makePort(Heightfield(source));
      const PortValue freshMask = masked ? makePort(Heightfield(*mask)) : nullptr;
      EXPECT_EQ(drawn[move], checksum(*sculpt.run({fresh, freshMask}, context, moves[move], {})[0]))
          << move;
      if (move > 0) {
        EXPECT_NE(drawn[move], drawn[move - 1]);
      }
    }
  }
}

TEST(BrushNodes, AMaskBeingPaintedGivesTheBitsOfEveryStrokeAppliedInOrder) {
  const Sculpted s = brushDocument("paint-mask", 257);
  const Heightfield source = sourceResult(s);
  const NodeType& paint = nodeType("paint-mask");
  const NodeContext context{1, s.doc.world};
  const Strokes before = {strokeOf(StrokeMode::Paint, {{1000.0, 1000.0}, {7000.0, 7000.0}}),
                          strokeOf(StrokeMode::Erase, {{4000.0, 4000.0}}, 900.0)};
  const PortValue terrain = makePort(Heightfield(source));
  Stroke drawing = strokeOf(StrokeMode::Paint, {{1000.0, 7000.0}});
  std::vector<ParamValues> moves;
  for (int move = 0; move < 4; ++move) {
    drawing.points.push_back({1500.0 + 1200.0 * move, 6500.0 - 1200.0 * move});
    Strokes now = before;
    now.push_back(drawing);
    moves.push_back(paint.defaults());
    moves.back()[0] = strokesId(now);
  }
  std::vector<std::uint64_t> drawn;
  for (const ParamValues& values : moves) {
    drawn.push_back(checksum(*paint.run({terrain}, context, values, {})[0]));
  }
  for (std::size_t move = 0; move < moves.size(); ++move) {
    const PortValue fresh = makePort(Heightfield(source));
    EXPECT_EQ(drawn[move], checksum(*paint.run({fresh}, context, moves[move], {})[0])) << move;
  }
}

}  // namespace
}  // namespace terrain
