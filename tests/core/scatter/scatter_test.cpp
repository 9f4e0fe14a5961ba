// Scattering (core/scatter/scatter.hpp): a tile computed alone holds exactly the
// world's instances in its window, bit for bit; no two instances of a
// species stand nearer than its spacing; the count follows the density its
// mask asks for; one thread or two give the same bits.
#include "core/scatter/scatter.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace terrain {
namespace {

constexpr int kSide = 161;           // the world's samples across
constexpr double kCellMetres = 4.0;  // a 640 m world

Heightfield worldHeights() {
  Heightfield h(kSide, kSide);
  for (int y = 0; y < kSide; ++y) {
    for (int x = 0; x < kSide; ++x) {
      h.at(x, y) = static_cast<float>(0.5 + 0.3 * std::sin(x * 0.05) * std::cos(y * 0.07));
    }
  }
  return h;
}

Heightfield eastwardMask() {  // 0 in the west .. 1 in the east
  Heightfield m(kSide, kSide);
  for (int y = 0; y < kSide; ++y) {
    for (int x = 0; x < kSide; ++x) m.at(x, y) = static_cast<float>(x) / (kSide - 1);
  }
  return m;
}

std::vector<ScatterSpecies> twoSpecies() {
  ScatterSpecies grass;
  grass.density = 300.0, grass.spacing = 3.0, grass.slopeAlign = 0.5;
  ScatterSpecies tree;
  tree.density = 40.0, tree.spacing = 10.0, tree.rotationMin = 0.0, tree.rotationMax = 90.0;
  tree.scaleMin = 0.5, tree.scaleMax = 2.0;
  return {grass, tree};
}

auto bitsOf(const ScatterInstance& i) {
  return std::make_tuple(
      std::bit_cast<std::uint64_t>(i.x), std::bit_cast<std::uint64_t>(i.y),
      std::bit_cast<std::uint32_t>(i.height), std::bit_cast<std::uint32_t>(i.scale),
      std::bit_cast<std::uint32_t>(i.rotation), std::bit_cast<std::uint32_t>(i.upX),
      std::bit_cast<std::uint32_t>(i.upY), std::bit_cast<std::uint32_t>(i.upZ), i.species);
}

bool sameBits(const std::vector<ScatterInstance>& a, const std::vector<ScatterInstance>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (bitsOf(a[k]) != bitsOf(b[k])) return false;
  }
  return true;
}

// The cells [x0, x1] x [y0, y1] of `field`, as a map of their own.
Heightfield cut(const Heightfield& field, std::int64_t x0, std::int64_t y0, std::int64_t x1,
                std::int64_t y1) {
  Heightfield out(static_cast<int>(x1 - x0 + 1), static_cast<int>(y1 - y0 + 1));
  for (int y = 0; y < out.height; ++y) {
    for (int x = 0; x < out.width; ++x) {
      out.at(x, y) = field.at(static_cast<int>(x0 + x), static_cast<int>(y0 + y));
    }
  }
  return out;
}

std::int64_t nearestSample(double metres) {
  return static_cast<std::int64_t>(std::floor(metres / kCellMetres + 0.5));
}

struct World {
  Heightfield heights = worldHeights();
  Heightfield mask = eastwardMask();
  std::vector<ScatterSpecies> species = twoSpecies();

  std::vector<ScatterInstance> whole(const Execution& exec = {}) const {
    ScatterMaps maps{&heights, {&mask, nullptr}, 0, 0, kSide, kSide, kCellMetres, 300.0};
    return scatter(species, 7, maps, {0, 0, kSide - 1, kSide - 1}, exec);
  }

  // The tile [x0, x1] x [y0, y1] computed from its window of the maps and
  // the reach around it, nothing more.
  std::vector<ScatterInstance> tile(std::int64_t x0, std::int64_t y0, std::int64_t x1,
                                    std::int64_t y1) const {
    const std::int64_t reach = scatterReach(species, kCellMetres);
    const std::int64_t cx0 = std::max<std::int64_t>(0, x0 - reach);
    const std::int64_t cy0 = std::max<std::int64_t>(0, y0 - reach);
    const std::int64_t cx1 = std::min<std::int64_t>(kSide - 1, x1 + reach);
    const std::int64_t cy1 = std::min<std::int64_t>(kSide - 1, y1 + reach);
    const Heightfield h = cut(heights, cx0, cy0, cx1, cy1);
    const Heightfield m = cut(mask, cx0, cy0, cx1, cy1);
    ScatterMaps maps{&h, {&m, nullptr}, cx0, cy0, kSide, kSide, kCellMetres, 300.0};
    return scatter(species, 7, maps, {x0 - cx0, y0 - cy0, x1 - cx0, y1 - cy0}, Execution{1});
  }
};

TEST(Scatter, ATileAloneHoldsTheWorldsInstancesInItsWindowBitForBit) {
  const World world;
  const std::vector<ScatterInstance> all = world.whole();
  ASSERT_GT(all.size(), 3000u);
  for (const int tiles : {2, 4}) {
    const int side = (kSide + tiles - 1) / tiles;
    std::size_t found = 0;
    for (int ty = 0; ty < tiles; ++ty) {
      for (int tx = 0; tx < tiles; ++tx) {
        SCOPED_TRACE(std::to_string(tiles) + "x" + std::to_string(tiles) + " tile " +
                     std::to_string(tx) + "," + std::to_string(ty));
        const std::int64_t x0 = tx * side, y0 = ty * side;
        const std::int64_t x1 = std::min<std::int64_t>(kSide - 1, x0 + side - 1);
        const std::int64_t y1 = std::min<std::int64_t>(kSide - 1, y0 + side - 1);
        std::vector<ScatterInstance> window;
        for (const ScatterInstance& i : all) {
          const std::int64_t cx = nearestSample(i.x), cy = nearestSample(i.y);
          if (cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1) window.push_back(i);
        }
        const std::vector<ScatterInstance> alone = world.tile(x0, y0, x1, y1);
        EXPECT_TRUE(sameBits(alone, window)) << alone.size() << " against " << window.size();
        found += alone.size();
      }
    }
    EXPECT_EQ(found, all.size()) << "every instance is in one tile";
  }
}

TEST(Scatter, NoTwoInstancesOfASpeciesStandNearerThanItsSpacing) {
  const World world;
  std::vector<ScatterInstance> all = world.whole();
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) {
    return std::tie(a.species, a.x) < std::tie(b.species, b.x);
  });
  std::size_t pairsWithinTwice = 0;  // the spacing is met, not vastly exceeded
  for (std::size_t a = 0; a < all.size(); ++a) {
    const double spacing = world.species[all[a].species].spacing;
    for (std::size_t b = a + 1;
         b < all.size() && all[b].species == all[a].species && all[b].x - all[a].x < 2.0 * spacing;
         ++b) {
      const double d = std::hypot(all[b].x - all[a].x, all[b].y - all[a].y);
      ASSERT_GE(d, spacing) << "species " << all[a].species;
      pairsWithinTwice += d < 2.0 * spacing ? 1 : 0;
    }
  }
  EXPECT_GT(pairsWithinTwice, 100u);
  for (const ScatterInstance& i : all) {  // the looks within their ranges
    const ScatterSpecies& s = world.species[i.species];
    ASSERT_GE(i.scale, static_cast<float>(s.scaleMin));
    ASSERT_LE(i.scale, static_cast<float>(s.scaleMax));
    ASSERT_GE(i.rotation, 0.0f);
    ASSERT_LE(i.rotation, static_cast<float>(s.rotationMax * 3.14159265358979 / 180.0));
    ASSERT_NEAR(std::hypot(i.upX, i.upY, i.upZ), 1.0, 1e-6);
  }
}

// Half the world masked out: nothing there; in the other half the count
// is the density's, less at most the share pi * p a neighbour of higher
// priority can take (p: a candidate's keep probability), within five
// standard deviations.
TEST(Scatter, TheCountFollowsTheDensityItsMaskAsksFor) {
  const Heightfield heights = worldHeights();
  Heightfield mask(kSide, kSide);
  for (int y = 0; y < kSide; ++y) {
    for (int x = 0; x < kSide / 2; ++x) mask.at(x, y) = 1.0f;
  }
  for (const double density : {100.0, 400.0}) {
    ScatterSpecies s;
    s.density = density, s.spacing = 2.0;
    const ScatterMaps maps{&heights, {&mask}, 0, 0, kSide, kSide, kCellMetres, 300.0};
    const auto all = scatter({s}, 11, maps, {0, 0, kSide - 1, kSide - 1}, Execution{});
    for (const ScatterInstance& i : all) ASSERT_LT(nearestSample(i.x), kSide / 2);
    // The masked half: samples 0..79 across, every row.
    const double hectares = (kSide / 2) * kCellMetres * kSide * kCellMetres / 1e4;
    const double expected = density * hectares;
    const double p = density * s.spacing * s.spacing / 1e4;
    const double sigma = std::sqrt(expected);
    const auto count = static_cast<double>(all.size());
    EXPECT_LE(count, expected + 5.0 * sigma) << "density " << density;
    EXPECT_GE(count, expected * (1.0 - std::numbers::pi * p) - 5.0 * sigma)
        << "density " << density;
  }
}

TEST(Scatter, OneThreadOrTwoGiveTheSameBits) {
  const World world;
  const auto one = world.whole(Execution{1});
  const auto two = world.whole(Execution{2});
  ASSERT_GT(one.size(), 3000u);
  EXPECT_TRUE(sameBits(one, two));
  // And another seed is another scatter.
  ScatterMaps maps{&world.heights, {&world.mask, nullptr}, 0, 0, kSide, kSide, kCellMetres, 300.0};
  const auto other = scatter(world.species, 8, maps, {0, 0, kSide - 1, kSide - 1}, Execution{1});
  EXPECT_FALSE(sameBits(one, other));
}

TEST(Scatter, AnInstanceLeansWithTheSlopeAsFarAsItsSpeciesSays) {
  Heightfield plane(33, 33);  // rising east: 0.5 m a metre
  for (int y = 0; y < 33; ++y) {
    for (int x = 0; x < 33; ++x) plane.at(x, y) = static_cast<float>(x * kCellMetres * 0.5 / 100.0);
  }
  for (const double align : {0.0, 1.0}) {
    ScatterSpecies s;
    s.density = 500.0, s.spacing = 3.0, s.slopeAlign = align;
    const ScatterMaps maps{&plane, {}, 0, 0, 33, 33, kCellMetres, 100.0};
    const auto all = scatter({s}, 3, maps, {0, 0, 32, 32}, Execution{1});
    ASSERT_GT(all.size(), 20u);
    for (const ScatterInstance& i : all) {
      // The plane's normal: (-0.5, 0, 1) / |.|; upright: (0, 0, 1).
      EXPECT_NEAR(i.upX, align * -0.5 / std::sqrt(1.25), 1e-6);
      EXPECT_NEAR(i.upY, 0.0, 1e-6);
      EXPECT_NEAR(i.height, std::clamp(i.x, 0.0, 32.0 * kCellMetres) * 0.5, 1e-3);
    }
  }
}

TEST(Scatter, MapsHoldingLessThanTheReachAreRefused) {
  const World world;
  ScatterMaps maps{&world.heights, {&world.mask, nullptr}, 0, 0, 400, 400, kCellMetres, 300.0};
  // The maps end at sample 160 of a world 400 wide: a window at their edge
  // would need samples beyond them.
  EXPECT_THROW(scatter(world.species, 7, maps, {100, 100, 160, 160}, Execution{1}),
               std::invalid_argument);
}

}  // namespace
}  // namespace terrain
