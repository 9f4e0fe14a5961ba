#pragma once
// A coarse grid inside a fine one, for solving on a fixed grid of the world
// and bringing the result back to the map (stream power): the coarse grid is
// every stride-th sample of the fine one, so a 257 preview and every
// 2^k + 1 export of the same world hold the same coarse samples. A map of
// any other side (1009, 1024, 2017) is solved on a grid of the preview's
// cells over the same world, read from the map between its samples.
#include "core/base/heightfield.hpp"
#include "core/base/parallel.hpp"

namespace terrain {

// The largest power-of-two stride whose coarse grid still has at least
// `solveSize` samples across (a wrapping map: solveSize - 1 cells) and
// whose samples are samples of the map; 1 when the map is no larger or
// solveSize is 0.
int coarseStride(int width, int height, bool wraps, int solveSize);

// The grid a solve of `solveSize` runs on for a width x height map.
struct SolveGrid {
  int stride = 1;  // > 1: every stride-th sample of the map
  int width = 0;   // samples across; 0: no coarser grid, solve on the map
  int height = 0;
  bool resampled = false;  // its samples lie between the map's: read by interpolation
};
// Every stride-th sample when that lands on solveSize - 1 cells (the
// preview's own samples); else, for a square map with more cells than
// that, a grid of exactly solveSize - 1 cells over the same world, so an
// Unreal 1009 or a 1024 texture solves the 257 preview's rivers too.
SolveGrid solveGridOf(int width, int height, bool wraps, int solveSize);

// The map at the grid's samples (bilinear between the map's samples);
// widest: the highest value within half a grid cell, as widestEveryStride.
Heightfield sampleOnGrid(const Heightfield& field, const SolveGrid& grid, bool widest);

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

// `coarse` (a width x height map's SolveGrid) back at every sample of the
// map, as upsampleCubic, at the grid's own spacing: the same bits as
// upsampleCubic when the grid is a stride's.
std::vector<float> upsampleCubic(const std::vector<float>& coarse, const SolveGrid& grid, int width,
                                 int height, bool wraps, const Execution& exec);

}  // namespace terrain
