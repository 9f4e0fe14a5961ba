// Hillslope diffusion (issue 20): the implicit row-then-column solve against
// a dense elimination of the same systems, its exact decay of a sine, mass
// kept on a closed torus, fixed cells held, and the same bits on any
// thread count.
#include "core/hydrology/hillslope_diffusion.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "core/base/random.hpp"

namespace terrain {
namespace {

std::vector<float> randomHeights(std::size_t n, std::uint64_t seed) {
  const RandomStream random(seed, 1);
  std::vector<float> h(n);
  for (std::size_t i = 0; i < n; ++i) h[i] = static_cast<float>(random.uniform(i));
  return h;
}

// Gaussian elimination of one line's system, written out in full: each free
// cell (1 + 2a) u - a (left + right) = v, its neighbours across the ends
// on a ring, a mirror of itself's neighbour at a free end of an open line.
std::vector<double> solveDense(const std::vector<double>& v, const std::vector<std::uint8_t>& fixed,
                               bool ring, double a) {
  const std::size_t n = v.size();
  std::vector<std::vector<double>> m(n, std::vector<double>(n + 1, 0.0));
  for (std::size_t i = 0; i < n; ++i) {
    m[i][n] = v[i];
    if (fixed[i] != 0) {
      m[i][i] = 1.0;
      continue;
    }
    m[i][i] = 1.0 + 2.0 * a;
    for (const int side : {-1, 1}) {
      const auto j = static_cast<std::ptrdiff_t>(i) + side;
      if (j >= 0 && j < static_cast<std::ptrdiff_t>(n)) {
        m[i][static_cast<std::size_t>(j)] -= a;
      } else if (ring) {
        m[i][j < 0 ? n - 1 : 0] -= a;
      } else {
        // A free open end sees its inner neighbour's old height held fixed.
        m[i][n] += a * v[j < 0 ? 1 : n - 2];
      }
    }
  }
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::abs(m[r][c]) > std::abs(m[pivot][c])) pivot = r;
    std::swap(m[c], m[pivot]);
    for (std::size_t r = 0; r < n; ++r) {
      if (r == c) continue;
      const double f = m[r][c] / m[c][c];
      for (std::size_t k = c; k <= n; ++k) m[r][k] -= f * m[c][k];
    }
  }
  std::vector<double> u(n);
  for (std::size_t i = 0; i < n; ++i) u[i] = m[i][n] / m[i][i];
  return u;
}

// Rows, then columns, each line solved densely.
std::vector<float> reference(std::vector<float> h, int w, int hgt, bool wraps,
                             const std::vector<std::uint8_t>& fixed, double a) {
  const auto at = [&](int x, int y) { return static_cast<std::size_t>(y * w + x); };
  for (int y = 0; y < hgt; ++y) {
    std::vector<double> v;
    std::vector<std::uint8_t> f;
    for (int x = 0; x < w; ++x) {
      v.push_back(static_cast<double>(h[at(x, y)]));
      f.push_back(fixed[at(x, y)]);
    }
    const std::vector<double> u = solveDense(v, f, wraps, a);
    for (int x = 0; x < w; ++x) h[at(x, y)] = static_cast<float>(u[static_cast<std::size_t>(x)]);
  }
  for (int x = 0; x < w; ++x) {
    std::vector<double> v;
    std::vector<std::uint8_t> f;
    for (int y = 0; y < hgt; ++y) {
      v.push_back(static_cast<double>(h[at(x, y)]));
      f.push_back(fixed[at(x, y)]);
    }
    const std::vector<double> u = solveDense(v, f, wraps, a);
    for (int y = 0; y < hgt; ++y) h[at(x, y)] = static_cast<float>(u[static_cast<std::size_t>(y)]);
  }
  return h;
}

// Where a layout fixes cells: a sea scattered inside (some whole rows and
// columns free of it), the map's edges, both, or none.
enum class Layout { Scattered, Edges, EdgesAndScattered, None };

std::vector<std::uint8_t> fixedCells(Layout layout, int w, int h) {
  std::vector<std::uint8_t> fixed(static_cast<std::size_t>(w * h), 0);
  const RandomStream random(7, 2);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const auto i = static_cast<std::size_t>(y * w + x);
      const bool edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
      const bool free = y % 5 == 2 || x % 7 == 3;
      const bool sea = !free && random.uniform(i) < 0.1;
      const bool edges = layout == Layout::Edges || layout == Layout::EdgesAndScattered;
      const bool scattered = layout == Layout::Scattered || layout == Layout::EdgesAndScattered;
      fixed[i] = (edges && edge) || (scattered && sea) ? 1 : 0;
    }
  }
  return fixed;
}

// Every path of the solver: blocks of 16 lines with fixed cells inside
// them and without (the vector sweep), rings opened at a fixed cell and
// rings without one (Sherman-Morrison), open lines ending on fixed cells
// and on free ends (mirrors).
TEST(HillslopeDiffusion, SolvesTheSameSystemsAsADenseEliminationEveryWay) {
  const int w = 37;  // more than the 16 lines solved abreast, and not a multiple
  const int h = 21;
  for (const bool wraps : {false, true}) {
    for (const Layout layout :
         {Layout::Scattered, Layout::Edges, Layout::EdgesAndScattered, Layout::None}) {
      for (const double alpha : {0.05, 1.0, 40.0}) {
        const std::vector<std::uint8_t> fixed = fixedCells(layout, w, h);
        const std::vector<float> before = randomHeights(fixed.size(), 3);
        std::vector<float> after = before;
        diffuseHillslopes(after, w, h, wraps, fixed, alpha, Execution{1});
        const std::vector<float> expected = reference(before, w, h, wraps, fixed, alpha);
        for (std::size_t i = 0; i < after.size(); ++i) {
          ASSERT_NEAR(after[i], expected[i], 2e-6)
              << "wraps " << wraps << " layout " << static_cast<int>(layout) << " alpha " << alpha
              << " cell " << i;
          if (fixed[i] != 0) {
            ASSERT_EQ(after[i], before[i]);
          }
        }
      }
    }
  }
}

TEST(HillslopeDiffusion, ASineDecaysByTheImplicitStepsFactorAndMassIsKept) {
  const int w = 64;
  const int h = 48;
  const std::vector<std::uint8_t> none(static_cast<std::size_t>(w * h), 0);
  const double alpha = 3.0;
  std::vector<float> heights(none.size());
  const double kx = 2.0 * std::numbers::pi * 3.0 / w;
  const double ky = 2.0 * std::numbers::pi * 2.0 / h;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      heights[static_cast<std::size_t>(y * w + x)] =
          static_cast<float>(0.5 + 0.25 * std::sin(kx * x) * std::cos(ky * y));
  double massBefore = 0.0;
  for (float v : heights) massBefore += static_cast<double>(v);
  const std::vector<float> before = heights;
  diffuseHillslopes(heights, w, h, true, none, alpha, Execution{2});
  // Backward Euler along each axis: a mode k shrinks by 1 / (1 + 2a(1 - cos k)).
  const double factor =
      1.0 / (1.0 + 2.0 * alpha * (1.0 - std::cos(kx))) / (1.0 + 2.0 * alpha * (1.0 - std::cos(ky)));
  double massAfter = 0.0;
  for (std::size_t i = 0; i < heights.size(); ++i) {
    massAfter += static_cast<double>(heights[i]);
    ASSERT_NEAR(static_cast<double>(heights[i]) - 0.5,
                factor * (static_cast<double>(before[i]) - 0.5), 1e-6)
        << i;
  }
  EXPECT_NEAR(massAfter, massBefore, 1e-6 * massBefore);
}

TEST(HillslopeDiffusion, OneAndTwoThreadsGiveTheSameBitsAndNothingLeavesTheRange) {
  const int w = 301;
  const int h = 157;
  std::vector<std::uint8_t> fixed(static_cast<std::size_t>(w * h), 0);
  for (std::size_t i = 0; i < fixed.size(); i += 97) fixed[i] = 1;
  const std::vector<float> before = randomHeights(fixed.size(), 11);
  for (const bool wraps : {false, true}) {
    std::vector<float> one = before;
    std::vector<float> two = before;
    diffuseHillslopes(one, w, h, wraps, fixed, 2.5, Execution{1});
    diffuseHillslopes(two, w, h, wraps, fixed, 2.5, Execution{2});
    EXPECT_EQ(one, two);
    // An M-matrix step: no new highs or lows.
    for (float v : one) {
      ASSERT_GE(v, 0.0f);
      ASSERT_LE(v, 1.0f);
    }
  }
}

}  // namespace
}  // namespace terrain
