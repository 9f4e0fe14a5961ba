// The splat map: four weights per cell that always sum to 1 (255), rock on
// steep ground, snow up high, sediment where water gathers, grass elsewhere.
#include <gtest/gtest.h>

#include "core/document/pipeline.hpp"
#include "core/look/splat.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

constexpr int kR = 0, kG = 1, kB = 2, kA = 3;

Look hardEdges() {
  Look look;
  look.splatBlend = 0.0;
  look.water = 0.1;
  return look;
}

TEST(Splat, EveryTexelsWeightsSumToOne) {
  const Heightfield field = runPipeline(testing::docWith("diamond-square", {{"size", 129}}, 4));
  for (const double blend : {0.0, 0.05, 0.5}) {
    Look look;
    look.splatBlend = blend;
    for (const SplatTexel& t : computeSplat(field, look, World{})) {
      ASSERT_EQ(t[0] + t[1] + t[2] + t[3], 255) << "blend " << blend;
    }
  }
}

TEST(Splat, SteepGroundIsRockHighGroundSnowLowGroundSediment) {
  // Flat terraces at 0.05 (under water), 0.5 and 0.9.
  Heightfield field(40, 3);
  for (int y = 0; y < 3; ++y) {
    for (int x = 0; x < 40; ++x) field.at(x, y) = x < 10 ? 0.05f : x < 20 ? 0.5f : 0.9f;
  }
  const World world{390.0, 10.0};  // 10 m per cell
  const auto texels = computeSplat(field, hardEdges(), world);
  EXPECT_EQ(texels[field.index(5, 1)][kB], 255) << "under water";
  EXPECT_EQ(texels[field.index(15, 1)][kR], 255) << "flat mid-height grass";
  EXPECT_EQ(texels[field.index(25, 1)][kA], 255) << "flat high snow";
  // The step from 0.5 to 0.9 is 4 m over 2 cells (20 m): 11 degrees, grass or
  // snow; a 1000 m range makes it 400 m over 20 m: rock.
  const auto steep = computeSplat(field, hardEdges(), World{390.0, 1000.0});
  EXPECT_EQ(steep[field.index(20, 1)][kG], 255) << "a cliff is rock";
  EXPECT_NE(texels[field.index(20, 1)][kG], 255);
}

TEST(Splat, ErosionsFlowAndDepositionMakeSediment) {
  Heightfield field(8, 8);
  for (float& h : field.heights) h = 0.5f;
  ErosionMaps maps;
  maps.flow.assign(field.size(), 1.0f);
  maps.flow[field.index(3, 3)] = static_cast<float>(field.size());  // a river
  maps.deposition.assign(field.size(), 0.0f);
  maps.deposition[field.index(6, 6)] = 1.0f;  // a fan
  addErosion(field, maps);
  const auto texels = computeSplat(field, hardEdges(), World{});
  EXPECT_EQ(texels[field.index(3, 3)][kB], 255);
  EXPECT_EQ(texels[field.index(6, 6)][kB], 255);
  EXPECT_EQ(texels[field.index(1, 1)][kR], 255);
}

}  // namespace
}  // namespace terrain
