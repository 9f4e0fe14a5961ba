// The thermal and droplets erosion stages: what both promise a designer
// (registered, deterministic, pinned, their maps recorded, finite at
// every limit, cancellable, refused out of range). Each stage's own
// claims: thermal_test.cpp and droplets_test.cpp.
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

TEST(Erosion, BothStagesAreRegisteredAfterTheOtherModifiersAndSkipProfiles) {
  EXPECT_EQ(findModifier("thermal"), &thermalModifier());
  EXPECT_EQ(findModifier("droplets"), &dropletsModifier());
  for (const ModifierStage* stage : kStages) EXPECT_FALSE(stage->appliesToProfiles());
}

TEST(Erosion, SameBitsOnOneAndTwoThreads) {
  for (bool wraps : {false, true}) {
    const Heightfield in = ground(257, wraps);
    for (const ModifierStage* stage : kStages) {
      const Heightfield one = run(*stage, in, stage->defaults(), 1);
      const Heightfield two = run(*stage, in, stage->defaults(), 2);
      EXPECT_EQ(checksum(one), checksum(two)) << stage->key() << " wraps " << wraps;
      ASSERT_TRUE(one.erosion && two.erosion);
      EXPECT_EQ(one.erosion->wear, two.erosion->wear) << stage->key();
      EXPECT_EQ(one.erosion->deposition, two.erosion->deposition) << stage->key();
      EXPECT_EQ(one.erosion->flow, two.erosion->flow) << stage->key();
    }
  }
}

TEST(Erosion, GoldenChecksumsArePinned) {
  // Pinned once the tests below passed; they also run in the Debug preset
  // (Release == Debug). A change here changes every saved project's terrain,
  // so it needs a reason in the commit message.
  const Heightfield in = ground(129);
  const Heightfield torus = ground(128 + 1, true);
  EXPECT_EQ(checksum(run(thermalModifier(), in, thermalModifier().defaults())),
            12497235196566571199ULL);
  EXPECT_EQ(checksum(run(thermalModifier(), torus, with(thermalModifier(), {{"talus", 20}}))),
            13592021457767940359ULL);
  EXPECT_EQ(checksum(run(dropletsModifier(), in, dropletsModifier().defaults())),
            14573880915236898329ULL);
  EXPECT_EQ(checksum(run(dropletsModifier(), torus, with(dropletsModifier(), {{"droplets", 1}}))),
            5030568645198385748ULL);
}

TEST(Erosion, RecordTheirMapsOnTheField) {
  const Heightfield in = ground(129);
  for (const ModifierStage* stage : kStages) {
    const Heightfield out = run(*stage, in, stage->defaults());
    ASSERT_TRUE(out.erosion) << stage->key();
    const ErosionMaps& maps = *out.erosion;
    EXPECT_EQ(maps.wear.size(), in.size()) << stage->key();
    EXPECT_EQ(maps.deposition.size(), in.size()) << stage->key();
    for (std::size_t i = 0; i < in.size(); ++i) {
      ASSERT_GE(maps.wear[i], 0.0f) << stage->key();
      ASSERT_GE(maps.deposition[i], 0.0f) << stage->key();
    }
    EXPECT_GT(sum(maps.wear), 0.0) << stage->key();
  }
  // Thermal moves: the net wear equals the net deposition; it has no flow.
  const Heightfield thermal = run(thermalModifier(), in, thermalModifier().defaults());
  EXPECT_TRUE(thermal.erosion->flow.empty());
  EXPECT_NEAR(sum(thermal.erosion->wear), sum(thermal.erosion->deposition),
              1e-4 * sum(thermal.erosion->wear));
  // Droplets' flow counts the water through each cell.
  const Heightfield droplets = run(dropletsModifier(), in, dropletsModifier().defaults());
  EXPECT_EQ(droplets.erosion->flow.size(), in.size());
  EXPECT_GT(sum(droplets.erosion->flow), 0.0);
  // Two erosion stages add up.
  const Heightfield both = run(dropletsModifier(), thermal, dropletsModifier().defaults());
  Heightfield thermalAlone = thermal;
  thermalAlone.erosion.reset();
  const Heightfield second = run(dropletsModifier(), thermalAlone, dropletsModifier().defaults());
  EXPECT_EQ(both.heights, second.heights);
  EXPECT_NEAR(sum(both.erosion->wear), sum(thermal.erosion->wear) + sum(second.erosion->wear),
              1e-3 * sum(both.erosion->wear) + 1e-3);
}

TEST(Erosion, EveryParameterAtItsLimitsAndBetweenKeepsHeightsFinite) {
  const Heightfield in = ground(65);
  const Heightfield torus = ground(65, true);
  const RandomStream random(11, 0);
  std::uint64_t draw = 0;
  for (const ModifierStage* stage : kStages) {
    const auto infos = stage->params();
    std::vector<ParamValues> cases = {stage->defaults()};
    ParamValues low = stage->defaults();
    ParamValues high = stage->defaults();
    for (std::size_t i = 0; i < infos.size(); ++i) {
      low[i] = infos[i].min;
      high[i] = infos[i].max;
      for (double v : {infos[i].min, infos[i].max}) {
        ParamValues one = stage->defaults();
        one[i] = v;
        cases.push_back(one);
      }
    }
    cases.push_back(low);
    cases.push_back(high);
    for (int k = 0; k < 8; ++k) {
      ParamValues values = stage->defaults();
      for (std::size_t i = 0; i < infos.size(); ++i) {
        values[i] = infos[i].min + random.uniform(draw++) * (infos[i].max - infos[i].min);
        if (infos[i].type == ParamType::Integer) values[i] = std::round(values[i]);
      }
      cases.push_back(values);
    }
    for (const ParamValues& values : cases) {
      ASSERT_NO_THROW(stage->validate(values));
      for (const Heightfield* field : {&in, &torus}) {
        const Heightfield out = run(*stage, *field, values);
        ASSERT_TRUE(allFinite(out)) << stage->key();
        ASSERT_TRUE(out.erosion) << stage->key();
        for (float w : out.erosion->wear) ASSERT_TRUE(std::isfinite(w)) << stage->key();
        for (float d : out.erosion->deposition) ASSERT_TRUE(std::isfinite(d)) << stage->key();
        for (float f : out.erosion->flow) ASSERT_TRUE(std::isfinite(f)) << stage->key();
      }
    }
  }
}

TEST(Erosion, ARaisedCancelFlagThrowsCancelled) {
  const Heightfield in = ground(257);
  const CancelToken cancel{true};
  for (const ModifierStage* stage : kStages) {
    RunControl control;
    control.cancel = &cancel;
    EXPECT_THROW(stage->apply(in, StageContext{}, stage->defaults(), control), Cancelled)
        << stage->key();
  }
}

TEST(Erosion, TheCliRefusesEveryParameterOutsideItsRangeNamingTheRange) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("erosion_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  for (const ModifierStage* stage : kStages) {
    for (const ParamInfo& info : stage->params()) {
      const std::string flag = "--" + std::string(info.key);
      const std::string range = allowedText(info);
      for (double bad : {info.min - 1.0, info.max + 1.0}) {
        const testing::AppRun r =
            testing::runApp({"export", "--generator", "diamond-square", "--size", "33", "--stage",
                             std::string(stage->key()), flag, formatValue(info, bad), "--raw",
                             (dir / "x.r32").string()},
                            dir);
        EXPECT_EQ(r.status, 2) << flag << " " << bad << ": " << r.err;
        EXPECT_NE(r.err.find(flag), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(range), std::string::npos) << r.err << " lacks " << range;
        EXPECT_FALSE(fs::exists(dir / "x.r32")) << flag;
      }
    }
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace terrain
