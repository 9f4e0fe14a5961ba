#include "core/base/heightfield.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/base/portable_math.hpp"
#include "core/base/random.hpp"

namespace terrain {
namespace {

Heightfield noiseField(int w, int h, std::uint64_t seed) {
  Heightfield f(w, h);
  const RandomStream rng(seed, 0);
  for (std::size_t i = 0; i < f.size(); ++i) f.heights[i] = 3.0f * rng.signedUnit(i) - 7.0f;
  return f;
}

TEST(Normalise, MapsTheRangeOntoZeroToOne) {
  Heightfield f = noiseField(301, 207, 3);
  normalise(f);
  const HeightStats s = computeStats(f);
  EXPECT_EQ(s.min, 0.0f);
  EXPECT_EQ(s.max, 1.0f);
}

TEST(Normalise, GivesTheSameBitsForAnyThreadCount) {
  Heightfield one = noiseField(1025, 1025, 9);
  Heightfield two = one;
  normalise(one, Execution{1});
  normalise(two, Execution{2});
  EXPECT_EQ(one.heights, two.heights);
}

TEST(Normalise, MakesAFlatFieldHalfHeight) {
  Heightfield f(17, 3);
  std::fill(f.heights.begin(), f.heights.end(), 4.0f);
  normalise(f);
  for (float h : f.heights) EXPECT_EQ(h, 0.5f);
}

TEST(Stats, FindsMinMaxAndMean) {
  Heightfield f(4, 1);
  f.heights = {0.25f, -1.0f, 3.0f, 2.0f};
  const HeightStats s = computeStats(f);
  EXPECT_EQ(s.min, -1.0f);
  EXPECT_EQ(s.max, 3.0f);
  EXPECT_DOUBLE_EQ(s.mean, 1.0625);
}

TEST(PortableMath, Exp2MatchesLibmClosely) {
  for (double x = -60.0; x <= 60.0; x += 0.0137) {
    const double expected = std::exp2(x);
    EXPECT_NEAR(portableExp2(x) / expected, 1.0, 1e-15) << x;
  }
}

TEST(PortableMath, Exp2IsExactOnWholeNumbers) {
  for (int n = -40; n <= 40; ++n) EXPECT_EQ(portableExp2(n), std::ldexp(1.0, n)) << n;
}

TEST(PortableMath, ExpMatchesLibmClosely) {
  for (double x = -30.0; x <= 30.0; x += 0.0071) {
    EXPECT_NEAR(portableExp(x) / std::exp(x), 1.0, 1e-14) << x;
  }
}

}  // namespace
}  // namespace terrain
