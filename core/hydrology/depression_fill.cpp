// Depressions filled by priority-flood (Barnes, Lehman & Mulla 2014, the
// "+epsilon" variant), FlowNetwork's lake pass: see core/hydrology/flow_routing.hpp.
#include <cmath>
#include <limits>
#include <queue>
#include <utility>

#include "core/base/random.hpp"
#include "core/hydrology/flow_neighbours.hpp"
#include "core/hydrology/flow_routing.hpp"
#include "core/hydrology/radix_heap.hpp"

namespace terrain {
namespace {

using flow::kNeighbours;
using flow::kPollEvery;
using flow::Offset;
using flow::wrapped;

constexpr std::uint64_t kLakeStream = 0x5350'0001;  // "SP" 1: the order lakes fill in

}  // namespace

void FlowNetwork::fillDepressions(std::span<float> heights, std::span<float> rise,
                                  std::uint64_t seed, const Poll& poll) {
  const int w = width_;
  const int h = height_;
  const RandomStream order(seed, kLakeStream);
  std::vector<std::uint8_t> closed(outlet_);
  RadixHeap open;
  // Cells found below the water level: a depression, filled in an order
  // drawn from seed (invasion percolation), each a float step above the
  // last. The rising order becomes the lake's slope, so the water crosses
  // it along branching paths; filled in rings, it would run down rows of
  // straight parallel lines that erosion then cuts into parallel gullies.
  std::priority_queue<std::pair<std::uint64_t, std::int32_t>> lake;
  for (std::size_t i = 0; i < outlet_.size(); ++i) {
    if (outlet_[i] != 0) open.push(orderKey(heights[i]), static_cast<std::int32_t>(i));
  }
  float level = -std::numeric_limits<float>::infinity();  // never lowers
  std::size_t done = 0;
  while (!lake.empty() || !open.empty()) {
    std::size_t c = 0;
    if (!lake.empty()) {
      c = static_cast<std::size_t>(lake.top().second);
      lake.pop();
      level = std::nextafter(level, std::numeric_limits<float>::infinity());
      rise[c] += level - heights[c];
      heights[c] = level;
    } else {
      c = static_cast<std::size_t>(open.pop());
      level = std::max(level, heights[c]);
    }
    if (++done % kPollEvery == 0) poll();
    const int cx = static_cast<int>(c % static_cast<std::size_t>(w));
    const int cy = static_cast<int>(c / static_cast<std::size_t>(w));
    for (const Offset& o : kNeighbours) {
      int nx = cx + o.dx;
      int ny = cy + o.dy;
      if (wraps_) {
        nx = wrapped(nx, w);
        ny = wrapped(ny, h);
      } else if (nx < 0 || nx >= w || ny < 0 || ny >= h) {
        continue;
      }
      const auto n =
          static_cast<std::size_t>(ny) * static_cast<std::size_t>(w) + static_cast<std::size_t>(nx);
      if (closed[n] != 0) continue;
      closed[n] = 1;
      if (heights[n] <= level) {
        lake.emplace(order.bits(n), static_cast<std::int32_t>(n));
      } else {
        open.push(orderKey(heights[n]), static_cast<std::int32_t>(n));
      }
    }
  }
}

}  // namespace terrain
