// Engine sizes: a source generates the next size it makes, then the map is
// cropped (the same cells) or resampled (the same world) to the engine's side.
#include <gtest/gtest.h>

#include <string>

#include "core/base/error.hpp"
#include "core/document/pipeline.hpp"
#include "core/export/engine_size.hpp"
#include "core/nodes/registry.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

int sizeOf(const Document& doc) {
  return sourceStage(chainSource(doc.graph).type).size(chainSource(doc.graph).values);
}

TEST(EngineSize, TheSourceMakesTheSmallestSizeThatHoldsTheSide) {
  const Document ds = defaultDocument("diamond-square");  // 2^n + 1
  EXPECT_EQ(sizeOf(documentForSide(ds, 1009)), 1025);
  EXPECT_EQ(sizeOf(documentForSide(ds, 8129)), 8193);
  EXPECT_EQ(sizeOf(documentForSide(ds, 257)), 257);
  const Document coast = defaultDocument("coastline");  // 2^n
  EXPECT_EQ(sizeOf(documentForSide(coast, 1009)), 1024);
  EXPECT_EQ(sizeOf(documentForSide(coast, 4097)), 8192);
  EXPECT_THROW(documentForSide(defaultDocument("midpoint"), 1009), InputError);  // a profile
}

TEST(EngineSize, CropKeepsTheCellsAndShrinksTheWorld) {
  const Document doc = documentForSide(testing::docWith("diamond-square", {{"size", 65}}, 3), 50);
  const Heightfield field = runPipeline(doc);
  const World world{6400.0, 1000.0};  // 100 m per cell at 65
  const FittedMap fitted = fitToSide(field, world, 50, FitMode::Crop);
  ASSERT_EQ(fitted.field.width, 50);
  ASSERT_EQ(fitted.field.height, 50);
  for (int y = 0; y < 50; ++y) {
    for (int x = 0; x < 50; ++x) ASSERT_EQ(fitted.field.at(x, y), field.at(x, y)) << x << "," << y;
  }
  EXPECT_DOUBLE_EQ(fitted.world.width, 4900.0);
  EXPECT_DOUBLE_EQ(metresPerCell(fitted.world, 50, false), 100.0);
}

TEST(EngineSize, ResampleKeepsTheWholeWorldAndItsCorners) {
  const Heightfield field = runPipeline(testing::docWith("diamond-square", {{"size", 65}}, 3));
  const World world{6400.0, 1000.0};
  const FittedMap fitted = fitToSide(field, world, 50, FitMode::Resample);
  EXPECT_EQ(fitted.world, world);
  EXPECT_EQ(fitted.field.at(0, 0), field.at(0, 0));
  EXPECT_EQ(fitted.field.at(49, 0), field.at(64, 0));
  EXPECT_EQ(fitted.field.at(0, 49), field.at(0, 64));
  EXPECT_EQ(fitted.field.at(49, 49), field.at(64, 64));
  const HeightStats before = computeStats(field);
  const HeightStats after = computeStats(fitted.field);
  EXPECT_GE(after.min, before.min);  // bilinear never leaves the range
  EXPECT_LE(after.max, before.max);
  EXPECT_NEAR(after.mean, before.mean, 0.02);
}

TEST(EngineSize, ErosionMapsFollowTheHeights) {
  Heightfield field(9, 9);
  ErosionMaps maps;
  maps.wear.resize(field.size());
  for (std::size_t i = 0; i < field.size(); ++i) maps.wear[i] = static_cast<float>(i);
  addErosion(field, maps);
  const FittedMap fitted = fitToSide(field, World{}, 5, FitMode::Crop);
  ASSERT_TRUE(fitted.field.erosion);
  EXPECT_EQ(fitted.field.erosion->wear[fitted.field.index(4, 4)], maps.wear[field.index(4, 4)]);
  EXPECT_TRUE(fitted.field.erosion->flow.empty());
}

TEST(EngineSize, UnknownSizesAndFitsAreRefusedNamingTheAllowedOnes) {
  try {
    engineSize("unreal-1000");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("unreal-1009"), std::string::npos) << message;
    EXPECT_NE(message.find("unity-4097"), std::string::npos) << message;
  }
  EXPECT_EQ(engineSize("unreal-4033").side, 4033);
  EXPECT_THROW(fitMode("stretch"), InputError);
  EXPECT_EQ(fitMode("resample"), FitMode::Resample);
  EXPECT_THROW(fitToSide(Heightfield(9, 9), World{}, 17, FitMode::Crop), InputError);
}

}  // namespace
}  // namespace terrain
