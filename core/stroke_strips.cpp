#include "core/stroke_strips.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <numbers>

namespace terrain {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

bool isPoint(const Segment& s) {
  const double dx = s.b[0] - s.a[0], dy = s.b[1] - s.a[1];
  return !(dx * dx + dy * dy > 0.0);  // as segmentDistance tells a point
}

bool samePoint(const std::array<double, 2>& p, const std::array<double, 2>& q) {
  return p[0] == q[0] && p[1] == q[1];
}

CellRect intersect(const CellRect& a, const CellRect& b) {
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
std::int64_t floorOf(double v) {
  const auto i = static_cast<std::int64_t>(v);
  return i - (v < static_cast<double>(i) ? 1 : 0);
}
std::int64_t ceilOf(double v) {
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

}  // namespace

CellRect cellsNear(const StrokeGrid& grid, double loX, double loY, double hiX, double hiY,
                   double radius) {
  auto cell = [&](double metres, std::int64_t origin) {
    return static_cast<std::int64_t>(std::floor(metres / grid.cellMetres)) - origin;
  };
  CellRect r;
  r.x0 = std::max<std::int64_t>(0, cell(loX - radius, grid.originX));
  r.y0 = std::max<std::int64_t>(0, cell(loY - radius, grid.originY));
  r.x1 = std::min<std::int64_t>(grid.width - 1, cell(hiX + radius, grid.originX) + 1);
  r.y1 = std::min<std::int64_t>(grid.height - 1, cell(hiY + radius, grid.originY) + 1);
  return r;
}

CellRect cellsNear(const StrokeGrid& grid, const Segment& s, double radius) {
  return cellsNear(grid, std::min(s.a[0], s.b[0]), std::min(s.a[1], s.b[1]),
                   std::max(s.a[0], s.b[0]), std::max(s.a[1], s.b[1]), radius);
}

StrokeStrips::StrokeStrips(const std::vector<Segment>& segments, const StrokeGrid& grid,
                           double reach, const CellRect& all)
    : segments_(segments), grid_(grid), reach_(reach), all_(all) {
  const std::size_t n = segments.size();
  double largest = std::max(std::abs(static_cast<double>(grid.originX + all.x1) * grid.cellMetres),
                            std::abs(static_cast<double>(grid.originY + all.y1) * grid.cellMetres));
  largest = std::max({largest, std::abs(static_cast<double>(grid.originX) * grid.cellMetres),
                      std::abs(static_cast<double>(grid.originY) * grid.cellMetres)});
  for (const Segment& s : segments) {
    largest =
        std::max({largest, std::abs(s.a[0]), std::abs(s.a[1]), std::abs(s.b[0]), std::abs(s.b[1])});
  }
  // A computed distance is off by less than `tolerance` (as the index's);
  // a segment whose cell lies `margin_` beyond its strip or wedge has a
  // neighbour nearer by margin^2 / (2 reach) in distance, far more.
  const double tolerance = 64.0 * DBL_EPSILON * (largest + grid.cellMetres);
  margin_ = std::sqrt(8.0 * tolerance * (reach + 2.0 * grid.cellMetres)) + 16.0 * tolerance;
  const double cell2 = grid.cellMetres * grid.cellMetres;
  // Which points are another segment's: those at its end or its start.
  std::vector<bool> claimed(n, false), hasBefore(n, false);
  std::vector<std::uint32_t> lastOf(n, 0);
  std::vector<bool> joinedOf(n, false);
  for (std::uint32_t i = 0; i < n; ++i) {
    if (isPoint(segments[i])) continue;
    std::uint32_t j = i + 1;
    while (j < n && isPoint(segments[j]) && samePoint(segments[j].a, segments[i].b)) {
      claimed[j++] = true;
    }
    joinedOf[i] = j < n && !isPoint(segments[j]) && samePoint(segments[j].a, segments[i].b);
    lastOf[i] = joinedOf[i] ? j : j - 1;
    if (joinedOf[i]) hasBefore[j] = true;
  }
  for (std::uint32_t i = 0; i < n; ++i) {
    const CellRect r = intersect(cellsNear(grid, segments[i], reach), all);
    if (r.empty()) continue;
    const double rows = static_cast<double>(r.y1 - r.y0 + 1);
    const double boxCells = rows * static_cast<double>(r.x1 - r.x0 + 1);
    if (isPoint(segments[i])) {
      if (claimed[i]) continue;
      owners_.push_back({i, i, i, true, false, false, true});
      cost_ += boxCells;
      continue;
    }
    const Along along(segments[i], grid, true);
    if (along.length < 2.0 * margin_) usable_ = false;
    Owner owner{i, i, lastOf[i], false, !hasBefore[i], joinedOf[i], true};
    if (owner.startCap) {
      while (owner.first > 0 && isPoint(segments[owner.first - 1]) && !claimed[owner.first - 1] &&
             samePoint(segments[owner.first - 1].a, segments[i].a)) {
        claimed[--owner.first] = true;
      }
    }
    lineRange(owner, segments[i], r);
    // Rows, the strip's cells, the half discs beyond loose ends and the
    // wedge between this segment's and the next one's normals.
    double cells = (along.length + 2.0 * margin_) * 2.0 * (reach + grid.cellMetres) / cell2;
    const double halfDisc =
        0.5 * std::numbers::pi * (reach + grid.cellMetres) * (reach + grid.cellMetres) / cell2;
    if (owner.startCap) cells += halfDisc;
    if (!owner.joined) {
      cells += halfDisc;
    } else {
      const Along next(segments[owner.last], grid, true);
      const double turn = std::atan2(std::abs(along.ux * next.uy - along.uy * next.ux),
                                     along.ux * next.ux + along.uy * next.uy);
      cells += 0.5 * turn * (reach + grid.cellMetres) * (reach + grid.cellMetres) / cell2 +
               4.0 * margin_ * (reach + grid.cellMetres) / cell2;
    }
    const double lines = static_cast<double>(owner.lineTo - owner.lineFrom + 1);
    cost_ +=
        4.0 * lines + std::min(cells, boxCells) * static_cast<double>(owner.last - owner.first + 1);
    owners_.push_back(owner);
  }
  // Points claimed after their owner was listed (leading points) are not owners.
  std::erase_if(owners_, [&](const Owner& o) { return o.point && claimed[o.segment]; });
}

// The lines (rows or columns, whichever its strip crosses fewer of) that
// hold the cells an owner measures, within `r`: its strip's, its end
// wedge's (a turn of `turn` radians widens it), or, with a loose end, all.
void StrokeStrips::lineRange(Owner& o, const Segment& s, const CellRect& r) const {
  const double dx = s.b[0] - s.a[0], dy = s.b[1] - s.a[1];
  const double length = std::sqrt(dx * dx + dy * dy);
  const double ux = dx / length, uy = dy / length;
  o.byRows = std::abs(ux) <= std::abs(uy);
  const std::int64_t first = o.byRows ? r.y0 : r.x0, last = o.byRows ? r.y1 : r.x1;
  o.lineFrom = static_cast<std::int32_t>(first), o.lineTo = static_cast<std::int32_t>(last);
  if (o.startCap || !o.joined) return;
  // Across the lines: the normal's share (the strip's long side) and the
  // segment's (its short side).
  const double normalShare = o.byRows ? std::abs(ux) : std::abs(uy);
  const double segmentShare = o.byRows ? std::abs(uy) : std::abs(ux);
  const Segment& n = segments_[o.last];
  const double nx = n.b[0] - n.a[0], ny = n.b[1] - n.a[1];
  const double nl = std::sqrt(nx * nx + ny * ny);
  const double turn = std::atan2(std::abs(ux * ny - uy * nx) / nl, (ux * nx + uy * ny) / nl);
  const double nextShare = o.byRows ? std::abs(nx / nl) : std::abs(ny / nl);
  const double wedgeShare = std::min(1.0, std::max(normalShare, nextShare) + turn);
  const double far = reach_ + 2.0 * grid_.cellMetres;
  const double a = o.byRows ? s.a[1] : s.a[0], b = o.byRows ? s.b[1] : s.b[0];
  const double low = std::min(std::min(a, b) - far * normalShare - 4.0 * margin_ * segmentShare,
                              b - far * wedgeShare);
  const double high = std::max(std::max(a, b) + far * normalShare + 4.0 * margin_ * segmentShare,
                               b + far * wedgeShare);
  const auto origin = static_cast<double>(o.byRows ? grid_.originY : grid_.originX);
  const double from = std::floor(low / grid_.cellMetres) - origin - 1.0;
  const double to = std::ceil(high / grid_.cellMetres) - origin + 1.0;
  o.lineFrom = static_cast<std::int32_t>(std::max(static_cast<double>(first), from));
  o.lineTo = static_cast<std::int32_t>(std::min(static_cast<double>(last), to));
}

void StrokeStrips::fill(const CellRect& band, std::vector<SegmentIndex::Nearest>& nearest,
                        std::uint64_t* measured) const {
  const std::int64_t w = band.x1 - band.x0 + 1;
  nearest.assign(static_cast<std::size_t>(w * (band.y1 - band.y0 + 1)),
                 SegmentIndex::Nearest{reach_ * reach_});
  std::uint64_t count = 0;
  const auto measure = [&](std::int64_t x, std::int64_t y, std::uint32_t k) {
    const double px = static_cast<double>(grid_.originX + x) * grid_.cellMetres;
    const double py = static_cast<double>(grid_.originY + y) * grid_.cellMetres;
    SegmentIndex::Nearest& best =
        nearest[static_cast<std::size_t>((y - band.y0) * w + (x - band.x0))];
    const SegmentDistance d = segmentDistance(px, py, segments_[k]);
    ++count;
    if (d.distance2 < best.distance2) best = {d.distance2, k, d.t};
  };
  // Rows of the band in metres, a cell wider either side: an owner whose
  // segment lies further than its reach from them is passed over at once.
  const double bandLow = static_cast<double>(grid_.originY + band.y0 - 1) * grid_.cellMetres;
  const double bandHigh = static_cast<double>(grid_.originY + band.y1 + 1) * grid_.cellMetres;
  for (const Owner& o : owners_) {
    const Segment& g = segments_[o.segment];
    if (std::min(g.a[1], g.b[1]) - reach_ > bandHigh ||
        std::max(g.a[1], g.b[1]) + reach_ < bandLow) {
      continue;
    }
    const CellRect r = intersect(cellsNear(grid_, g, reach_), band);
    if (r.empty()) continue;
    if (o.point) {
      for (std::int64_t y = r.y0; y <= r.y1; ++y) {
        for (std::int64_t x = r.x0; x <= r.x1; ++x) measure(x, y, o.segment);
      }
      continue;
    }
    // Lines across the strip: rows where it crosses few, else columns.
    const Along along(segments_[o.segment], grid_, o.byRows);
    const Along next = o.joined ? Along(segments_[o.last], grid_, o.byRows) : Along();
    const std::int64_t lineFrom = std::max<std::int64_t>(o.lineFrom, o.byRows ? r.y0 : r.x0);
    const std::int64_t lineTo = std::min<std::int64_t>(o.lineTo, o.byRows ? r.y1 : r.x1);
    const std::int64_t in0 = o.byRows ? r.x0 : r.y0, in1 = o.byRows ? r.x1 : r.y1;
    const std::int64_t lineOrigin = o.byRows ? grid_.originY : grid_.originX;
    for (std::int64_t line = lineFrom; line <= lineTo; ++line) {
      const double lineMetres = static_cast<double>(lineOrigin + line) * grid_.cellMetres;
      const auto at = [&](std::int64_t i, std::uint32_t k) {
        if (o.byRows) {
          measure(i, line, k);
        } else {
          measure(line, i, k);
        }
      };
      const double base = along.base(lineMetres);
      std::int64_t i0 = 0, i1 = -1;
      if (o.startCap) {  // beyond the start: its points, then the segment
        columnsWhere(base, along.slope, along.inverse, -kInfinity, margin_, margin_, in0, in1, i0,
                     i1);
        for (std::int64_t i = i0; i <= i1; ++i) {
          for (std::uint32_t k = o.first; k <= o.segment; ++k) at(i, k);
        }
      }
      columnsWhere(base, along.slope, along.inverse, -margin_, along.length + margin_, margin_, in0,
                   in1, i0, i1);
      for (std::int64_t i = i0; i <= i1; ++i) at(i, o.segment);
      // Beyond the end: the segment, the points there and the next segment,
      // which must not have begun yet (else it is the nearer).
      columnsWhere(base, along.slope, along.inverse, along.length - margin_, kInfinity, margin_,
                   in0, in1, i0, i1);
      if (o.joined && i0 <= i1) {
        std::int64_t n0 = 0, n1 = -1;
        columnsWhere(next.base(lineMetres), next.slope, next.inverse, -kInfinity, margin_, margin_,
                     in0, in1, n0, n1);
        i0 = std::max(i0, n0), i1 = std::min(i1, n1);
      }
      for (std::int64_t i = i0; i <= i1; ++i) {
        for (std::uint32_t k = o.segment; k <= o.last; ++k) at(i, k);
      }
    }
  }
  if (measured != nullptr) *measured += count;
}

}  // namespace terrain
