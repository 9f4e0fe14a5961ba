#pragma once
// What the river and road nodes share: a path's profile of the terrain
// under it, sampled a cell apart along it, and their parameter for paths.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/heightfield.hpp"
#include "core/graph/node_type.hpp"
#include "core/nodes/cells.hpp"
#include "core/strokes/strokes.hpp"

namespace terrain {

// Metres between a path's profile samples: a cell, or more on a path
// longer than kProfileSides map sides (then that many sides' worth of
// samples), so a profile's size and work are the map's, not the path's.
constexpr double kProfileSides = 8.0;
inline double profileSpacing(const StrokeGrid& grid, const PathPoints& path) {
  const double samples = kProfileSides * std::max(grid.width, grid.height);
  return std::max(grid.cellMetres, pathLength(path) / samples);
}

// The heights under the path every `spacing` metres from its first point
// to its last (bilinear between samples; the edge repeats outside).
inline std::vector<double> terrainProfile(const Heightfield& field, const StrokeGrid& grid,
                                          const PathPoints& path, double spacing) {
  const double length = pathLength(path);
  const auto count = static_cast<std::size_t>(std::ceil(length / spacing)) + 1;
  std::vector<double> profile(count);
  PathWalk walk(path);
  for (std::size_t k = 0; k < count; ++k) {
    const auto p = walk.at(std::min(length, static_cast<double>(k) * spacing));
    const double cx = std::clamp(p[0] / grid.cellMetres - static_cast<double>(grid.originX), 0.0,
                                 static_cast<double>(field.width - 1));
    const double cy = std::clamp(p[1] / grid.cellMetres - static_cast<double>(grid.originY), 0.0,
                                 static_cast<double>(field.height - 1));
    const int x0 = std::min(static_cast<int>(cx), field.width - 2 < 0 ? 0 : field.width - 2);
    const int y0 = std::min(static_cast<int>(cy), field.height - 2 < 0 ? 0 : field.height - 2);
    const int x1 = std::min(x0 + 1, field.width - 1), y1 = std::min(y0 + 1, field.height - 1);
    const double fx = cx - x0, fy = cy - y0;
    const auto h = [&](int x, int y) { return static_cast<double>(field.at(x, y)); };
    profile[k] = (h(x0, y0) * (1 - fx) + h(x1, y0) * fx) * (1 - fy) +
                 (h(x0, y1) * (1 - fx) + h(x1, y1) * fx) * fy;
  }
  return profile;
}

// A profile's value `along` metres from the first point (linear between samples).
inline double profileAt(const std::vector<double>& profile, double spacing, double along) {
  const double at = std::clamp(along / spacing, 0.0, static_cast<double>(profile.size() - 1));
  const auto k = std::min(static_cast<std::size_t>(at), profile.size() - 1);
  const std::size_t next = std::min(k + 1, profile.size() - 1);
  const double t = at - static_cast<double>(k);
  return profile[k] * (1.0 - t) + profile[next] * t;
}

// 1 at 0, smoothly down to 0 at 1.
inline double fallOff(double t) {
  t = std::clamp(t, 0.0, 1.0);
  return 1.0 - t * t * (3.0 - 2.0 * t);
}

// The strokes parameter of a path node: path strokes only.
inline void requirePaths(std::string_view node, const Strokes& strokes) {
  for (std::size_t s = 0; s < strokes.size(); ++s) {
    if (strokes[s].mode != StrokeMode::Path) {
      throw InputError(std::string(node) + ": stroke " + std::to_string(s + 1) + " is a " +
                       std::string(strokeModeName(strokes[s].mode)) +
                       " stroke; it takes path strokes (its course)");
    }
  }
}

// A path node's run: its input's heights taken over, each course applied
// in turn by apply(field, footprint, grid, course's points), then the
// heights and the footprint mask.
template <class ApplyCourse>
std::vector<PortValue> runCourses(std::string_view node, PortValue input,
                                  const NodeContext& context, const Strokes& courses,
                                  const RunControl& control, const ApplyCourse& apply) {
  if (input->isProfile()) throw InputError(std::string(node) + " does not apply to a profile");
  Heightfield field = takePort(std::move(input));
  Heightfield footprint(field.width, field.height);
  footprint.wraps = field.wraps;
  control.checkpoint(0.0f);
  const StrokeGrid grid = strokeGrid(context, field);
  for (const Stroke& course : courses) {
    control.checkpoint();
    apply(field, footprint, grid, course.points);
  }
  control.checkpoint(1.0f);
  return {makePort(std::move(field)), makePort(std::move(footprint))};
}

}  // namespace terrain
