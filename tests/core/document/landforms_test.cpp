// Landforms (issue 20). The same landscape at every size: a designer tunes
// a 257 preview and exports 1025 or 2049, so the export's heights at the
// preview's samples must correlate with the preview's, for every erosion
// stage and every landform preset (stream power's own test holds the river
// solve, AnExportIsSolvedOnItsPreviewsGridAndRefined). And landscapes that
// measure like real ones at every size: Flint's concavity of the rivers
// and no preference for the grid's eight directions, within the bounds a
// real DEM (tests/support/real_dem.hpp) is measured to meet here too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/text_ids.hpp"
#include "core/document/presets.hpp"
#include "core/export/tiles.hpp"
#include "core/graph/graph.hpp"
#include "core/nodes/registry.hpp"
#include "core/nodes/sources/import.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/build_kind.hpp"
#include "tests/support/landform_metrics.hpp"
#include "tests/support/real_dem.hpp"
#include "tests/support/scratch_dir.hpp"

namespace terrain {
namespace {

// The document with every source `samples` a side (a wrapping source, one
// fewer: 1024 cells hold the same world samples as 1025 samples).
Document atSize(Document doc, int samples) {
  for (const GraphNode& node : doc.graph.nodes) {
    if (const SourceStage* source = findSource(node.type);
        source && !source->sizeAllowed(samples)) {
      samples -= 1;
      break;
    }
  }
  doc.graph = withSourceSize(doc.graph, samples);
  return doc;
}

// The document's last stage at `samples` a side: its result, and what it
// changed (the result less its input).
struct Erosion {
  Heightfield result;
  Heightfield change;
};

Erosion erosionAt(const Document& doc, int samples) {
  Document before = doc;
  std::vector<NodeId> order = chainOrder(before.graph);
  order.pop_back();
  relinkChain(before.graph, order);
  Erosion e{testing::run(atSize(doc, samples)), testing::run(atSize(before, samples))};
  for (std::size_t i = 0; i < e.change.size(); ++i) {
    e.change.heights[i] = e.result.heights[i] - e.change.heights[i];
  }
  return e;
}

// The coarse change against the fine one averaged over each coarse
// sample's cell (5 x 5 fine samples at 4 to 1): where each map erodes, at
// the preview's resolution, which is all a preview can show of droplets'
// one-cell rills.
double changeAgreement(const Heightfield& coarse, const Heightfield& fine) {
  const int step = (fine.width - 1) / (coarse.width - 1);
  const int half = step / 2;
  std::vector<double> a;
  std::vector<double> b;
  for (int y = 0; y < coarse.height; ++y) {
    for (int x = 0; x < coarse.width; ++x) {
      double sum = 0.0;
      int n = 0;
      for (int fy = std::max(0, y * step - half); fy <= std::min(fine.height - 1, y * step + half);
           ++fy) {
        for (int fx = std::max(0, x * step - half); fx <= std::min(fine.width - 1, x * step + half);
             ++fx) {
          sum += static_cast<double>(fine.at(fx, fy));
          ++n;
        }
      }
      a.push_back(static_cast<double>(coarse.at(x, y)));
      b.push_back(sum / n);
    }
  }
  return testing::correlation(a, b);
}

// Each erosion stage alone on a 12 km noise world (stream power's solve
// grid has its own test too). The heights would agree without erosion
// (the noise alone correlates about 1), so the claim is also on the
// change: the export erodes where the preview does, which another seed's
// erosion does not.
class ErosionStage : public ::testing::TestWithParam<std::string_view> {};

// Measured, the change / another seed's: thermal 0.987 / 0.008, stream
// power 0.995 / -0.134, droplets 0.533 / 0.001 (particles: each map's
// rills are its own, the preview shows only where they gather).
double leastChangeAgreement(std::string_view stage) {
  return stage == "droplets" ? 0.45 : 0.95;
}

TEST_P(ErosionStage, GivesThePreviewsLandscapeAt1025) {
  Document doc = testing::docWith("noise", {}, 5);
  doc.world = {12000.0, 2800.0};
  appendModifier(doc.graph, defaultModifier(GetParam()));
  Document otherSeed = doc;
  otherSeed.seed = 6;
  const Erosion preview = erosionAt(doc, 257);
  const Erosion exported = erosionAt(doc, 1025);
  const double heights = testing::agreement(preview.result, exported.result);
  const double change = changeAgreement(preview.change, exported.change);
  const double other = changeAgreement(erosionAt(otherSeed, 257).change, exported.change);
  std::printf("%s: heights %.3f, change %.3f, another seed's change %.3f\n",
              std::string(GetParam()).c_str(), heights, change, other);
  EXPECT_GT(heights, 0.95);
  EXPECT_GT(change, leastChangeAgreement(GetParam()));
  EXPECT_LT(other, 0.2);
}

std::string caseName(const ::testing::TestParamInfo<std::string_view>& info) {
  std::string name(info.param);
  for (char& c : name) c = c == '-' ? '_' : c;
  return name;
}

INSTANTIATE_TEST_SUITE_P(SizeConsistency, ErosionStage,
                         ::testing::Values("thermal", "droplets", "stream-power"), caseName);

// A world too large to make whole is made in two stages (the graph at 1025,
// each tile adding the whole-map nodes' coarse change): its rivers are the
// 257 preview's too, as in a whole export, so a tile farm's world is the
// world the designer tuned. (A world this size is made whole; the plan of
// a larger one is forced here.)
TEST(SizeConsistency, ATwoStageTileHasThePreviewsRivers) {
  Document doc = testing::docWith("noise", {{"size", 4097}}, 5);
  doc.world = {12000.0, 2800.0};
  appendModifier(doc.graph, "stream-power");
  const TileGrid grid = testing::tileGrid(4097, 4, 4);
  Document planned = doc;
  testing::setParam(planned, "size", 65537);  // planTiles makes a world this large in two stages
  TilePlan plan = planTiles(planned, testing::tileGrid(65537, 16, 16));
  ASSERT_EQ(plan.build, TileBuild::TwoStage);
  plan.scale = sourceStage("noise").tileScale(doc.seed, chainSource(doc.graph).values);
  const Tile tile = buildTile(doc, grid, plan, {1, 1});  // world samples 1024..2048
  const Heightfield preview = testing::run(atSize(doc, 257));
  std::vector<double> a;
  std::vector<double> b;
  for (int y = 64; y <= 128; ++y) {
    for (int x = 64; x <= 128; ++x) {
      a.push_back(static_cast<double>(preview.at(x, y)));
      b.push_back(static_cast<double>(tile.field.at(16 * x - 1024, 16 * y - 1024)));
    }
  }
  // Measured over this quarter of the world: 0.887 (a whole 2049 export
  // 0.951 there); solving the coarse world's own samples instead, 0.074.
  // The rest: the tile adds the coarse world's change to its own finer
  // ground without refining it.
  EXPECT_GT(testing::correlation(a, b), 0.85);
}

std::vector<std::string_view> presetKeys() {
  std::vector<std::string_view> keys;
  for (const LandformPreset& preset : landformPresets()) keys.push_back(preset.key);
  return keys;
}

// What a landform must measure at every size: rivers as steep as Flint's
// law makes them (real DEMs: 0.35 to 0.6) and channels running every way.
constexpr double kLowestConcavity = 0.3;
constexpr double kHighestConcavity = 0.8;
constexpr double kMostGridExcess = 1.15;
constexpr double kChannelKm2 = 0.1;  // the least drainage area of a channel

void expectLandforms(const Heightfield& map, const Document& doc, const std::string& label) {
  const auto sea = static_cast<float>(doc.look.water);
  const double theta = testing::concavity(map, doc.world, kChannelKm2, sea);
  EXPECT_GE(theta, kLowestConcavity) << label;
  EXPECT_LE(theta, kHighestConcavity) << label;
  EXPECT_LE(testing::gridDirectionExcess(map, doc.world, kChannelKm2, sea), kMostGridExcess)
      << label;
}

bool hasRivers(const Document& doc) {
  return std::any_of(doc.graph.nodes.begin(), doc.graph.nodes.end(),
                     [](const GraphNode& node) { return node.type == "stream-power"; });
}

// The preview and an export: the same landscape, and where rivers made it,
// both like real land. (Canyon mesa has none: terraces and crumbled cliffs,
// whose flow paths cross flat treads; it measures concavity about 0.)
void expectPresetAt(std::string_view key, int exportSize) {
  const Document doc = landformDocument(key);
  const Heightfield preview = testing::run(atSize(doc, 257));
  const Heightfield exported = testing::run(atSize(doc, exportSize));
  const std::string name(key);
  EXPECT_GT(testing::agreement(preview, exported), 0.95) << name;
  if (!hasRivers(doc)) return;
  expectLandforms(preview, doc, name + " at 257");
  expectLandforms(exported, doc, name + " at " + std::to_string(exportSize));
  if (exportSize < 1025) return;  // issue 40's measure starts at 8 cells of 90 m: 1025 and up
  const double dem = testing::demConcavity(exported, doc.world);
  std::printf("%s at %d: concavity read as a DEM %.3f\n", name.c_str(), exportSize, dem);
  EXPECT_GE(dem, kLowestConcavity) << name << " read as a DEM";
  EXPECT_LE(dem, kHighestConcavity) << name << " read as a DEM";
}

class LandformPresets : public ::testing::TestWithParam<std::string_view> {};

// Measured, correlation / concavity at 257, 1025, 2049 / grid excess at
// the same: alpine 0.993, 0.990 / 0.51, 0.64, 0.64 / 0.91, 0.84, 0.995;
// islands 0.984, 0.974 / 0.64, 0.36, 0.38 / 1.09, 1.12, 0.95; rolling
// hills 0.989, 0.983 / 0.49, 0.46, 0.48 / 0.88, 1.03, 1.15; volcanic
// island 0.996, 0.993 / 0.51, 0.46, 0.41 / 1.05, 0.83, 0.88; river valley
// 0.990, 0.983 / 0.50, 0.40, 0.37 / 1.01, 0.98, 1.02; canyon mesa (no
// rivers) 0.984, 0.979. Read as a DEM (issue 40's measure,
// testing::demConcavity: the sea as ground, from 0.065 km2 to 5% of the
// map), at 1025: alpine 0.72, rolling hills 0.44, river valley 0.33,
// islands 0.40 and volcanic island 0.38 (0.20 and 0.26 before their sea
// floors were flattened); held from 1025 on, where its least area is
// several cells. Before soil creep, rho8, the closing river
// passes and rolling hills' rivers the presets measured 0.05 to 0.15.
// The measures are arithmetic on the same bits in every build (each
// preset's bits are pinned at its own size, solved on the 257 grid and
// refined as here: Presets.GoldenChecksumsArePinned). 513 is the smallest
// export that is solved on the preview's grid and refined, so every build
// holds the claim there; 1025 (6 to 26 s a preset under the sanitizers)
// runs optimised only, and 2049 and 4097 (6 to 27 s and 22 to 156 s a
// preset in Release) are the benchmarks BM_LandformMeasuresAt2049 and
// BM_LandformMeasuresAt4097 (tests/bench/landform_bench.cpp), whose
// counters are these measures.
TEST_P(LandformPresets, At513IsThePreviewsLandscapeAndMeasuresLikeRealTerrain) {
  if (testing::kUnoptimised) GTEST_SKIP() << "the presets' measures run optimised, not in Debug";
  expectPresetAt(GetParam(), 513);
}

TEST_P(LandformPresets, At1025IsThePreviewsLandscapeAndMeasuresLikeRealTerrain) {
  if (testing::kUnoptimised || testing::kSanitized) {
    GTEST_SKIP() << "the presets at 1025 run in the Release build only (513 runs in every build)";
  }
  expectPresetAt(GetParam(), 1025);
}

// The measures themselves, against Earth: a USGS 3 arc-second DEM brought
// in through the import source meets the bounds the presets are held to
// (measured: concavity 0.48 at 257, 0.41 at 513; grid excess 0.99, 0.93),
// and raw fBm noise, which no river made, fails them.
TEST(RealTerrain, AUsgsDemMeetsTheBoundsAndRawNoiseDoesNot) {
  testing::ScratchDir dir;
  const std::string file = (dir.path() / "jacksboro.tif").string();
  if (!testing::writeRealDem(file)) {
    GTEST_SKIP() << testing::kRealDemArchive << " is missing (Debian: python-matplotlib-data)";
  }
  for (const int size : {257, 513}) {
    Document doc = defaultDocument("import");
    testing::setParam(doc, "size", size);
    chainSource(doc.graph).values[*sourceStage("import").indexOf("file")] = textId(file);
    ImportChoice choice = chooseImportFile(chainSource(doc.graph).values, doc.world);
    chainSource(doc.graph).values = std::move(choice.values);
    doc.world = choice.world;
    doc.look.water = 0.0;
    EXPECT_NEAR(doc.world.heightRange, 1076.0 - 236.0, 60.0);  // the file's, less the crop
    expectLandforms(testing::run(doc), doc, "the USGS DEM at " + std::to_string(size));
  }
  Document noise = testing::docWith("noise", {{"size", 513}}, 5);
  noise.world = {12000.0, 2800.0};
  EXPECT_LT(testing::concavity(testing::run(noise), noise.world, kChannelKm2), kLowestConcavity);
}

// The grid measure's negative control: rivers routed on the grid's eight
// directions alone (D8: every flow one way, no soil creep to round them),
// solved at the map's own size, run along the grid; the same world with
// the stage's defaults does not (measured at 257: 2.15 against 1.02).
TEST(RealTerrain, RiversOnTheGridsEightDirectionsFailTheGridBound) {
  Document doc = testing::docWith("noise", {{"size", 257}}, 5);
  doc.world = {12000.0, 2800.0};
  appendModifier(doc.graph, "stream-power");
  const double rho8 = testing::gridDirectionExcess(testing::run(doc), doc.world, kChannelKm2);
  const ModifierStage& stage = modifierStage("stream-power");
  for (const auto& [key, value] :
       {std::pair{"flow-directions", 0.0}, std::pair{"spread-below", 0.0},
        std::pair{"solve-size", 0.0}, std::pair{"diffusion", 0.0}}) {
    chainModifier(doc.graph, chainModifierCount(doc.graph) - 1).values[*stage.indexOf(key)] = value;
  }
  const double d8 = testing::gridDirectionExcess(testing::run(doc), doc.world, kChannelKm2);
  std::printf("grid excess: D8 %.3f, defaults %.3f\n", d8, rho8);
  EXPECT_GT(d8, 1.3);
  EXPECT_LE(rho8, kMostGridExcess);
}

// Nothing to measure is no measure: flat ground has no slope to fit, and
// no cell drains more than the whole world; either gives not a number,
// which fails every bound (0 passed the upper ones).
TEST(RealTerrain, AMeasureOfNoChannelsIsNotANumber) {
  Heightfield flat(65, 65);
  std::fill(flat.heights.begin(), flat.heights.end(), 0.5f);
  const World world{12000.0, 2800.0};
  EXPECT_TRUE(std::isnan(testing::concavity(flat, world, kChannelKm2)));
  EXPECT_TRUE(std::isnan(testing::gridDirectionExcess(flat, world, kChannelKm2)));
  Document doc = testing::docWith("noise", {{"size", 129}}, 5);
  doc.world = world;
  const Heightfield noise = testing::run(doc);
  const double moreThanTheWorldKm2 = 12.0 * 12.0 * 2.0;
  EXPECT_TRUE(std::isnan(testing::gridDirectionExcess(noise, world, moreThanTheWorldKm2)));
  EXPECT_TRUE(std::isnan(testing::concavity(noise, world, moreThanTheWorldKm2)));
  EXPECT_FALSE(std::isnan(testing::gridDirectionExcess(noise, world, kChannelKm2)));
}

INSTANTIATE_TEST_SUITE_P(SizeConsistency, LandformPresets, ::testing::ValuesIn(presetKeys()),
                         caseName);

}  // namespace
}  // namespace terrain
