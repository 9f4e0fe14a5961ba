// Any size is the preview's landscape (issue 38 item 1): the landscape is
// a function of the world, not of the sample count, so every side the
// window or the CLI offers (the engines' 505 .. 8129, a 512 or 1024 texture) holds
// the 257 preview's massif at the same world positions, for every preset
// and example. (landforms_test holds the 2^k + 1 exports, whose samples
// include the preview's; these sides' samples fall between them.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/grid_levels.hpp"
#include "core/document/presets.hpp"
#include "core/document/project.hpp"
#include "core/export/engine_size.hpp"
#include "core/graph/graph.hpp"
#include "core/nodes/registry.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/build_kind.hpp"
#include "tests/support/landform_metrics.hpp"
#include "tests/support/world_agreement.hpp"

namespace terrain {
namespace {

constexpr double kLeastAgreement = 0.95;

void expectThePreviewsLandscape(const Document& doc, const std::string& name,
                                std::initializer_list<int> sides) {
  const testing::PlacedMap preview = testing::previewOf(doc);
  for (const int side : sides) {
    const double r = testing::agreementInTheWorld(preview, testing::mapAt(doc, side));
    EXPECT_GT(r, kLeastAgreement) << name << " at " << side;
    std::printf("%s at %d: %.4f\n", name.c_str(), side, r);
  }
}

std::vector<std::string_view> presetKeys() {
  std::vector<std::string_view> keys;
  for (const LandformPreset& preset : landformPresets()) keys.push_back(preset.key);
  return keys;
}

class AnySize : public ::testing::TestWithParam<std::string_view> {};

// 505 (Unreal's smallest landscape) and 512 (a texture) are the two kinds
// of side whose samples are not the preview's: a solve grid between the
// map's samples (504 cells, 511 cells), the arithmetic every larger such
// side runs (1009, 1024, 2017, 4033: BM_AnySizeAgreement in
// tests/bench/any_size_bench.cpp measures them), at a quarter of 1009's
// cost, so the sanitizers run it too.
TEST_P(AnySize, AnEngineOrTextureSideIsThePreviewsLandscape) {
  if (testing::kUnoptimised) GTEST_SKIP() << "the presets' sizes run optimised, not in Debug";
  const std::string key(GetParam());
  expectThePreviewsLandscape(landformDocument(key), key, {505, 512});
}

std::string caseName(const ::testing::TestParamInfo<std::string_view>& info) {
  std::string name(info.param);
  std::replace(name.begin(), name.end(), '-', '_');
  std::replace(name.begin(), name.end(), '.', '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Presets, AnySize, ::testing::ValuesIn(presetKeys()), caseName);

class AnySizeExample : public ::testing::TestWithParam<std::string_view> {};

// The examples a designer opens to learn, at an Unreal side.
TEST_P(AnySizeExample, AnUnrealSideIsThePreviewsLandscape) {
  if (testing::kUnoptimised) GTEST_SKIP() << "the examples' sizes run optimised, not in Debug";
  const std::string name(GetParam());
  expectThePreviewsLandscape(loadProject(TERRAIN_SOURCE_DIR "/examples/" + name), name, {505});
}

INSTANTIATE_TEST_SUITE_P(Examples, AnySizeExample,
                         ::testing::Values("eroded-high-ground.json", "mesa-in-hills.json",
                                           "mountains-and-plains.json", "painted-range.json",
                                           "tileable-highlands.json"),
                         caseName);

// The size menu: each side it offers the source makes, each says what it
// is for, and a map source offers the engines' sides next to the preview.
TEST(SizeMenu, OffersThePreviewAndTheEnginesSidesTheSourceMakes) {
  const auto sidesOf = [](std::string_view key) {
    std::vector<int> sides;
    for (const SizeChoice& c : mapSizeChoices(sourceStage(key))) {
      EXPECT_TRUE(sourceStage(key).sizeAllowed(c.side)) << key << " " << c.side;
      EXPECT_FALSE(c.use.empty()) << key << " " << c.side;
      sides.push_back(c.side);
    }
    EXPECT_TRUE(std::is_sorted(sides.begin(), sides.end())) << key;
    return sides;
  };
  const std::vector<int> noise = sidesOf("noise");
  for (const int side : {257, 505, 512, 513, 1009, 1024, 1025, 2017, 4033, 8129, 8193}) {
    EXPECT_NE(std::find(noise.begin(), noise.end(), side), noise.end()) << side;
  }
  EXPECT_EQ(sidesOf("diamond-square"), (std::vector<int>{257, 513, 1025, 2049, 4097, 8193}));
  EXPECT_EQ(sidesOf("coastline"), (std::vector<int>{256, 512, 1024, 2048, 4096, 8192}));
}

// A side whose samples are not the preview's solves on the preview's own
// cells over the same world; a 2^k + 1 side on every stride-th sample.
TEST(SolveGrid, IsThePreviewsCellsAtEverySide) {
  const SolveGrid unreal = solveGridOf(1009, 1009, false, 257);
  EXPECT_TRUE(unreal.resampled);
  EXPECT_EQ(unreal.width, 257);
  const SolveGrid texture = solveGridOf(1024, 1024, false, 257);
  EXPECT_TRUE(texture.resampled);
  EXPECT_EQ(texture.width, 257);
  const SolveGrid unity = solveGridOf(1025, 1025, false, 257);
  EXPECT_FALSE(unity.resampled);
  EXPECT_EQ(unity.stride, 4);
  EXPECT_EQ(unity.width, 257);
  const SolveGrid torus = solveGridOf(1024, 1024, true, 257);
  EXPECT_FALSE(torus.resampled);
  EXPECT_EQ(torus.width, 256);
  EXPECT_EQ(solveGridOf(257, 257, false, 257).width, 0);  // the preview solves on itself
}

// Read back between the map's samples, a smooth surface comes back
// through the grid as it was (Catmull-Rom is exact on a plane and near on
// a gentle curve), so a solve's change lands where the solve put it.
TEST(SolveGrid, ASmoothSurfaceSurvivesTheGridAndBack) {
  Heightfield map(1009, 1009);
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      map.at(x, y) =
          static_cast<float>(0.5 + 0.3 * std::sin(x * 0.004) * std::cos(y * 0.003) + 1e-4 * x);
    }
  }
  const SolveGrid grid = solveGridOf(map.width, map.height, false, 257);
  const Heightfield coarse = sampleOnGrid(map, grid, false);
  ASSERT_EQ(coarse.width, 257);
  const std::vector<float> back =
      upsampleCubic(coarse.heights, grid, map.width, map.height, false, Execution{1});
  double worst = 0.0;
  for (std::size_t i = 0; i < back.size(); ++i) {
    worst = std::max(worst, std::abs(static_cast<double>(back[i] - map.heights[i])));
  }
  EXPECT_LT(worst, 1e-4);
}

}  // namespace
}  // namespace terrain
