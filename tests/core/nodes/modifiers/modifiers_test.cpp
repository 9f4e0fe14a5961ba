// The curve, terrace and clamp modifiers: what each promises a designer.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/nodes/modifiers/clamp.hpp"
#include "core/nodes/modifiers/curve.hpp"
#include "core/nodes/modifiers/terrace.hpp"
#include "core/nodes/registry.hpp"

namespace terrain {
namespace {

// Heights 0, 1/(n-1), .., 1 in order: every height of the range, sorted.
Heightfield sweepField(int width, int height) {
  Heightfield field(width, height);
  const auto last = static_cast<double>(field.size() - 1);
  for (std::size_t i = 0; i < field.size(); ++i) {
    field.heights[i] = static_cast<float>(static_cast<double>(i) / last);
  }
  return field;
}

// Scattered heights in [0, 1] (a fixed LCG: the same field every run).
Heightfield noiseField(int width, int height, std::uint64_t seed = 1) {
  Heightfield field(width, height);
  std::uint64_t state = seed;
  for (float& h : field.heights) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    h = static_cast<float>(static_cast<double>(state >> 40) / static_cast<double>(1 << 24));
  }
  field.heights.front() = 0.0f;
  field.heights.back() = 1.0f;
  return field;
}

Heightfield run(const ModifierStage& stage, const Heightfield& in, const ParamValues& values,
                int threads = 1) {
  RunControl control;
  control.exec.threads = threads;
  return stage.apply(in, StageContext{7, {}}, values, control);
}

ParamValues curveValues(double a0, double a25, double a50, double a75, double a100) {
  const auto& stage = curveModifier();
  ParamValues v = stage.defaults();
  v[*stage.indexOf("at-0")] = a0;
  v[*stage.indexOf("at-25")] = a25;
  v[*stage.indexOf("at-50")] = a50;
  v[*stage.indexOf("at-75")] = a75;
  v[*stage.indexOf("at-100")] = a100;
  return v;
}

ParamValues terraceValues(int steps, double softness, double offset) {
  const auto& stage = terraceModifier();
  ParamValues v = stage.defaults();
  v[*stage.indexOf("steps")] = steps;
  v[*stage.indexOf("softness")] = softness;
  v[*stage.indexOf("offset")] = offset;
  return v;
}

ParamValues clampValues(double low, double high) {
  const auto& stage = clampModifier();
  ParamValues v = stage.defaults();
  v[*stage.indexOf("low")] = low;
  v[*stage.indexOf("high")] = high;
  return v;
}

TEST(Modifiers, AreInTheRegistryUnderTheirKeys) {
  EXPECT_EQ(findModifier("curve"), &curveModifier());
  EXPECT_EQ(findModifier("terrace"), &terraceModifier());
  EXPECT_EQ(findModifier("clamp"), &clampModifier());
}

TEST(Curve, DefaultPointsLeaveEveryHeightAsItWas) {
  for (const Heightfield& in : {sweepField(257, 257), noiseField(300, 200)}) {
    const Heightfield out = run(curveModifier(), in, curveModifier().defaults());
    EXPECT_EQ(out.heights, in.heights);  // bit for bit
  }
}

TEST(Curve, PassesThroughItsFivePoints) {
  const double ys[] = {0.1, 0.15, 0.6, 0.62, 0.95};
  const HeightCurve curve(CurveParams{ys[0], ys[1], ys[2], ys[3], ys[4]});
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(curve(static_cast<float>(k) * 0.25f), static_cast<float>(ys[k])) << "point " << k;
  }
}

TEST(Curve, RisingPointsGiveARisingCurveThatNeverOvershoots) {
  // Points that would make an ordinary cubic spline overshoot: long flats
  // next to steep rises.
  const CurveParams cases[] = {
      {0, 0, 0, 1, 1},           {0, 0.01, 0.02, 0.98, 1}, {0, 0.5, 0.5, 0.5, 1},
      {0.2, 0.2, 0.9, 0.9, 0.9}, {0, 0.9, 0.95, 0.99, 1},  {0.3, 0.3, 0.3, 0.3, 0.3},
  };
  const Heightfield in = sweepField(10001, 1);
  for (const CurveParams& p : cases) {
    const Heightfield out =
        run(curveModifier(), in, curveValues(p.at0, p.at25, p.at50, p.at75, p.at100));
    for (std::size_t i = 1; i < out.size(); ++i) {
      ASSERT_LE(out.heights[i - 1], out.heights[i]) << "at height " << in.heights[i];
    }
    EXPECT_EQ(out.heights.front(), static_cast<float>(p.at0));
    EXPECT_EQ(out.heights.back(), static_cast<float>(p.at100));
  }
}

TEST(Curve, BetweenTwoPointsStaysBetweenThem) {
  // Up and down: each piece stays within its two points (no ringing).
  const CurveParams p{0, 1, 0, 1, 0.2};
  const HeightCurve curve(p);
  const double ys[] = {p.at0, p.at25, p.at50, p.at75, p.at100};
  for (int i = 0; i <= 4000; ++i) {
    const float h = static_cast<float>(i) / 4000.0f;
    const auto k = std::min(3, static_cast<int>(h * 4.0f));
    const float y = curve(h);
    EXPECT_GE(y, static_cast<float>(std::min(ys[k], ys[k + 1])));
    EXPECT_LE(y, static_cast<float>(std::max(ys[k], ys[k + 1])));
  }
}

TEST(Terrace, HardStepsGiveStepsPlusOneFlatLevels) {
  // Softness 0, offset 0: the levels 0, 1/n, .., 1.
  const Heightfield in = sweepField(1000, 100);
  for (int steps : {1, 2, 3, 8, 17, 64}) {
    const Heightfield out = run(terraceModifier(), in, terraceValues(steps, 0.0, 0.0));
    const std::set<float> levels(out.heights.begin(), out.heights.end());
    ASSERT_EQ(levels.size(), static_cast<std::size_t>(steps) + 1) << steps << " steps";
    for (int k = 0; k <= steps; ++k) {
      const auto level = static_cast<float>(static_cast<double>(k) / steps);
      EXPECT_TRUE(levels.count(level)) << "level " << k << "/" << steps;
    }
  }
}

TEST(Terrace, OffsetSlidesTheTreadsByAFractionOfAStep) {
  // Offset 1/2 of a step with 4 steps: treads at 1/8, 3/8, 5/8, 7/8.
  Heightfield in = sweepField(4001, 1);
  in.heights.front() = 0.0001f;  // strictly inside: 0 and 1 sit on a riser's edge
  in.heights.back() = 0.9999f;
  const Heightfield out = run(terraceModifier(), in, terraceValues(4, 0.0, 0.5));
  const std::set<float> levels(out.heights.begin(), out.heights.end());
  EXPECT_EQ(levels, (std::set<float>{0.125f, 0.375f, 0.625f, 0.875f}));
}

TEST(Terrace, SoftnessOneLeavesTheTerrainUnchanged) {
  const Heightfield in = noiseField(300, 300);
  EXPECT_EQ(run(terraceModifier(), in, terraceValues(7, 1.0, 0.0)).heights, in.heights);
  // With an offset, unchanged up to rounding.
  const Heightfield shifted = run(terraceModifier(), in, terraceValues(7, 1.0, 0.3));
  for (std::size_t i = 0; i < in.size(); ++i) {
    ASSERT_NEAR(shifted.heights[i], in.heights[i], 1e-6);
  }
}

TEST(Terrace, HigherGroundNeverEndsUpLower) {
  const Heightfield in = sweepField(20001, 1);
  for (double softness : {0.0, 0.001, 0.3, 0.99}) {
    for (double offset : {0.0, 0.37, 1.0}) {
      const Heightfield out = run(terraceModifier(), in, terraceValues(9, softness, offset));
      for (std::size_t i = 1; i < out.size(); ++i) {
        ASSERT_LE(out.heights[i - 1], out.heights[i])
            << "softness " << softness << " offset " << offset << " at " << in.heights[i];
      }
    }
  }
}

TEST(Terrace, SofterStepsHaveWiderRisers) {
  // The riser takes `softness` of each step: count the cells that are not
  // on a tread.
  const Heightfield in = sweepField(100001, 1);
  auto onRisers = [&](double softness) {
    const Heightfield out = run(terraceModifier(), in, terraceValues(5, softness, 0.0));
    std::size_t count = 0;
    for (float h : out.heights) {
      const double k = std::round(static_cast<double>(h) * 5.0);
      if (std::abs(static_cast<double>(h) - k / 5.0) > 1e-6) ++count;
    }
    return static_cast<double>(count) / static_cast<double>(in.size());
  };
  EXPECT_LT(onRisers(0.0), 1e-4);
  EXPECT_NEAR(onRisers(0.2), 0.2, 0.01);
  EXPECT_NEAR(onRisers(0.6), 0.6, 0.01);
}

TEST(Clamp, DefaultsLeaveHeightsInTheRangeAlone) {
  const Heightfield in = noiseField(257, 129);
  EXPECT_EQ(run(clampModifier(), in, clampModifier().defaults()).heights, in.heights);
}

TEST(Clamp, HoldsHeightsWithinItsBoundsAndLeavesTheRestAlone) {
  const Heightfield in = sweepField(513, 513);
  const Heightfield out = run(clampModifier(), in, clampValues(0.2, 0.7));
  for (std::size_t i = 0; i < in.size(); ++i) {
    const float h = in.heights[i];
    const float expected = h < 0.2f ? 0.2f : h > 0.7f ? 0.7f : h;
    ASSERT_EQ(out.heights[i], expected) << h;
  }
  // Equal bounds: one flat height.
  const Heightfield flat = run(clampModifier(), in, clampValues(0.4, 0.4));
  EXPECT_TRUE(
      std::all_of(flat.heights.begin(), flat.heights.end(), [](float h) { return h == 0.4f; }));
}

TEST(Clamp, RefusesAFloorAboveTheCeilingNamingBoth) {
  try {
    clampModifier().validate(clampValues(0.8, 0.3));
    FAIL() << "low > high was accepted";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("--low"), std::string::npos) << message;
    EXPECT_NE(message.find("--high"), std::string::npos) << message;
  }
}

// Every new modifier with settings that change the terrain.
struct Configured {
  const ModifierStage* stage;
  ParamValues values;
};

std::vector<Configured> configured() {
  return {{&curveModifier(), curveValues(0.05, 0.1, 0.4, 0.8, 0.9)},
          {&terraceModifier(), terraceValues(11, 0.3, 0.4)},
          {&clampModifier(), clampValues(0.25, 0.8)}};
}

TEST(Modifiers, SameBitsOnOneAndTwoThreads) {
  // 2100 x 2100 cells: several of the loop's blocks, each split in chunks.
  const Heightfield in = noiseField(2100, 2100, 99);
  for (const Configured& c : configured()) {
    const Heightfield one = run(*c.stage, in, c.values, 1);
    const Heightfield two = run(*c.stage, in, c.values, 2);
    EXPECT_EQ(one.heights, two.heights) << c.stage->key();
    EXPECT_NE(one.heights, in.heights) << c.stage->key() << " changed nothing";
  }
}

TEST(Modifiers, KeepTheSizeAndTheWrap) {
  Heightfield in = noiseField(64, 32);
  in.wraps = true;
  for (const Configured& c : configured()) {
    const Heightfield out = run(*c.stage, in, c.values);
    EXPECT_EQ(out.width, 64);
    EXPECT_EQ(out.height, 32);
    EXPECT_TRUE(out.wraps) << c.stage->key();
  }
}

TEST(Modifiers, StopWhenCancelled) {
  CancelToken cancel{true};
  RunControl control;
  control.cancel = &cancel;
  for (const Configured& c : configured()) {
    EXPECT_THROW(c.stage->apply(noiseField(64, 64), StageContext{1, {}}, c.values, control),
                 Cancelled)
        << c.stage->key();
  }
}

// Values across a parameter's range: its ends, values just inside them,
// and a spread between (every value for a short integer range).
std::vector<double> sweep(const ParamInfo& info) {
  std::vector<double> out;
  const double span = info.max - info.min;
  if (info.type == ParamType::Integer) {
    const double stepsOf = std::max(1.0, std::floor(span / 64.0));
    for (double v = info.min; v <= info.max; v += stepsOf) out.push_back(v);
    out.push_back(info.max);
    return out;
  }
  for (int i = 0; i <= 20; ++i) out.push_back(info.min + span * i / 20.0);
  for (double tiny : {5e-324, 1e-300, 1e-12}) {
    out.push_back(info.min + tiny);
    out.push_back(info.max - tiny);
  }
  return out;
}

TEST(Modifiers, NoNanOrInfinityAnywhereInAnyParametersRange) {
  Heightfield in = noiseField(97, 13, 5);
  // Heights outside 0..1 too (a stack may hand them over): still finite.
  in.heights[1] = -0.5f;
  in.heights[2] = 1.5f;
  in.heights[3] = 1e-30f;
  in.heights[4] = std::nextafter(1.0f, 0.0f);
  for (const Configured& c : configured()) {
    const auto infos = c.stage->params();
    for (std::size_t p = 0; p < infos.size(); ++p) {
      for (const ParamValues& base : {c.stage->defaults(), c.values}) {
        for (double v : sweep(infos[p])) {
          ParamValues values = base;
          values[p] = v;
          try {
            c.stage->validate(values);
          } catch (const InputError&) {
            continue;  // e.g. clamp's low above its high
          }
          const Heightfield out = run(*c.stage, in, values);
          for (std::size_t i = 0; i < out.size(); ++i) {
            const float h = out.heights[i];
            ASSERT_TRUE(std::isfinite(h)) << c.stage->key() << " --" << infos[p].key << " " << v;
            if (in.heights[i] >= 0.0f && in.heights[i] <= 1.0f) {
              ASSERT_GE(h, 0.0f) << c.stage->key() << " --" << infos[p].key << " " << v;
              ASSERT_LE(h, 1.0f) << c.stage->key() << " --" << infos[p].key << " " << v;
            }
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace terrain
