// Where a stroke lands on a map: the cells its brush covers with their
// weights, the cells near a course with their distance and place along it,
// each cell's nearest segment found by the cheapest of three ways that give
// the same bits: the plain loop (a short stroke), the strips (a long course
// of short segments, core/strokes/stroke_strips.hpp) or the index
// (core/strokes/segment_index.hpp). The strokes themselves, their text and ids:
// core/strokes/strokes.cpp.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/strokes/segment_index.hpp"
#include "core/strokes/stroke_strips.hpp"
#include "core/strokes/strokes.hpp"

namespace terrain {
namespace {
// The brush's weight at t = distance / radius: full to the hardness, then
// a smooth step down to 0 at the edge.
double profile(double t, double hardness) {
  if (t >= 1.0) return 0.0;
  if (t <= hardness) return 1.0;
  const double u = (t - hardness) / (1.0 - hardness);
  return 1.0 - u * u * (3.0 - 2.0 * u);
}

// Whether the brush gives one weight (as the float a cell receives, and
// above 0) at every distance from `low` to `high` metres. Within the
// hardness it is full; beyond, the profile falls as the distance grows,
// so the weights at the two ends, widened by more than the profile's
// rounding, bound every weight between.
bool sameWeight(const Stroke& stroke, double low, double high) {
  const double tHigh = high / stroke.radius;
  if (tHigh <= stroke.hardness) return true;
  constexpr double kRounding = 1e-14;  // the profile's computed weight is within ~1e-15 of exact
  const double tLow = std::max(0.0, std::min(low, high)) / stroke.radius;
  const auto most =
      static_cast<float>(stroke.strength * profile(tLow, stroke.hardness) + kRounding);
  const auto least =
      static_cast<float>(stroke.strength * profile(tHigh, stroke.hardness) - kRounding);
  return least > 0.0f && least == most;
}

// The least distance from which every distance up to `high` metres gives
// the weight `high` gives (as a float; -1 if none is found). Below
// full weight the float's step spans metres of distance on a wide brush
// (~1e4 / metres from the line on a 1e6 m soft one), so a cell's search
// need only look for segments nearer than this, not than its candidate's.
// The weight falls as the distance grows: the step to the float above is
// reached no sooner than the slope at `high` says where the profile is
// concave (its first half), a guess elsewhere; sameWeight decides.
double sameWeightFrom(const Stroke& stroke, double high) {
  const double t = high / stroke.radius;
  if (t <= stroke.hardness) return 0.0;
  if (t >= 1.0) return -1.0;
  const double u = (t - stroke.hardness) / (1.0 - stroke.hardness);
  const double weight = stroke.strength * profile(t, stroke.hardness);
  const auto below = static_cast<float>(weight);
  const double above = static_cast<double>(std::nextafter(below, 2.0f));
  const double room =
      0.5 * (static_cast<double>(below) + above) - weight;  // to the rounding's edge
  const double slope =                                      // weight per metre nearer the line
      stroke.strength * 6.0 * u * (1.0 - u) / ((1.0 - stroke.hardness) * stroke.radius);
  if (!(room > 0.0 && slope > 0.0)) return -1.0;
  for (const double share : {0.95, 0.5, 0.125}) {
    const double low = std::max(0.0, high - share * room / slope);
    // A hair lower: a distance computed as sqrt(low^2) may round below low.
    if (sameWeight(stroke, low * (1.0 - 1e-12), high)) return low;
  }
  return -1.0;
}

// The smallest box holding the points (metres).
MetreBox boundsOf(const std::vector<std::array<double, 2>>& points) {
  MetreBox box{points[0][0], points[0][1], points[0][0], points[0][1]};
  for (const auto& p : points) {
    box.x0 = std::min(box.x0, p[0]), box.x1 = std::max(box.x1, p[0]);
    box.y0 = std::min(box.y0, p[1]), box.y1 = std::max(box.y1, p[1]);
  }
  return box;
}

// Where the cells lie, in metres: the box the index is asked about.
MetreBox metresOf(const StrokeGrid& grid, const CellRect& r) {
  return {static_cast<double>(grid.originX + r.x0) * grid.cellMetres,
          static_cast<double>(grid.originY + r.y0) * grid.cellMetres,
          static_cast<double>(grid.originX + r.x1) * grid.cellMetres,
          static_cast<double>(grid.originY + r.y1) * grid.cellMetres};
}

// The cells of a segment's box: the distances the plain loop measures for it.
double boxCells(const CellRect& r) {
  return static_cast<double>((r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1));
}

// The polyline's segments shifted by (sx, sy), each point to the next and
// the last to itself (a one-point stroke is a dot), those within `radius`
// of the map. A segment further away is left out: no cell is nearer it
// than the radius plus a cell.
void addSegments(const std::vector<std::array<double, 2>>& points, double sx, double sy,
                 const StrokeGrid& grid, double radius, SegmentList& out, double& plainCost) {
  out.reserve(out.size() + points.size());  // a long stroke's, without doubling's slack
  const std::uint32_t copy = out.addCopy(sx, sy);
  for (std::size_t k = 0; k < points.size(); ++k) {
    const auto& next = points[std::min(k + 1, points.size() - 1)];
    const Segment s{{points[k][0] + sx, points[k][1] + sy}, {next[0] + sx, next[1] + sy}};
    const CellRect r = cellsNear(grid, s, radius);
    if (r.empty()) continue;
    out.add(k, copy);
    plainCost += boxCells(r);
  }
}

using Nearest = SegmentIndex::Nearest;

// Each segment's distance at every cell of its box, a band of rows at a
// time: the nearest (on a tie the first) of each cell of the band.
void plainBand(const SegmentList& segments, const StrokeGrid& grid, double reach,
               const CellRect& band, std::vector<Nearest>& nearest) {
  const std::int64_t w = band.x1 - band.x0 + 1;
  nearest.assign(static_cast<std::size_t>(w * (band.y1 - band.y0 + 1)), Nearest{reach * reach});
  for (std::uint32_t s = 0; s < segments.size(); ++s) {
    const Segment segment = segments[s];
    const CellRect r = cellsNear(grid, segment, reach);
    for (std::int64_t y = std::max(r.y0, band.y0); y <= std::min(r.y1, band.y1); ++y) {
      const double py = static_cast<double>(grid.originY + y) * grid.cellMetres;
      for (std::int64_t x = std::max(r.x0, band.x0); x <= std::min(r.x1, band.x1); ++x) {
        const double px = static_cast<double>(grid.originX + x) * grid.cellMetres;
        Nearest& best = nearest[static_cast<std::size_t>((y - band.y0) * w + (x - band.x0))];
        const SegmentDistance d = segmentDistance(px, py, segment);
        if (d.distance2 < best.distance2) best = {d.distance2, d.t, s};
      }
    }
  }
}

// The cells of `all` within `reach` metres of some segment, each with its
// nearest segment, for the brushes and the courses.
struct NearestCells {
  const StrokeGrid& grid;
  CellRect all;
  double reach;
  StrokeWork* work;

  // Cells a band of the plain loop or the strips holds (24 bytes each: a
  // fifth of a 1025 map's memory; half as many took a course's strips a
  // third longer).
  static constexpr std::int64_t kBandCells = 1 << 15;
  // The plain loop while it measures at most this many distances a cell of
  // `all` (the index's search costs about as much as that); beyond, the
  // strips while their rows and distances are at most this many a cell.
  static constexpr double kPlainPerCell = 32.0;
  static constexpr double kStripsPerCell = 32.0;
  // Strokes of fewer segments than this take the plain loop when it is
  // cheap enough, without weighing the strips.
  static constexpr std::size_t kStripsFrom = 256;
  static constexpr double kNever = 1e300;

  // emit(x, y, nearest) for each such cell, in index order. `same(low,
  // d2)`: whether every distance from `low` metres up to sqrt(d2) gives
  // the result d2 gives, so the index need not look for a nearer segment;
  // `from(d2)`: the least such `low` known (-1 if none), so the
  // index need only look for a segment nearer than that.
  // `plainCost`: the distances the plain loop would measure, the segments'
  // boxCells summed (as their callers pick them).
  template <class Same, class From, class Emit>
  void visit(const SegmentList& segments, double plainCost, const Same& same, const From& from,
             const Emit& emit) const {
    const double cells = static_cast<double>((all.x1 - all.x0 + 1) * (all.y1 - all.y0 + 1));
    using Method = StrokeWork::Method;
    const Method method = work ? work->method : Method::Cheaper;
    std::uint64_t measured = 0;
    const bool plainEnough = plainCost <= kPlainPerCell * cells;
    enum class Use : std::uint8_t { Plain, Strips, Index } use = Use::Index;
    std::optional<StrokeStrips> strips;
    if (method == Method::Plain ||
        (method == Method::Cheaper && plainEnough && segments.size() < kStripsFrom)) {
      use = Use::Plain;
    } else if (method != Method::Indexed) {
      // Beyond this cost they are not used, so not made.
      const double limit = method == Method::Strips ? kNever
                           : plainEnough            ? plainCost
                                                    : kStripsPerCell * cells;
      strips.emplace(segments, grid, reach, all, limit);
      const double cost = strips->usable() ? strips->cost() : kNever;
      if (method == Method::Strips) {
        use = strips->usable() ? Use::Strips : Use::Index;
      } else if (plainEnough) {
        use = cost < plainCost ? Use::Strips : Use::Plain;
      } else if (cost <= kStripsPerCell * cells) {
        use = Use::Strips;
      }
    }
    if (use == Use::Plain) {
      measured += static_cast<std::uint64_t>(plainCost);
      inBands(emit, [&](const CellRect& band, std::vector<Nearest>& nearest) {
        plainBand(segments, grid, reach, band, nearest);
      });
    } else if (use == Use::Strips) {
      if (work != nullptr) work->strips = true, work->runs += strips->runs();
      inBands(emit, [&](const CellRect& band, std::vector<Nearest>& nearest) {
        strips->fill(band, nearest, &measured);
      });
    } else {
      strips.reset();  // its memory is the index's
      if (work != nullptr) work->indexed = true;
      visitIndexed(SegmentIndex(segments, metresOf(grid, all), grid.cellMetres), same, from, emit);
    }
    if (work != nullptr) work->distances += measured;
  }

  // emit() for the cells of `all` within reach, a band of rows at a time,
  // each band's nearest segments found by fill(band, nearest).
  template <class Emit, class Fill>
  void inBands(const Emit& emit, const Fill& fill) const {
    const std::int64_t w = all.x1 - all.x0 + 1;
    const std::int64_t rows = std::max<std::int64_t>(1, kBandCells / w);
    std::vector<Nearest> nearest;
    for (std::int64_t y0 = all.y0; y0 <= all.y1; y0 += rows) {
      const CellRect band{all.x0, y0, all.x1, std::min(all.y1, y0 + rows - 1)};
      fill(band, nearest);
      for (std::int64_t y = band.y0; y <= band.y1; ++y) {
        for (std::int64_t x = band.x0; x <= band.x1; ++x) {
          const Nearest& n = nearest[static_cast<std::size_t>((y - band.y0) * w + (x - band.x0))];
          if (n.distance2 < reach * reach) emit(x, y, n);
        }
      }
    }
  }

  // Blocks of the index's pass: one search tells whether a block's cells
  // may be within reach at all.
  static constexpr std::int64_t kBlock = 8;

  // Whether each kBlock x kBlock block of `all` may hold a cell within reach.
  std::vector<bool> blocksInReach(const SegmentIndex& index, std::uint64_t& measured) const {
    const std::int64_t across = (all.x1 - all.x0) / kBlock + 1;
    const std::int64_t down = (all.y1 - all.y0) / kBlock + 1;
    std::vector<bool> inReach(static_cast<std::size_t>(across * down));
    // A block's cells lie within `spread` of its middle; a hair more, for rounding.
    const double spread = 0.5 * std::sqrt(2.0) * static_cast<double>(kBlock) * grid.cellMetres;
    const double limit = (reach + spread) * (1.0 + 1e-9) + 1e-9 * grid.cellMetres;
    Nearest near;
    for (std::int64_t by = 0; by < down; ++by) {
      for (std::int64_t bx = 0; bx < across; ++bx) {
        const double middle = 0.5 * static_cast<double>(kBlock - 1);
        const double mx =
            (static_cast<double>(grid.originX + all.x0 + bx * kBlock) + middle) * grid.cellMetres;
        const double my =
            (static_cast<double>(grid.originY + all.y0 + by * kBlock) + middle) * grid.cellMetres;
        Nearest probe{limit * limit};
        index.nearest(mx, my, probe, near, &measured);
        if (probe.segment == SegmentIndex::kNone) continue;
        inReach[static_cast<std::size_t>(by * across + bx)] = true;
        near = probe;
      }
    }
    return inReach;
  }

  template <class Same, class From, class Emit>
  void visitIndexed(const SegmentIndex& index, const Same& same, const From& from,
                    const Emit& emit) const {
    const double reach2 = reach * reach;
    std::uint64_t measured = 0;
    const std::vector<bool> inReach = blocksInReach(index, measured);
    const std::int64_t across = (all.x1 - all.x0) / kBlock + 1;
    // A cell's distance from the line is within a cell's spacing of its
    // neighbour's: low[x] holds a lower bound of each cell's distance in
    // metres (this row's left of x, the row above's from x on), a hair
    // under for rounding. A cell whose last-found segment gives the result
    // any distance down to that bound gives needs no search.
    const double slack = index.tolerance() + 1e-9 * grid.cellMetres;
    const double step = grid.cellMetres + slack;
    std::vector<double> low(static_cast<std::size_t>(all.x1 - all.x0 + 1), -step);
    Nearest near;  // the last cell's: where the next one's search starts
    for (std::int64_t y = all.y0; y <= all.y1; ++y) {
      const double py = static_cast<double>(grid.originY + y) * grid.cellMetres;
      double left = -step;
      for (std::int64_t x = all.x0; x <= all.x1; ++x) {
        double& below = low[static_cast<std::size_t>(x - all.x0)];
        const double bound = std::max(left, below) - step;
        left = below = reach - slack;  // a cell out of reach
        if (!inReach[static_cast<std::size_t>((y - all.y0) / kBlock * across +
                                              (x - all.x0) / kBlock)]) {
          continue;
        }
        const double px = static_cast<double>(grid.originX + x) * grid.cellMetres;
        if (near.segment != SegmentIndex::kNone) {
          const SegmentDistance d = segmentDistance(px, py, index.segments()[near.segment]);
          ++measured;
          if (d.distance2 < reach2 && same(bound, d.distance2)) {
            left = below = std::max(bound, 0.0);
            emit(x, y, Nearest{d.distance2, d.t, near.segment, near.leaf});
            continue;
          }
          const double changes = d.distance2 < reach2 ? from(d.distance2) : -1.0;
          if (changes >= 0.0) {
            // Only a segment nearer than `changes` changes the result: none
            // found, the candidate's stands (the true distance lies
            // between), else the one found is the nearest.
            Nearest best{changes * changes};
            index.nearest(px, py, best, near, &measured);
            if (best.segment == SegmentIndex::kNone) {
              left = below = changes - slack;
              emit(x, y, Nearest{d.distance2, d.t, near.segment, near.leaf});
            } else {
              left = below = std::sqrt(best.distance2) - slack;
              near = best;
              emit(x, y, best);
            }
            continue;
          }
        }
        Nearest best{reach2};
        index.nearest(px, py, best, near, &measured);
        if (best.distance2 >= reach2) continue;
        left = below = std::sqrt(best.distance2) - slack;
        near = best;
        emit(x, y, best);
      }
    }
    if (work != nullptr) work->distances += measured;
  }
};

}  // namespace

void forEachBrushCell(const Stroke& stroke, const StrokeGrid& grid,
                      const std::function<void(std::size_t, float)>& fn, StrokeWork* work) {
  if (stroke.points.empty() || grid.width <= 0 || grid.height <= 0) return;
  const MetreBox bounds = boundsOf(stroke.points);
  // A torus sees the line and its copies a period away on either side.
  const int copies = grid.wraps && grid.worldMetres > 0.0 ? 1 : 0;
  CellRect all;
  all.x0 = grid.width, all.y0 = grid.height;
  SegmentList segments(stroke.points);
  double plainCost = 0.0;
  for (int cy = -copies; cy <= copies; ++cy) {
    for (int cx = -copies; cx <= copies; ++cx) {
      const double sx = cx * grid.worldMetres, sy = cy * grid.worldMetres;
      const CellRect r = cellsNear(grid, bounds.x0 + sx, bounds.y0 + sy, bounds.x1 + sx,
                                   bounds.y1 + sy, stroke.radius);
      if (r.empty()) continue;
      all.x0 = std::min(all.x0, r.x0), all.y0 = std::min(all.y0, r.y0);
      all.x1 = std::max(all.x1, r.x1), all.y1 = std::max(all.y1, r.y1);
      addSegments(stroke.points, sx, sy, grid, stroke.radius, segments, plainCost);
    }
  }
  if (all.empty()) return;
  const NearestCells cells{grid, all, stroke.radius, work};
  const auto same = [&](double low, double distance2) {
    return sameWeight(stroke, low, std::sqrt(distance2));
  };
  const auto from = [&](double distance2) { return sameWeightFrom(stroke, std::sqrt(distance2)); };
  cells.visit(
      segments, plainCost, same, from, [&](std::int64_t x, std::int64_t y, const Nearest& n) {
        const double weight =
            stroke.strength * profile(std::sqrt(n.distance2) / stroke.radius, stroke.hardness);
        if (weight > 0.0)
          fn(static_cast<std::size_t>(y * grid.width + x), static_cast<float>(weight));
      });
}

double pathLength(const PathPoints& path) {
  double length = 0.0;
  for (std::size_t k = 1; k < path.size(); ++k) {
    length += std::hypot(path[k][0] - path[k - 1][0], path[k][1] - path[k - 1][1]);
  }
  return length;
}

std::array<double, 2> PathWalk::at(double along) {
  for (; next_ < path_.size(); ++next_) {
    const auto& a = path_[next_ - 1];
    const auto& b = path_[next_];
    const double dx = b[0] - a[0], dy = b[1] - a[1];
    const double length = std::hypot(dx, dy);
    if (along <= start_ + length && length > 0.0) {
      const double t = std::clamp((along - start_) / length, 0.0, 1.0);
      return {a[0] + t * dx, a[1] + t * dy};
    }
    start_ += length;
  }
  if (path_.empty()) return {0.0, 0.0};
  return along <= 0.0 ? path_.front() : path_.back();
}

std::array<double, 2> pointAlong(const PathPoints& path, double along) {
  return PathWalk(path).at(along);
}

void forEachPathCell(const PathPoints& path, const StrokeGrid& grid, double reach,
                     const std::function<void(const PathCell&)>& fn, StrokeWork* work,
                     bool backwards) {
  if (path.empty() || grid.width <= 0 || grid.height <= 0) return;
  const MetreBox bounds = boundsOf(path);
  const CellRect all = cellsNear(grid, bounds.x0, bounds.y0, bounds.x1, bounds.y1, reach);
  if (all.empty()) return;
  // As addSegments's, each with its place along the path.
  SegmentList segments(path, backwards);
  std::vector<double> starts;  // metres from the first point to the segment's
  segments.reserve(path.size()), starts.reserve(path.size());
  const std::uint32_t drawn = segments.addCopy(0.0, 0.0);
  double start = 0.0, plainCost = 0.0;
  for (std::size_t k = 0; k < path.size(); ++k) {
    const Segment s{segments.point(k), segments.point(std::min(k + 1, path.size() - 1))};
    const CellRect r = cellsNear(grid, s, reach);
    if (!r.empty()) {
      segments.add(k, drawn);
      starts.push_back(start);
      plainCost += boxCells(r);
    }
    start += segmentLength(s);
  }
  const NearestCells cells{grid, all, reach, work};
  // A course's cells need their exact distance and place along.
  const auto never = [](double, double) { return false; };
  const auto exact = [](double) { return -1.0; };
  cells.visit(segments, plainCost, never, exact,
              [&](std::int64_t x, std::int64_t y, const Nearest& n) {
                fn({static_cast<std::size_t>(y * grid.width + x), std::sqrt(n.distance2),
                    starts[n.segment] + n.t * segmentLength(segments[n.segment])});
              });
}

std::vector<PathCell> pathCells(const PathPoints& path, const StrokeGrid& grid, double reach) {
  std::vector<PathCell> cells;
  forEachPathCell(path, grid, reach, [&](const PathCell& c) { cells.push_back(c); });
  return cells;
}

}  // namespace terrain
