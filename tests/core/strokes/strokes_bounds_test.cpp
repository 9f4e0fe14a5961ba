// Strokes and courses cost what the map holds, not what the input says
// (issue 37): a long stroke's cells find their nearest segment through an
// index or strips, exactly the cells and weights the plain loop over every
// segment gives (plain_stroke_cells.hpp). What that costs: stroke_work_test.cpp;
// the memory it peaks at: stroke_memory_test.cpp. A blur wider than the
// map: wide_smoothing_test.cpp; points and radii no world can hold:
// stroke_refusals_test.cpp.
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>
#include <vector>

#include "core/nodes/paths.hpp"
#include "core/strokes/strokes.hpp"
#include "tests/core/strokes/plain_stroke_cells.hpp"

namespace terrain {
namespace {

using namespace strokes_test;

struct Case {
  StrokeGrid grid;
  Stroke stroke;
};

// A window of a world (maybe a torus) and a stroke over it and beyond:
// scattered or drawn, dense or sparse, narrow or wider than the world.
Case randomCase(std::mt19937_64& rng) {
  const auto uniform = [&](double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
  };
  const auto whole = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  Case c;
  const double cell = std::array{0.25, 1.0, 7.5, 32.0}[std::size_t(whole(0, 3))];
  c.grid = {whole(1, 40),     whole(1, 40), whole(-30, 30), whole(-30, 30), cell,
            whole(0, 3) == 0, 0.0};
  c.grid.worldMetres = c.grid.wraps ? cell * whole(20, 80) : 0.0;
  const double span = cell * std::max(c.grid.width, c.grid.height);
  const double x0 = double(c.grid.originX) * cell, y0 = double(c.grid.originY) * cell;
  const int shape = whole(0, 3), count = whole(0, 5) == 0 ? whole(200, 600) : whole(1, 40);
  std::array<double, 2> at{x0 + uniform(-span, 2 * span), y0 + uniform(-span, 2 * span)};
  for (int k = 0; k < count; ++k) {
    if (shape == 0) {  // scattered, across and beyond the window
      at = {x0 + uniform(-span, 2 * span), y0 + uniform(-span, 2 * span)};
    } else if (shape == 1) {  // drawn: short steps
      at = {at[0] + uniform(-0.3, 0.3) * cell * 4, at[1] + uniform(-0.3, 0.3) * cell * 4};
    } else if (shape == 2) {  // a zigzag right across
      at = {x0 + (k % 2 ? 2 * span : -span), y0 + span * k / count};
    } else if (k % 3 == 0) {  // a point again, or far away
      at = whole(0, 1) ? at : std::array{uniform(-1e6, 2e6), uniform(-1e6, 2e6)};
    }
    c.stroke.points.push_back(at);
  }
  c.stroke.mode = StrokeMode::Paint;
  c.stroke.radius = whole(0, 6) == 0 ? uniform(1e5, 1e6) : span * uniform(0.001, 1.5);
  c.stroke.strength = uniform(0.0, 1.0);
  c.stroke.hardness = whole(0, 2) == 0 ? 0.0 : uniform(0.0, 1.0);
  return c;
}

TEST(StrokeBounds, TheIndexGivesThePlainLoopsCellsAndWeightsForEveryStroke) {
  std::mt19937_64 rng(37);
  int indexedByChoice = 0;  // the cheaper way: both are taken
  for (int n = 0; n < 400; ++n) {
    const Case c = randomCase(rng);
    SCOPED_TRACE("case " + std::to_string(n) + ": " + strokesText({c.stroke}).substr(0, 300));
    const auto plain = plainBrushCells(c.stroke, c.grid);
    ASSERT_EQ(brushCells(c.stroke, c.grid, StrokeWork::Method::Indexed), plain);
    ASSERT_EQ(brushCells(c.stroke, c.grid, StrokeWork::Method::Plain), plain);
    StrokeWork work;
    ASSERT_EQ(brushCells(c.stroke, c.grid, StrokeWork::Method::Cheaper, &work), plain);
    indexedByChoice += work.indexed;
  }
  EXPECT_GT(indexedByChoice, 0);
  EXPECT_LT(indexedByChoice, 400);
}

TEST(StrokeBounds, TheIndexGivesThePlainLoopsCellsDistancesAndPlacesAlongEveryCourse) {
  std::mt19937_64 rng(19);
  for (int n = 0; n < 400; ++n) {
    Case c = randomCase(rng);
    c.grid.wraps = false;  // a course is itself on a torus, not its copies
    SCOPED_TRACE("case " + std::to_string(n) + ": " + strokesText({c.stroke}).substr(0, 300));
    const std::vector<PathCell> plain = plainPathCells(c.stroke.points, c.grid, c.stroke.radius);
    ASSERT_TRUE(samePathCells(
        courseCells(c.stroke.points, c.grid, c.stroke.radius, StrokeWork::Method::Indexed), plain));
    ASSERT_TRUE(samePathCells(
        courseCells(c.stroke.points, c.grid, c.stroke.radius, StrokeWork::Method::Plain), plain));
    ASSERT_TRUE(samePathCells(pathCells(c.stroke.points, c.grid, c.stroke.radius), plain));
  }
}

// A river drawn uphill is taken backwards instead of copied reversed: the
// same cells, distances and places along as the copy, whichever way the
// nearest segments are found.
TEST(StrokeBounds, ACourseTakenBackwardsGivesItsReversedCopysCellsBitForBit) {
  std::mt19937_64 rng(41);
  using Method = StrokeWork::Method;
  for (int n = 0; n < 200; ++n) {
    Case c = randomCase(rng);
    c.grid.wraps = false;
    SCOPED_TRACE("case " + std::to_string(n) + ": " + strokesText({c.stroke}).substr(0, 300));
    const PathPoints reversed(c.stroke.points.rbegin(), c.stroke.points.rend());
    for (const Method method : {Method::Cheaper, Method::Plain, Method::Indexed, Method::Strips}) {
      StrokeWork work;
      work.method = method;
      std::vector<PathCell> backwards;
      forEachPathCell(
          c.stroke.points, c.grid, c.stroke.radius,
          [&](const PathCell& cell) { backwards.push_back(cell); }, &work, true);
      ASSERT_TRUE(samePathCells(backwards, courseCells(reversed, c.grid, c.stroke.radius, method)));
    }
  }
}

}  // namespace
}  // namespace terrain
