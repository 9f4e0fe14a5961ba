#pragma once
// The spread drainage's per-cell counts (core/hydrology/flow_spread.cpp) over whole
// SIMD vectors of a row, vectorised with Highway and dispatched at run time
// to the CPU's best target. Every target and the scalar tail give the same
// bits: lane by lane the same IEEE -, *, + and / in the same order (no
// fused multiply-add; the project builds with -ffp-contract=off). That
// holds on x86-64 and AArch64, where vector division is exactly rounded;
// Highway 1.0.3's 32-bit ARM NEON divides by Newton-Raphson steps instead.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/hydrology/flow_neighbours.hpp"

namespace terrain {

// Quinn et al.'s contour length of the flow towards each neighbour, in
// cells: half a cell across to the sides, a third of the diagonal.
inline constexpr std::array<float, 8> kSpreadContour = {0.35355339f, 0.5f, 0.35355339f, 0.5f, 0.5f,
                                                        0.35355339f, 0.5f, 0.35355339f};

// What a drop towards each neighbour weighs in the spread: its slope
// times the contour length.
inline constexpr std::array<float, 8> kSpreadWeightPerDrop = [] {
  std::array<float, 8> weight{};
  for (std::size_t d = 0; d < 8; ++d) weight[d] = flow::kSlopePerDrop[d] * kSpreadContour[d];
  return weight;
}();

// Weight sums below this (drops of 1e-20 of the height range) are too
// small to divide by safely: such a cell's water goes to its receiver.
inline constexpr float kLeastSpreadWeightSum = 1.0e-20f;

// One row's inputs and outputs, indexed by cell. A cell's counts: how
// many neighbours are higher, a bit per lower one (bit d for direction d,
// flow_neighbours.hpp), and 1 / the sum of its lower neighbours' weights
// (0 when it keeps its water: an outlet or a pit, which receive
// themselves, or a sum below kLeastSpreadWeightSum).
struct SpreadCountsRow {
  const float* heights;
  const std::int32_t* receiver;
  std::uint8_t* higher;
  std::uint8_t* lower;
  float* inverseWeightSum;
  std::ptrdiff_t width;  // the map's, for the neighbours above and below
};

// The counts of cells first, first + lanes, ... inside the outer ring, in
// whole vectors up to `last`; returns the first cell it left for the
// caller's scalar loop.
std::size_t spreadCountsVectors(const SpreadCountsRow& row, std::size_t first, std::size_t last);

// The Highway target the counts run on, and every target compiled in that
// this CPU runs (for tests that force each in turn).
std::int64_t spreadKernelTarget();
std::vector<std::int64_t> spreadKernelTargets();

}  // namespace terrain
