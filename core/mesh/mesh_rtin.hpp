#pragma once
// Internal to mesh building (core/mesh/terrain_mesh.cpp): the simplification.
//
// A right-triangulated irregular network (RTIN) in each square block: the
// block's square split along a diagonal, each right triangle split at its
// hypotenuse's midpoint while that vertex's error is above a threshold. A
// vertex's error is its height's distance, in metres, from its hypotenuse's
// line, or larger when a vertex refined below it needs it: so a kept vertex
// keeps the triangles it sits in, and neighbours across any edge, inside a
// block or between two (of any sizes), split alike: no cracks. Block
// corners are always kept.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/base/parallel.hpp"
#include "core/mesh/mesh_grid.hpp"

namespace terrain {

// A square of `size` cells (a power of two) from vertex (x0, y0), aligned
// to its size, so that every block's hierarchy agrees with its neighbours'.
struct MeshBlock {
  int x0;
  int y0;
  int size;
};

// The grid's cells tiled by blocks: squares of `largest` cells from the
// north-west corner, then the strips left east and south by squares of
// half that, and so on down to single cells.
struct MeshBlocks {
  int largest = 0;
  std::vector<MeshBlock> list;

  MeshBlocks(const MeshGrid& grid, int largestCells);
  std::size_t count() const { return list.size(); }
};

// One error per grid vertex (by grid id), metres; +inf for the vertices
// always kept: the blocks' corners, and the whole outline when keepOutline.
// The same bits for every thread count.
std::vector<float> rtinErrors(const MeshGrid& grid, const MeshBlocks& blocks, bool keepOutline,
                              const Execution& exec);

// About the threshold that keeps `vertices` vertices (those whose error is
// above it; within 1% of the errors' spread): the always-kept ones count
// first.
float rtinThreshold(const std::vector<float>& errors, const MeshGrid& grid, std::size_t vertices,
                    const Execution& exec);

// Appends the RTIN triangles of a block for a threshold, as grid ids,
// counter-clockwise from above.
void appendRtinBlock(const MeshGrid& grid, const std::vector<float>& errors, float threshold,
                     const MeshBlock& block, std::vector<std::uint32_t>& out);

}  // namespace terrain
