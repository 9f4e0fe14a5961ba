#pragma once
// Which segment of a long course is nearest each cell, by the cells each
// segment can be nearest to: a cell's nearest point on a polyline lies
// inside a segment (the cell is in the segment's strip, between the normals
// at its ends) or at a vertex (the cell is in the wedge between the two
// segments' normals there, or beyond a loose end). A segment is measured at
// the cells of its strip and wedges, a little wider for rounding: about one
// distance a cell plus a row's arithmetic per segment and row it spans,
// where every segment at every cell within reach (the plain loop) or a
// search per cell (SegmentIndex) costs far more on a course of many short
// segments. The nearest segment, its distance and place are the plain
// loop's: a segment passed over at a cell is nearer to it than none of its
// neighbours by far more than rounding (core/strokes/strokes.cpp's brushes and
// courses).
//
// A run of consecutive segments joined end to start whose directions lie
// within a small angle of one direction (a long drag's many short segments
// along a gentle curve) is measured as one: a cell takes every segment of
// the run whose span along that direction lies within `delta` of the
// cell's place along it, delta bounding how far the angle can move a
// strip's or a wedge's cells along the run. So a course of 80,000 points
// costs a row's arithmetic per run, not per segment.
#include <cstdint>
#include <limits>
#include <vector>

#include "core/strokes/segment_index.hpp"
#include "core/strokes/strokes.hpp"

namespace terrain {

// Cells of a map, inclusive.
struct CellRect {
  std::int64_t x0 = 0, y0 = 0, x1 = -1, y1 = -1;
  bool empty() const { return x1 < x0 || y1 < y0; }
};

// The map's cells within `radius` metres of the box [lo, hi] (metres),
// and of a segment's box: a cell beyond is further than `radius`.
CellRect cellsNear(const StrokeGrid& grid, double loX, double loY, double hiX, double hiY,
                   double radius);
CellRect cellsNear(const StrokeGrid& grid, const Segment& s, double radius);

class StrokeStrips {
 public:
  // Made only while their cost stays within `costLimit`: beyond, cost()
  // tells so and nothing more is held (a wide brush's strips, never used,
  // were a share of its peak memory).
  StrokeStrips(const SegmentList& segments, const StrokeGrid& grid, double reach,
               const CellRect& all, double costLimit = std::numeric_limits<double>::infinity());
  // Whether the strips can be used (every segment is a point or longer
  // than the rounding margin), and the work they take: rows plus cells.
  bool usable() const { return usable_; }
  double cost() const { return cost_; }
  // How many runs of segments are measured as one.
  std::size_t runs() const { return runs_.size(); }
  // nearest[(y - band.y0) * width + (x - band.x0)]: each cell's nearest
  // segment (on a tie the first) if nearer than reach; adds the distances
  // measured to *measured.
  void fill(const CellRect& band, std::vector<SegmentIndex::Nearest>& nearest,
            std::uint64_t* measured) const;

 private:
  static constexpr std::uint32_t kNoRun = UINT32_MAX;
  struct Owner {
    std::uint32_t first;  // the first segment it measures (leading points)
    std::uint32_t segment;
    std::uint32_t last;  // the last it measures in its end wedge (its neighbour)
    bool point;          // a lone point: measured at every cell near it
    bool startCap;       // no neighbour before: beyond its start, every cell
    bool joined;         // its neighbour `last` starts where it ends
    bool byRows;         // its strip crosses fewer rows than columns
    std::int32_t lineFrom = 0, lineTo = -1;  // the rows (or columns) its cells lie on
    bool endOnly = false;                    // a run's last segment: only the cells beyond its end
    std::uint32_t run = kNoRun;              // runs_[run] instead of one segment
  };
  // Segments first..last, each joined to the next, within `turn` radians
  // of the direction (ux, uy); metres along it from (ox, oy): ends_[ends +
  // k] where segment first + k starts, ends_[ends + k + 1] where it ends.
  struct Run {
    std::uint32_t first, last;
    bool mergedEnd;  // the segment after `last` is within the angle too: its wedge measured here
    bool byRows;
    double ox, oy, ux, uy;
    double across0, across1;    // metres across (left of the direction) its points lie in
    double delta0, deltaSlope;  // delta = delta0 + deltaSlope * metres across from the far side
    double deltaMost;           // delta at the farthest cell measured
    double far;                 // metres across beyond its points no cell is measured
    std::uint32_t ends;
    CellRect box;  // cells near its segments
    std::int32_t lineFrom = 0, lineTo = -1;
  };
  void lineRange(Owner& o, const Segment& s, const CellRect& r) const;
  std::uint32_t runLast(std::uint32_t first, double turn, const std::vector<bool>& direct) const;
  bool addRun(std::uint32_t first, std::uint32_t last, const std::vector<bool>& direct,
              double turn);
  template <class Measure>
  void fillRun(const Run& run, const CellRect& band, const Measure& measure) const;

  const SegmentList& segments_;
  const StrokeGrid& grid_;
  double reach_;
  CellRect all_;
  double margin_ = 0.0;  // metres the strips and wedges are widened by
  std::vector<Owner> owners_;
  std::vector<Run> runs_;
  std::vector<double> ends_;
  bool usable_ = true;
  double cost_ = 0.0;
};

}  // namespace terrain
