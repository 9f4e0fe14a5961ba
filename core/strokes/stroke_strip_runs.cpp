// StrokeStrips' runs: consecutive segments within a small angle of one
// direction, measured as one (a long drag's many short segments), and why
// the band `delta` around a cell's place along the run holds every segment
// that can be nearest it.
#include <algorithm>
#include <cmath>

#include "core/strokes/stroke_strip_lines.hpp"
#include "core/strokes/stroke_strips.hpp"

namespace terrain {

using strips::Along;
using strips::intersect;
using strips::kInfinity;

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

}  // namespace terrain
