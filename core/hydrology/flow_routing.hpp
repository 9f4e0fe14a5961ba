#pragma once
// Where water goes on a grid of heights, for fluvial erosion: each cell
// sends its water to one neighbour, the one of steepest descent (D8,
// diagonals sqrt 2 cells away), until it reaches an outlet, a cell where it
// leaves the map. After Braun & Willett (2013): the receivers, the stack
// (every cell after its receiver) and the drainage area, all in O(cells).
// Depressions (pits with no lower neighbour) are filled by priority-flood
// (Barnes, Lehman & Mulla 2014, the "+epsilon" variant) so their water
// crosses the lake to its spill point (core/hydrology/depression_fill.cpp).
//
// Neighbours wrap around on a torus (Heightfield::wraps); otherwise the map
// edges are outlets. Heights are floats in any units; only their order and
// differences matter.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/parallel.hpp"

namespace terrain {

// Called every few thousand cells of a long sequential loop; it may throw
// (a cancelled run) to leave the loop.
using Poll = std::function<void()>;

// One byte per cell, 1 for an outlet (base level): the edges of a map that
// does not wrap and every cell at or below seaLevel. A map with no such
// cell (a torus above the sea) drains through its lowest cell, the first
// in row order among equals, so water always has somewhere to go.
std::vector<std::uint8_t> findOutlets(const Heightfield& field, float seaLevel);

// The direction from a cell to its receiver: 0..7 for the neighbours
// (-1,-1) (0,-1) (1,-1) (-1,0) (1,0) (-1,1) (0,1) (1,1), as (dx, dy), and
// kNoReceiver for an outlet or a pit. 7 - d is the way back.
inline constexpr std::uint8_t kNoReceiver = 8;
// 1 / distance to the receiver in cells, by direction (0 for none).
inline constexpr std::array<double, 9> kInverseDistance = {
    0.70710678118654752440, 1.0, 0.70710678118654752440, 1.0, 1.0,
    0.70710678118654752440, 1.0, 0.70710678118654752440, 0.0};

// Grows v to n zeros a block at a time, polling between blocks: the first
// touch of a large buffer's pages can take a while on a busy machine (tens
// of ms per 4 MiB), and a cancelled run should not wait for all of them.
template <class T>
void resizeZeroed(std::vector<T>& v, std::size_t n, const Poll& poll) {
  constexpr std::size_t kBlockBytes = std::size_t{1} << 20;
  constexpr std::size_t kBlock = kBlockBytes / sizeof(T);
  v.reserve(n);
  while (v.size() < n) {
    v.resize(std::min(n, v.size() + kBlock));
    poll();
  }
  v.resize(n);
}

class FlowNetwork {
 public:
  // Allocates its buffers for a map of width x height (polling between
  // blocks, see resizeZeroed).
  FlowNetwork(int width, int height, bool wraps, std::vector<std::uint8_t> outlets,
              const Poll& poll);

  // Each cell's receiver by steepest descent on `heights`; outlets and pits
  // receive themselves. Returns the number of pits (cells that are not
  // outlets but have no strictly lower neighbour). Same result for every
  // thread count. `poll` may be called from any of exec's threads.
  std::int64_t route(std::span<const float> heights, const Execution& exec, const Poll& poll);

  // Fairfield & Leymarie's rho8: a diagonal drop counts 1 / (2 - r) of
  // itself instead of 1 / sqrt(2), r in [0, 1) drawn once per cell from
  // seed and the cell's place, so steepest descent follows every
  // direction on average instead of the eight of the grid.
  void randomiseDiagonals(std::uint64_t seed, const Execution& exec);

  // Raises every depression to its spill height, a few float steps more
  // per cell away from the lake's outlet (how many is drawn from seed), so
  // afterwards every cell that is not an outlet has a strictly lower
  // neighbour and route() finds no pits. Adds each cell's rise to `rise`
  // (same size as heights).
  void fillDepressions(std::span<float> heights, std::span<float> rise, std::uint64_t seed,
                       const Poll& poll);

  // The stack of the current receivers: each outlet (in row order) followed
  // by its catchment, every cell after its receiver. Needs route().
  void buildStack(const Poll& poll, const Execution& exec);

  // Drainage area in cells: each cell counts itself and every cell
  // upstream. Needs buildStack().
  void accumulate(const Execution& exec);

  // Drainage area in cells with small flows spread: a cell draining less
  // than `channelCells` shares its water among all its lower neighbours
  // by slope times contour length (Quinn et al. 1991's multiple flow
  // directions); a larger one passes it all to its receiver. Sheet flow
  // stays a sheet on smooth ground instead of gathering into strips one
  // cell wide along the grid's directions, and rivers keep one bed. A
  // cell passes its water on once every higher neighbour has (a
  // topological order), so it is whole by then. The order is serial and
  // fixed: the same bits on any thread count. Needs route() on these very
  // heights, with no pits.
  void spreadDrainage(std::span<const float> heights, float channelCells, const Poll& poll,
                      const Execution& exec);
  std::span<const float> spreadArea() const { return spread_; }

  // Calls body(first, last) on ranges of the stack that hold whole
  // catchments (an outlet and every cell draining to it), on the threads
  // of exec. No cell's receiver leaves its catchment, so a pass along the
  // stack done this way gives the same bits on any number of threads.
  void forCatchments(const Execution& exec,
                     const std::function<void(std::size_t, std::size_t)>& body) const;

  std::size_t size() const { return outlet_.size(); }
  std::span<const std::uint8_t> outlets() const { return outlet_; }
  std::span<const std::int32_t> receivers() const { return receiver_; }
  std::span<const std::uint8_t> directions() const { return direction_; }
  std::span<const std::int32_t> stack() const { return stack_; }
  std::span<const std::uint32_t> drainage() const { return drainage_; }

 private:
  // One thread's part of the stack while it is built, on cache lines of
  // its own: each cell's push_back writes the vector's end, and two
  // threads writing one line would trade it at every cell.
  struct alignas(64) Walk {
    std::vector<std::int32_t> cells;
    std::vector<std::size_t> starts;    // where each catchment starts in cells
    std::vector<std::int32_t> pending;  // cells waiting to enter
  };

  std::size_t neighbour(std::size_t cell, std::size_t direction) const;
  // The eight, in direction order: fixed offsets inside the outer ring.
  std::array<std::size_t, 8> neighbours(std::size_t cell) const;
  void countSpreadNeighbours(const float* heights, const Execution& exec, const Poll& poll);
  void walkSpread(const float* heights, float channelCells, const Poll& poll);
  void routeRow(const float* heights, int y);
  void findDonors(const Execution& exec, const Poll& poll);
  void walk(std::size_t first, std::size_t last, Walk& out, const Poll& poll) const;

  int width_ = 0;
  int height_ = 0;
  bool wraps_ = false;
  std::vector<std::uint8_t> outlet_;
  std::vector<std::uint8_t> border_;  // 1 on the map's outer ring (neighbours may wrap)
  std::vector<std::int32_t> receiver_;
  std::vector<std::uint8_t> direction_;
  std::vector<float> diagonal_;       // what a diagonal drop counts for, per cell
  std::vector<std::uint8_t> donors_;  // bit d: the neighbour in direction d drains here
  std::vector<std::int32_t> stack_;
  std::vector<std::size_t> catchmentStart_;  // where each outlet's catchment starts in stack_
  std::vector<Walk> walks_;
  std::vector<std::uint32_t> drainage_;
  std::vector<float> spread_;              // spreadDrainage's areas
  std::vector<std::uint8_t> higher_;       // higher neighbours still to come, per cell
  std::vector<std::uint8_t> lower_;        // a bit per lower neighbour
  std::vector<float> inverseWeightSum_;    // 1 / the cell's weights' sum (0: it keeps its water)
  std::vector<std::int32_t> spreadReady_;  // cells whose higher neighbours are all done
};

}  // namespace terrain
