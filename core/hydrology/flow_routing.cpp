#include "core/hydrology/flow_routing.hpp"

#include <algorithm>
#include <atomic>
#include <utility>

#include "core/base/random.hpp"
#include "core/hydrology/flow_neighbours.hpp"

namespace terrain {
namespace {

using flow::kInvSqrt2;
using flow::kNeighbours;
using flow::kPollEvery;
using flow::kPollRows;
using flow::kSlopePerDrop;
using flow::Offset;
using flow::wrapped;

constexpr std::uint64_t kDiagonalStream = 0x5350'0002;  // rho8's draw per cell

// One neighbour's claim in steepestInside.
struct Steepest {
  float slope = 0.0f;
  std::int32_t to = 0;
  int direction = kNoReceiver;
  // An if, not selects: GCC 12 if-converts this form into vector blends.
  void consider(float candidate, std::ptrdiff_t cell, int d) {
    if (candidate > slope) {
      slope = candidate;
      to = static_cast<std::int32_t>(cell);
      direction = d;
    }
  }
};

// Receivers of the cells [first, last) of a row inside the outer ring: the
// same choice as the long way in routeRow, written so the compiler
// vectorises it (fixed offsets, selects instead of branches, no aliasing).
void steepestInside(const float* __restrict h, const std::uint8_t* __restrict outlet,
                    const float* __restrict diagonal, std::int32_t* __restrict receiver,
                    std::uint8_t* __restrict direction, std::size_t first, std::size_t last,
                    std::ptrdiff_t w) {
  for (auto i = static_cast<std::ptrdiff_t>(first); i < static_cast<std::ptrdiff_t>(last); ++i) {
    const float here = h[i];
    const float d = diagonal[i];
    Steepest s{0.0f, static_cast<std::int32_t>(i), kNoReceiver};
    s.consider((here - h[i - w - 1]) * d, i - w - 1, 0);
    s.consider(here - h[i - w], i - w, 1);
    s.consider((here - h[i - w + 1]) * d, i - w + 1, 2);
    s.consider(here - h[i - 1], i - 1, 3);
    s.consider(here - h[i + 1], i + 1, 4);
    s.consider((here - h[i + w - 1]) * d, i + w - 1, 5);
    s.consider(here - h[i + w], i + w, 6);
    s.consider((here - h[i + w + 1]) * d, i + w + 1, 7);
    if (outlet[i] != 0) {
      s.to = static_cast<std::int32_t>(i);
      s.direction = kNoReceiver;
    }
    receiver[i] = s.to;
    direction[i] = static_cast<std::uint8_t>(s.direction);
  }
}

// Donor bits of the cells [first, last) of a row inside the outer ring:
// bit d is set when the neighbour in direction d drains back (direction
// 7 - d).
void donorsInside(const std::uint8_t* __restrict direction, std::uint8_t* __restrict donors,
                  std::size_t first, std::size_t last, std::ptrdiff_t w) {
  for (auto i = static_cast<std::ptrdiff_t>(first); i < static_cast<std::ptrdiff_t>(last); ++i) {
    unsigned mask = 0;
    mask |= direction[i - w - 1] == 7 ? 1U : 0U;
    mask |= direction[i - w] == 6 ? 2U : 0U;
    mask |= direction[i - w + 1] == 5 ? 4U : 0U;
    mask |= direction[i - 1] == 4 ? 8U : 0U;
    mask |= direction[i + 1] == 3 ? 16U : 0U;
    mask |= direction[i + w - 1] == 2 ? 32U : 0U;
    mask |= direction[i + w] == 1 ? 64U : 0U;
    mask |= direction[i + w + 1] == 0 ? 128U : 0U;
    donors[i] = static_cast<std::uint8_t>(mask);
  }
}

}  // namespace

std::vector<std::uint8_t> findOutlets(const Heightfield& field, float seaLevel) {
  std::vector<std::uint8_t> outlet(field.size(), 0);
  bool any = false;
  for (int y = 0; y < field.height; ++y) {
    const bool edgeRow = !field.wraps && (y == 0 || y == field.height - 1);
    for (int x = 0; x < field.width; ++x) {
      const std::size_t i = field.index(x, y);
      const bool edge = edgeRow || (!field.wraps && (x == 0 || x == field.width - 1));
      if (edge || field.heights[i] <= seaLevel) {
        outlet[i] = 1;
        any = true;
      }
    }
  }
  if (!any && !outlet.empty()) {
    std::size_t lowest = 0;
    for (std::size_t i = 1; i < field.size(); ++i) {
      if (field.heights[i] < field.heights[lowest]) lowest = i;
    }
    outlet[lowest] = 1;
  }
  return outlet;
}

FlowNetwork::FlowNetwork(int width, int height, bool wraps, std::vector<std::uint8_t> outlets,
                         const Poll& poll)
    : width_(width), height_(height), wraps_(wraps), outlet_(std::move(outlets)) {
  const std::size_t n = outlet_.size();
  resizeZeroed(border_, n, poll);
  resizeZeroed(receiver_, n, poll);
  resizeZeroed(direction_, n, poll);
  resizeZeroed(donors_, n, poll);
  resizeZeroed(stack_, n, poll);
  resizeZeroed(drainage_, n, poll);
  diagonal_.assign(n, kInvSqrt2);
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      const bool edge = x == 0 || y == 0 || x == width_ - 1 || y == height_ - 1;
      border_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
              static_cast<std::size_t>(x)] = edge ? 1 : 0;
    }
  }
}

std::size_t FlowNetwork::neighbour(std::size_t cell, std::size_t direction) const {
  const Offset o = kNeighbours[direction];
  const auto w = static_cast<std::size_t>(width_);
  if (border_[cell] == 0) {
    return static_cast<std::size_t>(static_cast<std::ptrdiff_t>(cell) + o.dy * width_ + o.dx);
  }
  const int x = wrapped(static_cast<int>(cell % w) + o.dx, width_);
  const int y = wrapped(static_cast<int>(cell / w) + o.dy, height_);
  return static_cast<std::size_t>(y) * w + static_cast<std::size_t>(x);
}

// One row's receivers. Cells inside the outer ring take the fast loop
// (fixed offsets, no branches: the compiler can keep it in registers);
// the ring's cells, which only a wrapping map routes, go the long way.
void FlowNetwork::routeRow(const float* heights, int y) {
  const auto w = static_cast<std::size_t>(width_);
  const std::size_t row = static_cast<std::size_t>(y) * w;
  const auto slow = [&](std::size_t i) {
    float best = 0.0f;
    std::size_t to = i;
    std::uint8_t dir = kNoReceiver;
    if (outlet_[i] == 0) {
      for (std::size_t d = 0; d < kNeighbours.size(); ++d) {
        const std::size_t j = neighbour(i, d);
        const float slope =
            (heights[i] - heights[j]) * (kSlopePerDrop[d] == 1.0f ? 1.0f : diagonal_[i]);
        if (slope > best) {
          best = slope;
          to = j;
          dir = static_cast<std::uint8_t>(d);
        }
      }
    }
    receiver_[i] = static_cast<std::int32_t>(to);
    direction_[i] = dir;
  };
  if (y == 0 || y == height_ - 1 || width_ < 3) {
    for (std::size_t x = 0; x < w; ++x) slow(row + x);
    return;
  }
  slow(row);
  slow(row + w - 1);
  steepestInside(heights, outlet_.data(), diagonal_.data(), receiver_.data(), direction_.data(),
                 row + 1, row + w - 1, static_cast<std::ptrdiff_t>(w));
}

void FlowNetwork::randomiseDiagonals(std::uint64_t seed, const Execution& exec) {
  const RandomStream draws(seed, kDiagonalStream);
  float* weight = diagonal_.data();
  parallelFor(exec, 0, static_cast<std::int64_t>(diagonal_.size()), 1 << 15,
              [&](std::int64_t first, std::int64_t last) {
                for (std::int64_t i = first; i < last; ++i) {
                  weight[i] = static_cast<float>(
                      1.0 / (2.0 - draws.uniform(static_cast<std::uint64_t>(i))));
                }
              });
}

std::int64_t FlowNetwork::route(std::span<const float> heights, const Execution& exec,
                                const Poll& poll) {
  std::atomic<std::int64_t> pits{0};
  // Each row writes only its own cells, from heights no task writes: any
  // split over threads gives the same result.
  const std::int64_t rowsPerChunk = std::max(1, 16384 / std::max(1, width_));
  parallelFor(exec, 0, height_, rowsPerChunk, [&](std::int64_t first, std::int64_t last) {
    std::int64_t found = 0;
    for (std::int64_t y = first; y < last; ++y) {
      if ((y - first) % kPollRows == 0) poll();
      routeRow(heights.data(), static_cast<int>(y));
      const std::size_t row = static_cast<std::size_t>(y) * static_cast<std::size_t>(width_);
      for (std::size_t i = row; i < row + static_cast<std::size_t>(width_); ++i) {
        found += direction_[i] == kNoReceiver && outlet_[i] == 0 ? 1 : 0;
      }
    }
    pits.fetch_add(found, std::memory_order_relaxed);
  });
  return pits.load();
}

// Each cell's donors as a bit per direction, gathered from its neighbours'
// directions: every cell writes only its own byte, so rows split over
// threads freely.
void FlowNetwork::findDonors(const Execution& exec, const Poll& poll) {
  const auto w = static_cast<std::size_t>(width_);
  const std::int64_t rowsPerChunk = std::max(1, 16384 / std::max(1, width_));
  parallelFor(exec, 0, height_, rowsPerChunk, [&](std::int64_t first, std::int64_t last) {
    for (auto y = static_cast<std::size_t>(first); y < static_cast<std::size_t>(last); ++y) {
      if ((static_cast<std::int64_t>(y) - first) % kPollRows == 0) poll();
      const std::size_t row = y * w;
      const auto slow = [&](std::size_t c) {
        unsigned mask = 0;
        for (std::size_t d = 0; d < kNeighbours.size(); ++d) {
          const std::size_t j = neighbour(c, d);
          if (j != c && direction_[j] == 7 - d && receiver_[j] == static_cast<std::int32_t>(c)) {
            mask |= 1U << d;
          }
        }
        donors_[c] = static_cast<std::uint8_t>(mask);
      };
      if (y == 0 || y + 1 == static_cast<std::size_t>(height_) || w < 3) {
        for (std::size_t x = 0; x < w; ++x) slow(row + x);
        continue;
      }
      slow(row);
      slow(row + w - 1);
      donorsInside(direction_.data(), donors_.data(), row + 1, row + w - 1,
                   static_cast<std::ptrdiff_t>(w));
    }
  });
}

// Depth first from each base level among the cells [first, last), in cell
// order, as Braun & Willett do: a cell enters after its receiver, and a
// river's cells stay close together, which keeps the passes along the
// stack in cache. Inside the outer ring each of the eight neighbours is
// written to the pending list and kept only if it is a donor: no branch on
// the donor count, which the processor could not predict.
void FlowNetwork::walk(std::size_t first, std::size_t last, Walk& out, const Poll& poll) const {
  const std::array<std::ptrdiff_t, 8> offset = flow::offsetsInside(width_);
  std::vector<std::int32_t>& pending = out.pending;
  out.cells.clear();
  out.starts.clear();
  for (std::size_t base = first; base < last; ++base) {
    if (direction_[base] != kNoReceiver) continue;
    out.starts.push_back(out.cells.size());
    std::size_t top = 0;
    if (pending.size() < 16) pending.resize(1024);
    pending[top++] = static_cast<std::int32_t>(base);
    while (top > 0) {
      if (top + 9 > pending.size()) pending.resize(2 * pending.size());  // room to write past top
      const auto c = static_cast<std::size_t>(pending[--top]);
      out.cells.push_back(static_cast<std::int32_t>(c));
      if (out.cells.size() % kPollEvery == 0) poll();
      const unsigned mask = donors_[c];
      if (border_[c] == 0) {
        for (std::size_t d = 0; d < 8; ++d) {
          pending[top] = static_cast<std::int32_t>(static_cast<std::ptrdiff_t>(c) + offset[d]);
          top += (mask >> d) & 1U;
        }
      } else {
        for (std::size_t d = 0; d < 8; ++d) {
          if (((mask >> d) & 1U) != 0) pending[top++] = static_cast<std::int32_t>(neighbour(c, d));
        }
      }
    }
  }
}

void FlowNetwork::buildStack(const Poll& poll, const Execution& exec) {
  const std::size_t n = outlet_.size();
  findDonors(exec, poll);
  // Each thread walks the catchments of the base levels in its share of
  // the cells; joined in cell order, the parts are the stack one walk over
  // every cell would give, so the thread count never shows.
  const auto parts = static_cast<std::size_t>(resolvedThreadCount(exec));
  walks_.resize(parts);
  parallelFor(
      exec, 0, static_cast<std::int64_t>(parts), 1, [&](std::int64_t first, std::int64_t last) {
        for (auto p = static_cast<std::size_t>(first); p < static_cast<std::size_t>(last); ++p) {
          walk(n * p / parts, n * (p + 1) / parts, walks_[p], poll);
        }
      });
  std::vector<std::size_t> offsets(parts, 0);
  catchmentStart_.clear();
  std::size_t offset = 0;
  for (std::size_t p = 0; p < parts; ++p) {
    offsets[p] = offset;
    for (const std::size_t start : walks_[p].starts) catchmentStart_.push_back(offset + start);
    offset += walks_[p].cells.size();
  }
  parallelFor(
      exec, 0, static_cast<std::int64_t>(parts), 1, [&](std::int64_t first, std::int64_t last) {
        for (auto p = static_cast<std::size_t>(first); p < static_cast<std::size_t>(last); ++p) {
          std::copy(walks_[p].cells.begin(), walks_[p].cells.end(),
                    stack_.begin() + static_cast<std::ptrdiff_t>(offsets[p]));
        }
      });
}

void FlowNetwork::forCatchments(const Execution& exec,
                                const std::function<void(std::size_t, std::size_t)>& body) const {
  const std::size_t n = stack_.size();
  const auto parts = static_cast<std::size_t>(resolvedThreadCount(exec));
  std::vector<std::size_t> cuts(parts + 1, n);
  cuts[0] = 0;
  for (std::size_t p = 1; p < parts; ++p) {
    const auto at = std::lower_bound(catchmentStart_.begin(), catchmentStart_.end(), n * p / parts);
    cuts[p] = std::max(cuts[p - 1], at == catchmentStart_.end() ? n : *at);
  }
  parallelFor(
      exec, 0, static_cast<std::int64_t>(parts), 1, [&](std::int64_t first, std::int64_t last) {
        for (auto p = static_cast<std::size_t>(first); p < static_cast<std::size_t>(last); ++p) {
          if (cuts[p] < cuts[p + 1]) body(cuts[p], cuts[p + 1]);
        }
      });
}

void FlowNetwork::accumulate(const Execution& exec) {
  std::fill(drainage_.begin(), drainage_.end(), 1U);
  forCatchments(exec, [this](std::size_t first, std::size_t last) {
    for (std::size_t k = last; k-- > first;) {
      const auto i = static_cast<std::size_t>(stack_[k]);
      const auto r = static_cast<std::size_t>(receiver_[i]);
      if (r != i) drainage_[r] += drainage_[i];
    }
  });
}

}  // namespace terrain
