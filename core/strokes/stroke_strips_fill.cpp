// StrokeStrips, used: each cell of a band measured against the segments
// whose strip, wedge or run holds it, row by row (or column by column), so
// the nearest segment, its distance and place are the plain loop's.
#include <algorithm>
#include <cmath>

#include "core/strokes/stroke_strip_lines.hpp"
#include "core/strokes/stroke_strips.hpp"

namespace terrain {

using strips::Along;
using strips::columnsWhere;
using strips::intersect;
using strips::kInfinity;

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
