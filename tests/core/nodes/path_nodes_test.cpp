// Rivers and roads drawn as curves (issue 19): a river's bed never rises
// along its flow and its footprint holds stream power's outlets; a road is
// flat across its width and gentler along than the ground it crosses; both
// land in the same place at 257 and 1025.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "core/document/document.hpp"
#include "core/document/project.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_registry.hpp"
#include "core/strokes/strokes.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

constexpr double kPi = 3.14159265358979323846;

Stroke course(PathPoints points) {
  Stroke s;
  s.mode = StrokeMode::Path;
  s.points = std::move(points);
  return s;
}

const PathPoints kDiagonal = {
    {800.0, 1200.0}, {3000.0, 3500.0}, {5200.0, 4600.0}, {7400.0, 7000.0}};

struct PathDoc {
  Document doc;
  NodeId source = 0;
  NodeId path = 0;
};

// Noise of `size` into a river or road node (the terrain) along `points`.
PathDoc pathDocument(std::string_view type, int size, const PathPoints& points,
                     std::initializer_list<std::pair<const char*, double>> set = {}) {
  Document doc = defaultDocument("noise");
  setDocumentSize(doc, size);
  const NodeId source = doc.graph.output;
  const NodeId node = addNode(doc.graph, type, 200.0f, 0.0f);
  connect(doc.graph, {source, 0}, {node, 0});
  setOutput(doc.graph, node);
  addStroke(doc.graph, node, course(points));
  GraphNode& n = *doc.graph.find(node);
  for (const auto& [key, value] : set) n.values[*typeOf(n).indexOf(key)] = value;
  return {doc, source, node};
}

Heightfield evaluate(const Document& doc, PortRef port) {
  return *evaluateGraph(doc.graph, port, NodeContext{doc.seed, doc.world});
}

StrokeGrid gridOf(const Document& doc, const Heightfield& f) {
  return {f.width, f.height,       0, 0, metresPerCell(doc.world, f.width, f.wraps),
          false,   doc.world.width};
}

TEST(RiverNode, ItsBedNeverRisesAlongTheFlowAndLiesBelowTheGround) {
  const PathDoc d = pathDocument("river", 513, kDiagonal, {{"width", 60.0}, {"depth", 10.0}});
  const Heightfield before = evaluate(d.doc, {d.source, 0});
  const Heightfield after = evaluate(d.doc, {d.path, 0});
  std::vector<PathCell> bed = pathCells(kDiagonal, gridOf(d.doc, after), 30.0);
  ASSERT_GT(bed.size(), 500u);
  std::sort(bed.begin(), bed.end(), [](auto& a, auto& b) { return a.along < b.along; });
  // It flows from its higher end.
  const bool downstreamIsAlong =
      after.heights[bed.front().index] >= after.heights[bed.back().index];
  if (!downstreamIsAlong) std::reverse(bed.begin(), bed.end());
  int rises = 0;
  for (std::size_t k = 1; k < bed.size(); ++k) {
    rises += after.heights[bed[k].index] > after.heights[bed[k - 1].index];
  }
  EXPECT_EQ(rises, 0);
  // Carved: on average the bed lies at least the depth below the ground.
  double cut = 0.0;
  for (const PathCell& c : bed) cut += double(before.heights[c.index] - after.heights[c.index]);
  EXPECT_GT(cut / double(bed.size()) * d.doc.world.heightRange, 10.0 - 1.0);
  // Away from it the ground is untouched.
  EXPECT_EQ(after.at(500, 20), before.at(500, 20));
  for (std::size_t i = 0; i < after.size(); ++i)
    ASSERT_LE(after.heights[i], before.heights[i] + 1e-6f);
}

// The bed's heights along the course (cells within `half` metres of it),
// from its higher end to its lower.
std::vector<float> bedAlong(const Document& doc, const Heightfield& field, double half) {
  std::vector<PathCell> bed = pathCells(kDiagonal, gridOf(doc, field), half);
  std::sort(bed.begin(), bed.end(), [](auto& a, auto& b) { return a.along < b.along; });
  std::vector<float> heights;
  for (const PathCell& c : bed) heights.push_back(field.heights[c.index]);
  if (heights.front() < heights.back()) std::reverse(heights.begin(), heights.end());
  return heights;
}

// A graded bed (the default) is worn to a smooth long profile: each
// quarter of the course falls no more than the one above it, where the
// bed that follows the terrain falls in rapids and pools. It lies nowhere
// above the terrain-following bed. A project saved before the choice
// existed reads 'terrain' and keeps its bits.
TEST(RiverNode, AGradedBedEasesDownstreamAndOldProjectsFollowTheTerrain) {
  const PathDoc graded = pathDocument("river", 513, kDiagonal, {{"width", 60.0}, {"depth", 10.0}});
  const PathDoc terrain =
      pathDocument("river", 513, kDiagonal, {{"width", 60.0}, {"depth", 10.0}, {"bed", 0.0}});
  const Heightfield gradedField = evaluate(graded.doc, {graded.path, 0});
  const Heightfield terrainField = evaluate(terrain.doc, {terrain.path, 0});
  for (std::size_t i = 0; i < gradedField.size(); ++i)
    ASSERT_LE(gradedField.heights[i], terrainField.heights[i] + 1e-6f);
  const auto quarterFalls = [&](const Document& doc, const Heightfield& field) {
    const std::vector<float> bed = bedAlong(doc, field, 10.0);
    std::vector<double> falls;
    for (std::size_t q = 0; q < 4; ++q) {
      falls.push_back(double(bed[bed.size() * q / 4]) - double(bed[bed.size() * (q + 1) / 4 - 1]));
    }
    return falls;
  };
  const std::vector<double> gradedFalls = quarterFalls(graded.doc, gradedField);
  for (std::size_t q = 1; q < 4; ++q) EXPECT_LE(gradedFalls[q], gradedFalls[q - 1] * 1.05) << q;
  const std::vector<double> terrainFalls = quarterFalls(terrain.doc, terrainField);
  EXPECT_FALSE(std::is_sorted(terrainFalls.rbegin(), terrainFalls.rend()));

  nlohmann::json file = nlohmann::json::parse(projectToJson(graded.doc));
  for (auto& node : file.at("graph").at("nodes")) {
    if (node.at("params").contains("bed")) node.at("params").erase("bed");
  }
  const Document old = projectFromJson(file.dump());
  EXPECT_EQ(evaluate(old, {graded.path, 0}).heights, terrainField.heights);
}

TEST(RiverNode, ItsFootprintIsOneInTheChannelAndItsPlaceIsTheSameAt257And1025) {
  std::array<double, 2> centroid[2];
  for (int k = 0; k < 2; ++k) {
    const int size = k == 0 ? 257 : 1025;
    const PathDoc d = pathDocument("river", size, kDiagonal, {{"width", 100.0}});
    const Heightfield mask = evaluate(d.doc, {d.path, 1});
    const double cell = metresPerCell(d.doc.world, size, false);
    double sum = 0, sx = 0, sy = 0;
    for (int y = 0; y < size; ++y) {
      for (int x = 0; x < size; ++x) {
        sum += double(mask.at(x, y)), sx += double(mask.at(x, y)) * x * cell,
            sy += double(mask.at(x, y)) * y * cell;
      }
    }
    centroid[k] = {sx / sum, sy / sum};
    const auto at = [&](double mx, double my) {
      return mask.at(int(std::lround(mx / cell)), int(std::lround(my / cell)));
    };
    EXPECT_EQ(at(3000.0, 3500.0), 1.0f);
    EXPECT_EQ(at(7000.0, 1000.0), 0.0f);
  }
  const double cell257 = metresPerCell(Document{}.world, 257, false);
  EXPECT_NEAR(centroid[0][0], centroid[1][0], cell257);
  EXPECT_NEAR(centroid[0][1], centroid[1][1], cell257);
}

TEST(RiverNode, StreamPowerHoldsTheRiverAsOutletsAndTheValleysDrainIntoIt) {
  PathDoc d = pathDocument("river", 257, kDiagonal, {{"width", 80.0}});
  const NodeId rivers = addNode(d.doc.graph, "stream-power", 400.0f, 0.0f);
  connect(d.doc.graph, {d.path, 0}, {rivers, 0});
  connect(d.doc.graph, {d.path, 1}, {rivers, 3});
  setOutput(d.doc.graph, rivers);
  const Heightfield carved = evaluate(d.doc, {d.path, 0});
  const Heightfield footprint = evaluate(d.doc, {d.path, 1});
  const Heightfield eroded = evaluate(d.doc, {rivers, 0});
  disconnect(d.doc.graph, {rivers, 3});
  const Heightfield free = evaluate(d.doc, {rivers, 0});
  // The land is rescaled about sea level (0): an outlet keeps its ratio.
  const auto spread = [&](const Heightfield& out) {
    double low = 1e9, high = -1e9;
    for (std::size_t i = 0; i < out.size(); ++i) {
      if (footprint.heights[i] < 0.5f || carved.heights[i] <= 0.0f) continue;
      const double ratio = double(out.heights[i]) / double(carved.heights[i]);
      low = std::min(low, ratio), high = std::max(high, ratio);
    }
    return high - low;
  };
  EXPECT_LT(spread(eroded), 1e-4);
  EXPECT_GT(spread(free), 0.05);  // without: the river's cells erode like any other
  // Every other cell above the sea (level 0) drains: it has a lower neighbour.
  int pits = 0;
  for (int y = 1; y + 1 < eroded.height; ++y) {
    for (int x = 1; x + 1 < eroded.width; ++x) {
      if (footprint.at(x, y) >= 0.5f || eroded.at(x, y) <= 0.0f) continue;  // outlets, sea
      bool lower = false;
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx)
          lower = lower || eroded.at(x + dx, y + dy) < eroded.at(x, y);
      }
      pits += !lower;
    }
  }
  EXPECT_EQ(pits, 0);
}

TEST(RoadNode, ItIsFlatAcrossItsWidthAndGentlerAlongThanTheGround) {
  const PathDoc d = pathDocument("road", 1025, kDiagonal, {{"width", 48.0}});
  const Heightfield before = evaluate(d.doc, {d.source, 0});
  const Heightfield after = evaluate(d.doc, {d.path, 0});
  const StrokeGrid grid = gridOf(d.doc, after);
  const double cell = grid.cellMetres;
  const double range = d.doc.world.heightRange;
  // Cross-slope: the gradient across the road's direction, from central
  // differences of cells well inside it.
  double worstCross = 0.0;
  int measured = 0;
  for (const PathCell& c : pathCells(kDiagonal, grid, 24.0 - 1.5 * cell)) {
    const int x = int(c.index % 1025), y = int(c.index / 1025);
    const auto p = pointAlong(kDiagonal, c.along);
    const auto q = pointAlong(kDiagonal, c.along + 1.0);
    const double dirX = q[0] - p[0], dirY = q[1] - p[1];
    bool nearBend = false;  // where the nearest point jumps from one leg to the next
    double corner = 0.0;
    for (std::size_t k = 1; k + 1 < kDiagonal.size(); ++k) {
      corner +=
          std::hypot(kDiagonal[k][0] - kDiagonal[k - 1][0], kDiagonal[k][1] - kDiagonal[k - 1][1]);
      nearBend = nearBend || std::abs(c.along - corner) < 60.0;
    }
    if (nearBend || c.along < 60.0) continue;
    const double gx = double(after.at(x + 1, y) - after.at(x - 1, y)) * range / (2 * cell);
    const double gy = double(after.at(x, y + 1) - after.at(x, y - 1)) * range / (2 * cell);
    const double across = std::abs(-dirY * gx + dirX * gy);
    worstCross = std::max(worstCross, std::atan(across) * 180.0 / kPi);
    ++measured;
  }
  std::printf("road: worst cross-slope %.2f degrees over %d cells\n", worstCross, measured);
  ASSERT_GT(measured, 200);
  EXPECT_LT(worstCross, 3.0);
  // Along: the road's steepest 100 m is gentler than the ground's under it.
  const auto steepest = [&](const Heightfield& f) {
    double worst = 0.0;
    for (double s = 0.0; s + 100.0 < pathLength(kDiagonal); s += 50.0) {
      const auto a = pointAlong(kDiagonal, s), b = pointAlong(kDiagonal, s + 100.0);
      const double ha = double(f.at(int(std::lround(a[0] / cell)), int(std::lround(a[1] / cell))));
      const double hb = double(f.at(int(std::lround(b[0] / cell)), int(std::lround(b[1] / cell))));
      worst = std::max(worst, std::abs(hb - ha) * range / 100.0);
    }
    return worst;
  };
  EXPECT_LT(steepest(after), 0.7 * steepest(before));
}

TEST(PathNodes, AStrokeThatIsNotAPathIsRefused) {
  PathDoc d = pathDocument("road", 65, kDiagonal);
  Stroke brush = course(kDiagonal);
  brush.mode = StrokeMode::Raise;
  EXPECT_NE(testing::inputErrorOf([&] {
              addStroke(d.doc.graph, d.path, brush);
            }).find("it takes path strokes"),
            std::string::npos);
}

}  // namespace
}  // namespace terrain
