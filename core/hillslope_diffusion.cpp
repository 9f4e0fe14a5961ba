#include "core/hillslope_diffusion.hpp"

#include <algorithm>
#include <vector>

namespace terrain {
namespace {

// Along one line, (1 + 2 alpha) u_i - alpha (u_{i-1} + u_{i+1}) = v_i for
// each free cell; a fixed cell keeps its value. Between two fixed cells
// Thomas's algorithm pivots on the same numbers, p_0 = 1 + 2 alpha,
// p_j = p_0 - alpha^2 / p_{j-1}, wherever the run starts: they are tabled
// once, so a sweep only multiplies and adds.
class Pivots {
 public:
  Pivots(double alpha, std::size_t longest) : alpha_(alpha) {
    inverse_.resize(longest + 1);
    double pivot = 1.0 + 2.0 * alpha;
    for (std::size_t j = 0; j < inverse_.size(); ++j) {
      inverse_[j] = 1.0 / pivot;
      pivot = 1.0 + 2.0 * alpha - alpha * alpha / pivot;
    }
  }
  double alpha() const { return alpha_; }
  double inverse(std::size_t j) const { return inverse_[std::min(j, inverse_.size() - 1)]; }

 private:
  double alpha_;
  std::vector<double> inverse_;
};

// `lanes` lines side by side (cell k of lane l at values[k * lanes + l]),
// so the column pass reads whole rows. Every line's first and last cells
// must be fixed. `ratio` is scratch of the same size.
void solveLanes(const Pivots& pivots, std::span<double> values, std::span<const std::uint8_t> held,
                std::size_t lanes, std::span<double> ratio, std::vector<std::size_t>& run) {
  const double alpha = pivots.alpha();
  const std::size_t n = values.size() / lanes;
  // Most blocks hold no fixed cell between their ends: every lane then
  // pivots alike, and both sweeps run across the lanes as plain vectors.
  const bool open = std::none_of(held.begin() + static_cast<std::ptrdiff_t>(lanes),
                                 held.end() - static_cast<std::ptrdiff_t>(lanes),
                                 [](std::uint8_t h) { return h != 0; });
  if (open) {
    for (std::size_t k = 1; k + 1 < n; ++k) {
      const double inverse = pivots.inverse(k - 1);
      double* row = values.data() + k * lanes;
      const double* above = row - lanes;
      for (std::size_t l = 0; l < lanes; ++l) row[l] = (row[l] + alpha * above[l]) * inverse;
      ratio[k] = alpha * inverse;
    }
    for (std::size_t k = n - 1; k-- > 1;) {
      double* row = values.data() + k * lanes;
      const double* below = row + lanes;
      const double r = ratio[k];
      for (std::size_t l = 0; l < lanes; ++l) row[l] += r * below[l];
    }
    return;
  }
  run.assign(lanes, 0);
  for (std::size_t k = 1; k + 1 < n; ++k) {
    for (std::size_t l = 0; l < lanes; ++l) {
      const std::size_t i = k * lanes + l;
      if (held[i] != 0) {
        run[l] = 0;
        ratio[i] = 0.0;
        continue;
      }
      const double inverse = pivots.inverse(run[l]++);
      values[i] = (values[i] + alpha * values[i - lanes]) * inverse;
      ratio[i] = alpha * inverse;
    }
  }
  for (std::size_t k = n - 1; k-- > 1;) {
    for (std::size_t l = 0; l < lanes; ++l) {
      const std::size_t i = k * lanes + l;
      values[i] += ratio[i] * values[i + lanes];
    }
  }
}

// A ring without a fixed cell: the cyclic system by Sherman-Morrison, the
// corner terms moved into a rank-one correction.
void solveRing(double alpha, std::span<double> v) {
  const std::size_t n = v.size();
  if (n < 3) return;
  const double a = -alpha;
  const double b = 1.0 + 2.0 * alpha;
  const double gamma = -b;
  std::vector<double> correction(n, 0.0);
  correction[0] = gamma;
  correction[n - 1] = a;
  std::vector<double> upper(n);
  const auto solveBordered = [&](std::span<double> rhs) {
    for (std::size_t i = 0; i < n; ++i) {
      double diagonal = b;
      if (i == 0) diagonal = b - gamma;
      if (i + 1 == n) diagonal = b - a * a / gamma;
      const double pivot = i == 0 ? diagonal : diagonal - a * upper[i - 1];
      upper[i] = a / pivot;
      rhs[i] = (i == 0 ? rhs[i] : rhs[i] - a * rhs[i - 1]) / pivot;
    }
    for (std::size_t i = n - 1; i-- > 0;) rhs[i] -= upper[i] * rhs[i + 1];
  };
  solveBordered(v);
  solveBordered(correction);
  const double factor =
      (v[0] + a / gamma * v[n - 1]) / (1.0 + correction[0] + a / gamma * correction[n - 1]);
  for (std::size_t i = 0; i < n; ++i) v[i] -= factor * correction[i];
}

// One axis: `count` lines of `length` cells, cell k of line j at
// j * lineStride + k * cellStride, solved `lanes` lines at a time. A line
// that does not wrap starts and ends on fixed cells (a map's edges are
// outlets) or is given ends that mirror their neighbours; a wrapping line
// is cut open at its first fixed cell, which closes it at both ends.
void diffuseLines(std::span<float> heights, std::span<const std::uint8_t> fixed, int count,
                  int length, std::size_t lineStride, std::size_t cellStride, bool ring,
                  const Pivots& pivots, std::size_t lanes, const Execution& exec) {
  const auto n = static_cast<std::size_t>(length);
  const std::int64_t blocks =
      (count + static_cast<std::int64_t>(lanes) - 1) / static_cast<std::int64_t>(lanes);
  parallelFor(exec, 0, blocks, 1, [&](std::int64_t firstBlock, std::int64_t lastBlock) {
    // Each line, opened where it wraps, as n + 2 cells: the first and last
    // fixed (a fixed end is the cell itself; a free end, its mirror).
    std::vector<double> values((n + 2) * lanes);
    std::vector<std::uint8_t> held((n + 2) * lanes);
    std::vector<double> ratio((n + 2) * lanes);
    std::vector<std::size_t> run;
    std::vector<std::size_t> start(lanes);
    std::vector<double> closedRing;
    for (auto block = static_cast<std::size_t>(firstBlock);
         block < static_cast<std::size_t>(lastBlock); ++block) {
      const std::size_t first = block * lanes;
      const std::size_t width = std::min(lanes, static_cast<std::size_t>(count) - first);
      for (std::size_t l = 0; l < lanes; ++l) {
        const std::size_t j = first + std::min(l, width - 1);
        const auto cell = [&](std::size_t k) { return j * lineStride + k * cellStride; };
        std::size_t open = 0;
        if (ring) {
          while (open < n && fixed[cell(open)] == 0) ++open;
          if (open == n) open = 0;  // no fixed cell: solved below as a ring
        }
        start[l] = open;
        for (std::size_t k = 0; k < n; ++k) {
          const std::size_t i = cell(open + k < n ? open + k : open + k - n);
          values[(k + 1) * lanes + l] = static_cast<double>(heights[i]);
          held[(k + 1) * lanes + l] = fixed[i];
        }
        // The ends: on a ring the opening fixed cell again; else mirrors.
        const bool closes = ring && fixed[cell(open)] != 0;
        values[l] = closes ? values[n * lanes + l] : values[2 * lanes + l];
        values[(n + 1) * lanes + l] = closes ? values[lanes + l] : values[(n - 1) * lanes + l];
        held[l] = 1;
        held[(n + 1) * lanes + l] = 1;
      }
      solveLanes(pivots, values, held, lanes, ratio, run);
      for (std::size_t l = 0; l < width; ++l) {
        const std::size_t j = first + l;
        const auto cell = [&](std::size_t k) { return j * lineStride + k * cellStride; };
        if (ring && fixed[cell(start[l])] == 0) {
          closedRing.resize(n);
          for (std::size_t k = 0; k < n; ++k) closedRing[k] = static_cast<double>(heights[cell(k)]);
          solveRing(pivots.alpha(), closedRing);
          for (std::size_t k = 0; k < n; ++k) heights[cell(k)] = static_cast<float>(closedRing[k]);
          continue;
        }
        for (std::size_t k = 0; k < n; ++k) {
          const std::size_t i = cell(start[l] + k < n ? start[l] + k : start[l] + k - n);
          if (fixed[i] == 0) heights[i] = static_cast<float>(values[(k + 1) * lanes + l]);
        }
      }
    }
  });
}

}  // namespace

void diffuseHillslopes(std::span<float> heights, int width, int height, bool wraps,
                       std::span<const std::uint8_t> fixed, double alpha, const Execution& exec) {
  if (!(alpha > 0.0) || width < 3 || height < 3) return;
  const auto w = static_cast<std::size_t>(width);
  const Pivots pivots(alpha, static_cast<std::size_t>(std::max(width, height)) + 2);
  // Lines 16 abreast: each step of a sweep is independent across them.
  diffuseLines(heights, fixed, height, width, w, 1, wraps, pivots, 16, exec);
  diffuseLines(heights, fixed, width, height, 1, w, wraps, pivots, 16, exec);
}

}  // namespace terrain
