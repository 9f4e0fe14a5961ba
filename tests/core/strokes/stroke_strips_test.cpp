// The strips (core/strokes/stroke_strips.hpp) find each cell's nearest segment by
// the cells a segment can be nearest to: the same cells, distances, places
// along a course and brush weights as the plain loop over every segment,
// bit for bit, on courses of every shape (points repeated, loose ends, a
// hairpin's exact ties, sharp corners, a loop, a path leaving the map and
// coming back) and grids of every kind; and about one distance a cell.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/strokes/strokes.hpp"

namespace terrain {
namespace {

struct Cell {
  std::size_t index;
  double distance, along;
  bool operator==(const Cell& o) const {
    return index == o.index && std::memcmp(&distance, &o.distance, sizeof distance) == 0 &&
           std::memcmp(&along, &o.along, sizeof along) == 0;
  }
};

std::vector<Cell> courseCells(const PathPoints& path, const StrokeGrid& grid, double reach,
                              StrokeWork& work) {
  std::vector<Cell> cells;
  forEachPathCell(
      path, grid, reach,
      [&](const PathCell& c) {
        cells.push_back({c.index, c.distance, c.along});
      },
      &work);
  return cells;
}

std::vector<std::pair<std::size_t, float>> brushCells(const Stroke& stroke, const StrokeGrid& grid,
                                                      StrokeWork& work) {
  std::vector<std::pair<std::size_t, float>> cells;
  forEachBrushCell(
      stroke, grid, [&](std::size_t i, float w) { cells.emplace_back(i, w); }, &work);
  return cells;
}

// Grids: a plain map, a window of a wider world, a torus.
std::vector<StrokeGrid> grids() {
  return {StrokeGrid{65, 65, 0, 0, 8.0, false, 0.0}, StrokeGrid{40, 50, 20, 30, 8.0, false, 0.0},
          StrokeGrid{64, 64, 0, 0, 8.0, true, 512.0}};
}

PathPoints meander(int points, double scale) {
  PathPoints p;
  for (int k = 0; k < points; ++k) {
    const double s = static_cast<double>(k) / static_cast<double>(points - 1);
    p.push_back({scale * (0.05 + 0.9 * s), scale * (0.5 + 0.35 * std::sin(s * 18.85))});
  }
  return p;
}

// Courses of every shape, in metres on a 512 m world.
std::vector<std::pair<std::string, PathPoints>> courses() {
  std::vector<std::pair<std::string, PathPoints>> out;
  out.push_back({"meander", meander(3000, 512.0)});
  PathPoints repeated;  // a drag that paused: points repeated
  for (const auto& p : meander(400, 512.0)) {
    repeated.push_back(p);
    if (repeated.size() % 7 == 0) repeated.push_back(p), repeated.push_back(p);
  }
  out.push_back({"repeated points", repeated});
  out.push_back({"one point", {{200.0, 260.0}}});
  out.push_back({"one point twice", {{200.0, 260.0}, {200.0, 260.0}}});
  out.push_back({"hairpin", {{100.0, 100.0}, {400.0, 100.0}, {100.0, 100.0}, {400.0, 100.0}}});
  out.push_back({"on cell centres", {{80.0, 80.0}, {240.0, 80.0}, {240.0, 240.0}, {80.0, 80.0}}});
  PathPoints zigzag;  // sharp corners
  for (int k = 0; k < 60; ++k)
    zigzag.push_back({(k % 2) * 500.0 + 6.0, 8.5 * static_cast<double>(k)});
  out.push_back({"zigzag", zigzag});
  out.push_back({"leaves and comes back",
                 {{50.0, 50.0}, {5000.0, 60.0}, {5000.0, 5000.0}, {60.0, 400.0}, {300.0, 300.0}}});
  PathPoints loop;
  for (int k = 0; k <= 500; ++k) {
    const double a = 2.0 * 3.141592653589793 * static_cast<double>(k) / 500.0;
    loop.push_back({256.0 + 150.0 * std::cos(a), 256.0 + 150.0 * std::sin(a)});
  }
  out.push_back({"closed loop", loop});
  return out;
}

TEST(StrokeStrips, GiveThePlainLoopsCellsDistancesAndPlacesAlongEveryCourse) {
  for (const StrokeGrid& grid : grids()) {
    for (const auto& [name, path] : courses()) {
      for (const double reach : {3.0, 20.0, 70.0}) {
        SCOPED_TRACE(name + ", reach " + std::to_string(reach) + ", grid " +
                     std::to_string(grid.width) + (grid.wraps ? " torus" : ""));
        StrokeWork plain{StrokeWork::Method::Plain}, strips{StrokeWork::Method::Strips};
        const std::vector<Cell> expected = courseCells(path, grid, reach, plain);
        ASSERT_EQ(courseCells(path, grid, reach, strips), expected);
        EXPECT_TRUE(strips.strips || expected.empty()) << "every course here can use them";
        EXPECT_FALSE(strips.indexed);
      }
    }
  }
}

TEST(StrokeStrips, GiveThePlainLoopsCellsAndWeightsForEveryBrush) {
  for (const StrokeGrid& grid : grids()) {
    for (const auto& [name, path] : courses()) {
      for (const double hardness : {0.0, 0.5}) {
        SCOPED_TRACE(name + ", hardness " + std::to_string(hardness));
        Stroke stroke;
        stroke.radius = 45.0;
        stroke.hardness = hardness;
        stroke.strength = 0.8;
        stroke.points = path;
        StrokeWork plain{StrokeWork::Method::Plain}, strips{StrokeWork::Method::Strips};
        const auto expected = brushCells(stroke, grid, plain);
        ASSERT_EQ(brushCells(stroke, grid, strips), expected);
        EXPECT_TRUE(strips.strips || expected.empty());
      }
    }
  }
}

// A long course of short segments, as a river drawn by a long drag: the
// plain loop measures every segment near each cell; the strips about one
// a cell, and the cheaper choice takes them.
TEST(StrokeStrips, ALongCourseOfShortSegmentsMeasuresAboutOneSegmentACell) {
  const StrokeGrid grid{257, 257, 0, 0, 8.0, false, 0.0};
  const PathPoints path = meander(20000, 2048.0);
  StrokeWork plain{StrokeWork::Method::Plain}, cheaper;
  const std::vector<Cell> expected = courseCells(path, grid, 100.0, plain);
  ASSERT_EQ(courseCells(path, grid, 100.0, cheaper), expected);
  EXPECT_TRUE(cheaper.strips);
  const auto cells = static_cast<double>(expected.size());
  const double perCell = static_cast<double>(cheaper.distances) / cells;
  EXPECT_LT(perCell, 3.0);
  EXPECT_GT(static_cast<double>(plain.distances) / cells, 100.0 * perCell);
}

// A course as a long drag draws it: steps of about `step` metres turning
// by about `bend` radians each (some a little more, some not at all), with
// here and there a pause (a point repeated) or a sharp corner.
PathPoints drawnCourse(std::mt19937_64& rng, int points, double step, double bend, double x,
                       double y) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  double heading = 6.283185307179586 * unit(rng);
  PathPoints p{{x, y}};
  for (int k = 1; k < points; ++k) {
    const double u = unit(rng);
    if (u < 0.01) {
      p.push_back(p.back());
      continue;
    }
    heading += u < 0.015 ? 2.0 * (unit(rng) - 0.5) * 3.0 : bend * (0.5 + unit(rng));
    x += step * (0.5 + unit(rng)) * std::cos(heading);
    y += step * (0.5 + unit(rng)) * std::sin(heading);
    p.push_back({x, y});
  }
  return p;
}

// Runs of nearly straight segments (core/strokes/stroke_strips.hpp) take each cell
// to every segment whose span along the run lies within delta of it: the
// nearest, its distance and place along are still the plain loop's, bit
// for bit, on gentle and tight curves, straight lines of many points,
// pauses and corners inside runs, and far from the world's origin (a
// window at 2,000 km, where rounding is largest).
TEST(StrokeStrips, RunsOfNearlyStraightSegmentsGiveThePlainLoopsBits) {
  std::mt19937_64 rng(37);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<StrokeGrid> all = grids();
  all.push_back(StrokeGrid{48, 40, 250000, -120000, 8.0, false, 0.0});
  std::uint64_t runs = 0;
  for (int c = 0; c < 48; ++c) {
    const StrokeGrid& grid = all[static_cast<std::size_t>(c) % all.size()];
    const double x0 = static_cast<double>(grid.originX) * grid.cellMetres;
    const double y0 = static_cast<double>(grid.originY) * grid.cellMetres;
    const double step = 0.05 + 3.0 * unit(rng) * unit(rng);
    const double bend = c % 6 == 0 ? 0.0 : 0.03 * (unit(rng) - 0.5) * unit(rng);
    const PathPoints path =
        drawnCourse(rng, 200 + static_cast<int>(1200.0 * unit(rng)), step, bend,
                    x0 + 100.0 + 200.0 * unit(rng), y0 + 100.0 + 200.0 * unit(rng));
    for (const double reach : {3.0, 20.0, 70.0}) {
      SCOPED_TRACE("course " + std::to_string(c) + ", reach " + std::to_string(reach));
      StrokeWork plain{StrokeWork::Method::Plain}, strips{StrokeWork::Method::Strips};
      const std::vector<Cell> expected = courseCells(path, grid, reach, plain);
      ASSERT_EQ(courseCells(path, grid, reach, strips), expected);
      runs += strips.runs;
      Stroke stroke;
      stroke.radius = reach;
      stroke.hardness = 0.0;  // every cell's own distance
      stroke.points = path;
      StrokeWork plainBrush{StrokeWork::Method::Plain}, stripsBrush{StrokeWork::Method::Strips};
      ASSERT_EQ(brushCells(stroke, grid, stripsBrush), brushCells(stroke, grid, plainBrush));
    }
  }
  EXPECT_GT(runs, 1000u) << "the courses here are mostly runs";
}

}  // namespace
}  // namespace terrain
