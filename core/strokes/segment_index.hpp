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
#include <cstdint>
#include <vector>

namespace terrain {

struct Segment {
  std::array<double, 2> a;
  std::array<double, 2> b;
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
  // holds ~34 bytes a piece (its box, and the tree over eight to a leaf;
  // 40 more while it is built) and 32 a segment, within the map's own size
  // whatever the segments' length.
  SegmentIndex(std::vector<Segment> segments, const MetreBox& region, double cellMetres);

  struct Nearest {
    double distance2 = 0.0;  // start: the largest distance^2 wanted
    std::uint32_t segment = kNone;
    double t = 0.0;
    std::uint32_t leaf = kNone;  // the tree's leaf it was found in
  };
  // Lowers `best` to the segment nearest (px, py) if one is nearer than
  // best.distance2 (on a tie the lowest segment index). `near`: what a
  // neighbouring point found (or nothing): the search starts there, with
  // a tight bound at once, and climbs the tree. Adds the segment distances
  // it measured to `*measured`.
  void nearest(double px, double py, Nearest& best, const Nearest& near,
               std::uint64_t* measured) const;

  const std::vector<Segment>& segments() const { return segments_; }
  // Metres a computed distance may be off by (rounding).
  double tolerance() const { return tolerance_; }

 private:
  struct Piece {                 // a stretch of a segment (while building)
    std::array<double, 2> p, q;  // metres from the region's corner
    std::uint32_t segment;
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
  std::vector<Piece> cutPieces(double pieceMetres, const MetreBox& region) const;
  void build(std::vector<Piece> pieces);
  void bound(Node& node, const Piece* first, const Piece* last) const;
  bool beyond(const Node& node, double qx, double qy, double bound) const;
  class Search;

  struct LeafPiece {
    float x0, y0, x1, y1;  // its box, as a node's
    std::uint32_t segment;
  };

  std::vector<Segment> segments_;
  std::vector<LeafPiece> leafPieces_;  // in the leaves' order
  std::vector<Node> nodes_;
  double originX_ = 0.0, originY_ = 0.0;
  // Metres a computed distance may be off by (rounding): nothing within it
  // of the best is passed over.
  double tolerance_ = 0.0;
};

}  // namespace terrain
