#pragma once
// The plain loops, as they were before the index and the strips: every
// segment at every cell of its box (and of its torus copies). The tests
// hold forEachBrushCell and forEachPathCell to these bit for bit, by
// every method (core/strokes/strokes.hpp's StrokeWork).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/strokes/strokes.hpp"

namespace terrain::strokes_test {

inline double plainProfile(double t, double hardness) {
  if (t >= 1.0) return 0.0;
  if (t <= hardness) return 1.0;
  const double u = (t - hardness) / (1.0 - hardness);
  return 1.0 - u * u * (3.0 - 2.0 * u);
}

struct Rect {
  std::int64_t x0 = 0, y0 = 0, x1 = -1, y1 = -1;
};

inline Rect plainNear(const StrokeGrid& grid, double loX, double loY, double hiX, double hiY,
                      double r) {
  const auto cell = [&](double metres, std::int64_t origin) {
    return static_cast<std::int64_t>(std::floor(metres / grid.cellMetres)) - origin;
  };
  return {std::max<std::int64_t>(0, cell(loX - r, grid.originX)),
          std::max<std::int64_t>(0, cell(loY - r, grid.originY)),
          std::min<std::int64_t>(grid.width - 1, cell(hiX + r, grid.originX) + 1),
          std::min<std::int64_t>(grid.height - 1, cell(hiY + r, grid.originY) + 1)};
}

// (distance^2, t) from (px, py) to a-b.
inline std::pair<double, double> plainDistance(double px, double py, std::array<double, 2> a,
                                               std::array<double, 2> b) {
  const double dx = b[0] - a[0], dy = b[1] - a[1];
  const double length2 = dx * dx + dy * dy;
  double t = length2 > 0.0 ? ((px - a[0]) * dx + (py - a[1]) * dy) / length2 : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  const double ex = px - (a[0] + t * dx), ey = py - (a[1] + t * dy);
  return {ex * ex + ey * ey, t};
}

inline std::vector<std::pair<std::size_t, float>> plainBrushCells(const Stroke& stroke,
                                                                  const StrokeGrid& grid) {
  std::vector<std::pair<std::size_t, float>> out;
  const int copies = grid.wraps && grid.worldMetres > 0.0 ? 1 : 0;
  const double r = stroke.radius;
  std::vector<double> nearest(std::size_t(grid.width) * std::size_t(grid.height), r * r);
  for (int cy = -copies; cy <= copies; ++cy) {
    for (int cx = -copies; cx <= copies; ++cx) {
      const double sx = cx * grid.worldMetres, sy = cy * grid.worldMetres;
      for (std::size_t k = 0; k < stroke.points.size(); ++k) {
        const auto& next = stroke.points[std::min(k + 1, stroke.points.size() - 1)];
        const std::array<double, 2> a{stroke.points[k][0] + sx, stroke.points[k][1] + sy};
        const std::array<double, 2> b{next[0] + sx, next[1] + sy};
        const Rect box = plainNear(grid, std::min(a[0], b[0]), std::min(a[1], b[1]),
                                   std::max(a[0], b[0]), std::max(a[1], b[1]), r);
        for (std::int64_t y = box.y0; y <= box.y1; ++y) {
          for (std::int64_t x = box.x0; x <= box.x1; ++x) {
            const double px = double(grid.originX + x) * grid.cellMetres;
            const double py = double(grid.originY + y) * grid.cellMetres;
            double& best = nearest[std::size_t(y * grid.width + x)];
            best = std::min(best, plainDistance(px, py, a, b).first);
          }
        }
      }
    }
  }
  for (std::size_t i = 0; i < nearest.size(); ++i) {
    if (nearest[i] >= r * r) continue;
    const double weight =
        stroke.strength * plainProfile(std::sqrt(nearest[i]) / r, stroke.hardness);
    if (weight > 0.0) out.emplace_back(i, float(weight));
  }
  return out;
}

inline std::vector<PathCell> plainPathCells(const PathPoints& path, const StrokeGrid& grid,
                                            double reach) {
  struct Best {
    double distance2, along;
  };
  std::vector<Best> nearest(std::size_t(grid.width) * std::size_t(grid.height),
                            Best{reach * reach, 0.0});
  double start = 0.0;
  for (std::size_t k = 0; k < path.size(); ++k) {
    const auto& a = path[k];
    const auto& b = path[std::min(k + 1, path.size() - 1)];
    const double length = std::sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]));
    const Rect box = plainNear(grid, std::min(a[0], b[0]), std::min(a[1], b[1]),
                               std::max(a[0], b[0]), std::max(a[1], b[1]), reach);
    for (std::int64_t y = box.y0; y <= box.y1; ++y) {
      for (std::int64_t x = box.x0; x <= box.x1; ++x) {
        const auto [d2, t] = plainDistance(double(grid.originX + x) * grid.cellMetres,
                                           double(grid.originY + y) * grid.cellMetres, a, b);
        Best& best = nearest[std::size_t(y * grid.width + x)];
        if (d2 < best.distance2) best = {d2, start + t * length};
      }
    }
    start += length;
  }
  std::vector<PathCell> out;
  for (std::size_t i = 0; i < nearest.size(); ++i) {
    if (nearest[i].distance2 < reach * reach) {
      out.push_back({i, std::sqrt(nearest[i].distance2), nearest[i].along});
    }
  }
  return out;
}

// The cells the code under test gives, by `method` (work: what it cost).
inline std::vector<std::pair<std::size_t, float>> brushCells(const Stroke& stroke,
                                                             const StrokeGrid& grid,
                                                             StrokeWork::Method method,
                                                             StrokeWork* work = nullptr) {
  StrokeWork own;
  StrokeWork& w = work ? *work : own;
  w.method = method;
  std::vector<std::pair<std::size_t, float>> out;
  forEachBrushCell(
      stroke, grid, [&](std::size_t i, float weight) { out.emplace_back(i, weight); }, &w);
  return out;
}

inline std::vector<PathCell> courseCells(const PathPoints& path, const StrokeGrid& grid,
                                         double reach, StrokeWork::Method method,
                                         StrokeWork* work = nullptr) {
  StrokeWork own;
  StrokeWork& w = work ? *work : own;
  w.method = method;
  std::vector<PathCell> out;
  forEachPathCell(
      path, grid, reach, [&](const PathCell& c) { out.push_back(c); }, &w);
  return out;
}

inline bool samePathCells(const std::vector<PathCell>& a, const std::vector<PathCell>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const PathCell& p, const PathCell& q) {
                      return p.index == q.index && p.distance == q.distance && p.along == q.along;
                    });
}

}  // namespace terrain::strokes_test
