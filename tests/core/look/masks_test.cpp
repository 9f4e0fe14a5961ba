// Masks: the slope is the ground's angle in the world's metres, erosion's
// maps become masks only where a stage recorded them, and every mask is 0..1.
#include <gtest/gtest.h>

#include <cmath>

#include "core/base/error.hpp"
#include "core/look/masks.hpp"

namespace terrain {
namespace {

constexpr double kPi = 3.14159265358979323846;

// Height rises `rise` (0..1 units) per cell eastwards.
Heightfield eastSlope(int side, float rise, bool wraps = false) {
  Heightfield field(side, side);
  field.wraps = wraps;
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) field.at(x, y) = rise * static_cast<float>(x);
  }
  return field;
}

TEST(Masks, SlopeIsTheGroundsAngleInTheWorldsMetres) {
  // 65 samples over 640 m: 10 m per cell. 0.01 per cell of a 1000 m range
  // is 10 m up per 10 m across: 45 degrees, mask 0.5.
  const World world{640.0, 1000.0};
  const auto mask = computeMask(eastSlope(65, 0.01f), MaskKind::Slope, world);
  for (const float v : mask) ASSERT_NEAR(v, 0.5, 1e-5);
  // Half the height range: atan(0.5).
  const auto gentler = computeMask(eastSlope(65, 0.01f), MaskKind::Slope, World{640.0, 500.0});
  EXPECT_NEAR(gentler[100], std::atan(0.5) * 2.0 / kPi, 1e-5);
  // Flat ground is 0.
  Heightfield flat(9, 9);
  for (const float v : computeMask(flat, MaskKind::Slope, world)) EXPECT_EQ(v, 0.0f);
}

TEST(Masks, SlopeOnATorusReadsAcrossTheEdge) {
  Heightfield field(16, 16);
  field.wraps = true;
  field.at(15, 3) = 1.0f;  // a spike on the east edge
  const auto mask = computeMask(field, MaskKind::Slope, World{160.0, 100.0});
  EXPECT_GT(mask[field.index(0, 3)], 0.1f) << "the west edge sees its wrapped neighbour";
  EXPECT_EQ(mask[field.index(0, 8)], 0.0f);
}

TEST(Masks, ErosionMasksNeedAStageThatRecordedThem) {
  Heightfield field = eastSlope(8, 0.1f);
  for (const MaskKind kind : {MaskKind::Flow, MaskKind::Wear, MaskKind::Deposition}) {
    EXPECT_FALSE(maskUnavailable(field, kind).empty());
    EXPECT_THROW(computeMask(field, kind, World{}), InputError);
  }
  ErosionMaps maps;
  maps.flow.assign(field.size(), 1.0f);
  maps.flow[5] = static_cast<float>(field.size());  // everything drains here
  maps.wear.assign(field.size(), 0.0f);
  for (std::size_t i = 0; i < 32; ++i) maps.wear[i] = static_cast<float>(i);
  maps.wear[40] = 1e6f;  // one extreme cell does not wash the rest out
  addErosion(field, maps);
  EXPECT_TRUE(maskUnavailable(field, MaskKind::Flow).empty());
  EXPECT_FALSE(maskUnavailable(field, MaskKind::Deposition).empty()) << "none recorded";
  const auto flow = computeMask(field, MaskKind::Flow, World{});
  EXPECT_NEAR(flow[5], 1.0f, 1e-6);
  EXPECT_NEAR(flow[0], std::log(2.0) / std::log(65.0), 1e-6);
  const auto wear = computeMask(field, MaskKind::Wear, World{});
  EXPECT_EQ(wear[0], 0.0f);
  EXPECT_EQ(wear[40], 1.0f);
  EXPECT_GT(wear[31], 0.9f);
  EXPECT_LT(wear[16], 0.6f);
  for (const float v : wear) {
    EXPECT_GE(v, 0.0f);
    EXPECT_LE(v, 1.0f);
  }
}

TEST(Masks, LaterStagesAddWearAndReplaceFlow) {
  Heightfield field(4, 4);
  addErosion(field, ErosionMaps{std::vector<float>(16, 2.0f), std::vector<float>(16, 1.0f), {}});
  addErosion(field, ErosionMaps{std::vector<float>(16, 5.0f), std::vector<float>(16, 0.5f),
                                std::vector<float>(16, 0.25f)});
  EXPECT_EQ(field.erosion->flow[3], 5.0f);
  EXPECT_EQ(field.erosion->wear[3], 1.5f);
  EXPECT_EQ(field.erosion->deposition[3], 0.25f);
}

}  // namespace
}  // namespace terrain
