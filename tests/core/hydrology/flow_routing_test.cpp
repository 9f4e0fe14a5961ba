// The flow network's spread drainage (core/hydrology/flow_routing.hpp): water shared
// among every lower neighbour below a channel area, one way above it.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/hydrology/flow_routing.hpp"
#include "core/hydrology/flow_spread_kernel.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/highway_target.hpp"

namespace terrain {
namespace {

const Poll kNoPoll = [] {};

Heightfield diamondSquare(int size, std::uint64_t seed) {
  return testing::run(testing::docWith("diamond-square", {{"size", size}}, seed));
}

// A network routed on `field` (its pits filled first), as a stream-power
// step has it before it cuts.
std::unique_ptr<FlowNetwork> routed(Heightfield& field, int threads = 1) {
  auto net = std::make_unique<FlowNetwork>(field.width, field.height, field.wraps,
                                           findOutlets(field, 0.0f), kNoPoll);
  const Execution exec{threads};
  if (net->route(field.heights, exec, kNoPoll) > 0) {
    std::vector<float> rise(field.size(), 0.0f);
    net->fillDepressions(field.heights, rise, 1, kNoPoll);
    net->route(field.heights, exec, kNoPoll);
  }
  net->buildStack(kNoPoll, exec);
  net->accumulate(exec);
  return net;
}

// A cone whose peak is the map's centre, falling to the edges.
Heightfield cone(int size) {
  Heightfield field(size, size);
  const double centre = (size - 1) / 2.0;
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      field.heights[field.index(x, y)] =
          static_cast<float>(1.0 - 0.004 * std::hypot(x - centre, y - centre));
    }
  }
  return field;
}

// How unequal the drainage is round a ring of the cone (radius 30 to 34
// cells): its coefficient of variation.
template <class Area>
double ringVariation(const Heightfield& field, const Area& area) {
  const double centre = (field.width - 1) / 2.0;
  double sum = 0.0;
  double squares = 0.0;
  int count = 0;
  for (int y = 0; y < field.height; ++y) {
    for (int x = 0; x < field.width; ++x) {
      const double r = std::hypot(x - centre, y - centre);
      if (r < 30.0 || r >= 34.0) continue;
      const auto a = static_cast<double>(area[field.index(x, y)]);
      sum += a;
      squares += a * a;
      ++count;
    }
  }
  const double mean = sum / count;
  return std::sqrt(std::max(0.0, squares / count - mean * mean)) / mean;
}

// Water running down a cone one way gathers into a few strips along the
// grid's directions; spread, it leaves every part of the ring alike, as
// water on a real cone does.
TEST(SpreadDrainage, WaterSpreadDownAConeLeavesEveryWayAlike) {
  Heightfield field = cone(129);
  const auto net = routed(field);
  net->spreadDrainage(field.heights, 1.0e9f, kNoPoll, Execution{1});
  const double spread = ringVariation(field, net->spreadArea());
  const double oneWay = ringVariation(field, net->drainage());
  // Measured: 0.046 spread, 0.58 one way.
  EXPECT_LT(spread, 0.1);
  EXPECT_GT(oneWay, 0.4);
}

TEST(SpreadDrainage, WithNoSpreadingItIsTheDrainageAndSpreadItAllReachesTheOutlets) {
  Heightfield field = diamondSquare(129, 3);
  const auto net = routed(field);
  net->spreadDrainage(field.heights, 0.0f, kNoPoll, Execution{1});
  const auto drainage = net->drainage();
  for (std::size_t i = 0; i < field.size(); ++i) {
    ASSERT_EQ(net->spreadArea()[i], static_cast<float>(drainage[i])) << "cell " << i;
  }
  for (const float channel : {10.0f, 1.0e9f}) {
    net->spreadDrainage(field.heights, channel, kNoPoll, Execution{1});
    double atOutlets = 0.0;
    for (std::size_t i = 0; i < field.size(); ++i) {
      ASSERT_GE(net->spreadArea()[i], 1.0f) << "cell " << i;
      if (net->outlets()[i] != 0) atOutlets += static_cast<double>(net->spreadArea()[i]);
    }
    const auto cells = static_cast<double>(field.size());
    EXPECT_NEAR(atOutlets, cells, 1.0e-5 * cells) << channel;
  }
}

TEST(SpreadDrainage, OneAndTwoThreadsGiveTheSameBits) {
  Heightfield onOne = diamondSquare(257, 4);
  Heightfield onTwo = onOne;
  const auto one = routed(onOne, 1);
  one->spreadDrainage(onOne.heights, 40.0f, kNoPoll, Execution{1});
  const auto two = routed(onTwo, 2);
  two->spreadDrainage(onTwo.heights, 40.0f, kNoPoll, Execution{2});
  const std::vector<float> a(one->spreadArea().begin(), one->spreadArea().end());
  const std::vector<float> b(two->spreadArea().begin(), two->spreadArea().end());
  EXPECT_EQ(a, b);
}

// The counts run on whole SIMD vectors of a row and one by one after
// them: every Highway target gives the same areas, on a map whose rows
// end part way through a vector and whose heights, in 48 steps, hold
// flat stretches (drops of exactly 0).
TEST(SpreadDrainage, EveryHighwayTargetGivesTheSameBits) {
  const Heightfield source = diamondSquare(257, 9);
  Heightfield stepped(203, 150);
  for (int y = 0; y < stepped.height; ++y) {
    for (int x = 0; x < stepped.width; ++x) {
      stepped.heights[stepped.index(x, y)] = std::round(source.at(x, y) * 48.0f) / 48.0f;
    }
  }
  const auto spread = [&stepped] {
    Heightfield field = stepped;
    const auto net = routed(field);
    net->spreadDrainage(field.heights, 40.0f, kNoPoll, Execution{1});
    return std::vector<float>(net->spreadArea().begin(), net->spreadArea().end());
  };
  const std::vector<float> expected = spread();
  const std::vector<std::int64_t> targets = spreadKernelTargets();
  std::string tried;
  for (const std::int64_t target : targets) {
    const testing::ForcedTarget forced(target);
    ASSERT_EQ(spreadKernelTarget(), target) << hwy::TargetName(target);
    tried += std::string(hwy::TargetName(target)) + " ";
    EXPECT_EQ(spread(), expected) << hwy::TargetName(target);
  }
  std::cout << "[ spread   ] targets compared: " << tried << "\n";
  EXPECT_GE(targets.size(), 2u) << "only " << tried << "compiled in";
}

// The counts' vectors against a plain loop written here, cell by cell, on
// every Highway target: heights in 48 steps (drops of exactly 0), cells
// that keep their water (receiving themselves: outlets and pits), and a
// patch whose drops are too small to divide by.
TEST(SpreadDrainage, EveryHighwayTargetsCountsMatchAPlainLoop) {
  const Heightfield source = diamondSquare(257, 3);
  const int width = 203;
  const int height = 40;
  std::vector<float> h(static_cast<std::size_t>(width * height));
  std::vector<std::int32_t> receiver(h.size());
  for (std::size_t i = 0; i < h.size(); ++i) {
    const auto x = static_cast<int>(i % width);
    const auto y = static_cast<int>(i / width);
    h[i] = std::round(source.at(x, y) * 48.0f) / 48.0f;
    if (x > 150 && y > 20) h[i] = (x + y) % 2 == 0 ? 1.0e-25f : 0.0f;  // sums below 1e-20
    const bool keeps = h[i] <= 0.3f || i % 17 == 0;
    receiver[i] = static_cast<std::int32_t>(keeps ? i : i + 1);
  }
  const std::array<std::ptrdiff_t, 8> offset = flow::offsetsInside(width);
  for (const std::int64_t target : spreadKernelTargets()) {
    const testing::ForcedTarget forced(target);
    std::vector<std::uint8_t> higher(h.size(), 99);
    std::vector<std::uint8_t> lower(h.size(), 99);
    std::vector<float> inverse(h.size(), -1.0f);
    const SpreadCountsRow row{h.data(),     receiver.data(), higher.data(),
                              lower.data(), inverse.data(),  width};
    std::size_t checked = 0;
    for (int y = 1; y + 1 < height; ++y) {
      const auto first = static_cast<std::size_t>(y * width + 1);
      const std::size_t stop = spreadCountsVectors(row, first, first + width - 2);
      for (std::size_t i = first; i < stop; ++i, ++checked) {
        unsigned up = 0;
        unsigned down = 0;
        float total = 0.0f;
        for (std::size_t d = 0; d < 8; ++d) {
          const float drop =
              h[i] - h[static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + offset[d])];
          if (drop < 0.0f) ++up;
          if (drop > 0.0f) {
            down |= 1U << d;
            total += drop * kSpreadWeightPerDrop[d];
          }
        }
        const bool keeps = receiver[i] == static_cast<std::int32_t>(i);
        const float expected = keeps || !(total >= kLeastSpreadWeightSum) ? 0.0f : 1.0f / total;
        ASSERT_EQ(higher[i], up) << hwy::TargetName(target) << " cell " << i;
        ASSERT_EQ(lower[i], down) << hwy::TargetName(target) << " cell " << i;
        ASSERT_EQ(inverse[i], expected) << hwy::TargetName(target) << " cell " << i;
      }
    }
    EXPECT_GT(checked, h.size() / 2) << hwy::TargetName(target);  // most cells in vectors
  }
}

// Maps a few cells wide, where a neighbour may be the cell itself or come
// twice (wrapping): every cell still passes its water on once, and the
// outlets gather it all.
TEST(SpreadDrainage, OnMapsAFewCellsWideEveryCellsWaterReachesAnOutlet) {
  for (const bool wraps : {false, true}) {
    for (const auto& [width, height] : {std::pair{1, 5}, {2, 2}, {3, 3}, {2, 7}, {5, 3}}) {
      Heightfield field(width, height);
      field.wraps = wraps;
      for (std::size_t i = 0; i < field.size(); ++i) {
        field.heights[i] = 0.2f + 0.1f * static_cast<float>((i * 7) % 5);
      }
      const auto net = routed(field);
      net->spreadDrainage(field.heights, 1.0e9f, kNoPoll, Execution{2});
      double atOutlets = 0.0;
      for (std::size_t i = 0; i < field.size(); ++i) {
        ASSERT_TRUE(std::isfinite(net->spreadArea()[i]));
        ASSERT_GE(net->spreadArea()[i], 1.0f);
        if (net->outlets()[i] != 0) atOutlets += static_cast<double>(net->spreadArea()[i]);
      }
      EXPECT_NEAR(atOutlets, static_cast<double>(field.size()), 1.0e-4)
          << width << "x" << height << (wraps ? " wrapping" : "");
    }
  }
}

}  // namespace
}  // namespace terrain
