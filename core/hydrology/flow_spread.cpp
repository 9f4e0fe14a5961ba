// Spread drainage (FlowNetwork::spreadDrainage, core/hydrology/flow_routing.hpp):
// small flows shared among every lower neighbour, in a topological order
// of the heights. The one-way routing is core/hydrology/flow_routing.cpp.
#include <algorithm>
#include <array>
#include <bit>

#include "core/hydrology/flow_neighbours.hpp"
#include "core/hydrology/flow_routing.hpp"
#include "core/hydrology/flow_spread_kernel.hpp"

namespace terrain {
namespace {

using flow::kPollEvery;
using flow::kPollRows;

// One neighbour's part in a cell's spread: counted if higher, a bit and a
// weight if lower.
struct SpreadSums {
  unsigned higher = 0;
  unsigned lower = 0;
  float total = 0.0f;
  void consider(float drop, unsigned bit, float weightPerDrop) {
    higher += drop < 0.0f ? 1U : 0U;
    lower |= drop > 0.0f ? bit : 0U;
    total += drop > 0.0f ? drop * weightPerDrop : 0.0f;
  }
  // What the cell's water is multiplied by before each weight: 0 for an
  // outlet or a pit (`keeps`: it receives itself), and for weights too small to divide by
  // safely (drops of 1e-20 of the height range), whose water then goes to
  // the receiver alone.
  float inverseWeightSum(bool keeps) const {
    return keeps || !(total >= kLeastSpreadWeightSum) ? 0.0f : 1.0f / total;
  }
};

// spreadDrainage's counts of the cells [first, last) of a row inside the
// outer ring: whole vectors, then the rest one by one with fixed offsets.
void spreadCountsInside(const SpreadCountsRow& row, std::size_t first, std::size_t last) {
  const float* h = row.heights;
  const std::ptrdiff_t w = row.width;
  const auto tail = static_cast<std::ptrdiff_t>(spreadCountsVectors(row, first, last));
  for (std::ptrdiff_t i = tail; i < static_cast<std::ptrdiff_t>(last); ++i) {
    const float here = h[i];
    SpreadSums s;
    s.consider(here - h[i - w - 1], 1U, kSpreadWeightPerDrop[0]);
    s.consider(here - h[i - w], 2U, kSpreadWeightPerDrop[1]);
    s.consider(here - h[i - w + 1], 4U, kSpreadWeightPerDrop[2]);
    s.consider(here - h[i - 1], 8U, kSpreadWeightPerDrop[3]);
    s.consider(here - h[i + 1], 16U, kSpreadWeightPerDrop[4]);
    s.consider(here - h[i + w - 1], 32U, kSpreadWeightPerDrop[5]);
    s.consider(here - h[i + w], 64U, kSpreadWeightPerDrop[6]);
    s.consider(here - h[i + w + 1], 128U, kSpreadWeightPerDrop[7]);
    row.higher[i] = static_cast<std::uint8_t>(s.higher);
    row.lower[i] = static_cast<std::uint8_t>(s.lower);
    row.inverseWeightSum[i] = s.inverseWeightSum(row.receiver[i] == i);
  }
}

}  // namespace

std::array<std::size_t, 8> FlowNetwork::neighbours(std::size_t cell) const {
  std::array<std::size_t, 8> to{};
  if (border_[cell] == 0) {
    const std::array<std::ptrdiff_t, 8> offset = flow::offsetsInside(width_);
    for (std::size_t d = 0; d < 8; ++d) {
      to[d] = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(cell) + offset[d]);
    }
  } else {
    for (std::size_t d = 0; d < 8; ++d) to[d] = neighbour(cell, d);
  }
  return to;
}

// Each cell's higher neighbours (it waits for them), its lower ones (a
// bit each) and what its water is divided by; every area starts at the
// cell itself. Rows split over threads write only their own cells.
void FlowNetwork::countSpreadNeighbours(const float* h, const Execution& exec, const Poll& poll) {
  const std::int64_t rowsPerChunk = std::max(1, 16384 / std::max(1, width_));
  parallelFor(exec, 0, height_, rowsPerChunk, [&](std::int64_t first, std::int64_t last) {
    const auto wide = static_cast<std::size_t>(width_);
    const SpreadCountsRow counts{h,
                                 receiver_.data(),
                                 higher_.data(),
                                 lower_.data(),
                                 inverseWeightSum_.data(),
                                 static_cast<std::ptrdiff_t>(wide)};
    const auto slow = [&](std::size_t i) {
      const std::array<std::size_t, 8> to = neighbours(i);
      SpreadSums sums;
      for (std::size_t d = 0; d < 8; ++d)
        sums.consider(h[i] - h[to[d]], 1U << d, kSpreadWeightPerDrop[d]);
      higher_[i] = static_cast<std::uint8_t>(sums.higher);
      lower_[i] = static_cast<std::uint8_t>(sums.lower);
      inverseWeightSum_[i] = sums.inverseWeightSum(receiver_[i] == static_cast<std::int32_t>(i));
    };
    for (auto y = static_cast<std::size_t>(first); y < static_cast<std::size_t>(last); ++y) {
      if ((static_cast<std::int64_t>(y) - first) % kPollRows == 0) poll();
      const std::size_t row = y * wide;
      std::fill_n(spread_.begin() + static_cast<std::ptrdiff_t>(row), wide, 1.0f);
      if (y == 0 || y + 1 == static_cast<std::size_t>(height_) || wide < 3) {
        for (std::size_t x = 0; x < wide; ++x) slow(row + x);
        continue;
      }
      slow(row);
      slow(row + wide - 1);
      spreadCountsInside(counts, row + 1, row + wide - 1);
    }
  });
}

void FlowNetwork::spreadDrainage(std::span<const float> heights, float channelCells,
                                 const Poll& poll, const Execution& exec) {
  const std::size_t n = outlet_.size();
  if (spread_.size() != n) resizeZeroed(spread_, n, poll);
  if (higher_.size() != n) resizeZeroed(higher_, n, poll);
  if (lower_.size() != n) resizeZeroed(lower_, n, poll);
  if (inverseWeightSum_.size() != n) resizeZeroed(inverseWeightSum_, n, poll);
  countSpreadNeighbours(heights.data(), exec, poll);
  walkSpread(heights.data(), channelCells, poll);
}

// In cell order, each cell whose higher neighbours are all done, then
// depth first the cells it was the last to wait for. The pending list
// is written past its top for every lower neighbour and kept only when
// that neighbour is ready: no branch the processor could not predict.
void FlowNetwork::walkSpread(const float* h, float channelCells, const Poll& poll) {
  const std::size_t n = outlet_.size();
  constexpr std::uint8_t kDone = 0xFF;  // above any count of eight neighbours
  const std::array<std::ptrdiff_t, 8> offset = flow::offsetsInside(width_);
  if (spreadReady_.size() < n + 8) spreadReady_.resize(n + 8);
  std::int32_t* ready = spreadReady_.data();
  float* area = spread_.data();
  std::uint8_t* waiting = higher_.data();
  // Local copies: a store through `waiting` (bytes) may alias anything, and
  // the members would be read again at every neighbour.
  const std::int32_t* receiver = receiver_.data();
  const float* inverseWeightSums = inverseWeightSum_.data();
  const std::uint8_t* lower = lower_.data();
  const std::uint8_t* border = border_.data();
  std::size_t done = 0;
  for (std::size_t start = 0; start < n; ++start) {
    if (waiting[start] != 0) continue;
    std::size_t top = 0;
    ready[top++] = static_cast<std::int32_t>(start);
    while (top > 0) {
      if (++done % kPollEvery == 0) poll();
      const auto i = static_cast<std::size_t>(ready[--top]);
      waiting[i] = kDone;
      const bool inside = border[i] == 0;
      const float here = h[i];
      const float water = area[i];
      const float inverseSum = inverseWeightSums[i];
      const std::int32_t to = receiver[i];  // itself for an outlet or a pit
      const bool passes = to != static_cast<std::int32_t>(i);
      float share = water * inverseSum;  // 0 for a cell that keeps its water
      if (passes && (water >= channelCells || !(inverseSum > 0.0f))) {
        area[to] += water;
        share = 0.0f;
      }
      for (unsigned mask = lower[i]; mask != 0; mask &= mask - 1) {
        const auto d = static_cast<std::size_t>(std::countr_zero(mask));
        const std::size_t j =
            inside ? static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + offset[d])
                   : neighbour(i, d);
        area[j] += (here - h[j]) * kSpreadWeightPerDrop[d] * share;
        const auto left = static_cast<std::uint8_t>(waiting[j] - 1);
        waiting[j] = left;
        ready[top] = static_cast<std::int32_t>(j);
        top += left == 0 ? 1U : 0U;
      }
    }
  }
}

}  // namespace terrain
