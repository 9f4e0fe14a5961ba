#include "core/mesh/mesh_rtin.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <mutex>
#include <utility>

namespace terrain {
namespace {

constexpr float kAlwaysKept = std::numeric_limits<float>::infinity();
// Histogram bins: a non-negative float's top 16 bits (sign, exponent, 7
// mantissa bits) order it to within 1%.
constexpr std::size_t kBins = 1 << 15;

struct Point {
  int x;
  int y;
};

// The errors of one level of the hierarchy, computed from the finer level
// below it (read only), one vertex written by one task.
class ErrorSweep {
 public:
  ErrorSweep(const MeshGrid& grid, std::vector<float>& errors)
      : grid_(grid), width_(grid.cols() - 1), height_(grid.rows() - 1), errors_(errors) {}

  // Vertices at the middle of an axis-aligned hypotenuse 2s long: on even
  // rows (k = y / s) of odd columns the hypotenuse is horizontal, on odd
  // rows of even columns vertical. Their children are the square centres
  // s/2 away diagonally, where those lie on the grid. (A vertex whose
  // hypotenuse would leave the grid is a block's border: always kept.)
  void edgeMidpoints(int s, const Execution& exec) {
    parallelFor(exec, 0, height_ / s + 1, 8, [&](std::int64_t begin, std::int64_t end) {
      for (auto k = static_cast<int>(begin); k < end; ++k) {
        const int y = k * s;
        const bool vertical = (k & 1) != 0;
        for (int x = vertical ? 0 : s; x <= width_; x += 2 * s) {
          float& e = at(x, y);
          if (e == kAlwaysKept || (vertical ? y + s > height_ : x + s > width_)) continue;
          const double mid =
              vertical ? (h(x, y - s) + h(x, y + s)) / 2.0 : (h(x - s, y) + h(x + s, y)) / 2.0;
          float worst = static_cast<float>(std::fabs(h(x, y) - mid));
          if (s > 1) {
            const int d = s / 2;
            for (const Point p : {Point{x - d, y - d}, Point{x + d, y - d}, Point{x - d, y + d},
                                  Point{x + d, y + d}}) {
              if (p.x >= 0 && p.y >= 0 && p.x <= width_ && p.y <= height_) {
                worst = std::max(worst, at(p.x, p.y));
              }
            }
          }
          e = worst;
        }
      }
    });
  }

  // Centres of squares 2s wide: the hypotenuse is the diagonal joining the
  // corner that is a corner of the square twice the size to the one at its
  // centre (diagonalIsMain); the children are the four edge midpoints.
  void squareCentres(int s, const Execution& exec) {
    parallelFor(exec, 0, height_ / (2 * s), 8, [&](std::int64_t begin, std::int64_t end) {
      for (auto k = static_cast<int>(begin); k < end; ++k) {
        const int y = (2 * k + 1) * s;
        for (int x = s; x + s <= width_; x += 2 * s) {
          float& e = at(x, y);
          if (e == kAlwaysKept) continue;
          const double mid = diagonalIsMain(x, y, s) ? (h(x - s, y - s) + h(x + s, y + s)) / 2.0
                                                     : (h(x - s, y + s) + h(x + s, y - s)) / 2.0;
          e = std::max({static_cast<float>(std::fabs(h(x, y) - mid)), at(x - s, y), at(x + s, y),
                        at(x, y - s), at(x, y + s)});
        }
      }
    });
  }

  // On a torus the outline's opposite edges are one seam: each pair of
  // vertices takes the larger error of the two, so both edges keep the
  // same vertices and the mesh tiles. Run before each level reads them.
  void joinSeams() {
    if (!grid_.field().wraps) return;
    for (int y = 0; y <= height_; ++y) joinPair(at(0, y), at(width_, y));
    for (int x = 0; x <= width_; ++x) joinPair(at(x, 0), at(x, height_));
  }

  static bool diagonalIsMain(int x, int y, int s) {
    return (((x - s) / (2 * s)) & 1) == (((y - s) / (2 * s)) & 1);
  }

 private:
  static void joinPair(float& a, float& b) { a = b = std::max(a, b); }
  double h(int x, int y) const { return grid_.elevation(x, y); }
  float& at(int x, int y) { return errors_[grid_.id(x, y)]; }

  const MeshGrid& grid_;
  int width_;
  int height_;
  std::vector<float>& errors_;
};

}  // namespace

MeshBlocks::MeshBlocks(const MeshGrid& grid, int largestCells) : largest(largestCells) {
  // Squares of `size` over the rectangle's whole multiples, then the strip
  // east (full height) and the strip south (under the squares) at half.
  const auto tile = [&](const auto& self, int x0, int y0, int w, int h, int size) -> void {
    if (w <= 0 || h <= 0) return;
    const int across = w / size * size;
    const int down = h / size * size;
    for (int y = y0; y < y0 + down; y += size) {
      for (int x = x0; x < x0 + across; x += size) list.push_back({x, y, size});
    }
    if (size == 1) return;
    self(self, x0 + across, y0, w - across, h, size / 2);
    self(self, x0, y0 + down, across, h - down, size / 2);
  };
  tile(tile, 0, 0, grid.cols() - 1, grid.rows() - 1, largestCells);
}

std::vector<float> rtinErrors(const MeshGrid& grid, const MeshBlocks& blocks, bool keepOutline,
                              const Execution& exec) {
  std::vector<float> errors(grid.vertexCount(), 0.0f);
  if (keepOutline) {
    // Each kept vertex's +inf reaches its ancestors through the sweep, so
    // the triangles grade down to single cells along the outline.
    for (int c = 0; c < grid.cols(); ++c) {
      errors[grid.id(c, 0)] = errors[grid.id(c, grid.rows() - 1)] = kAlwaysKept;
    }
    for (int r = 0; r < grid.rows(); ++r) {
      errors[grid.id(0, r)] = errors[grid.id(grid.cols() - 1, r)] = kAlwaysKept;
    }
  }
  // Corners only: along an edge two blocks share, even of different sizes,
  // the finer block's corners are kept and below them both blocks' vertices
  // are the same vertices with the same errors.
  for (const MeshBlock& b : blocks.list) {
    for (const auto& [x, y] :
         {std::pair{b.x0, b.y0}, std::pair{b.x0 + b.size, b.y0}, std::pair{b.x0, b.y0 + b.size},
          std::pair{b.x0 + b.size, b.y0 + b.size}}) {
      errors[grid.id(x, y)] = kAlwaysKept;
    }
  }
  ErrorSweep sweep(grid, errors);
  sweep.joinSeams();
  for (int s = 1; s < blocks.largest; s *= 2) {
    sweep.edgeMidpoints(s, exec);
    sweep.joinSeams();
    sweep.squareCentres(s, exec);
  }
  return errors;
}

float rtinThreshold(const std::vector<float>& errors, const MeshGrid& grid, std::size_t vertices,
                    const Execution& exec) {
  std::vector<std::uint64_t> counts(kBins, 0);
  std::mutex merge;
  parallelFor(exec, 0, grid.rows(), 64, [&](std::int64_t begin, std::int64_t end) {
    std::vector<std::uint32_t> local(kBins, 0);
    const float* row = errors.data() + grid.id(0, static_cast<int>(begin));
    const float* last = errors.data() + grid.id(0, static_cast<int>(end));
    for (; row != last; ++row) ++local[std::bit_cast<std::uint32_t>(*row) >> 16];
    const std::lock_guard lock(merge);
    for (std::size_t b = 0; b < kBins; ++b) counts[b] += local[b];
  });
  constexpr std::size_t kInfinityBin = std::bit_cast<std::uint32_t>(kAlwaysKept) >> 16;
  std::uint64_t above = 0;  // vertices in the bins above bin b
  for (std::size_t b = kBins; b-- > 0;) {
    if (above + counts[b] > vertices) {
      if (b >= kInfinityBin) return std::numeric_limits<float>::max();
      return std::bit_cast<float>(static_cast<std::uint32_t>(b + 1) << 16);
    }
    above += counts[b];
  }
  return 0.0f;
}

void appendRtinBlock(const MeshGrid& grid, const std::vector<float>& errors, float threshold,
                     const MeshBlock& block, std::vector<std::uint32_t>& out) {
  const auto emit = [&](Point a, Point b, Point c) {
    // Counter-clockwise seen from above (+Y) is clockwise in (column, row).
    if ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) > 0) std::swap(b, c);
    out.push_back(grid.id(a.x, a.y));
    out.push_back(grid.id(b.x, b.y));
    out.push_back(grid.id(c.x, c.y));
  };
  // Triangle with hypotenuse a-b and right angle at c.
  const auto split = [&](const auto& self, Point a, Point b, Point c) -> void {
    const bool onGrid = ((a.x + b.x) & 1) == 0 && ((a.y + b.y) & 1) == 0;
    const Point m{(a.x + b.x) / 2, (a.y + b.y) / 2};
    if (onGrid && errors[grid.id(m.x, m.y)] > threshold) {
      self(self, c, a, m);
      self(self, b, c, m);
    } else {
      emit(a, b, c);
    }
  };
  const int n = block.size;
  const int x0 = block.x0;
  const int y0 = block.y0;
  if (n == 1 || ErrorSweep::diagonalIsMain(x0 + n / 2, y0 + n / 2, n / 2)) {
    split(split, {x0, y0}, {x0 + n, y0 + n}, {x0 + n, y0});
    split(split, {x0 + n, y0 + n}, {x0, y0}, {x0, y0 + n});
  } else {
    split(split, {x0, y0 + n}, {x0 + n, y0}, {x0, y0});
    split(split, {x0 + n, y0}, {x0, y0 + n}, {x0 + n, y0 + n});
  }
}

}  // namespace terrain
