#pragma once
// The arithmetic StrokeStrips' parts share (core/strokes/stroke_strips*.cpp):
// where a cell lies along a segment, line by line, and which cells of a
// line fall between two places along it. Only the strips include it.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/strokes/stroke_strips.hpp"

namespace terrain::strips {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

inline bool isPoint(const Segment& s) {
  const double dx = s.b[0] - s.a[0], dy = s.b[1] - s.a[1];
  return !(dx * dx + dy * dy > 0.0);  // as segmentDistance tells a point
}

inline bool samePoint(const std::array<double, 2>& p, const std::array<double, 2>& q) {
  return p[0] == q[0] && p[1] == q[1];
}

inline CellRect intersect(const CellRect& a, const CellRect& b) {
  return {std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
}

// Metres along a segment from its start to the foot of a point on its line,
// along a line of cells: base(line) + slope * cell. A line is a row of
// cells (byRows) or a column.
struct Along {
  double ux = 0.0, uy = 0.0, length = 0.0;
  double baseCells = 0.0;  // the part from the cells' coordinate at index 0
  double slope = 0.0;      // per cell along the line
  double inverse = 0.0;    // 1 / slope (inf for 0: unused then)
  double lineStart = 0.0, lineU = 0.0;
  Along() = default;
  Along(const Segment& s, const StrokeGrid& grid, bool byRows) {
    const double dx = s.b[0] - s.a[0], dy = s.b[1] - s.a[1];
    length = std::sqrt(dx * dx + dy * dy);
    ux = dx / length, uy = dy / length;
    const double inner = byRows ? ux : uy;
    const double origin = static_cast<double>(byRows ? grid.originX : grid.originY);
    baseCells = (origin * grid.cellMetres - (byRows ? s.a[0] : s.a[1])) * inner;
    slope = grid.cellMetres * inner;
    inverse = 1.0 / slope;
    lineStart = byRows ? s.a[1] : s.a[0];
    lineU = byRows ? uy : ux;
  }
  double base(double lineMetres) const { return baseCells + (lineMetres - lineStart) * lineU; }
};

// floor and ceil of a value within a row's cells (a few thousand at most),
// without the library's call.
inline std::int64_t floorOf(double v) {
  const auto i = static_cast<std::int64_t>(v);
  return i - (v < static_cast<double>(i) ? 1 : 0);
}
inline std::int64_t ceilOf(double v) {
  const auto i = static_cast<std::int64_t>(v);
  return i + (v > static_cast<double>(i) ? 1 : 0);
}

// The columns of `r` where lo - pad <= base + slope x <= hi + pad (`inverse`
// = 1 / slope); x1 < x0 when none. `pad`, metres, is far more than this
// arithmetic's rounding.
inline void columnsWhere(double base, double slope, double inverse, double lo, double hi,
                         double pad, std::int64_t rx0, std::int64_t rx1, std::int64_t& x0,
                         std::int64_t& x1) {
  lo -= pad, hi += pad;
  double from = -kInfinity, to = kInfinity;
  if (slope == 0.0) {
    if (base < lo || base > hi) from = kInfinity, to = -kInfinity;
  } else {
    from = (lo - base) * inverse, to = (hi - base) * inverse;
    if (slope < 0.0) std::swap(from, to);
  }
  const double first = std::max(from, static_cast<double>(rx0) - 1.0);
  const double last = std::min(to, static_cast<double>(rx1) + 1.0);
  if (!(first <= last)) {
    x0 = 0, x1 = -1;
    return;
  }
  x0 = std::max(rx0, ceilOf(first));
  x1 = std::min(rx1, floorOf(last));
}

}  // namespace terrain::strips
