// The parity-split article pass against the article's literal loop.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/base/random.hpp"
#include "core/nodes/modifiers/smoothing.hpp"

namespace terrain {
namespace {

TEST(SmoothArticleSplit, MatchesTheLiteralLoopForEveryLengthAndPassCount) {
  const RandomStream stream(7, 0);
  for (std::size_t n = 0; n < 40; ++n) {
    for (int passes = 0; passes < 45; ++passes) {
      std::vector<int> line(n);
      for (std::size_t i = 0; i < n; ++i) {
        // Negative values too: the split pass keeps the truncating division.
        line[i] = static_cast<int>(stream.below(n * 100 + i, 2001)) - 1000;
        if (i == 1) line[i] = (1 << 22) - 1;  // large odd values stay exact
      }
      std::vector<float> even((n + 1) / 2);
      std::vector<float> odd(n / 2);
      for (std::size_t i = 0; i < n; ++i) {
        (i % 2 == 0 ? even : odd)[i / 2] = static_cast<float>(line[i]);
      }
      smoothArticlePasses(line, passes);
      smoothArticlePassesSplit(even.data(), odd.data(), static_cast<std::ptrdiff_t>(n), passes);
      for (std::size_t i = 0; i < n; ++i) {
        ASSERT_EQ((i % 2 == 0 ? even : odd)[i / 2], static_cast<float>(line[i]))
            << "n " << n << " passes " << passes << " i " << i;
      }
    }
  }
}

// Long enough for the passes to run as a wavefront over several blocks.
TEST(SmoothArticleSplit, MatchesTheLiteralLoopOnLongLines) {
  const RandomStream stream(11, 0);
  for (std::size_t n : {4095U, 4096U, 4097U, 10001U, 30000U}) {
    for (int passes : {1, 2, 9, 10, 11, 64, 3000}) {
      std::vector<int> line(n);
      for (std::size_t i = 0; i < n; ++i) line[i] = static_cast<int>(stream.below(n + i, 301));
      std::vector<float> even((n + 1) / 2);
      std::vector<float> odd(n / 2);
      for (std::size_t i = 0; i < n; ++i) {
        (i % 2 == 0 ? even : odd)[i / 2] = static_cast<float>(line[i]);
      }
      smoothArticlePasses(line, passes);
      smoothArticlePassesSplit(even.data(), odd.data(), static_cast<std::ptrdiff_t>(n), passes);
      for (std::size_t i = 0; i < n; ++i) {
        ASSERT_EQ((i % 2 == 0 ? even : odd)[i / 2], static_cast<float>(line[i]))
            << "n " << n << " passes " << passes << " i " << i;
      }
    }
  }
}

}  // namespace
}  // namespace terrain
