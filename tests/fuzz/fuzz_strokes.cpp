// Bytes -> a strokes list (the JSON text a node's strokes or course is) ->
// parseStrokes. What it accepts is rasterised on small maps (33 x 33, a
// 32 x 32 torus and a tile's window of a larger world) through
// forEachBrushCell and forEachPathCell, by the index, the strips and the
// plain loop: the same cells, each once and in index order, weights in (0, 1],
// distances within reach and places along the course on it. InputError is
// the contract for bad text; any other exception, a sanitizer report or a
// broken promise (__builtin_trap) is a bug, and so is a timeout: the work
// is bounded by the map, whatever the strokes say.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/error.hpp"
#include "core/strokes/strokes.hpp"

namespace {

using terrain::PathCell;
using terrain::Stroke;
using terrain::StrokeGrid;
using terrain::StrokeWork;

const StrokeGrid kGrids[] = {
    {33, 33, 0, 0, 256.0, false, 8192.0},  // the default world at 33
    {32, 32, 0, 0, 256.0, true, 8192.0},   // a torus
    {33, 33, -10, 20, 64.0, false, 0.0},   // a window of a larger world
};

std::vector<std::pair<std::size_t, float>> brushCells(const Stroke& stroke, const StrokeGrid& grid,
                                                      StrokeWork::Method method) {
  StrokeWork work;
  work.method = method;
  std::vector<std::pair<std::size_t, float>> cells;
  terrain::forEachBrushCell(
      stroke, grid, [&](std::size_t i, float w) { cells.emplace_back(i, w); }, &work);
  return cells;
}

std::vector<PathCell> courseCells(const Stroke& course, const StrokeGrid& grid,
                                  StrokeWork::Method method) {
  StrokeWork work;
  work.method = method;
  std::vector<PathCell> cells;
  terrain::forEachPathCell(
      course.points, grid, course.radius, [&](const PathCell& c) { cells.push_back(c); }, &work);
  return cells;
}

void checkBrush(const Stroke& stroke, const StrokeGrid& grid) {
  const auto indexed = brushCells(stroke, grid, StrokeWork::Method::Indexed);
  if (indexed != brushCells(stroke, grid, StrokeWork::Method::Plain)) __builtin_trap();
  if (indexed != brushCells(stroke, grid, StrokeWork::Method::Strips)) __builtin_trap();
  const std::size_t cells = std::size_t(grid.width) * std::size_t(grid.height);
  for (std::size_t k = 0; k < indexed.size(); ++k) {
    const auto [i, w] = indexed[k];
    if (i >= cells || (k > 0 && i <= indexed[k - 1].first)) __builtin_trap();
    if (!(w > 0.0f && w <= 1.0f)) __builtin_trap();
  }
}

void checkCourse(const Stroke& course, StrokeGrid grid) {
  grid.wraps = false;  // a course is itself on a torus, not its copies
  const auto indexed = courseCells(course, grid, StrokeWork::Method::Indexed);
  const auto plain = courseCells(course, grid, StrokeWork::Method::Plain);
  const auto strips = courseCells(course, grid, StrokeWork::Method::Strips);
  if (indexed.size() != plain.size() || strips.size() != plain.size()) __builtin_trap();
  const double length = terrain::pathLength(course.points);
  for (std::size_t k = 0; k < indexed.size(); ++k) {
    const PathCell& c = indexed[k];
    if (c.index != plain[k].index || c.distance != plain[k].distance || c.along != plain[k].along) {
      __builtin_trap();
    }
    const PathCell& d = strips[k];
    if (d.index != c.index || d.distance != c.distance || d.along != c.along) __builtin_trap();
    if (k > 0 && c.index <= indexed[k - 1].index) __builtin_trap();
    if (!(c.distance >= 0.0 && c.distance < course.radius)) __builtin_trap();
    if (!(c.along >= 0.0 && c.along <= length * (1.0 + 1e-12))) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  terrain::Strokes strokes;
  try {
    strokes = terrain::parseStrokes(text);
  } catch (const terrain::InputError&) {
    return 0;
  }
  // Accepted: it reads back the same from its canonical text.
  if (terrain::parseStrokes(terrain::strokesText(strokes)) != strokes) __builtin_trap();
  for (const Stroke& stroke : strokes) {
    for (const StrokeGrid& grid : kGrids) {
      checkBrush(stroke, grid);
      checkCourse(stroke, grid);
    }
  }
  return 0;
}
