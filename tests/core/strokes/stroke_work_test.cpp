// What a long stroke or course costs: a few segment distances a cell, not
// points x cells, and a course's profile the map's size, not the course's
// length (issue 37). The cells themselves: strokes_bounds_test.cpp.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/nodes/paths.hpp"
#include "core/strokes/strokes.hpp"
#include "tests/core/strokes/long_strokes.hpp"
#include "tests/core/strokes/plain_stroke_cells.hpp"

namespace terrain {
namespace {

using namespace strokes_test;

TEST(StrokeBounds, An80000PointStrokeMeasuresAFewSegmentsACellNotEverySegment) {
  const double cells = 257.0 * 257.0;
  for (const double hardness : {0.0, 0.5}) {
    for (const bool zig : {false, true}) {
      SCOPED_TRACE(std::string(zig ? "zigzag" : "meander") + ", hardness " +
                   std::to_string(hardness));
      Stroke stroke;
      stroke.radius = kMaxBrushRadius;
      stroke.hardness = hardness;
      stroke.points = zig ? zigzag(80000) : meander(80000);
      StrokeWork work;
      const auto weights = brushCells(stroke, k257, StrokeWork::Method::Cheaper, &work);
      EXPECT_TRUE(work.indexed);
      EXPECT_EQ(weights.size(), std::size_t(cells));
      // The plain loop: 80,000 distances a cell.
      EXPECT_LT(double(work.distances), 40.0 * cells);
    }
  }
}

// A wide soft brush's weight changes by a float's step only every few
// metres far from its line, so a cell searches only for a segment nearer
// than the step below its candidate's distance: the plain loop's weights
// on a map and on a window of a torus, at fewer distances a cell than a
// search for the nearest itself (11.6 a cell at 257 before; under 8 with
// leaves of four to eight pieces, 8.6 with full leaves of eight, whose
// tree holds a third less memory for 5-9% more time at 1025).
TEST(StrokeBounds, AWideSoftBrushSearchesOnlyForASegmentThatChangesAWeight) {
  const StrokeGrid torusWindow{33, 21, 20, -10, 128.0, true, 8192.0};
  for (const StrokeGrid& grid : {StrokeGrid{65, 65, 0, 0, 128.0, false, 8192.0}, torusWindow}) {
    SCOPED_TRACE(grid.wraps ? "a window of a torus" : "a map");
    Stroke stroke;
    stroke.radius = kMaxBrushRadius;
    stroke.hardness = 0.0;
    stroke.strength = 0.7;
    stroke.points = meander(1000);
    StrokeWork work;
    const auto indexed = brushCells(stroke, grid, StrokeWork::Method::Indexed, &work);
    ASSERT_EQ(indexed, plainBrushCells(stroke, grid));
    EXPECT_EQ(indexed.size(), std::size_t(grid.width) * std::size_t(grid.height));
  }
  Stroke stroke;
  stroke.radius = kMaxBrushRadius;
  stroke.hardness = 0.0;
  stroke.points = meander(80000);
  StrokeWork work;
  brushCells(stroke, k257, StrokeWork::Method::Cheaper, &work);
  EXPECT_TRUE(work.indexed);
  EXPECT_LT(double(work.distances), 9.0 * 257.0 * 257.0);
}

TEST(StrokeBounds, An80000PointCourseMeasuresAFewSegmentsACellNotEverySegment) {
  const double cells = 257.0 * 257.0;
  for (const bool zig : {false, true}) {
    SCOPED_TRACE(zig ? "zigzag" : "meander");
    StrokeWork work;
    const auto found = courseCells(zig ? zigzag(80000) : meander(80000), k257, 400.0,
                                   StrokeWork::Method::Cheaper, &work);
    // The meander's runs of nearly straight segments take the strips.
    EXPECT_TRUE(zig ? work.indexed : work.strips && work.runs > 0);
    EXPECT_GT(found.size(), std::size_t(cells / 4));
    EXPECT_LT(double(work.distances), 40.0 * cells);
  }
}

// A course's profile holds at most 8 map sides of samples, however long
// the course; one within that keeps a sample a cell.
TEST(StrokeBounds, ACoursesProfileIsTheMapsSizeNotTheCoursesLength) {
  const Heightfield field(33, 33);
  const StrokeGrid grid{33, 33, 0, 0, 8192.0 / 32.0, false, 8192.0};
  for (const PathPoints& course : {zigzag(80000), PathPoints{{-1e6, -1e6}, {2e6, 2e6}}}) {
    const double spacing = profileSpacing(grid, course);
    EXPECT_LE(terrainProfile(field, grid, course, spacing).size(), 8u * 33u + 2u);
  }
  EXPECT_EQ(profileSpacing(grid, meander(100)), grid.cellMetres);
  // The walk along the course is pointAlong at each distance, in one pass.
  const PathPoints track = meander(500);
  PathWalk walk(track);
  for (double along = -10.0; along < pathLength(track) + 100.0; along += 37.5) {
    ASSERT_EQ(walk.at(along), pointAlong(track, along)) << along;
  }
}

}  // namespace
}  // namespace terrain
