#pragma once
// A designer's brush strokes (sculpting, painted masks): each a polyline in
// the world's metres with its brush, so a 257 preview, a 4097 export and a
// tile of it see the same strokes in the same places. A node holds its
// strokes as one parameter (ParamType::Strokes): the number is the id of
// their canonical JSON text (core/base/text_ids.hpp), so a document stays a
// plain comparable value of doubles and an edit is one undo step.
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/world.hpp"

#include "core/base/param_info.hpp"

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
constexpr std::size_t kMaxStrokePoints = 1000000;   // over all strokes
constexpr double kMaxBrushRadius = kMaxWorldWidth;  // metres: as wide as the widest world
constexpr double kMaxBrushHeight = 1.0e5;           // metres
// Metres on either axis a point may lie at: beyond a brush's radius
// around the widest world, a stroke can touch no world.
constexpr double kMinStrokeCoordinate = -kMaxBrushRadius;
constexpr double kMaxStrokeCoordinate = kMaxWorldWidth + kMaxBrushRadius;

// The strokes' id, from their canonical text. Throws InputError for a
// stroke out of range (naming the stroke and what is allowed).
double strokesId(const Strokes& strokes);
// The strokes of an id strokesId or parseStrokes gave (parsed once, then
// shared); throws std::logic_error for a number that is not one.
const Strokes& strokesOf(double id);
// Whether `id` is the id of strokes.
bool isStrokesId(double id);
// A node's strokes parameter (ParamType::Strokes, read by parseStrokes);
// `expects` says which strokes, for messages and --help.
ParamInfo strokesParam(std::string_view key, std::string_view label, std::string_view help,
                       std::string_view expects);
// What a course (a river's or a road's path) expects.
inline constexpr std::string_view kCourseStrokes =
    "path strokes: a JSON array [{\"mode\": \"path\", \"points\": [[x, y], ...]}, ...] in "
    "metres";
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

// How forEachBrushCell and forEachPathCell find each cell's nearest
// segment, and what it cost: the plain loop (each segment's distance at
// every cell of its box: a short stroke, as fast as ever) or an index over
// the segments (a long one: a few distances a cell, not points x cells).
// The same cells and weights either way; the tests choose, and count.
// Strips (core/strokes/stroke_strips.hpp): each segment measured only at the cells
// it can be nearest to (a long course of short segments); asked for where
// they cannot be used (a segment shorter than their rounding margin), the
// index is.
struct StrokeWork {
  enum class Method : std::uint8_t { Cheaper, Plain, Indexed, Strips };
  Method method = Method::Cheaper;  // asked for
  bool indexed = false;             // used: the index
  bool strips = false;              // used: the strips
  std::uint64_t runs = 0;           // the strips' runs of nearly straight segments measured as one
  std::uint64_t distances = 0;      // segment distances measured (the tests' measure of work)
};

// fn(cell index, weight in (0, 1]) for every cell the stroke's brush
// covers, each cell once, in index order; the weight is the brush's at the
// cell's distance from the line (a torus: the nearest copy of the line).
// Only the map's cells within the brush's box are visited; a long
// stroke's find their nearest segment through an index (StrokeWork).
void forEachBrushCell(const Stroke& stroke, const StrokeGrid& grid,
                      const std::function<void(std::size_t, float)>& fn,
                      StrokeWork* work = nullptr);

// A cell near a path (a river's or a road's course).
struct PathCell {
  std::size_t index = 0;
  double distance = 0.0;  // metres from the path
  double along = 0.0;     // metres along the path from its first point to the nearest point
};
using PathPoints = std::vector<std::array<double, 2>>;

// fn(cell) for every cell of the grid within `reach` metres of the path,
// each once, in index order (a torus: the path itself, not its copies a
// period away); the nearest segment found as forEachBrushCell's.
// `backwards`: the path taken from its last point to its first, the bits
// its reversed copy gives, without the copy (a river drawn uphill).
void forEachPathCell(const PathPoints& path, const StrokeGrid& grid, double reach,
                     const std::function<void(const PathCell&)>& fn, StrokeWork* work = nullptr,
                     bool backwards = false);
// The same cells, gathered.
std::vector<PathCell> pathCells(const PathPoints& path, const StrokeGrid& grid, double reach);
double pathLength(const PathPoints& path);
// The point `along` metres from the first, clamped to the path's ends.
std::array<double, 2> pointAlong(const PathPoints& path, double along);

// pointAlong for distances given in increasing order, walking the path
// once (a profile's samples: each in constant time, not the path's points).
class PathWalk {
 public:
  explicit PathWalk(const PathPoints& path) : path_(path) {}
  std::array<double, 2> at(double along);

 private:
  const PathPoints& path_;
  std::size_t next_ = 1;  // the segment ending at this point is the first `along` may lie on
  double start_ = 0.0;    // metres from the first point to the segment's start
};

}  // namespace terrain
