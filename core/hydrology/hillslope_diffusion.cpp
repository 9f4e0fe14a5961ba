#include "core/hydrology/hillslope_diffusion.hpp"

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
// so each step of a sweep runs across the lanes. Every line's first and
// last cells must be fixed. `ratio` is scratch of the same size.
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
// corner terms moved into a rank-one correction. `correction` and `upper`
// are scratch.
void solveRing(double alpha, std::span<double> v, std::vector<double>& correction,
               std::vector<double>& upper) {
  const std::size_t n = v.size();
  if (n < 3) return;
  const double a = -alpha;
  const double b = 1.0 + 2.0 * alpha;
  const double gamma = -b;
  correction.assign(n, 0.0);
  correction[0] = gamma;
  correction[n - 1] = a;
  upper.resize(n);
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

// The lines of one axis: `count` lines of `length` cells, cell k of line j
// at j * lineStride + k * cellStride.
struct Axis {
  int count = 0;
  std::size_t length = 0;
  std::size_t lineStride = 0;
  std::size_t cellStride = 0;
  bool ring = false;
  std::size_t cell(std::size_t line, std::size_t k) const {
    return line * lineStride + k * cellStride;
  }
};

// `lanes` lines side by side, each opened as n + 2 cells whose first and
// last are fixed: a line that does not wrap starts and ends on fixed cells
// (a map's edges are outlets) or is given ends that mirror their
// neighbours; a wrapping line is cut open at its first fixed cell, which
// closes it at both ends.
class LineBlock {
 public:
  LineBlock(const Axis& axis, std::size_t lanes)
      : axis_(axis),
        lanes_(lanes),
        values_((axis.length + 2) * lanes),
        held_((axis.length + 2) * lanes),
        ratio_((axis.length + 2) * lanes),
        start_(lanes) {}

  // Lines first .. first + width - 1 (the spare lanes repeat the last).
  void gather(std::span<const float> heights, std::span<const std::uint8_t> fixed,
              std::size_t first, std::size_t width) {
    const std::size_t n = axis_.length;
    if (!axis_.ring) {
      gatherOpen(heights, fixed, first, width);
      return;
    }
    for (std::size_t l = 0; l < lanes_; ++l) {
      const std::size_t line = first + std::min(l, width - 1);
      // A ring is cut open at its first fixed cell.
      std::size_t open = 0;
      while (open < n && fixed[axis_.cell(line, open)] == 0) ++open;
      if (open == n) open = 0;  // no fixed cell: solved as a ring
      start_[l] = open;
      for (std::size_t k = 0; k < n; ++k) {
        const std::size_t i = axis_.cell(line, open + k < n ? open + k : open + k - n);
        at(k + 1, l) = static_cast<double>(heights[i]);
        held_[(k + 1) * lanes_ + l] = fixed[i];
      }
      const bool closes = fixed[axis_.cell(line, open)] != 0;
      at(0, l) = closes ? at(n, l) : at(2, l);
      at(n + 1, l) = closes ? at(1, l) : at(n - 1, l);
      held_[l] = 1;
      held_[(n + 1) * lanes_ + l] = 1;
    }
  }

  // Lines that do not wrap, a cell of every lane at a time: along columns
  // the lanes are neighbours in memory, so both sides run in order.
  void gatherOpen(std::span<const float> heights, std::span<const std::uint8_t> fixed,
                  std::size_t first, std::size_t width) {
    const std::size_t n = axis_.length;
    for (std::size_t k = 0; k < n; ++k) {
      double* row = values_.data() + (k + 1) * lanes_;
      std::uint8_t* heldRow = held_.data() + (k + 1) * lanes_;
      for (std::size_t l = 0; l < lanes_; ++l) {
        const std::size_t i = axis_.cell(first + std::min(l, width - 1), k);
        row[l] = static_cast<double>(heights[i]);
        heldRow[l] = fixed[i];
      }
    }
    for (std::size_t l = 0; l < lanes_; ++l) {
      start_[l] = 0;
      at(0, l) = at(2, l);
      at(n + 1, l) = at(n - 1, l);
      held_[l] = 1;
      held_[(n + 1) * lanes_ + l] = 1;
    }
  }

  void solve(const Pivots& pivots) { solveLanes(pivots, values_, held_, lanes_, ratio_, run_); }

  void scatter(std::span<float> heights, std::span<const std::uint8_t> fixed, std::size_t first,
               std::size_t width, double alpha) {
    const std::size_t n = axis_.length;
    if (!axis_.ring) {
      for (std::size_t k = 0; k < n; ++k) {
        const double* row = values_.data() + (k + 1) * lanes_;
        for (std::size_t l = 0; l < width; ++l) {
          const std::size_t i = axis_.cell(first + l, k);
          if (fixed[i] == 0) heights[i] = static_cast<float>(row[l]);
        }
      }
      return;
    }
    for (std::size_t l = 0; l < width; ++l) {
      const std::size_t line = first + l;
      if (axis_.ring && fixed[axis_.cell(line, start_[l])] == 0) {
        ring_.resize(n);
        for (std::size_t k = 0; k < n; ++k)
          ring_[k] = static_cast<double>(heights[axis_.cell(line, k)]);
        solveRing(alpha, ring_, correction_, upper_);
        for (std::size_t k = 0; k < n; ++k)
          heights[axis_.cell(line, k)] = static_cast<float>(ring_[k]);
        continue;
      }
      for (std::size_t k = 0; k < n; ++k) {
        const std::size_t s = start_[l] + k;
        const std::size_t i = axis_.cell(line, s < n ? s : s - n);
        if (fixed[i] == 0) heights[i] = static_cast<float>(at(k + 1, l));
      }
    }
  }

 private:
  double& at(std::size_t k, std::size_t lane) { return values_[k * lanes_ + lane]; }

  const Axis& axis_;
  std::size_t lanes_;
  std::vector<double> values_;
  std::vector<std::uint8_t> held_;
  std::vector<double> ratio_;
  std::vector<std::size_t> run_;
  std::vector<std::size_t> start_;  // where each lane's line was opened
  std::vector<double> ring_;
  std::vector<double> correction_;
  std::vector<double> upper_;
};

void diffuseLines(std::span<float> heights, std::span<const std::uint8_t> fixed, const Axis& axis,
                  const Pivots& pivots, std::size_t lanes, const Execution& exec) {
  const auto count = static_cast<std::size_t>(axis.count);
  const auto blocks = static_cast<std::int64_t>((count + lanes - 1) / lanes);
  parallelFor(exec, 0, blocks, 1, [&](std::int64_t firstBlock, std::int64_t lastBlock) {
    LineBlock block(axis, lanes);
    for (auto b = static_cast<std::size_t>(firstBlock); b < static_cast<std::size_t>(lastBlock);
         ++b) {
      const std::size_t first = b * lanes;
      const std::size_t width = std::min(lanes, count - first);
      block.gather(heights, fixed, first, width);
      block.solve(pivots);
      block.scatter(heights, fixed, first, width, pivots.alpha());
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
  const auto h = static_cast<std::size_t>(height);
  diffuseLines(heights, fixed, {height, w, w, 1, wraps}, pivots, 16, exec);
  diffuseLines(heights, fixed, {width, h, 1, w, wraps}, pivots, 16, exec);
}

}  // namespace terrain
