// The thermal erosion stage: material moved downhill, never created, no
// slope left steeper than the talus, the vector kernel the plain scheme's
// bits at every width, and as far in metres at every size.
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

}  // namespace
}  // namespace terrain
