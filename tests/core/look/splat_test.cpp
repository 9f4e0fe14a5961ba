// The splat map: five weights per cell that always sum to 1 (255), rock on
// steep ground, snow up high, sediment where water gathers, wet ground (when
// the look asks for it) on wet flat ground and damp shaded slopes, grass
// elsewhere.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "core/document/pipeline.hpp"
#include "core/document/presets.hpp"
#include "core/document/project.hpp"
#include "core/hydrology/water.hpp"
#include "core/look/masks.hpp"
#include "core/look/splat.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

constexpr int kR = 0, kG = 1, kB = 2, kA = 3, kWet = 4;

int sum(const SplatTexel& t) {
  int total = 0;
  for (const std::uint8_t w : t) total += w;
  return total;
}

Look hardEdges() {
  Look look;
  look.splatBlend = 0.0;
  look.water = 0.1;
  return look;
}

TEST(Splat, EveryTexelsWeightsSumToOne) {
  const Heightfield field = runPipeline(testing::docWith("diamond-square", {{"size", 129}}, 4));
  for (const double blend : {0.0, 0.05, 0.5}) {
    for (const bool wet : {false, true}) {
      Look look;
      look.splatBlend = blend;
      look.wetGround = wet;
      for (const SplatTexel& t : computeSplat(field, look, World{})) {
        ASSERT_EQ(sum(t), 255) << "blend " << blend << " wet " << wet;
        if (!wet) {
          ASSERT_EQ(t[kWet], 0) << "no wet ground unless the look asks";
        }
      }
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

// River valley at its own size (513), the look's wet ground on: the water
// model's wetness as the splat reads it (the look's water level and
// climate), and the splat with and without wet ground.
struct WetValley {
  Heightfield field;
  Look look;
  World world;
  std::vector<float> wetness;
  std::vector<float> slope;
  std::vector<SplatTexel> dry;  // wet ground off
  std::vector<SplatTexel> wet;  // on
};
const WetValley& wetValley() {
  static const WetValley v = [] {
    WetValley out;
    const Document doc = landformDocument("river-valley");
    out.field = runPipeline(doc);
    out.look = doc.look;
    out.world = doc.world;
    WaterParams params;
    params.seaLevel = elevationOf(doc.world, doc.look.water);
    params.rainfall = doc.look.rainfall;
    params.evaporation = doc.look.evaporation;
    out.wetness =
        computeWater(out.field, nullptr, doc.world,
                     metresPerCell(doc.world, out.field.width, out.field.wraps), params, {})
            .wetness;
    out.slope = computeMask(out.field, MaskKind::Slope, doc.world);
    out.dry = computeSplat(out.field, out.look, out.world);
    out.look.wetGround = true;
    out.wet = computeSplat(out.field, out.look, out.world);
    return out;
  }();
  return v;
}

TEST(Splat, WetGroundIsTheSameBitsOnEveryThreadCount) {
  const WetValley& v = wetValley();
  for (const int threads : {1, 2, 3}) {
    EXPECT_EQ(computeSplat(v.field, v.look, v.world, Execution{threads}), v.wet)
        << threads << " threads";
  }
}

// Mud where the water model says the ground is wet and it is flat, nothing
// where it is dry, and only in grass's place: rock, sediment and snow keep
// their weights (within the bytes' rounding).
TEST(Splat, WetGroundLiesOnWetFlatGroundNowhereDryAndOnlyInGrasssPlace) {
  const WetValley& v = wetValley();
  const double t = v.look.wetThreshold;
  const double blend = v.look.splatBlend;
  std::size_t wetFlat = 0, wetFlatMud = 0, dry = 0, land = 0, wetCells = 0;
  double wetFlatWeight = 0.0;
  for (std::size_t i = 0; i < v.field.size(); ++i) {
    const double w = static_cast<double>(v.wetness[i]);
    const double degrees = static_cast<double>(v.slope[i]) * 90.0;
    for (const int m : {kG, kB, kA}) {
      ASSERT_LE(std::abs(int(v.wet[i][std::size_t(m)]) - int(v.dry[i][std::size_t(m)])), 2)
          << "material " << m << " at " << i;
    }
    ASSERT_LE(v.wet[i][kWet], v.dry[i][kR] + 2) << "wet ground takes grass's place";
    if (v.dry[i][kR] == 255) ++land;
    if (v.wet[i][kWet] > 0) ++wetCells;
    if (w < 0.5 * t - blend) {
      ++dry;
      ASSERT_EQ(v.wet[i][kWet], 0) << "dry ground (wetness " << w << ") at " << i;
    }
    // All grass without it, wet past the threshold and flatter than the mud slope.
    if (v.dry[i][kR] == 255 && w >= t + blend &&
        degrees <= v.look.mudSlope - v.look.splatBlend * 90.0) {
      ++wetFlat;
      wetFlatWeight += v.wet[i][kWet];
      if (v.wet[i][kWet] >= 250) ++wetFlatMud;
    }
  }
  ASSERT_GT(dry, v.field.size() / 4) << "the valley is mostly dry ground";
  ASSERT_GT(wetFlat, 500u) << "the valley has wet flats along its river";
  EXPECT_EQ(wetFlatMud, wetFlat) << "every wet flat is mud";
  // A claim about the preset, not the rules: wet ground is a feature of
  // the valley floor, not the whole map (measured 2026-11-28: see the
  // printed share).
  const double share = double(wetCells) / double(land);
  std::printf(
      "river valley 513: %zu of %zu all-grass cells become wet ground (%.1f%%), %zu wet "
      "flats, mean weight %.1f\n",
      wetCells, land, 100.0 * share, wetFlat, wetFlatWeight / double(wetFlat));
  EXPECT_GT(share, 0.01);
  EXPECT_LT(share, 0.6);
}

// A slope too steep for mud, with the sea at its foot: moss on it where it
// is damp when it faces away from the sun, none when it faces the sun.
TEST(Splat, MossGrowsOnDampSlopesTurnedFromTheSunNotOnThoseFacingIt) {
  // Rows rise southwards (down the map) 20 degrees: 10 m cells, 3.64 m a row.
  Heightfield field(32, 48);
  const World world{310.0, 1000.0};  // 10 m per cell (31 cells), 1000 m range
  for (int y = 0; y < field.height; ++y) {
    for (int x = 0; x < field.width; ++x) field.at(x, y) = 0.2f + 0.00364f * float(y);
  }
  Look look;
  look.wetGround = true;
  look.water = 0.22;  // the northern rows are sea
  const auto wetCount = [&](double sunAzimuth) {
    look.sunAzimuth = sunAzimuth;
    std::size_t n = 0;
    for (const SplatTexel& t : computeSplat(field, look, world)) n += t[kWet] > 0 ? 1U : 0U;
    return n;
  };
  const std::size_t shaded = wetCount(180.0);  // the sun in the south: the slope faces away
  const std::size_t lit = wetCount(0.0);       // in the north: it faces the sun
  EXPECT_GT(shaded, std::size_t(field.width) * 3) << "a band of moss above the shore";
  EXPECT_EQ(lit, 0u) << "no mud on 20 degrees, no moss facing the sun";
}

// The project file keeps the wet ground's rules; a project written before
// them (no such keys) opens with it off: the same look and splat maps.
TEST(Splat, AProjectKeepsItsWetGroundAndOneWrittenBeforeItOpensWithout) {
  Document doc = landformDocument("river-valley");
  doc.look.wetGround = true;
  doc.look.wetThreshold = 0.3;
  doc.look.mudSlope = 8.0;
  const std::string text = projectToJson(doc);
  EXPECT_EQ(projectFromJson(text).look, doc.look);
  std::string old = projectToJson(landformDocument("river-valley"));
  for (const std::string key : {"wet-ground", "wet-threshold", "mud-slope"}) {
    const std::size_t at = old.find("\"" + key + "\"");
    ASSERT_NE(at, std::string::npos) << key;
    const std::size_t end = old.find_first_of(",}", at);
    old.erase(at, end - at + (old[end] == ',' ? 1 : 0));
    ASSERT_EQ(old.find("\"" + key + "\""), std::string::npos) << key;
  }
  EXPECT_EQ(projectFromJson(old).look, landformDocument("river-valley").look);
  EXPECT_FALSE(projectFromJson(old).look.wetGround);
}

}  // namespace
}  // namespace terrain
