#pragma once
// A coarse grid inside a fine one, for solving on a fixed grid of the world
// and bringing the result back to the map (stream power): the coarse grid is
// every stride-th sample of the fine one, so a 257 preview and every
// 2^k + 1 export of the same world hold the same coarse samples.
#include "core/heightfield.hpp"
#include "core/parallel.hpp"

namespace terrain {

// The largest power-of-two stride whose coarse grid still has at least
// `solveSize` samples across (a wrapping map: solveSize - 1 cells) and
// whose samples are samples of the map; 1 when the map is no larger or
// solveSize is 0.
int coarseStride(int width, int height, bool wraps, int solveSize);

// Every stride-th sample of `field` (corners kept on a map that does not
// wrap). No erosion maps.
Heightfield everyStride(const Heightfield& field, int stride);

// Every stride-th sample, the highest value within stride / 2 samples of
// it: a line thinner than a coarse cell (a drawn river) is not lost.
Heightfield widestEveryStride(const Heightfield& field, int stride);

// `coarse` (everyStride of a width x height map) back at every sample of
// the map by Catmull-Rom bicubic interpolation, which passes through the
// coarse samples; a map that does not wrap continues linearly past its
// edges. Same bits on every thread count.
std::vector<float> upsampleCubic(const std::vector<float>& coarse, int coarseWidth,
                                 int coarseHeight, int stride, int width, int height, bool wraps,
                                 const Execution& exec);

}  // namespace terrain
