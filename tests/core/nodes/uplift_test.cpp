// Painted uplift (issue 19): a paint-mask stroke shaped as a letter,
// connected to stream power's uplift input, raises a range only there;
// rivers drain it to the map's edges, and its ridge follows the paint.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

#include "core/document/document.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_registry.hpp"
#include "core/strokes/strokes.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/landform_metrics.hpp"

namespace terrain {
namespace {

using testing::checksum;

// A plain of gentle noise (flattened to 30 m), a painted "L", and stream
// power lifting the paint; `size` samples over the default 8 km world.
Document paintedRange(int size) {
  Document doc = defaultDocument("noise");
  setDocumentSize(doc, size);
  const NodeId source = doc.graph.output;
  const NodeId plain = addNode(doc.graph, "sculpt", 200.0f, 0.0f);
  connect(doc.graph, {source, 0}, {plain, 0});
  Stroke flatten;
  flatten.mode = StrokeMode::Flatten;
  flatten.radius = 20000.0;
  flatten.hardness = 1.0;
  flatten.strength = 0.97;
  flatten.height = 30.0;
  flatten.points = {{4096.0, 4096.0}};
  addStroke(doc.graph, plain, flatten);
  const NodeId paint = addNode(doc.graph, "paint-mask", 200.0f, 200.0f);
  connect(doc.graph, {plain, 0}, {paint, 0});
  Stroke letter;
  letter.mode = StrokeMode::Paint;
  letter.radius = 900.0;
  letter.hardness = 0.4;
  letter.points = {{2000.0, 1500.0}, {2000.0, 6500.0}, {6200.0, 6500.0}};
  addStroke(doc.graph, paint, letter);
  const NodeId rivers = addNode(doc.graph, "stream-power", 400.0f, 0.0f);
  connect(doc.graph, {plain, 0}, {rivers, 0});
  connect(doc.graph, {paint, 0}, {rivers, 2});
  setOutput(doc.graph, rivers);
  return doc;
}

Heightfield evaluate(const Document& doc, NodeId node, int threads = 0) {
  return *evaluateGraph(doc.graph, {node, 0}, NodeContext{doc.seed, doc.world},
                        PipelineControl{Execution{threads}, nullptr, {}});
}

NodeId nodeOfType(const Document& doc, std::string_view type) {
  for (const GraphNode& node : doc.graph.nodes) {
    if (node.type == type) return node.id;
  }
  return 0;
}

double correlation(const Heightfield& a, const Heightfield& b) {
  return testing::correlation(std::vector<double>(a.heights.begin(), a.heights.end()),
                              std::vector<double>(b.heights.begin(), b.heights.end()));
}

TEST(PaintedUplift, ARangeRisesWhereTheLetterIsPaintedAndItsRidgeFollowsIt) {
  const Document doc = paintedRange(257);
  const Heightfield mask = evaluate(doc, nodeOfType(doc, "paint-mask"));
  const Heightfield heights = evaluate(doc, doc.graph.output);
  const double r = correlation(mask, heights);
  EXPECT_GT(r, 0.6) << "the range does not follow the paint";
  double painted = 0, plain = 0;
  int paintedCells = 0, plainCells = 0;
  for (std::size_t i = 0; i < mask.size(); ++i) {
    if (mask.heights[i] >= 0.99f) painted += double(heights.heights[i]), ++paintedCells;
    if (mask.heights[i] == 0.0f) plain += double(heights.heights[i]), ++plainCells;
  }
  ASSERT_GT(paintedCells, 100);
  EXPECT_GT(painted / paintedCells, 5.0 * plain / plainCells);
  // The ridge: along the letter's upright stroke (x = 2000 m) the highest
  // cell of each row lies within the brush.
  const double cell = metresPerCell(doc.world, 257, false);
  for (int y = int(2500.0 / cell); y < int(5500.0 / cell); ++y) {
    int best = 0;
    for (int x = 0; x < int(4000.0 / cell); ++x) {
      if (heights.at(x, y) > heights.at(best, y)) best = x;
    }
    ASSERT_NEAR(best * cell, 2000.0, 900.0) << "row " << y;
  }
}

TEST(PaintedUplift, TheRangeIsDrainedEveryCellHasALowerNeighbourOrIsAnOutlet) {
  const Heightfield h = evaluate(paintedRange(257), paintedRange(257).graph.output);
  int pits = 0;
  for (int y = 1; y + 1 < h.height; ++y) {
    for (int x = 1; x + 1 < h.width; ++x) {
      bool lower = false;
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) lower = lower || h.at(x + dx, y + dy) < h.at(x, y);
      }
      pits += lower ? 0 : 1;
    }
  }
  EXPECT_EQ(pits, 0);
}

TEST(PaintedUplift, OneAndTwoThreadsGiveTheSameBits) {
  const Document doc = paintedRange(257);
  EXPECT_EQ(checksum(evaluate(doc, doc.graph.output, 1)),
            checksum(evaluate(doc, doc.graph.output, 2)));
}

TEST(PaintedUplift, AnUpliftOfAnotherSizeIsRefusedNamingBothPorts) {
  const PortValue a = makePort(Heightfield(65, 65));
  const PortValue b = makePort(Heightfield(33, 33));
  const NodeType& rivers = nodeType("stream-power");
  const std::string message = testing::inputErrorOf([&] {
    rivers.run({a, nullptr, b, nullptr}, NodeContext{}, rivers.defaults(), {});
  });
  EXPECT_NE(message.find("'uplift' is 33x33"), std::string::npos) << message;
}

}  // namespace
}  // namespace terrain
