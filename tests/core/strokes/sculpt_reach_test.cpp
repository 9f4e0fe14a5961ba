// Smoothing strokes read their blur's width past the cells they change,
// from heights the strokes before them changed: a sculpt node's reach is
// their blurs' sum. Past a map's side it is reported as that side, so a
// tile is its window of the world or is refused (exit 2): a world no wider
// than a map is read whole around any tile, and around a tile of a wider
// one the window would be wider than a map may be.
#include <gtest/gtest.h>

#include <string>

#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/export/tiles.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/window_evaluation.hpp"
#include "core/strokes/strokes.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

// A noise world of `side` samples into a sculpt node holding `strokes`
// smoothing strokes of radius `radius` metres across it; the node's id.
NodeId smoothedWorld(Document& doc, int side, int strokes, double radius) {
  doc = defaultDocument("noise");
  setDocumentSize(doc, side);
  const NodeId source = doc.graph.output;
  const NodeId node = addNode(doc.graph, "sculpt", 200.0f, 0.0f);
  connect(doc.graph, {source, 0}, {node, 0});
  setOutput(doc.graph, node);
  for (int k = 0; k < strokes; ++k) {
    Stroke smooth;
    smooth.mode = StrokeMode::Smooth;
    smooth.radius = radius;
    smooth.points = {{1000.0 + 2000.0 * k, 2000.0}, {7000.0 - 1500.0 * k, 6000.0}};
    addStroke(doc.graph, node, smooth);
  }
  return node;
}

int reachOf(const Document& doc, NodeId node, double cellMetres) {
  const GraphNode& n = *doc.graph.find(node);
  return typeOf(n).reach(n.values, cellMetres);
}

// Three strokes of 7812 cells' blur each at 32 m a cell: 23436 in all,
// past a map's side. On a world of 257 every tile reads the whole world.
TEST(SculptReach, BlursSummingPastAMapsSideStillGiveTilesTheirWindowOfANarrowerWorld) {
  Document doc;
  const NodeId node = smoothedWorld(doc, 257, 3, 1.0e6);
  const double cell = metresPerCell(doc.world, 257, false);
  ASSERT_GT(3 * static_cast<std::int64_t>(1.0e6 * 0.25 / cell), kMaxMapSide);
  EXPECT_EQ(reachOf(doc, node, cell), kMaxMapSide);
  const NodeContext context{doc.seed, doc.world};
  const Heightfield world = *evaluateWindow(doc.graph, {node, 0}, context,
                                            WorldWindow{257, false, cell, {0, 0, 257, 257}});
  for (const MapWindow window : {MapWindow{0, 0, 64, 64}, MapWindow{150, 40, 100, 90}}) {
    const PortValue tile =
        evaluateWindow(doc.graph, {node, 0}, context, WorldWindow{257, false, cell, window});
    ASSERT_EQ(testing::checksum(*tile), testing::checksum(cutWindow(world, window)))
        << window.x0 << "," << window.y0;
  }
}

// A world wider than a map, at 1 m a cell: three strokes of 8000 cells'
// blur each. A tile would read 24000 cells around it, more than a map may
// hold: refused before anything is computed, naming the limit, wherever the
// tile lies (the world's corner too) and on a torus.
TEST(SculptReach, BlursSummingPastAMapsSideRefuseATileOfAWiderWorldNamingTheLimit) {
  Document doc;
  const NodeId node = smoothedWorld(doc, 257, 3, 32000.0);
  EXPECT_EQ(reachOf(doc, node, 1.0), kMaxMapSide);
  const NodeContext context{doc.seed, doc.world};
  const std::int64_t side = 40001;  // samples: wider than a map, as a tiled world is
  for (const bool torus : {false, true}) {
    for (const MapWindow window : {MapWindow{0, 0, 1025, 1025}, MapWindow{20000, 9000, 513, 513}}) {
      const std::string refused = testing::inputErrorOf([&] {
        evaluateWindow(doc.graph, {node, 0}, context, WorldWindow{side, torus, 1.0, window});
      });
      EXPECT_NE(refused.find("more than a map may be (" + std::to_string(kMaxMapSide) + ")"),
                std::string::npos)
          << refused;
      // More tiles cannot help a reach wider than a map: the message says so.
      EXPECT_NE(refused.find("no tile is small enough"), std::string::npos) << refused;
      EXPECT_EQ(refused.find("more tiles"), std::string::npos) << refused;
    }
  }
  // Under a map's side the sum is exact: two strokes, 16000 cells.
  smoothedWorld(doc, 257, 2, 32000.0);
  EXPECT_EQ(reachOf(doc, doc.graph.output, 1.0), 16000);
}

// One stroke of 8000 cells' blur fits a small tile's window but not a
// 1025 one's: there the refusal sends the user to more tiles (checked
// before anything is computed, so the big window costs nothing).
TEST(SculptReach, AReachSmallerTilesCanCarryAsksForMoreTiles) {
  Document doc;
  const NodeId node = smoothedWorld(doc, 257, 1, 32000.0);
  ASSERT_EQ(reachOf(doc, node, 1.0), 8000);
  const NodeContext context{doc.seed, doc.world};
  const std::string refused = testing::inputErrorOf([&] {
    evaluateWindow(doc.graph, {node, 0}, context,
                   WorldWindow{40001, false, 1.0, MapWindow{20000, 9000, 1025, 1025}});
  });
  EXPECT_NE(refused.find("use more tiles or smaller radii"), std::string::npos) << refused;
}

}  // namespace
}  // namespace terrain
