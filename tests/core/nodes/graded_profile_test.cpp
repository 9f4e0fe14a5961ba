// A graded river's long profile (core/nodes/graded_profile.hpp): its
// slope only eases from head to mouth, and it never stands above the bed
// it replaces, on a step, a steep head and a rough falling profile; its
// corners round without cutting much deeper.
#include "core/nodes/graded_profile.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/base/random.hpp"

namespace terrain {
namespace {

std::vector<double> stepDown() {  // flat at 10 for 100 samples, then from 2 down by 0.005
  std::vector<double> p(200);
  for (std::size_t k = 0; k < p.size(); ++k)
    p[k] = k < 100 ? 10.0 : 2.0 - 0.005 * static_cast<double>(k - 100);
  return p;
}

std::vector<double> steepHead() {  // 0.5 a sample for 20 samples, then 0.01
  std::vector<double> p(220);
  for (std::size_t k = 0; k < p.size(); ++k) {
    const auto x = static_cast<double>(k);
    p[k] = k < 20 ? 100.0 - 0.5 * x : 90.0 - 0.01 * (x - 20.0);
  }
  return p;
}

std::vector<double> roughFall() {  // a random walk's running minimum: pools and rapids
  const RandomStream random(7, 1);
  std::vector<double> p(500);
  double h = 50.0;
  double lowest = h;
  for (std::size_t k = 0; k < p.size(); ++k) {
    h += random.uniform(k) - 0.55;
    lowest = std::min(lowest, h);
    p[k] = lowest;
  }
  return p;
}

// Straight between the hull's corners (roundness 0) and rounded (2).
TEST(GradedProfile, EachStepFallsNoMoreThanTheOneAboveAndNoneRisesAboveTheBed) {
  for (const double roundness : {0.0, 2.0}) {
    for (const std::vector<double>& bed : {stepDown(), steepHead(), roughFall()}) {
      const std::vector<double> graded = gradedProfile(bed, roundness);
      ASSERT_EQ(graded.size(), bed.size());
      if (roundness == 0.0) {
        EXPECT_EQ(graded.front(), bed.front());  // the head and the mouth stay
        EXPECT_EQ(graded.back(), bed.back());
      }
      double lastFall = graded[0] - graded[1];
      for (std::size_t k = 0; k < bed.size(); ++k) {
        ASSERT_LE(graded[k], bed[k] + 1e-12) << k << " roundness " << roundness;
        if (k == 0) continue;
        const double fall = graded[k - 1] - graded[k];
        ASSERT_GE(fall, -1e-12) << k << " roundness " << roundness;           // never rises
        ASSERT_LE(fall, lastFall + 1e-9) << k << " roundness " << roundness;  // eases downstream
        lastFall = fall;
      }
    }
  }
}

// Rounded, the corner where a steep head meets the floor bends over many
// samples instead of one, and the bed lies deeper than the hull by little
// more than roundness * ln(2 sides).
TEST(GradedProfile, RoundnessBendsTheCornersAndCutsLittleDeeper) {
  const std::vector<double> bed = steepHead();
  const auto sharpestBend = [](const std::vector<double>& p) {
    double bend = 0.0;
    for (std::size_t k = 2; k < p.size(); ++k)
      bend = std::max(bend, (p[k - 2] - p[k - 1]) - (p[k - 1] - p[k]));
    return bend;
  };
  const std::vector<double> hull = gradedProfile(bed, 0.0);
  const std::vector<double> rounded = gradedProfile(bed, 2.0);
  EXPECT_NEAR(sharpestBend(hull), 0.49, 1e-9);
  EXPECT_LT(sharpestBend(rounded), 0.25 * sharpestBend(hull));
  for (std::size_t k = 0; k < bed.size(); ++k) {
    EXPECT_LE(rounded[k], hull[k] + 1e-12);
    EXPECT_GE(rounded[k], hull[k] - 2.0 * std::log(2.0) - 0.01);
  }
}

// The bed itself, where it already eases: nothing to wear.
TEST(GradedProfile, ABedThatAlreadyEasesIsKept) {
  std::vector<double> bed(100);
  for (std::size_t k = 0; k < bed.size(); ++k) {
    const double x = static_cast<double>(k) / 99.0;
    bed[k] = 1.0 - 2.0 * x + x * x;  // falls from 1 to 0, ever more gently
  }
  const std::vector<double> graded = gradedProfile(bed, 0.0);
  for (std::size_t k = 0; k < bed.size(); ++k) EXPECT_NEAR(graded[k], bed[k], 1e-12) << k;
}

// A step in the terrain: the graded bed cuts back into it instead of
// keeping the flat above and the plunge below.
TEST(GradedProfile, AStepIsCutBackIntoASteadyFall) {
  const std::vector<double> bed = stepDown();
  const std::vector<double> graded = gradedProfile(bed, 0.5);
  EXPECT_LT(graded[50], bed[50] - 3.0);
  double steepest = 0.0;
  for (std::size_t k = 1; k < graded.size(); ++k)
    steepest = std::max(steepest, graded[k - 1] - graded[k]);
  EXPECT_LT(steepest, 0.1);  // the bed plunges 8 in one sample
}

}  // namespace
}  // namespace terrain
