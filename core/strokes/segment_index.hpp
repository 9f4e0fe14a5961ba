#pragma once
// Which segment of a stroke or a course is nearest a cell, found through an
// index instead of every segment: a bounding-volume hierarchy over pieces
// of the segments. A segment far longer than a cell is cut into pieces
// (short near the map, growing with the distance from it), so a cell looks
// at the few pieces near it; each piece measures its whole segment, so the
// nearest segment and its distance are exactly those a loop over every
// segment finds (core/strokes/strokes.cpp's brushes and courses).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

namespace terrain {

struct Segment {
  std::array<double, 2> a;
  std::array<double, 2> b;
};

inline double segmentLength(const Segment& s) {
  const double dx = s.b[0] - s.a[0], dy = s.b[1] - s.a[1];
  return std::sqrt(dx * dx + dy * dy);
}

// A polyline's segments as indices into its points, not copies (4 bytes a
// segment, not 32: an 80,000-point stroke's copies were 0.6 of a 1025
// map): segment i joins a point to the next (the last to itself), shifted
// by one of a torus's copies of the line or, for a course, as drawn.
class SegmentList {
 public:
  using Points = std::vector<std::array<double, 2>>;
  // Each point plus its copy's shift (the sums a copy made so holds, so
  // the same bits); `backwards`: from the last point to the first (a
  // course's reversed copy's segments, without the copy).
  explicit SegmentList(const Points& points, bool backwards = false)
      : points_(points), backwards_(backwards) {}

  // Point k in the list's order.
  const std::array<double, 2>& point(std::size_t k) const {
    return points_[backwards_ ? points_.size() - 1 - k : k];
  }

  // The next copy's shift, in metres (at most kMaxCopies of them).
  static constexpr std::uint32_t kMaxCopies = 9;
  std::uint32_t addCopy(double sx, double sy) {
    shifts_[copies_] = {sx, sy};
    // Only shifts of 0 (a map, not a torus): the points as they are (x +
    // 0.0 is x, but for -0.0, whose sign no distance or place depends on).
    shifted_ = shifted_ || sx != 0.0 || sy != 0.0;
    return copies_++;
  }
  // The segment from point k of copy `copy`.
  void add(std::size_t k, std::uint32_t copy) {
    ids_.push_back(copy << kCopyShift | static_cast<std::uint32_t>(k));
  }
  void reserve(std::size_t n) { ids_.reserve(n); }
  std::size_t size() const { return ids_.size(); }
  bool empty() const { return ids_.empty(); }

  Segment operator[](std::size_t i) const {
    const std::uint32_t id = ids_[i];
    const std::size_t k = id & kPointMask;
    const auto& a = point(k);
    const auto& b = point(std::min(k + 1, points_.size() - 1));
    if (!shifted_) return {a, b};
    const auto& s = shifts_[id >> kCopyShift];
    return {{a[0] + s[0], a[1] + s[1]}, {b[0] + s[0], b[1] + s[1]}};
  }

 private:
  // A point's index in the low bits (kMaxStrokePoints is 10^6 < 2^28), its copy's above.
  static constexpr std::uint32_t kCopyShift = 28;
  static constexpr std::uint32_t kPointMask = (1u << kCopyShift) - 1;
  const Points& points_;
  bool backwards_;
  bool shifted_ = false;
  std::uint32_t copies_ = 0;
  std::array<std::array<double, 2>, kMaxCopies> shifts_{};
  std::vector<std::uint32_t> ids_;
};

// A point's squared distance to a segment, in metres^2, and where on the
// segment the nearest point lies (0 at a, 1 at b). Inline: the strips
// and the index call it a few times a cell.
struct SegmentDistance {
  double distance2 = 0.0;
  double t = 0.0;
};
inline SegmentDistance segmentDistance(double px, double py, const Segment& s) {
  const double dx = s.b[0] - s.a[0];
  const double dy = s.b[1] - s.a[1];
  const double length2 = dx * dx + dy * dy;
  double t = length2 > 0.0 ? ((px - s.a[0]) * dx + (py - s.a[1]) * dy) / length2 : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  const double ex = px - (s.a[0] + t * dx);
  const double ey = py - (s.a[1] + t * dy);
  return {ex * ex + ey * ey, t};
}

struct MetreBox {
  double x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0;
};

class SegmentIndex {
 public:
  static constexpr std::uint32_t kNone = UINT32_MAX;

  // `region`: where the points that ask lie; `cellMetres`: their spacing.
  // The pieces near the region are at least 4 cells long, and there are
  // about one per segment plus one per 8 cells of the region: the index
  // holds ~34 bytes a piece (its box and end, and the tree over eight to a
  // leaf), built in place, within the map's own size whatever the
  // segments' length. `segments` must outlive it.
  SegmentIndex(const SegmentList& segments, const MetreBox& region, double cellMetres);

  // 24 bytes: a band of the plain loop or the strips holds one a cell.
  struct Nearest {
    double distance2 = 0.0;  // start: the largest distance^2 wanted
    double t = 0.0;
    std::uint32_t segment = kNone;
    std::uint32_t leaf = kNone;  // the tree's leaf it was found in
  };
  // Lowers `best` to the segment nearest (px, py) if one is nearer than
  // best.distance2 (on a tie the lowest segment index). `near`: what a
  // neighbouring point found (or nothing): the search starts there, with
  // a tight bound at once, and climbs the tree. Adds the segment distances
  // it measured to `*measured`.
  void nearest(double px, double py, Nearest& best, const Nearest& near,
               std::uint64_t* measured) const;

  const SegmentList& segments() const { return segments_; }
  // Metres a computed distance may be off by (rounding).
  double tolerance() const { return tolerance_; }

 private:
  // A stretch of a segment: its box, in floats from the region's corner
  // rounded outwards, and which diagonal of it the stretch runs along.
  struct Piece {  // 20 bytes
    float x0, y0, x1, y1;
    std::uint32_t segment : 31;  // a SegmentList holds fewer than 2^31
    std::uint32_t rising : 1;    // from (x0, y0) to (x1, y1), else from (x0, y1) to (x1, y0)
  };
  // A node's pieces lie in its box and within `radius` of its axis (a
  // capsule: a curve's run of short segments seen from afar is far
  // thinner than its box, and the one bound that tells them apart).
  struct Node {
    float x0, y0, x1, y1;  // the box, metres from the region's corner, rounded outwards
    float ax, ay, bx, by;  // the axis
    float radius;          // rounded up
    std::uint32_t first;   // leaf: its first piece; else its first child (the second follows)
    std::uint32_t count;   // leaf: its pieces; 0 for an inner node
    std::uint32_t parent;  // the root's is itself
    double inverse2;       // 1 / the axis's length^2 (0 for a point)
  };
  void cutPieces(double pieceMetres, const MetreBox& region);
  void build();
  void bound(Node& node, const Piece* first, const Piece* last) const;
  bool beyond(const Node& node, double qx, double qy, double bound) const;
  class Search;

  const SegmentList& segments_;
  std::vector<Piece> pieces_;  // in the leaves' order
  // Metres a piece's ends may lie from its box's corners (the floats' rounding).
  double pieceSlack_ = 0.0;
  std::vector<Node> nodes_;
  double originX_ = 0.0, originY_ = 0.0;
  // Metres a computed distance may be off by (rounding): nothing within it
  // of the best is passed over.
  double tolerance_ = 0.0;
};

}  // namespace terrain
