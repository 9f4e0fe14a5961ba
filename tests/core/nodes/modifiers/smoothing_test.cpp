#include "core/nodes/modifiers/smoothing.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "core/base/random.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

using testing::checksum;

// Article 000's smoothing loop, written out literally as the reference.
void articleLoop(std::vector<int>& h, int passes) {
  const int n = static_cast<int>(h.size());
  for (int start = 1; start <= passes; ++start) {
    for (int i = start; i < n - 1; i += 2) {
      h[static_cast<std::size_t>(i)] =
          (h[static_cast<std::size_t>(i - 1)] + h[static_cast<std::size_t>(i + 1)]) / 2;
    }
  }
}

Heightfield noiseField(int width, int height, std::uint64_t seed) {
  Heightfield f(width, height);
  const RandomStream stream(seed, 99);
  for (std::size_t i = 0; i < f.size(); ++i) f.heights[i] = stream.signedUnit(i);
  return f;
}

double mean(const Heightfield& f) {
  double sum = 0.0;
  for (float v : f.heights) sum += static_cast<double>(v);
  return sum / static_cast<double>(f.size());
}

double variance(const Heightfield& f) {
  const double m = mean(f);
  double sum = 0.0;
  for (float v : f.heights) sum += (static_cast<double>(v) - m) * (static_cast<double>(v) - m);
  return sum / static_cast<double>(f.size());
}

// A smooth signal on [0, 1], sampled at n points (t = i / (n - 1)).
Heightfield sampledSignal(int n) {
  Heightfield f(n, 1);
  for (int i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) / (n - 1);
    f.heights[static_cast<std::size_t>(i)] = static_cast<float>(
        std::sin(2 * std::numbers::pi * 3 * t) + 0.5 * std::cos(2 * std::numbers::pi * 7 * t + 1));
  }
  return f;
}

TEST(ArticleSmoothing, MatchesTheArticlesLoop) {
  const RandomStream stream(7, 1);
  std::uint64_t index = 0;
  for (int n : {0, 1, 2, 3, 4, 5, 6, 17, 640, 1001}) {
    for (int passes : {0, 1, 2, 3, 10, 25, n + 3}) {
      std::vector<int> heights(static_cast<std::size_t>(n));
      for (int& h : heights) h = static_cast<int>(stream.below(index++, 301));
      std::vector<int> expected = heights;
      articleLoop(expected, passes);
      smoothArticlePasses(heights, passes);
      EXPECT_EQ(heights, expected) << "n " << n << ", passes " << passes;
    }
  }
}

TEST(ArticleSmoothing, StartIndexMovesEachPass) {
  // Pass 1 touches index 1, later odd passes start further right: index 1
  // is averaged once only, from the untouched ends.
  std::vector<int> h = {0, 100, 50, 100, 0, 100, 0};
  smoothArticlePasses(h, 3);
  // Pass 1: h1 = 25, h3 = 25, h5 = 0; pass 2: h2 = 25, h4 = 12; pass 3
  // (from index 3): h3 = 18, h5 = 6. Integer division rounds down.
  EXPECT_EQ(h, (std::vector<int>{0, 25, 25, 18, 12, 6, 0}));
}

TEST(ScaledSmoothing, ZeroPassesIsTheIdentity) {
  for (auto [w, h] : {std::pair{1025, 1}, std::pair{65, 33}}) {
    Heightfield f = noiseField(w, h, 1);
    const auto before = checksum(f);
    smoothScaled(f, 0, false, {});
    EXPECT_EQ(checksum(f), before);
    smoothScaled(f, 0, true, {});
    EXPECT_EQ(checksum(f), before);
  }
}

TEST(ScaledSmoothing, FlatFieldStaysFlatBitForBit) {
  for (int passes : {1, 10, 200}) {
    Heightfield f(129, 129);
    std::fill(f.heights.begin(), f.heights.end(), 0.3f);
    smoothScaled(f, passes, false, {});
    EXPECT_TRUE(std::all_of(f.heights.begin(), f.heights.end(), [](float v) { return v == 0.3f; }))
        << passes;
  }
}

// The blur of a single spike is the kernel: its variance must be the sigma
// the contract names, for small (direct) and large (box) kernels alike.
TEST(ScaledSmoothing, KernelVarianceIsPassesOverTwoPreviewCells) {
  for (int width : {257, 1025, 8193}) {
    for (int passes : {1, 2, 10, 50, 200}) {
      Heightfield f(width, 1);
      const int centre = width / 2;
      f.heights[static_cast<std::size_t>(centre)] = 1.0f;
      smoothScaled(f, passes, false, {});
      double mass = 0.0;
      double second = 0.0;
      for (int i = 0; i < width; ++i) {
        const auto v = static_cast<double>(f.heights[static_cast<std::size_t>(i)]);
        mass += v;
        second += v * (i - centre) * (i - centre);
      }
      const double sigma = smoothingSigma(passes, width);
      EXPECT_NEAR(sigma, std::sqrt(passes / 2.0) * (width - 1) / 256.0, 1e-12);
      EXPECT_NEAR(mass, 1.0, 1e-4) << width << " " << passes;
      EXPECT_NEAR(second / mass, sigma * sigma, 0.01 * sigma * sigma + 0.005)
          << width << " " << passes;
    }
  }
}

TEST(ScaledSmoothing, KeepsTheMeanAndLowersTheVariance) {
  for (auto [w, h] : {std::pair{4097, 1}, std::pair{257, 257}}) {
    const Heightfield source = noiseField(w, h, 3);
    double last = variance(source);
    for (int passes : {1, 2, 4, 10, 30, 100}) {
      Heightfield clamped = source;
      smoothScaled(clamped, passes, false, {});
      EXPECT_NEAR(mean(clamped), mean(source), 0.02) << w << "x" << h << ", " << passes;
      // On a torus nothing leaves at the edges: the mean is kept exactly
      // (up to rounding), and each pass more lowers the variance. (With
      // replicated edges the border samples gain weight as the kernel
      // widens, so there the variance of white noise need not fall.)
      Heightfield torus = source;
      smoothScaled(torus, passes, true, {});
      EXPECT_NEAR(mean(torus), mean(source), 1e-5) << w << "x" << h << ", " << passes;
      const double v = variance(torus);
      EXPECT_LT(v, last) << w << "x" << h << ", " << passes;
      last = v;
    }
  }
}

// "As smooth at every size": the same signal at 257 and 1025 samples,
// smoothed with the same passes, agrees where the samples coincide.
TEST(ScaledSmoothing, ResolutionIndependent) {
  for (int passes : {1, 3, 10, 40}) {
    Heightfield preview = sampledSignal(257);
    Heightfield large = sampledSignal(1025);
    smoothScaled(preview, passes, false, {});
    smoothScaled(large, passes, false, {});
    double worst = 0.0;
    for (int i = 0; i < 257; ++i) {
      worst = std::max(worst, std::abs(double(preview.heights[static_cast<std::size_t>(i)]) -
                                       double(large.heights[static_cast<std::size_t>(4 * i)])));
    }
    EXPECT_LT(worst, 2e-3) << passes;
    // ...while it really smooths: the signal's peaks are lowered.
    Heightfield raw = sampledSignal(1025);
    EXPECT_LT(variance(large), variance(raw)) << passes;
  }
}

TEST(ScaledSmoothing, WrapTreatsTheFieldAsATorus) {
  // Shifting a torus field then smoothing equals smoothing then shifting.
  const int w = 96;
  const int h = 64;
  const int dx = 37;
  const int dy = 21;
  const Heightfield source = noiseField(w, h, 5);
  Heightfield shifted(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) shifted.at((x + dx) % w, (y + dy) % h) = source.at(x, y);
  }
  Heightfield a = source;
  smoothScaled(a, 200, true, {});
  smoothScaled(shifted, 200, true, {});
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      ASSERT_NEAR(shifted.at((x + dx) % w, (y + dy) % h), a.at(x, y), 1e-5) << x << "," << y;
    }
  }
  // A spike at the left edge spreads to the right edge only when wrapping.
  Heightfield spike(257, 1);
  spike.heights[0] = 1.0f;
  Heightfield clamped = spike;
  smoothScaled(spike, 10, true, {});
  smoothScaled(clamped, 10, false, {});
  EXPECT_GT(spike.heights[256], 0.01f);
  EXPECT_NEAR(spike.heights[256], spike.heights[1], 1e-6);
  EXPECT_LT(clamped.heights[256], 1e-6f);
}

TEST(ScaledSmoothing, AStraightSlopeStaysStraight) {
  // Symmetric kernels keep linear functions; this runs across the stretch
  // boundaries of a long profile (blurred in parallel pieces).
  const int n = (1 << 20) + 1;
  Heightfield f(n, 1);
  for (int i = 0; i < n; ++i) f.heights[static_cast<std::size_t>(i)] = float(i) / float(n);
  const Heightfield source = f;
  smoothScaled(f, 10, false, {});
  const auto margin = static_cast<int>(4 * smoothingSigma(10, n));
  float worst = 0.0f;
  for (int i = margin; i < n - margin; ++i) {
    const auto k = static_cast<std::size_t>(i);
    worst = std::max(worst, std::abs(f.heights[k] - source.heights[k]));
  }
  EXPECT_LT(worst, 1e-6f);
  // Clamped ends: the slope flattens towards the end values, never beyond.
  EXPECT_GT(f.heights[0], source.heights[0]);
  EXPECT_LT(f.heights[static_cast<std::size_t>(n - 1)],
            source.heights[static_cast<std::size_t>(n - 1)]);
}

TEST(ScaledSmoothing, RowsThenColumns) {
  // Every row the same profile: the heightmap's rows come out as the
  // profile smoothed alone, bit for bit (the columns are flat).
  const Heightfield profile = noiseField(200, 1, 8);
  Heightfield map(200, 50);
  for (int y = 0; y < 50; ++y) {
    std::copy(profile.heights.begin(), profile.heights.end(),
              map.heights.begin() + static_cast<std::ptrdiff_t>(y) * 200);
  }
  Heightfield smoothed = profile;
  smoothScaled(smoothed, 12, false, {});
  smoothScaled(map, 12, false, {});
  for (int y = 0; y < 50; ++y) {
    for (int x = 0; x < 200; ++x) ASSERT_EQ(map.at(x, y), smoothed.at(x, 0)) << x << "," << y;
  }
}

TEST(ScaledSmoothing, SameBitsForAnyThreadCount) {
  for (bool wrap : {false, true}) {
    for (auto [w, h] : {std::pair{(1 << 20) + 1, 1}, std::pair{300, 301}, std::pair{40, 40}}) {
      Heightfield one = noiseField(w, h, 11);
      Heightfield two = one;
      smoothScaled(one, 20, wrap, Execution{1});
      smoothScaled(two, 20, wrap, Execution{2});
      EXPECT_EQ(checksum(one), checksum(two)) << w << "x" << h << " wrap " << wrap;
    }
  }
}

}  // namespace
}  // namespace terrain
