#include "core/spec.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"

namespace terrain {
namespace {

TEST(Spec, DefaultsAndPresetsAreValid) {
  for (GeneratorId id : kAllGenerators) {
    EXPECT_NO_THROW(validate(defaultSpec(id))) << generatorInfo(id).key;
    EXPECT_NO_THROW(validate(articlePreset(id))) << generatorInfo(id).key;
  }
}

TEST(Spec, RejectsSizesOffTheGeneratorsGrid) {
  TerrainSpec spec = defaultSpec(GeneratorId::DiamondSquare);
  spec.size = 1024;
  EXPECT_THROW(validate(spec), InputError);
  spec.size = 1025;
  EXPECT_NO_THROW(validate(spec));
  spec.generator = GeneratorId::Coastline;
  EXPECT_THROW(validate(spec), InputError);
}

TEST(Spec, ParsesAndRejectsNumbers) {
  const ParamDesc* roughness = findParameter("roughness");
  ASSERT_NE(roughness, nullptr);
  EXPECT_DOUBLE_EQ(parseValue(*roughness, "0.25"), 0.25);
  EXPECT_THROW(parseValue(*roughness, "nan"), InputError);
  EXPECT_THROW(parseValue(*roughness, "inf"), InputError);
  EXPECT_THROW(parseValue(*roughness, "-0.1"), InputError);
  EXPECT_THROW(parseValue(*roughness, "0.5x"), InputError);
  EXPECT_THROW(parseValue(*roughness, ""), InputError);
  EXPECT_THROW(parseValue(*findParameter("iterations"), "2.5"), InputError);
  EXPECT_EQ(parseValue(*findParameter("scaling"), "article"), 1.0);
  EXPECT_THROW(parseValue(*findParameter("scaling"), "bogus"), InputError);
  EXPECT_EQ(parseSeed("18446744073709551615"), 18446744073709551615ULL);
  EXPECT_THROW(parseSeed("18446744073709551616"), InputError);
  EXPECT_THROW(parseSeed("-1"), InputError);
}

TEST(Spec, SettersRoundTripThroughTheTable) {
  for (const ParamDesc& p : parameterTable()) {
    if (p.info.type == ParamType::Seed) continue;
    TerrainSpec spec;
    p.set(spec, p.info.max);
    EXPECT_EQ(p.get(spec), p.info.max) << p.info.key;
  }
}

TEST(Spec, SnapsSizesToTheGrid) {
  EXPECT_EQ(snapSize(GeneratorId::DiamondSquare, 1000), 1025);
  EXPECT_EQ(snapSize(GeneratorId::Coastline, 100), 128);
  EXPECT_EQ(snapSize(GeneratorId::Rectangles, 100), 100);
}

// The panel greys out what does nothing for the current spec.
TEST(Spec, NamesParametersThatHaveNoEffect) {
  TerrainSpec coast = defaultSpec(GeneratorId::Coastline);
  EXPECT_FALSE(findParameter("roughness")->idleFor(coast).empty());    // classes mode
  EXPECT_FALSE(findParameter("start-cells")->idleFor(coast).empty());  // applet start
  EXPECT_TRUE(findParameter("classes")->idleFor(coast).empty());
  coast.coastline.mode = CoastMode::Heights;
  coast.coastline.start = CoastStart::Random;
  EXPECT_TRUE(findParameter("roughness")->idleFor(coast).empty());
  EXPECT_TRUE(findParameter("start-cells")->idleFor(coast).empty());
  EXPECT_FALSE(findParameter("classes")->idleFor(coast).empty());
  EXPECT_TRUE(findParameter("roughness")->idleFor(defaultSpec(GeneratorId::DiamondSquare)).empty());
  EXPECT_FALSE(
      findParameter("roughness")->idleFor(articlePreset(GeneratorId::DiamondSquare)).empty());
  EXPECT_TRUE(findParameter("water")->idleFor(coast).empty());
}

}  // namespace
}  // namespace terrain
