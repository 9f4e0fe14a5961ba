// StrokeStrips, made: which segment owns the cells of each strip and
// wedge, what measuring them costs, and the lines each owner's cells lie
// on. The runs measured as one: stroke_strip_runs.cpp; the cells measured:
// stroke_strips_fill.cpp.
#include "core/strokes/stroke_strips.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <numbers>

#include "core/strokes/stroke_strip_lines.hpp"

namespace terrain {
namespace {

// A run's largest angle from its direction (radians), and delta's growth
// across the reach it may bring (cells).
constexpr double kMostRunTurn = 0.01;
constexpr double kRunSpread = 0.04;

}  // namespace

using strips::Along;
using strips::intersect;
using strips::isPoint;
using strips::samePoint;

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

StrokeStrips::StrokeStrips(const SegmentList& segments, const StrokeGrid& grid, double reach,
                           const CellRect& all, double costLimit)
    : segments_(segments), grid_(grid), reach_(reach), all_(all) {
  const std::size_t n = segments.size();
  double largest = std::max(std::abs(static_cast<double>(grid.originX + all.x1) * grid.cellMetres),
                            std::abs(static_cast<double>(grid.originY + all.y1) * grid.cellMetres));
  largest = std::max({largest, std::abs(static_cast<double>(grid.originX) * grid.cellMetres),
                      std::abs(static_cast<double>(grid.originY) * grid.cellMetres)});
  for (std::size_t i = 0; i < n; ++i) {
    const Segment s = segments[i];
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
  // Joined to the next segment directly, no repeated point between.
  std::vector<bool> direct(n, false);
  for (std::uint32_t i = 0; i + 1 < n; ++i) direct[i] = joinedOf[i] && lastOf[i] == i + 1;
  // Runs turn so little that delta stays a fraction of a cell at the
  // reach's far side: a few segments more a cell against a row's
  // arithmetic per segment.
  const double runTurn =
      std::min(kMostRunTurn, kRunSpread * grid.cellMetres / (reach + grid.cellMetres));
  // The runs counted first, so the runs, their ends and the owners are
  // made in place (a reserve is resident only as it is filled): grown by
  // doubling, a long course's were briefly held twice (a meander's
  // thousands of runs: half a 1025 map).
  std::size_t runs = 0, inRuns = 0;
  for (std::uint32_t i = 0; i < n; ++i) {
    if (isPoint(segments[i]) || !hasBefore[i]) continue;
    const std::uint32_t last = runLast(i, runTurn, direct);
    if (last > i) ++runs, inRuns += last - i + 1, i = last;
  }
  runs_.reserve(runs);
  ends_.reserve(inRuns + runs);
  owners_.reserve(2 * runs + (n - inRuns));
  for (std::uint32_t i = 0; i < n; ++i) {
    if (cost_ > costLimit) {
      owners_ = {}, runs_ = {}, ends_ = {};
      return;
    }
    const bool point = isPoint(segments[i]);
    if (!point && hasBefore[i]) {
      const std::uint32_t last = runLast(i, runTurn, direct);
      if (last > i) {
        if (!addRun(i, last, direct, runTurn)) {
          // Its last segment's end wedge, or all beyond a loose end, as an owner's.
          const Along along(segments[last], grid, true);
          if (along.length < 2.0 * margin_) usable_ = false;
          Owner end{last, last, lastOf[last], false, false, joinedOf[last], true};
          end.endOnly = true;
          const CellRect e = intersect(cellsNear(grid, segments[last], reach), all);
          if (!e.empty()) {
            lineRange(end, segments[last], e);
            const double far = reach + grid.cellMetres;
            cost_ += 4.0 * static_cast<double>(end.lineTo - end.lineFrom + 1) +
                     std::numbers::pi * far * far / cell2;
            owners_.push_back(end);
          }
        }
        i = last;
        continue;
      }
    }
    const CellRect r = intersect(cellsNear(grid, segments[i], reach), all);
    if (r.empty()) continue;
    const double rows = static_cast<double>(r.y1 - r.y0 + 1);
    const double boxCells = rows * static_cast<double>(r.x1 - r.x0 + 1);
    if (point) {
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
  const Segment n = segments_[o.last];
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

}  // namespace terrain
