#pragma once
// A designer's brush strokes (sculpting, painted masks): each a polyline in
// the world's metres with its brush, so a 257 preview, a 4097 export and a
// tile of it see the same strokes in the same places. A node holds its
// strokes as one parameter (ParamType::Strokes): the number is the id of
// their canonical JSON text (core/text_ids.hpp), so a document stays a
// plain comparable value of doubles and an edit is one undo step.
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace terrain {

// Path: a river's or a road's course; only its points count.
enum class StrokeMode : std::uint8_t { Raise, Lower, Smooth, Flatten, Paint, Erase, Path };

// The modes' names in the project file and the panel, in enum order.
std::string_view strokeModeName(StrokeMode mode);

struct Stroke {
  StrokeMode mode = StrokeMode::Paint;
  double radius = 100.0;  // metres from the line to the brush's edge
  double strength = 1.0;  // 0..1: the brush's weight at the line
  double hardness = 0.5;  // 0..1: share of the radius at full weight
  double height = 50.0;   // metres: raise/lower at full weight; flatten's level above height 0
  // Metres from the map's first sample: x east (columns), y south (rows).
  std::vector<std::array<double, 2>> points;

  bool operator==(const Stroke&) const = default;
};
using Strokes = std::vector<Stroke>;

// What one node may hold; more is refused as bad input.
constexpr std::size_t kMaxStrokes = 100000;
constexpr std::size_t kMaxStrokePoints = 1000000;  // over all strokes
constexpr double kMaxBrushRadius = 1.0e6;          // metres
constexpr double kMaxBrushHeight = 1.0e5;          // metres

// The strokes' id, from their canonical text. Throws InputError for a
// stroke out of range (naming the stroke and what is allowed).
double strokesId(const Strokes& strokes);
// The strokes of an id strokesId or parseStrokes gave (parsed once, then
// shared); throws std::logic_error for a number that is not one.
const Strokes& strokesOf(double id);
// Whether `id` is the id of strokes.
bool isStrokesId(double id);
// The canonical text: a JSON array of {"mode", "radius", "strength",
// "hardness", "height", "points": [[x, y], ...]}.
std::string strokesText(const Strokes& strokes);
// Reads that text (any JSON spelling of it); throws InputError naming the
// stroke, the key and what is allowed.
Strokes parseStrokes(std::string_view text);
const Strokes& noStrokes();
double noStrokesId();

// The samples a map holds of its world: where a stroke lands on it.
struct StrokeGrid {
  int width = 0;
  int height = 0;
  std::int64_t originX = 0;  // world sample under the map's first column
  std::int64_t originY = 0;  // and row
  double cellMetres = 1.0;
  bool wraps = false;
  double worldMetres = 0.0;  // a wrapping world's period
};

// fn(cell index, weight in (0, 1]) for every cell the stroke's brush
// covers, each cell once, in index order; the weight is the brush's at the
// cell's distance from the line (a torus: the nearest copy of the line).
void forEachBrushCell(const Stroke& stroke, const StrokeGrid& grid,
                      const std::function<void(std::size_t, float)>& fn);

// A cell near a path (a river's or a road's course).
struct PathCell {
  std::size_t index = 0;
  double distance = 0.0;  // metres from the path
  double along = 0.0;     // metres along the path from its first point to the nearest point
};
using PathPoints = std::vector<std::array<double, 2>>;

// Every cell of the grid within `reach` metres of the path, each once, in
// index order (a torus: the path itself, not its copies a period away).
std::vector<PathCell> pathCells(const PathPoints& path, const StrokeGrid& grid, double reach);
double pathLength(const PathPoints& path);
// The point `along` metres from the first, clamped to the path's ends.
std::array<double, 2> pointAlong(const PathPoints& path, double along);

}  // namespace terrain
