// A smoothing stroke whose blur is wider than the map (issue 37) costs the
// map, not the blur: the blur works within the map, gives a reference
// blur's heights, and a tile of a widely smoothed world is its window.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/document/project.hpp"
#include "core/export/tiles.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/window_evaluation.hpp"
#include "core/nodes/paths.hpp"
#include "core/strokes/strokes.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

Heightfield noiseField(int size) {
  Document doc = defaultDocument("noise");
  setDocumentSize(doc, size);
  return runPipeline(doc);
}

Heightfield sculpted(const Heightfield& in, const World& world, const Stroke& stroke) {
  const NodeType& sculpt = nodeType("sculpt");
  ParamValues values = sculpt.defaults();
  values[0] = strokesId({stroke});
  return *sculpt.run({makePort(Heightfield(in)), nullptr}, NodeContext{1, world}, values, {})[0];
}

double secondsOf(const std::function<void()>& f) {
  double best = 1e9;
  for (int k = 0; k < 3; ++k) {
    const auto start = std::chrono::steady_clock::now();
    f();
    best = std::min(
        best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

// The box blur of `field` at (x, y), half-width b (edges repeated), by
// long double sums of each row's run plus its edge values counted.
double referenceBlur(const Heightfield& f, int x, int y, std::int64_t b) {
  const auto line = [&](auto value, std::int64_t n, std::int64_t c) {
    long double sum = 0.0L;
    for (std::int64_t i = std::max<std::int64_t>(0, c - b); i <= std::min(n - 1, c + b); ++i)
      sum += value(i);
    sum += static_cast<long double>(std::max<std::int64_t>(0, b - c)) * value(0);
    sum += static_cast<long double>(std::max<std::int64_t>(0, c + b - (n - 1))) * value(n - 1);
    return sum;
  };
  const auto row = [&](std::int64_t r) {
    return line([&](std::int64_t i) { return static_cast<long double>(f.at(int(i), int(r))); },
                f.width, x);
  };
  return double(line(row, f.height, y) /
                (static_cast<long double>(2 * b + 1) * static_cast<long double>(2 * b + 1)));
}

// The case: one point, radius 1e6 (88 s at 257; 1 GiB on a 16 m
// world). The blur is bounded by the map: the stroke costs about what a
// raise of the same radius costs, and gives the blur of the clamped map.
TEST(StrokeBounds, ASmoothStrokeWiderThanTheWorldCostsTheMapAndBlursIt) {
  for (const double worldWidth : {8192.0, 16.0}) {
    SCOPED_TRACE("world " + std::to_string(worldWidth));
    const int size = worldWidth == 16.0 ? 65 : 257;
    const Heightfield in = noiseField(size);
    World world;
    world.width = worldWidth;
    Stroke smooth;
    smooth.mode = StrokeMode::Smooth;
    smooth.radius = kMaxBrushRadius;
    smooth.points = {{worldWidth / 2, worldWidth / 2}};
    Stroke raise = smooth;
    raise.mode = StrokeMode::Raise;
    Heightfield out;
    const double smoothing = secondsOf([&] { out = sculpted(in, world, smooth); });
    const double raising = secondsOf([&] { sculpted(in, world, raise); });
    EXPECT_LT(smoothing, 20.0 * raising + 0.05) << smoothing << " s against " << raising;
    const double cell = metresPerCell(world, size, false);
    const auto b = std::min<std::int64_t>(std::llround(kMaxBrushRadius / 4.0 / cell), 16385);
    for (const auto& [x, y] : {std::pair{0, 0}, std::pair{size / 2, size / 3}, {size - 1, 7}}) {
      EXPECT_NEAR(out.at(x, y), referenceBlur(in, x, y, b), 3e-7) << x << "," << y;
    }
  }
}

// Blurs wider than 64 cells sum in fixed point: a tile alone is still its
// window of the world, on a plain map and on a torus.
TEST(StrokeBounds, TilesOfAWidelySmoothedWorldAreWindowsOfIt) {
  for (const bool torus : {false, true}) {
    SCOPED_TRACE(torus ? "torus" : "plain");
    Document doc = defaultDocument("noise");
    setDocumentSize(doc, torus ? 256 : 257);
    if (torus) {
      GraphNode& source = *doc.graph.find(doc.graph.output);
      source.values[*typeOf(source).indexOf("tileable")] = 1.0;
    }
    const NodeId source = doc.graph.output;
    const NodeId node = addNode(doc.graph, "sculpt", 200.0f, 0.0f);
    connect(doc.graph, {source, 0}, {node, 0});
    setOutput(doc.graph, node);
    Stroke smooth;
    smooth.mode = StrokeMode::Smooth;
    smooth.radius = 9000.0;  // 70 cells of blur at 32 m a cell
    smooth.points = {{1500.0, 6000.0}, {6500.0, 2000.0}};
    addStroke(doc.graph, node, smooth);
    const NodeContext context{doc.seed, doc.world};
    const int side = torus ? 256 : 257;
    const double cell = metresPerCell(doc.world, side, torus);
    const Heightfield world = *evaluateWindow(doc.graph, {node, 0}, context,
                                              WorldWindow{side, torus, cell, {0, 0, side, side}});
    for (const MapWindow window : {MapWindow{0, 0, 100, 100}, MapWindow{100, 90, 80, 120}}) {
      const PortValue tile =
          evaluateWindow(doc.graph, {node, 0}, context, WorldWindow{side, torus, cell, window});
      ASSERT_EQ(testing::checksum(*tile), testing::checksum(cutWindow(world, window)))
          << window.x0 << "," << window.y0;
    }
  }
}

}  // namespace
}  // namespace terrain
