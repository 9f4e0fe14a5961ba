// The droplets erosion stage: material lost only over the map's edge,
// channels worn where water runs, the same bits on every thread count,
// a cancel or a failing progress sink ending the run, more droplets
// eroding more.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/base/random.hpp"
#include "core/nodes/modifiers/droplets.hpp"
#include "core/nodes/modifiers/thermal.hpp"
#include "core/nodes/modifiers/thermal_kernel.hpp"
#include "core/nodes/registry.hpp"
#include "tests/core/nodes/modifiers/erosion_support.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/app_process.hpp"

namespace terrain {
namespace {

using namespace testing::erosion;
using testing::checksum;

TEST(Droplets, ChangeTheSumOnlyByWhatLeavesTheMapsEdge) {
  for (bool wraps : {false, true}) {
    Heightfield field = ground(257, wraps);
    const double before = sum(field.heights);
    DropletsParams params;
    params.droplets = 1.0;
    const DropletsResult result = erodeWithDroplets(field, params, World{}, 5, testing::control(2));
    const double after = sum(field.heights);
    const double wear = sum(result.maps.wear);
    ASSERT_GT(wear, 1.0);
    if (wraps) {
      EXPECT_EQ(result.lost, 0.0) << "nothing leaves a torus";
    }
    EXPECT_NEAR(before - after, result.lost, 1e-5 * wear) << "wraps " << wraps;
    // Every wear is picked up and either laid down or carried off the edge.
    EXPECT_NEAR(wear, sum(result.maps.deposition) + result.lost, 1e-5 * wear);
  }
}

TEST(Droplets, WearChannelsWhereWaterRunsAndFillHollows) {
  const Heightfield in = ground(257);
  const Heightfield out = run(dropletsModifier(), in, dropletsModifier().defaults());
  const ErosionMaps& maps = *out.erosion;
  // Wear follows the water: cells with much flow are worn more than average.
  double flowWear = 0.0;
  double allWear = 0.0;
  std::size_t wet = 0;
  std::size_t wornWet = 0;
  std::vector<float> sorted = maps.flow;
  std::sort(sorted.begin(), sorted.end());
  const float plenty = sorted[sorted.size() * 9 / 10];  // the wettest tenth
  for (std::size_t i = 0; i < maps.wear.size(); ++i) {
    allWear += static_cast<double>(maps.wear[i]);
    if (maps.flow[i] > plenty) {
      flowWear += static_cast<double>(maps.wear[i]);
      ++wet;
      if (maps.wear[i] > 0.0f) ++wornWet;
    }
  }
  ASSERT_GT(wet, 100u);
  EXPECT_GT(flowWear / double(wet), 1.2 * allWear / double(maps.wear.size()));
  EXPECT_GT(wornWet, wet * 9 / 10) << "channels are worn along their length";
  // Deposits lie in hollows: where the net change is up, the ground was
  // concave (its neighbours' mean above it) more often than not.
  double concaveWhereLaid = 0.0;
  double concaveOverall = 0.0;
  std::size_t laid = 0;
  std::size_t cells = 0;
  for (int y = 1; y + 1 < in.height; ++y) {
    for (int x = 1; x + 1 < in.width; ++x) {
      const double around =
          (double(in.at(x - 1, y)) + static_cast<double>(in.at(x + 1, y)) +
           static_cast<double>(in.at(x, y - 1)) + static_cast<double>(in.at(x, y + 1))) /
              4.0 -
          static_cast<double>(in.at(x, y));
      const std::size_t i = in.index(x, y);
      concaveOverall += around > 0.0 ? 1.0 : 0.0;
      ++cells;
      if (maps.deposition[i] > maps.wear[i] + 1e-4f) {
        concaveWhereLaid += around > 0.0 ? 1.0 : 0.0;
        ++laid;
      }
    }
  }
  ASSERT_GT(laid, 100u);
  EXPECT_GT(concaveWhereLaid / double(laid), concaveOverall / double(cells) + 0.1);
}

// Short-lived narrow droplets cut a 257 map into many blocks (11 cells
// wide: 23 a side, 22 on a torus), each of which waits only for its 8
// neighbours' earlier turns, not for a whole colour: the bits are still
// those of the colour-by-colour order (pinned from the run that waited for
// each colour to end), on one thread and on two.
TEST(Droplets, ManyBlocksGiveTheColourByColourBitsOnEveryThreadCount) {
  const ParamValues values =
      with(dropletsModifier(), {{"lifetime", 2}, {"radius", 1}, {"droplets", 2}});
  for (bool wraps : {false, true}) {
    const Heightfield in = ground(257, wraps);
    const std::uint64_t expected = wraps ? 8397103247216525491ULL : 9652743670504116610ULL;
    for (int threads : {1, 2}) {
      EXPECT_EQ(checksum(run(dropletsModifier(), in, values, threads)), expected)
          << "wraps " << wraps << ", " << threads << " threads";
    }
  }
}

// A cancel raised while the blocks run stops every thread at its next
// block: the stage throws Cancelled, and reports no progress after it.
TEST(Droplets, ACancelRaisedWhileTheyRunStopsThemOnEveryThreadCount) {
  const Heightfield in = ground(257);
  for (int threads : {1, 2}) {
    CancelToken cancel;
    RunControl control;
    control.exec.threads = threads;
    control.cancel = &cancel;
    int reports = 0;
    control.progress = [&](float fraction) {
      if (fraction <= 0.0f) return;
      ++reports;
      cancel.cancel();
    };
    EXPECT_THROW(dropletsModifier().apply(in, StageContext{},
                                          with(dropletsModifier(), {{"droplets", 4}}), control),
                 Cancelled)
        << threads << " threads";
    EXPECT_EQ(reports, 1) << threads << " threads";
  }
}

// A progress sink that throws (a report that cannot allocate) ends the
// run with its exception on every thread count: the other thread must not
// wait for ever on the turn that threw (it hung on two threads).
TEST(Droplets, AProgressSinkThatThrowsEndsTheRunOnEveryThreadCount) {
  const Heightfield in = ground(257);
  for (int threads : {1, 2}) {
    RunControl control;
    control.exec.threads = threads;
    control.progress = [](float fraction) {
      if (fraction > 0.0f) throw std::runtime_error("progress sink failed");
    };
    EXPECT_THROW(dropletsModifier().apply(in, StageContext{},
                                          with(dropletsModifier(), {{"droplets", 4}}), control),
                 std::runtime_error)
        << threads << " threads";
  }
}

TEST(Droplets, MoreDropletsErodeMore) {
  const Heightfield in = ground(129);
  double previous = 0.0;
  for (double droplets : {0.1, 0.5, 2.0}) {
    const Heightfield out =
        run(dropletsModifier(), in, with(dropletsModifier(), {{"droplets", droplets}}));
    const double wear = sum(out.erosion->wear);
    EXPECT_GT(wear, 1.5 * previous) << droplets << " droplets per cell";
    previous = wear;
  }
}

}  // namespace
}  // namespace terrain
