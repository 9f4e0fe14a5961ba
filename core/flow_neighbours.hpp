#pragma once
// The eight neighbours of a grid cell in the order flow routing numbers
// them (core/flow_routing.cpp, core/depression_fill.cpp); on equally
// steep ones the first wins.
#include <array>

namespace terrain::flow {

struct Offset {
  int dx;
  int dy;
};
constexpr std::array<Offset, 8> kNeighbours = {
    {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}};

// A coordinate one step past either end of 0..n-1 brought back onto a torus.
inline int wrapped(int v, int n) {
  return v < 0 ? v + n : (v >= n ? v - n : v);
}

}  // namespace terrain::flow
