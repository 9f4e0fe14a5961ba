#include "core/strokes/stroke_strips.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <numbers>

namespace terrain {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// A run's largest angle from its direction (radians), and delta's growth
// across the reach it may bring (cells).
constexpr double kMostRunTurn = 0.01;
constexpr double kRunSpread = 0.04;

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

// The last segment of a run from `first`: while each is joined directly to
// the next and their directions' sines about the first's span at most
// twice `turn` (first itself when no run starts there).
std::uint32_t StrokeStrips::runLast(std::uint32_t first, double turn,
                                    const std::vector<bool>& direct) const {
  const Along u0(segments_[first], grid_, true);
  const double spread = 2.0 * std::sin(turn);
  double low = 0.0, high = 0.0;
  std::uint32_t last = first;
  while (direct[last]) {
    const Along u(segments_[last + 1], grid_, true);
    const double sine = u0.ux * u.uy - u0.uy * u.ux;
    if (!(u0.ux * u.ux + u0.uy * u.uy > 0.0) ||
        std::max(high, sine) - std::min(low, sine) > spread) {
      break;
    }
    low = std::min(low, sine), high = std::max(high, sine);
    ++last;
  }
  return last;
}

// Runs_'s entry and its owner for segments first..last; whether it
// measures the next segment in the wedge at its end. Why delta bounds
// the places along the direction u of the cells a segment k of the run is
// measured at by its own strip or wedge (core/strokes/stroke_strips.hpp), with m
// the margin widened by the pad (3 margins), Theta the run's largest angle
// from u and h a cell's distance across from the farther side of the run's
// points: in k's strip, a cell lies alpha along k (-2m..length + 2m) and
// beta across it, and moves along u by alpha cos + beta sin of k's angle:
// within 2m of k's span along u plus |beta| Theta, where |beta| (below the
// reach, else k is not nearest) is at most h plus Theta times the cell's
// distance from k's start. In the wedge at k's end, v from the joint lies
// within 2m along k and the next segment, so within 2m + |v| Theta along u,
// |v| at most (h + 2m) / (1 - Theta). A cell's nearest segment is measured
// wherever the strips would measure it: the same bits.
bool StrokeStrips::addRun(std::uint32_t first, std::uint32_t last, const std::vector<bool>& direct,
                          double turn) {
  const Along u0(segments_[first], grid_, true);
  double low = 0.0, high = 0.0, longest = 0.0;
  for (std::uint32_t k = first; k <= last; ++k) {
    const Along u(segments_[k], grid_, true);
    if (u.length < 2.0 * margin_) usable_ = false;
    longest = std::max(longest, u.length);
    const double sine = u0.ux * u.uy - u0.uy * u.ux;
    low = std::min(low, sine), high = std::max(high, sine);
  }
  Run run{};
  run.first = first, run.last = last;
  run.mergedEnd = false;
  if (direct[last]) {  // the next one's wedge here if it turns within twice the angle
    const Along u(segments_[last + 1], grid_, true);
    const double sine = u0.ux * u.uy - u0.uy * u.ux;
    if (u0.ux * u.ux + u0.uy * u.uy > 0.0 &&
        std::max(high, sine) - std::min(low, sine) <= 4.0 * std::sin(turn)) {
      run.mergedEnd = true;
      low = std::min(low, sine), high = std::max(high, sine);
    }
  }
  const double angleLow = std::asin(std::clamp(low, -1.0, 1.0));
  const double angleHigh = std::asin(std::clamp(high, -1.0, 1.0));
  const double middle = 0.5 * (angleLow + angleHigh);
  const double theta = 0.5 * (angleHigh - angleLow) + 1e-12;
  run.ux = u0.ux * std::cos(middle) - u0.uy * std::sin(middle);
  run.uy = u0.ux * std::sin(middle) + u0.uy * std::cos(middle);
  run.ox = segments_[first].a[0], run.oy = segments_[first].a[1];
  run.ends = static_cast<std::uint32_t>(ends_.size());
  double x0 = run.ox, y0 = run.oy, x1 = run.ox, y1 = run.oy;
  run.across0 = run.across1 = 0.0;
  ends_.push_back(0.0);
  for (std::uint32_t k = first; k <= last; ++k) {
    const std::array<double, 2> b = segments_[k].b;
    const double along = (b[0] - run.ox) * run.ux + (b[1] - run.oy) * run.uy;
    const double across = (b[1] - run.oy) * run.ux - (b[0] - run.ox) * run.uy;
    if (!(along > ends_.back())) usable_ = false;  // not along u (cannot be, within the angle)
    ends_.push_back(along);
    run.across0 = std::min(run.across0, across), run.across1 = std::max(run.across1, across);
    x0 = std::min(x0, b[0]), y0 = std::min(y0, b[1]), x1 = std::max(x1, b[0]),
    y1 = std::max(y1, b[1]);
  }
  const double m2 = 6.0 * margin_;
  const double reach = reach_ + grid_.cellMetres;  // a segment nearer than it can be nearest
  run.deltaSlope = theta / (1.0 - theta);
  run.delta0 = m2 + run.deltaSlope * (m2 + (longest + m2 + reach) * theta) + margin_;
  // A cell further across than this from the run's points is further than
  // the reach from its segments (the margin: rounding).
  const double far = run.far = reach_ + margin_;
  run.deltaMost = run.delta0 + run.deltaSlope * (run.across1 - run.across0 + far + margin_);
  run.box = intersect(cellsNear(grid_, x0, y0, x1, y1, reach_), all_);
  // Its cells lie in a rectangle along u: lines of whichever of rows or
  // columns it crosses fewer of, those its corners span.
  const double length = ends_.back() + 2.0 * run.deltaMost;
  const double width = run.across1 - run.across0 + 2.0 * far;
  const double rows = length * std::abs(run.uy) + width * std::abs(run.ux);
  const double columns = length * std::abs(run.ux) + width * std::abs(run.uy);
  run.byRows = rows <= columns;
  double lineLow = kInfinity, lineHigh = -kInfinity;
  for (const double along : {-run.deltaMost, ends_.back() + run.deltaMost}) {
    for (const double across : {run.across0 - far, run.across1 + far}) {
      const double x = run.ox + along * run.ux - across * run.uy;
      const double y = run.oy + along * run.uy + across * run.ux;
      lineLow = std::min(lineLow, run.byRows ? y : x),
      lineHigh = std::max(lineHigh, run.byRows ? y : x);
    }
  }
  const auto origin = static_cast<double>(run.byRows ? grid_.originY : grid_.originX);
  const double from = std::floor(lineLow / grid_.cellMetres) - origin - 1.0;
  const double to = std::ceil(lineHigh / grid_.cellMetres) - origin + 1.0;
  const auto firstLine = static_cast<double>(run.byRows ? run.box.y0 : run.box.x0);
  const auto lastLine = static_cast<double>(run.byRows ? run.box.y1 : run.box.x1);
  run.lineFrom = static_cast<std::int32_t>(std::max(firstLine, from));
  run.lineTo = static_cast<std::int32_t>(std::min(lastLine, to));
  if (run.box.empty() || run.lineTo < run.lineFrom) return run.mergedEnd;
  // Rows, cells and the segments each cell takes: its own and those within
  // 2 delta of it (delta at the middle across).
  const double cell2 = grid_.cellMetres * grid_.cellMetres;
  const double cells = length * width / cell2;
  const double delta = run.delta0 + run.deltaSlope * 0.5 * width;
  const double taken = 1.0 + 2.0 * delta * static_cast<double>(last - first + 1) / ends_.back();
  cost_ += 4.0 * static_cast<double>(run.lineTo - run.lineFrom + 1) + cells * (1.0 + taken);
  Owner owner{first, first, last, false, false, true, run.byRows};
  owner.run = static_cast<std::uint32_t>(runs_.size());
  runs_.push_back(run);
  owners_.push_back(owner);
  return run.mergedEnd;
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
    if (d.distance2 < best.distance2) best = {d.distance2, d.t, k};
  };
  // Rows of the band in metres, a cell wider either side: an owner whose
  // segment lies further than its reach from them is passed over at once.
  const double bandLow = static_cast<double>(grid_.originY + band.y0 - 1) * grid_.cellMetres;
  const double bandHigh = static_cast<double>(grid_.originY + band.y1 + 1) * grid_.cellMetres;
  for (const Owner& o : owners_) {
    if (o.run != kNoRun) {
      fillRun(runs_[o.run], band, measure);
      continue;
    }
    const Segment g = segments_[o.segment];
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
      if (o.endOnly) {
        columnsWhere(base, along.slope, along.inverse, along.length - margin_, kInfinity, margin_,
                     in0, in1, i0, i1);
        if (o.joined && i0 <= i1) {
          std::int64_t n0 = 0, n1 = -1;
          columnsWhere(next.base(lineMetres), next.slope, next.inverse, -kInfinity, margin_,
                       margin_, in0, in1, n0, n1);
          i0 = std::max(i0, n0), i1 = std::min(i1, n1);
        }
        for (std::int64_t i = i0; i <= i1; ++i) {
          for (std::uint32_t k = o.segment; k <= o.last; ++k) at(i, k);
        }
        continue;
      }
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

// A run's cells, line by line: where each lies along and across the run's
// direction (linear along a line), the segments whose spans along it lie
// within delta of the cell, and the next
// segment near the run's end when its wedge is the run's.
template <class Measure>
void StrokeStrips::fillRun(const Run& run, const CellRect& band, const Measure& measure) const {
  const CellRect r = intersect(run.box, band);
  if (r.empty()) return;
  const std::int64_t lineFrom = std::max<std::int64_t>(run.lineFrom, run.byRows ? r.y0 : r.x0);
  const std::int64_t lineTo = std::min<std::int64_t>(run.lineTo, run.byRows ? r.y1 : r.x1);
  const std::int64_t in0 = run.byRows ? r.x0 : r.y0, in1 = run.byRows ? r.x1 : r.y1;
  const double cell = grid_.cellMetres;
  // Along a line, the cells' coordinate steps along x (rows) or y.
  const double stepX = run.byRows ? cell : 0.0, stepY = run.byRows ? 0.0 : cell;
  const double alongSlope = stepX * run.ux + stepY * run.uy;
  const double acrossSlope = stepY * run.ux - stepX * run.uy;
  const double far = run.far;
  const double* ends = ends_.data() + run.ends;
  const std::uint32_t count = run.last - run.first + 1;
  const double end = ends[count];
  const double perMetre = static_cast<double>(count) / end;  // segments
  const double alongInverse = 1.0 / alongSlope, acrossInverse = 1.0 / acrossSlope;
  for (std::int64_t line = lineFrom; line <= lineTo; ++line) {
    // The cell at index 0 of the line, in metres from the run's origin.
    const double x =
        static_cast<double>(run.byRows ? grid_.originX : grid_.originX + line) * cell - run.ox;
    const double y =
        static_cast<double>(run.byRows ? grid_.originY + line : grid_.originY) * cell - run.oy;
    const double alongBase = x * run.ux + y * run.uy;
    const double acrossBase = y * run.ux - x * run.uy;
    std::int64_t i0 = 0, i1 = -1, j0 = 0, j1 = -1;
    columnsWhere(alongBase, alongSlope, alongInverse, -run.deltaMost, end + run.deltaMost, margin_,
                 in0, in1, i0, i1);
    columnsWhere(acrossBase, acrossSlope, acrossInverse, run.across0 - far, run.across1 + far,
                 margin_, in0, in1, j0, j1);
    i0 = std::max(i0, j0), i1 = std::min(i1, j1);
    for (std::int64_t i = i0; i <= i1; ++i) {
      const double along = alongBase + alongSlope * static_cast<double>(i);
      const double across = acrossBase + acrossSlope * static_cast<double>(i);
      const double delta =
          run.delta0 + run.deltaSlope * std::max(across - run.across0, run.across1 - across);
      const double low = along - delta, high = along + delta;
      // The first segment ending at or after `low`: guessed as if the
      // segments were alike, then walked to.
      const double guess = std::clamp(low * perMetre, 0.0, static_cast<double>(count - 1));
      auto k = static_cast<std::uint32_t>(guess);
      while (k > 0 && ends[k] >= low) --k;
      while (k < count && ends[k + 1] < low) ++k;
      const std::int64_t cx = run.byRows ? i : line, cy = run.byRows ? line : i;
      for (; k < count && ends[k] <= high; ++k) measure(cx, cy, run.first + k);
      if (run.mergedEnd && low <= end && end <= high) measure(cx, cy, run.last + 1);
    }
  }
}

}  // namespace terrain
