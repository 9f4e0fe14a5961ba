#pragma once
// The eight neighbours of a grid cell in the order flow routing numbers
// them (core/hydrology/flow_routing.cpp, core/hydrology/depression_fill.cpp); on equally
// steep ones the first wins.
#include <array>
#include <cstddef>
#include <cstdint>

namespace terrain::flow {

struct Offset {
  int dx;
  int dy;
};
constexpr std::array<Offset, 8> kNeighbours = {
    {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}};

// What a drop towards each neighbour counts for as a slope: a diagonal
// neighbour is sqrt 2 cells away.
constexpr float kInvSqrt2 = 0.70710678118654752440f;
constexpr std::array<float, 8> kSlopePerDrop = {kInvSqrt2, 1.0f,      kInvSqrt2, 1.0f,
                                                1.0f,      kInvSqrt2, 1.0f,      kInvSqrt2};

// How often the long passes over cells call their poll.
constexpr std::size_t kPollEvery = std::size_t{1} << 16;  // cells between polls (< 1 ms)
constexpr std::int64_t kPollRows = 64;  // rows between polls of the parallel passes

// The index step to each neighbour, in the order above, of a cell inside
// the outer ring of a map `width` cells wide.
inline std::array<std::ptrdiff_t, 8> offsetsInside(int width) {
  const auto w = static_cast<std::ptrdiff_t>(width);
  return {-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};
}

// A coordinate one step past either end of 0..n-1 brought back onto a torus.
inline int wrapped(int v, int n) {
  return v < 0 ? v + n : (v >= n ? v - n : v);
}

}  // namespace terrain::flow
