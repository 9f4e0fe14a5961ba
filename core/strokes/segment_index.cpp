#include "core/strokes/segment_index.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace terrain {
namespace {

constexpr double kMinPieceCells = 4.0;  // a piece near the region: at least this many cells long
constexpr double kCellsPerPiece = 8.0;  // the region's cells per piece cut beyond one a segment
// Pieces a leaf holds: eight, not four, and leaves filled (build), so the
// tree is about a node for four pieces, for a few more box tests a search.
constexpr std::uint32_t kLeafPieces = 8;

// Metres from p to the box (0 inside it).
double distanceToBox(const std::array<double, 2>& p, const MetreBox& box) {
  const double dx = std::max({box.x0 - p[0], 0.0, p[0] - box.x1});
  const double dy = std::max({box.y0 - p[1], 0.0, p[1] - box.y1});
  return std::hypot(dx, dy);
}

// Metres of the segment inside the box (Liang-Barsky clipping).
double lengthInside(const Segment& s, const MetreBox& box) {
  const double dx = s.b[0] - s.a[0], dy = s.b[1] - s.a[1];
  double t0 = 0.0, t1 = 1.0;
  const auto clip = [&](double p, double q) {  // keeps t where q - t p >= 0
    if (p == 0.0) return q >= 0.0;
    const double r = q / p;
    if (p < 0.0)
      t0 = std::max(t0, r);
    else
      t1 = std::min(t1, r);
    return t0 <= t1;
  };
  if (!clip(-dx, s.a[0] - box.x0) || !clip(dx, box.x1 - s.a[0]) || !clip(-dy, s.a[1] - box.y0) ||
      !clip(dy, box.y1 - s.a[1])) {
    return 0.0;
  }
  return (t1 - t0) * std::hypot(dx, dy);
}

// The float just at or below (above) v, so a box in floats holds the one in doubles.
float floatBelow(double v) {
  const auto f = static_cast<float>(v);
  return static_cast<double>(f) > v ? std::nextafter(f, -FLT_MAX) : f;
}
float floatAbove(double v) {
  const auto f = static_cast<float>(v);
  return static_cast<double>(f) < v ? std::nextafter(f, FLT_MAX) : f;
}

// The squared distance from (qx, qy) to a box in floats.
double boxDistance2(float bx0, float by0, float bx1, float by1, double qx, double qy) {
  const double x0 = static_cast<double>(bx0), x1 = static_cast<double>(bx1);
  const double y0 = static_cast<double>(by0), y1 = static_cast<double>(by1);
  const double dx = qx < x0 ? x0 - qx : qx > x1 ? qx - x1 : 0.0;
  const double dy = qy < y0 ? y0 - qy : qy > y1 ? qy - y1 : 0.0;
  return dx * dx + dy * dy;
}

}  // namespace

SegmentIndex::SegmentIndex(const SegmentList& segments, const MetreBox& region, double cellMetres)
    : segments_(segments), originX_(region.x0), originY_(region.y0) {
  if (segments_.empty()) return;
  double largest = std::max(
      {std::abs(region.x0), std::abs(region.y0), std::abs(region.x1), std::abs(region.y1)});
  double inside = 0.0;
  for (std::size_t i = 0; i < segments_.size(); ++i) {
    const Segment s = segments_[i];
    largest =
        std::max({largest, std::abs(s.a[0]), std::abs(s.a[1]), std::abs(s.b[0]), std::abs(s.b[1])});
    inside += lengthInside(s, region);
  }
  // Each distance is a few roundings of coordinates this large: 64 of
  // them is far more than they can be off, far less than a cell.
  tolerance_ = 64.0 * DBL_EPSILON * (largest + cellMetres);
  // A piece's coordinates from the region's corner are at most twice the
  // largest; its box's floats lie within a float's step of its ends on
  // each axis (2^-23 of their size), so within this of them.
  pieceSlack_ = 4.0 * std::ldexp(2.0 * largest + cellMetres, -23);
  const double cells =
      ((region.x1 - region.x0) / cellMetres + 1.0) * ((region.y1 - region.y0) / cellMetres + 1.0);
  // Pieces beyond one a segment: a stroke of many segments already has
  // them (a dense zigzag's were two a segment: 1.5 maps at 1025).
  const double extraPieces =
      std::max(64.0, cells / kCellsPerPiece - static_cast<double>(segments_.size()));
  cutPieces(std::max(kMinPieceCells * cellMetres, inside / extraPieces), region);
  build();
}

// Each segment in pieces `pieceMetres` long near the region and, away from
// it, as long as their distance from it (so a far segment is a few pieces).
void SegmentIndex::cutPieces(double pieceMetres, const MetreBox& region) {
  // Twice: counting, then cutting into a vector of that size (a long
  // stroke's pieces are most of the index's memory).
  for (const bool cut : {false, true}) {
    std::size_t count = 0;
    const auto add = [&](const std::array<double, 2>& p, const std::array<double, 2>& q,
                         std::uint32_t segment) {
      ++count;
      if (!cut) return;
      const double px = p[0] - originX_, py = p[1] - originY_;
      const double qx = q[0] - originX_, qy = q[1] - originY_;
      Piece& piece = pieces_.emplace_back();
      piece.x0 = floatBelow(std::min(px, qx)), piece.y0 = floatBelow(std::min(py, qy));
      piece.x1 = floatAbove(std::max(px, qx)), piece.y1 = floatAbove(std::max(py, qy));
      piece.segment = segment & 0x7fffffffu;
      piece.rising = (qx - px) * (qy - py) >= 0.0 ? 1u : 0u;
    };
    for (std::uint32_t s = 0; s < segments_.size(); ++s) {
      const Segment g = segments_[s];
      const double dx = g.b[0] - g.a[0], dy = g.b[1] - g.a[1];
      const double length = std::hypot(dx, dy);
      std::array<double, 2> from = g.a;
      double t = 0.0;
      for (;;) {
        const double step = std::max(pieceMetres, distanceToBox(from, region));
        const double next = t + step / length;  // length 0: inf, one piece
        if (!(next < 1.0)) {
          add(from, g.b, s);
          break;
        }
        const std::array<double, 2> to = {g.a[0] + next * dx, g.a[1] + next * dy};
        add(from, to, s);
        from = to;
        t = next;
      }
    }
    if (!cut) pieces_.reserve(count);
  }
}

// The node's box and capsule around pieces [first, last): the axis joins
// the ends furthest apart along the box's wider side. A piece's ends are
// its box's corners on its diagonal, within pieceSlack_ of the stretch's.
void SegmentIndex::bound(Node& node, const Piece* first, const Piece* last) const {
  float x0 = FLT_MAX, y0 = FLT_MAX, x1 = -FLT_MAX, y1 = -FLT_MAX;
  for (const Piece* p = first; p != last; ++p) {
    x0 = std::min(x0, p->x0), y0 = std::min(y0, p->y0), x1 = std::max(x1, p->x1),
    y1 = std::max(y1, p->y1);
  }
  const auto ends = [](const Piece& p) {
    return std::array<std::array<float, 2>, 2>{
        {{p.x0, p.rising ? p.y0 : p.y1}, {p.x1, p.rising ? p.y1 : p.y0}}};
  };
  const bool alongX = x1 - x0 >= y1 - y0;
  std::array<float, 2> a = ends(*first)[0], b = a;
  for (const Piece* p = first; p != last; ++p) {
    for (const auto& e : ends(*p)) {
      if (alongX ? e[0] < a[0] : e[1] < a[1]) a = e;
      if (alongX ? e[0] > b[0] : e[1] > b[1]) b = e;
    }
  }
  node.x0 = x0, node.y0 = y0, node.x1 = x1, node.y1 = y1;
  node.ax = a[0], node.ay = a[1], node.bx = b[0], node.by = b[1];
  const Segment axis{{static_cast<double>(a[0]), static_cast<double>(a[1])},
                     {static_cast<double>(b[0]), static_cast<double>(b[1])}};
  double radius2 = 0.0;
  for (const Piece* p = first; p != last; ++p) {
    for (const auto& e : ends(*p)) {
      radius2 = std::max(
          radius2,
          segmentDistance(static_cast<double>(e[0]), static_cast<double>(e[1]), axis).distance2);
    }
  }
  node.radius = floatAbove(std::sqrt(radius2) + pieceSlack_);
  const double dx = axis.b[0] - axis.a[0], dy = axis.b[1] - axis.a[1];
  node.inverse2 = dx * dx + dy * dy > 0.0 ? 1.0 / (dx * dx + dy * dy) : 0.0;
}

// Node 0 is the root; an inner node's children are made side by side. A
// node is split where its first child's leaves can be full (a tree of
// full leaves: about a node for four pieces, not for two).
void SegmentIndex::build() {
  struct Task {
    std::uint32_t node, first, count;
  };
  nodes_.reserve(2 * (pieces_.size() / kLeafPieces + 1));
  nodes_.push_back({});
  std::vector<Task> tasks = {{0, 0, static_cast<std::uint32_t>(pieces_.size())}};
  while (!tasks.empty()) {
    const Task task = tasks.back();
    tasks.pop_back();
    const auto begin = pieces_.begin() + task.first;
    bound(nodes_[task.node], &*begin, &*begin + task.count);
    if (task.count <= kLeafPieces) {
      // A segment's pieces side by side, so it is measured once a leaf.
      std::sort(begin, begin + task.count,
                [](const Piece& a, const Piece& b) { return a.segment < b.segment; });
      nodes_[task.node].first = task.first;
      nodes_[task.node].count = task.count;
      continue;
    }
    // Halves by the pieces' middles, along the axis they spread most on.
    float cx0 = FLT_MAX, cy0 = FLT_MAX, cx1 = -FLT_MAX, cy1 = -FLT_MAX;
    for (auto p = begin; p != begin + task.count; ++p) {
      const float cx = 0.5f * p->x0 + 0.5f * p->x1, cy = 0.5f * p->y0 + 0.5f * p->y1;
      cx0 = std::min(cx0, cx), cx1 = std::max(cx1, cx), cy0 = std::min(cy0, cy),
      cy1 = std::max(cy1, cy);
    }
    const bool alongX = cx1 - cx0 >= cy1 - cy0;
    const std::uint32_t half = std::max(kLeafPieces, task.count / 2 / kLeafPieces * kLeafPieces);
    std::nth_element(begin, begin + half, begin + task.count,
                     [alongX](const Piece& a, const Piece& b) {
                       return alongX ? 0.5f * a.x0 + 0.5f * a.x1 < 0.5f * b.x0 + 0.5f * b.x1
                                     : 0.5f * a.y0 + 0.5f * a.y1 < 0.5f * b.y0 + 0.5f * b.y1;
                     });
    const auto children = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back({});
    nodes_.push_back({});
    nodes_[children].parent = nodes_[children + 1].parent = task.node;
    nodes_[task.node].first = children;
    nodes_[task.node].count = 0;
    tasks.push_back({children, task.first, half});
    tasks.push_back({children + 1, task.first + half, task.count - half});
  }
}

// Whether everything in the node is further than `bound` metres from
// (qx, qy): beyond its box or its capsule (no division, no root: a query
// tests a few dozen nodes).
bool SegmentIndex::beyond(const Node& node, double qx, double qy, double bound) const {
  if (boxDistance2(node.x0, node.y0, node.x1, node.y1, qx, qy) > bound * bound) return true;
  const double ax = static_cast<double>(node.ax), ay = static_cast<double>(node.ay);
  const double dx = static_cast<double>(node.bx) - ax, dy = static_cast<double>(node.by) - ay;
  const double t = std::clamp(((qx - ax) * dx + (qy - ay) * dy) * node.inverse2, 0.0, 1.0);
  const double ex = qx - (ax + t * dx), ey = qy - (ay + t * dy);
  const double reach = bound + static_cast<double>(node.radius);
  return ex * ex + ey * ey > reach * reach;
}

// One point's search: the best so far and the bound it sets.
class SegmentIndex::Search {
 public:
  Search(const SegmentIndex& index, double px, double py, Nearest& best)
      : index_(index),
        px_(px),
        py_(py),
        qx_(px - index.originX_),
        qy_(py - index.originY_),
        best_(best) {
    rebound();
  }

  void measure(std::uint32_t segment, std::uint32_t leaf) {
    if (segment == last_) return;
    last_ = segment;
    ++measured_;
    const SegmentDistance d = segmentDistance(px_, py_, index_.segments_[segment]);
    if (d.distance2 < best_.distance2 ||
        (d.distance2 == best_.distance2 && segment < best_.segment)) {
      best_ = {d.distance2, d.t, segment, leaf};
      rebound();
    }
  }

  bool beyond(std::uint32_t node) const {
    return index_.beyond(index_.nodes_[node], qx_, qy_, bound_);
  }

  // Every segment under `node` that may be nearer than the best: depth
  // first, the nearer child first.
  void below(std::uint32_t node) {
    std::uint32_t stack[128];  // the tree is balanced: ~log2(pieces) deep
    std::size_t depth = 0;
    stack[depth++] = node;
    while (depth > 0) {
      const std::uint32_t n = stack[--depth];
      const Node& at = index_.nodes_[n];
      if (at.count > 0) {
        leaf(n);
        continue;
      }
      const bool leftIn = !beyond(at.first), rightIn = !beyond(at.first + 1);
      if (leftIn && rightIn) {
        const Node& l = index_.nodes_[at.first];
        const Node& r = index_.nodes_[at.first + 1];
        const bool leftNearer = boxDistance2(l.x0, l.y0, l.x1, l.y1, qx_, qy_) <=
                                boxDistance2(r.x0, r.y0, r.x1, r.y1, qx_, qy_);
        stack[depth++] = leftNearer ? at.first + 1 : at.first;
        stack[depth++] = leftNearer ? at.first : at.first + 1;
      } else if (leftIn || rightIn) {
        stack[depth++] = leftIn ? at.first : at.first + 1;
      }
    }
  }

  void leaf(std::uint32_t n) {
    const Node& at = index_.nodes_[n];
    for (std::uint32_t i = at.first; i < at.first + at.count; ++i) {
      const Piece& p = index_.pieces_[i];
      if (boxDistance2(p.x0, p.y0, p.x1, p.y1, qx_, qy_) <= bound_ * bound_) measure(p.segment, n);
    }
  }

  std::uint64_t measured() const { return measured_; }

 private:
  void rebound() { bound_ = std::sqrt(best_.distance2) + index_.tolerance_; }

  const SegmentIndex& index_;
  double px_, py_, qx_, qy_;
  Nearest& best_;
  double bound_ = 0.0;  // nodes further than this hold nothing nearer than the best
  std::uint32_t last_ = kNone;
  std::uint64_t measured_ = 0;
};

void SegmentIndex::nearest(double px, double py, Nearest& best, const Nearest& near,
                           std::uint64_t* measured) const {
  if (nodes_.empty()) return;
  Search search(*this, px, py, best);
  if (near.leaf >= nodes_.size()) {
    search.below(0);
  } else {
    // From the leaf a neighbour's nearest lay in, up: each ancestor's other
    // child is searched (every node lies under one), most passed over at
    // once, the bound being tight from the start.
    if (near.segment < segments_.size()) search.measure(near.segment, near.leaf);
    search.leaf(near.leaf);
    for (std::uint32_t n = near.leaf; n != 0; n = nodes_[n].parent) {
      const std::uint32_t first = nodes_[nodes_[n].parent].first;
      const std::uint32_t other = n == first ? first + 1 : first;
      if (!search.beyond(other)) search.below(other);
    }
  }
  if (measured != nullptr) *measured += search.measured();
}

}  // namespace terrain
