// The thermal and droplets erosion stages: what each promises a designer.
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
#include "tests/core/test_support.hpp"
#include "tests/support/app_process.hpp"

namespace terrain {
namespace {

using testing::checksum;

// Diamond-square ground of that size (seed 3); `wraps` makes it a torus
// (the erosion does not care that its edges do not match).
Heightfield ground(int size, bool wraps = false) {
  const SourceStage& ds = sourceStage("diamond-square");
  ParamValues values = ds.defaults();
  values[ds.sizeIndex()] = size;
  Heightfield field = ds.generate(3, values, testing::control(1));
  field.wraps = wraps;
  return field;
}

Heightfield run(const ModifierStage& stage, const Heightfield& in, const ParamValues& values,
                int threads = 1, std::uint64_t seed = 7) {
  RunControl control;
  control.exec.threads = threads;
  return stage.apply(in, StageContext{seed, {}}, values, control);
}

ParamValues with(const ModifierStage& stage,
                 std::initializer_list<std::pair<std::string_view, double>> params) {
  ParamValues values = stage.defaults();
  for (const auto& [key, value] : params) values[testing::paramIndex(stage, key)] = value;
  return values;
}

double sum(const std::vector<float>& v) {
  double s = 0.0;
  for (float x : v) s += static_cast<double>(x);
  return s;
}

bool allFinite(const Heightfield& field) {
  for (float h : field.heights) {
    if (!std::isfinite(h)) return false;
  }
  return true;
}

const ModifierStage* const kStages[] = {&thermalModifier(), &dropletsModifier()};

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

TEST(Thermal, MovesMaterialItDoesNotCreateIt) {
  for (bool wraps : {false, true}) {
    const Heightfield in = ground(257, wraps);
    const Heightfield out =
        run(thermalModifier(), in, with(thermalModifier(), {{"talus", 15}, {"iterations", 60}}));
    const double before = sum(in.heights);
    const double after = sum(out.heights);
    EXPECT_NE(out.heights, in.heights);
    EXPECT_NEAR(after, before, 1e-6 * before) << "wraps " << wraps;
  }
}

TEST(Thermal, LeavesNoSlopeSteeperThanTheTalus) {
  const double talus = 25.0;
  ThermalParams params;
  params.talus = talus;
  params.strength = 1.0;
  Heightfield field = ground(65);
  const World world;
  const double perCell = std::tan(talus * std::numbers::pi / 180.0) *
                         metresPerCell(world, 65, false) / world.heightRange;
  const auto steepest = [&](const Heightfield& f) {
    double worst = 0.0;  // largest height step over the talus's, as a ratio
    for (int y = 0; y < f.height; ++y) {
      for (int x = 0; x < f.width; ++x) {
        for (int dy = 0; dy <= 1; ++dy) {
          for (int dx = -1; dx <= 1; ++dx) {
            if (dy == 0 && dx <= 0) continue;
            const int nx = x + dx;
            const int ny = y + dy;
            if (nx < 0 || nx >= f.width || ny >= f.height) continue;
            const double step = std::abs(double(f.at(x, y)) - double(f.at(nx, ny)));
            const double limit = perCell * ((dx != 0 && dy != 0) ? std::numbers::sqrt2 : 1.0);
            worst = std::max(worst, step / limit);
          }
        }
      }
    }
    return worst;
  };
  ASSERT_GT(steepest(field), 2.0) << "the ground should start steeper than the talus";
  relaxTalus(field, params, world, 3000, testing::control(1));
  EXPECT_LT(steepest(field), 1.02);
}

// The scheme at the top of thermal.cpp written plainly, a cell at a time,
// with the same operations in the same order: what every vector path must
// give bit for bit. Beyond a wall a neighbour is FLT_MAX high with scale 0.
Heightfield plainThermal(Heightfield f, const ThermalParams& params, const World& world,
                         int iterations) {
  const double slope = std::tan(params.talus * std::numbers::pi / 180.0);
  const double step = metresPerCell(world, f.width, f.wraps) / world.heightRange;
  const auto straight = static_cast<float>(slope * step);
  const auto diagonal = static_cast<float>(slope * step * std::numbers::sqrt2);
  const float half = 0.5f * static_cast<float>(params.strength);
  const float wall = std::numeric_limits<float>::max();
  const auto larger = [](float a, float b) { return a < b ? b : a; };
  const auto at = [&](const std::vector<float>& v, int x, int y, float beyond) {
    if (f.wraps) {
      x = (x + f.width) % f.width;
      y = (y + f.height) % f.height;
    } else if (x < 0 || y < 0 || x >= f.width || y >= f.height) {
      return beyond;
    }
    return v[f.index(x, y)];
  };
  const int dx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
  const int dy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
  const auto talus = [&](int k) { return dx[k] != 0 && dy[k] != 0 ? diagonal : straight; };
  std::vector<float> s(f.size());
  std::vector<float> next(f.size());
  for (int i = 0; i < iterations; ++i) {
    for (int y = 0; y < f.height; ++y) {
      for (int x = 0; x < f.width; ++x) {
        const float c = f.at(x, y);
        float total = 0.0f;
        float most = 0.0f;
        for (int k = 0; k < 8; ++k) {
          const float e = larger(0.0f, c - at(f.heights, x + dx[k], y + dy[k], wall) - talus(k));
          total += e;
          most = larger(most, e);
        }
        s[f.index(x, y)] = half * most / larger(total, std::numeric_limits<float>::min());
      }
    }
    for (int y = 0; y < f.height; ++y) {
      for (int x = 0; x < f.width; ++x) {
        const float c = f.at(x, y);
        const float sc = s[f.index(x, y)];
        float delta = 0.0f;
        for (int k = 0; k < 8; ++k) {
          const float up = at(f.heights, x + dx[k], y + dy[k], wall) - c;
          const float sn = at(s, x + dx[k], y + dy[k], 0.0f);
          delta += sn * larger(0.0f, up - talus(k)) - sc * larger(0.0f, -up - talus(k));
        }
        next[f.index(x, y)] = c + delta;
      }
    }
    f.heights.swap(next);
  }
  return f;
}

TEST(Thermal, EveryVectorWidthGivesTheBitsOfTheSchemeWrittenPlainly) {
  // Map widths around every vector width (a row's last vector overlaps the
  // one before; rows narrower than a vector are left to the scalar code),
  // walls and wrapping, one and two threads; a strength that is not a power
  // of two. Width 1 is the scalar code alone.
  ThermalParams params;
  params.talus = 20.0;
  params.strength = 0.7;
  constexpr int kIterations = 12;
  const Heightfield big = ground(129);
  std::vector<Heightfield> fields;
  std::vector<std::uint64_t> expected;
  for (int width : {3, 5, 9, 17, 18, 19, 33, 65, 66, 129}) {
    for (bool wraps : {false, true}) {
      Heightfield in(width, 40);  // the top left corner of `big`
      for (int y = 0; y < in.height; ++y) {
        for (int x = 0; x < width; ++x) in.at(x, y) = big.at(x, y);
      }
      in.wraps = wraps;
      fields.push_back(in);
      expected.push_back(checksum(plainThermal(in, params, World{}, kIterations)));
    }
  }
  const std::vector<int> widths = thermalKernelWidths();
  std::string tried;
  for (const int width : widths) {
    ASSERT_EQ(thermalKernelWidth(width), width);
    tried += std::to_string(width) + " ";
    for (std::size_t i = 0; i < fields.size(); ++i) {
      for (int threads : {1, 2}) {
        Heightfield f = fields[i];
        RunControl control = testing::control(threads);
        control.exec.vectorWidth = width;
        relaxTalus(f, params, World{}, kIterations, control);
        EXPECT_EQ(checksum(f), expected[i])
            << "vector width " << width << " map width " << fields[i].width << " wraps "
            << fields[i].wraps << " threads " << threads;
      }
    }
  }
  std::cout << "[ thermal  ] vector widths compared (floats): " << tried << "\n";
  EXPECT_GE(widths.size(), 2u) << "only " << tried;
}

// The widths offered are those the CPU and OS run: our own CPUID and XGETBV
// reading agrees with the compiler's (which the product does not link: its
// probe runs at every start).
TEST(Thermal, RunsAsFarInMetresAtEverySize) {
  // A map k times finer runs k^2 times the preview's iterations.
  EXPECT_DOUBLE_EQ(thermalIterationCount(10, 257, false), 10.0);
  EXPECT_DOUBLE_EQ(thermalIterationCount(10, 1025, false), 160.0);
  EXPECT_DOUBLE_EQ(thermalIterationCount(10, 4096, true), 2560.0);
  EXPECT_DOUBLE_EQ(thermalIterationCount(10, 129, false), 2.5);
}

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
