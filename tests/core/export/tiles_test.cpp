// Worlds larger than one map (issue 9): the tile grid, names and windows,
// tiles computed alone against the same window of the whole world, the
// whole-world fallback, and what is refused.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/base/error.hpp"
#include "core/export/tiles.hpp"
#include "core/nodes/sources/diamond_square.hpp"
#include "core/nodes/sources/noise.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

using testing::checksum;
using testing::docWith;
using testing::setParam;

TileGrid gridOf(std::int64_t worldSize, int columns, int rows, int overlap = 0,
                bool wraps = false) {
  return testing::tileGrid(worldSize, columns, rows, overlap, wraps);
}

// The whole world on the tiles' shared scale: its one window that is all of it.
Heightfield wholeWorld(const Document& doc, int threads = 0) {
  const SourceStage& source = sourceStage(chainSource(doc.graph).type);
  const int size = source.size(chainSource(doc.graph).values);
  return source.generateWindow(doc.seed, chainSource(doc.graph).values, {0, 0, size, size},
                               testing::control(threads));
}

TEST(TileGrid, TwoByTwoOfA513WorldIsFour257TilesSharingTheirEdges) {
  const TileGrid grid = gridOf(513, 2, 2);
  EXPECT_NO_THROW(validate(grid));
  EXPECT_EQ(grid.tileWidth(), 257);
  EXPECT_EQ(grid.tileHeight(), 257);
  EXPECT_EQ(tileWindow(grid, {1, 0}), (MapWindow{256, 0, 257, 257}));
  EXPECT_EQ(tileWindow(grid, {1, 1}), (MapWindow{256, 256, 257, 257}));
  const TileGrid overlapped = gridOf(513, 2, 2, 8);
  EXPECT_EQ(tileWindow(overlapped, {0, 1}), (MapWindow{-8, 248, 273, 273}));
}

TEST(TileGrid, NamesFollowEachEnginesConvention) {
  TileGrid grid = gridOf(513, 2, 4);
  EXPECT_EQ(tileFileName("world.r16", grid, {1, 3}), "world_x1_y3.r16");
  EXPECT_EQ(tileFileName("world", grid, {0, 0}), "world_x0_y0");
  EXPECT_EQ(tileFileName("my.map.png", grid, {1, 0}), "my.map_x1_y0.png");
  grid.naming = TileNaming::Unity;  // Z counts from the south edge
  EXPECT_EQ(tileFileName("world.r16", grid, {1, 3}), "world_1_0.r16");
  EXPECT_EQ(tileFileName("world.r16", grid, {0, 0}), "world_0_3.r16");
}

TEST(TileGrid, IndicesAreRowByRowOrColumnCommaRow) {
  const TileGrid grid = gridOf(513, 4, 2);
  const TileIndex five = parseTileIndex("5", grid);
  EXPECT_EQ(five.column, 1);
  EXPECT_EQ(five.row, 1);
  EXPECT_EQ(linearIndex(grid, five), 5);
  const TileIndex pair = parseTileIndex("3,1", grid);
  EXPECT_EQ(linearIndex(grid, pair), 7);
  for (const char* bad : {"8", "-1", "4,0", "0,2", "x", "", "1,", "1.5"}) {
    const std::string message = testing::inputErrorOf([&] { parseTileIndex(bad, grid); });
    EXPECT_NE(message.find("allowed: 0 to 7, or COLUMN,ROW with column 0 to 3 and row 0 to 1"),
              std::string::npos)
        << bad << ": " << message;
  }
}

TEST(TileGrid, BadGridsAreRefusedNamingWhatIsAllowed) {
  EXPECT_NE(
      testing::inputErrorOf([] { validate(gridOf(513, 3, 3)); }).find("counts that do: 1, 2, 4, 8"),
      std::string::npos);
  EXPECT_NE(
      testing::inputErrorOf([] { validate(gridOf(513, 2, 2, 257)); }).find("allowed: 0 to 256"),
      std::string::npos);
  EXPECT_NE(testing::inputErrorOf([] { validate(gridOf(65537, 2, 2)); }).find("use more tiles"),
            std::string::npos);
  EXPECT_NE(testing::inputErrorOf([] { parseTileCount("2by2"); }).find("COLUMNSxROWS"),
            std::string::npos);
  EXPECT_NE(testing::inputErrorOf([] { parseTileCount("0x2"); }).find("each 1 to 1024"),
            std::string::npos);
  EXPECT_NE(testing::inputErrorOf([] { tileNaming("godot"); }).find("unreal"), std::string::npos);
}

// Every tile, alone, is bit for bit its window of the whole world: plain,
// ridged and warped, on a torus, and with an overlap reaching past the
// world's edges (which repeat, or wrap on a torus).
TEST(NoiseTiles, EachTileAloneIsItsWindowOfTheWholeWorld) {
  std::vector<Document> docs = {docWith("noise", {{"size", 257}}, 5)};
  docs.push_back(docWith("noise", {{"size", 257}, {"fractal", 1}, {"warp", 0.3}}, 6));
  docs.push_back(docWith("noise", {{"size", 256}, {"tileable", 1}, {"warp", 0.2}}, 7));
  for (const Document& doc : docs) {
    const int size = static_cast<int>(testing::param(doc, "size"));
    const bool torus = testing::param(doc, "tileable") != 0.0;
    const Heightfield world = wholeWorld(doc);
    // A torus of 256 has 256 cells: the last tiles end on the first
    // samples again.
    const TileGrid grid = gridOf(size, 4, 4, 5, torus);
    const TilePlan plan = planTiles(doc, grid);
    ASSERT_EQ(plan.build, TileBuild::Windowed);
    for (int row = 0; row < 4; ++row) {
      for (int column = 0; column < 4; ++column) {
        const MapWindow window = tileWindow(grid, {column, row});
        const Heightfield alone = sourceStage("noise").generateWindow(
            doc.seed, chainSource(doc.graph).values, window, testing::control());
        const Heightfield cut = cutWindow(world, window);
        ASSERT_EQ(alone.width, 75);
        ASSERT_EQ(checksum(alone), checksum(cut)) << chainSource(doc.graph).type << " seed "
                                                  << doc.seed << " tile " << column << "," << row;
      }
    }
  }
}

TEST(NoiseTiles, TheWholeWorldOnTheSharedScaleIsTheRawMapScaledByTheBound) {
  const Document doc = docWith("noise", {{"size", 129}, {"fractal", 2}}, 9);
  const NoiseParams p = testing::paramsOf<NoiseParams>(doc);
  const Heightfield raw = generateNoise(p, doc.seed, testing::control());
  const Heightfield scaled = wholeWorld(doc);
  const NoiseScale scale = noiseScale(p);
  EXPECT_EQ(scale.low, 0.0);  // billow is never negative
  EXPECT_DOUBLE_EQ(scale.high, noiseAmplitudeBound(p));
  float low = 1.0f;
  float high = 0.0f;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    ASSERT_EQ(scaled.heights[i], raw.heights[i] / static_cast<float>(scale.high));
    low = std::min(low, scaled.heights[i]);
    high = std::max(high, scaled.heights[i]);
  }
  EXPECT_GE(low, 0.0f);
  EXPECT_LE(high, 1.0f);
}

TEST(NoiseTiles, NeighboursShareTheirEdgeSamplesExactly) {
  const Document doc = docWith("noise", {{"size", 513}, {"warp", 0.5}}, 11);
  const TileGrid grid = gridOf(513, 2, 2);
  const TilePlan plan = planTiles(doc, grid);
  const Tile a = buildTile(doc, grid, plan, {0, 0});
  const Tile b = buildTile(doc, grid, plan, {1, 0});
  const Tile c = buildTile(doc, grid, plan, {0, 1});
  for (int i = 0; i < 257; ++i) {
    ASSERT_EQ(a.field.at(256, i), b.field.at(0, i)) << "row " << i;
    ASSERT_EQ(a.field.at(i, 256), c.field.at(i, 0)) << "column " << i;
  }
  // Metres per cell are the world's: 8192 m over 512 cells, 256 in a tile.
  EXPECT_DOUBLE_EQ(a.world.width, doc.world.width / 2.0);
}

// A world four times the map cap, made a tile at a time: two grids of the
// same world agree where their tiles overlap, and a tile's memory is the
// tile's (the world's heights would be 16 GiB).
TEST(NoiseTiles, AWorldLargerThanAnyMapIsMadeATileAtATime) {
  Document doc = docWith("noise", {{"size", 513}, {"iterations", 8}}, 13);
  setParam(doc, "size", 65537);
  const TileGrid coarse = gridOf(65537, 64, 64);  // tiles of 1025
  const TileGrid fine = gridOf(65537, 128, 128);  // tiles of 513
  const TilePlan plan = planTiles(doc, coarse);
  ASSERT_EQ(plan.build, TileBuild::Windowed);
  const Tile big = buildTile(doc, coarse, plan, {40, 21});
  const Tile small = buildTile(doc, fine, planTiles(doc, fine), {81, 43});
  ASSERT_EQ(big.field.width, 1025);
  // Fine tile (81, 43) starts at (41472, 22016): (512, 512) inside the big one.
  for (int y = 0; y < 513; ++y) {
    for (int x = 0; x < 513; ++x) {
      ASSERT_EQ(small.field.at(x, y), big.field.at(512 + x, 512 + y)) << x << "," << y;
    }
  }
  EXPECT_NE(checksum(big.field), checksum(buildTile(doc, coarse, plan, {40, 22}).field));
}

TEST(NoiseTiles, ATileHasTheSameBitsOnOneAndTwoThreads) {
  Document doc = docWith("noise", {{"size", 1025}, {"warp", 0.3}}, 17);
  appendModifier(doc.graph, "terrace");
  const TileGrid grid = gridOf(1025, 2, 2, 3);
  const TilePlan plan = planTiles(doc, grid);
  ASSERT_EQ(plan.build, TileBuild::Windowed) << plan.why;
  const auto at = [&](int threads) {
    return checksum(buildTile(doc, grid, plan, {1, 1}, {Execution{threads}, nullptr, {}}).field);
  };
  EXPECT_EQ(at(1), at(2));
}

// Pointwise modifiers run on the tile; the result is the whole world's
// window with the same modifiers.
TEST(NoiseTiles, PointwiseModifiersRunOnTheTileAlone) {
  Document doc = docWith("noise", {{"size", 257}}, 19);
  appendModifier(doc.graph, "curve");
  appendModifier(doc.graph, "clamp");
  const TileGrid grid = gridOf(257, 2, 2, 2);
  const TilePlan plan = planTiles(doc, grid);
  ASSERT_EQ(plan.build, TileBuild::Windowed) << plan.why;
  Heightfield world = wholeWorld(doc);
  for (const ModifierSettings& m : chainOf(doc.graph).modifiers) {
    world = modifierStage(m.key).apply(std::move(world), {doc.seed, doc.world}, m.values,
                                       testing::control());
  }
  const Tile tile = buildTile(doc, grid, plan, {1, 0});
  EXPECT_EQ(checksum(tile.field), checksum(cutWindow(world, tileWindow(grid, {1, 0}))));
}

// Diamond-square's window of the whole world is its whole map, bit for bit:
// fractal and article scaling, every level or fewer (interpolated), small
// and odd-shaped worlds.
TEST(DiamondSquareTiles, TheWholeWorldsWindowIsTheWholeMap) {
  struct Case {
    int size;
    int iterations;
    int scaling;
  };
  for (const Case c : {Case{3, 30, 0}, Case{5, 30, 1}, Case{129, 30, 0}, Case{257, 5, 0},
                       Case{257, 0, 1}, Case{513, 30, 1}}) {
    const Document doc = docWith(
        "diamond-square", {{"size", c.size}, {"iterations", c.iterations}, {"scaling", c.scaling}},
        static_cast<std::uint64_t>(c.size + c.iterations));
    const DiamondSquareParams p = testing::paramsOf<DiamondSquareParams>(doc);
    const Heightfield whole = generateDiamondSquare(p, doc.seed, testing::control());
    const Heightfield window =
        generateDiamondSquareWindow(p, doc.seed, {0, 0, c.size, c.size}, testing::control());
    EXPECT_EQ(checksum(window), checksum(whole)) << c.size << " " << c.iterations;
  }
}

TEST(DiamondSquareTiles, EachTileAloneIsItsWindowOfTheWholeMap) {
  for (const int iterations : {30, 6}) {
    const Document doc = docWith("diamond-square", {{"size", 513}, {"iterations", iterations}}, 3);
    const DiamondSquareParams p = testing::paramsOf<DiamondSquareParams>(doc);
    const Heightfield whole = generateDiamondSquare(p, doc.seed, testing::control());
    for (const TileGrid& grid : {gridOf(513, 4, 4, 7), gridOf(513, 8, 2, 0)}) {
      for (int row = 0; row < grid.rows; ++row) {
        for (int column = 0; column < grid.columns; ++column) {
          const MapWindow window = tileWindow(grid, {column, row});
          const Heightfield alone =
              generateDiamondSquareWindow(p, doc.seed, window, testing::control(1));
          ASSERT_EQ(checksum(alone), checksum(cutWindow(whole, window)))
              << "tile " << column << "," << row << " of " << grid.columns << "x" << grid.rows
              << ", " << iterations << " levels";
        }
      }
    }
  }
}

// The shared scale holds every height of the world: the whole map's raw
// extremes lie inside it, for both scalings, rough and smooth, many seeds;
// and it is tight: the map fills most of it (the default roughness more
// than 85%, a rough 0.6 more than 60%).
// computesWindows is tileScale asked cheaply: they never disagree.
TEST(SourceWindows, ASourceComputesWindowsExactlyWhenItHasASharedScale) {
  for (const SourceStage* source : sources()) {
    const Document doc = defaultDocument(source->key());
    EXPECT_EQ(source->computesWindows(),
              source->tileScale(doc.seed, chainSource(doc.graph).values).has_value())
        << source->key();
  }
}

TEST(DiamondSquareTiles, TheSharedScaleHoldsTheWholeWorldAndIsTight) {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    for (const auto& [scaling, roughness] : {std::pair{0, 0.3}, {0, 0.6}, {1, 0.3}}) {
      const Document doc = docWith(
          "diamond-square", {{"size", 2049}, {"roughness", roughness}, {"scaling", scaling}}, seed);
      const DiamondSquareParams p = testing::paramsOf<DiamondSquareParams>(doc);
      const Heightfield whole = generateDiamondSquare(p, seed, testing::control());
      const auto [low, high] = std::minmax_element(whole.heights.begin(), whole.heights.end());
      const DiamondSquareRange range = diamondSquareTileRange(p, seed);
      EXPECT_LE(range.low, *low) << seed;
      EXPECT_GE(range.high, *high) << seed;
      EXPECT_GT(static_cast<double>(*high - *low) / (range.high - range.low),
                roughness > 0.5 ? 0.6 : 0.85)
          << "seed " << seed << " roughness " << roughness;
    }
  }
}

// Tiles of a diamond-square world larger than any map: two grids agree
// where their tiles overlap.
TEST(DiamondSquareTiles, AWorldLargerThanAnyMapIsMadeATileAtATime) {
  Document doc = docWith("diamond-square", {{"size", 513}}, 31);
  setParam(doc, "size", 65537);
  const TileGrid coarse = gridOf(65537, 64, 64);
  const TileGrid fine = gridOf(65537, 128, 128);
  const TilePlan plan = planTiles(doc, coarse);
  ASSERT_EQ(plan.build, TileBuild::Windowed) << plan.why;
  const Tile big = buildTile(doc, coarse, plan, {7, 50});
  const Tile small = buildTile(doc, fine, planTiles(doc, fine), {15, 101});
  for (int y = 0; y < 513; ++y) {
    for (int x = 0; x < 513; ++x) {
      ASSERT_EQ(small.field.at(x, y), big.field.at(512 + x, 512 + y)) << x << "," << y;
    }
  }
  for (const float h : big.field.heights) {
    ASSERT_GE(h, 0.0f);
    ASSERT_LE(h, 1.0f);
  }
}

// A source that cannot compute windows, or a modifier that looks at its
// neighbours: every tile cuts the whole world, so the tiles still agree.
TEST(WholeWorldTiles, TilesCutTheWholeWorldWhenWindowsCannotBeComputed) {
  const Document walls = docWith("rectangles", {{"size", 257}}, 23);
  Document eroded = docWith("diamond-square", {{"size", 257}}, 23);
  appendModifier(eroded.graph, "thermal");
  for (const Document& doc : {walls, eroded}) {
    const TileGrid grid = gridOf(257, 2, 2, 4);
    const TilePlan plan = planTiles(doc, grid);
    EXPECT_EQ(plan.build, TileBuild::WholeWorld);
    EXPECT_FALSE(plan.why.empty());
    const Heightfield world = testing::run(doc);
    const Tile tile = buildTile(doc, grid, plan, {0, 1});
    EXPECT_EQ(checksum(tile.field), checksum(cutWindow(world, tileWindow(grid, {0, 1}))));
  }
  EXPECT_NE(planTiles(walls, gridOf(257, 2, 2)).why.find("cannot compute a window"),
            std::string::npos);
  EXPECT_NE(planTiles(eroded, gridOf(257, 2, 2)).why.find("needs the whole map"),
            std::string::npos);
}

TEST(WholeWorldTiles, ErosionMapsAreCutWithTheHeights) {
  Document doc = docWith("noise", {{"size", 129}}, 29);
  appendModifier(doc.graph, "stream-power");
  const TileGrid grid = gridOf(129, 2, 2);
  const Heightfield world = testing::run(doc);
  ASSERT_TRUE(world.erosion);
  const Tile tile = buildTile(doc, grid, planTiles(doc, grid), {1, 1});
  ASSERT_TRUE(tile.field.erosion);
  ASSERT_EQ(tile.field.erosion->flow.size(), tile.field.size());
  EXPECT_EQ(tile.field.erosion->flow.front(), world.erosion->flow[world.index(64, 64)]);
  EXPECT_EQ(tile.field.erosion->flow.back(), world.erosion->flow.back());
}

TEST(WholeWorldTiles, WorldsThatCannotBeTiledAreRefusedSayingWhy) {
  Document walls = docWith("rectangles", {{"size", 257}}, 1);
  setParam(walls, "size", 32768);
  EXPECT_NE(testing::inputErrorOf([&] {
              planTiles(walls, gridOf(32768, 1, 1));
            }).find("must then be at most"),
            std::string::npos);
  Document ds = docWith("diamond-square", {{"size", 257}}, 1);
  Document odd = docWith("noise", {{"size", 257}}, 1);
  EXPECT_NE(testing::inputErrorOf([&] {
              planTiles(docWith("midpoint"), gridOf(257, 2, 1));
            }).find("makes a profile"),
            std::string::npos);
  Document wrongGrid = ds;
  setParam(wrongGrid, "size", 257);
  EXPECT_NE(testing::inputErrorOf([&] { planTiles(wrongGrid, gridOf(301, 2, 2)); }).find("2^k+1"),
            std::string::npos);
  setParam(odd, "size", 70001);
  EXPECT_NO_THROW(planTiles(odd, gridOf(70001, 2, 2)));  // noise takes any size
}

// ---- two-stage: windowable sources under modifiers that look around ----

// A two-stage plan for a small world (tests make it explicit; planTiles
// picks it above kWholeWorldTileLimit).
TilePlan twoStage(const Document& doc, int coarseSide) {
  TilePlan plan;
  plan.build = TileBuild::TwoStage;
  plan.output = {doc.graph.output, 0};
  plan.scale =
      sourceStage(chainSource(doc.graph).type).tileScale(doc.seed, chainSource(doc.graph).values);
  plan.coarseSide = coarseSide;
  plan.why = "test";
  return plan;
}

TEST(TwoStageTiles, LargeWorldsWithErosionAreBuiltInTwoStages) {
  for (const char* key : {"noise", "diamond-square"}) {
    Document doc = docWith(key, {}, 3);
    appendModifier(doc.graph, "thermal");
    setParam(doc, "size", 65537);
    const TilePlan big = planTiles(doc, gridOf(65537, 16, 16));
    EXPECT_EQ(big.build, TileBuild::TwoStage) << key;
    EXPECT_EQ(big.coarseSide, kTwoStageCoarseSide);
    EXPECT_NE(big.why.find("needs the whole map"), std::string::npos);
    setParam(doc, "size", 2049);
    EXPECT_EQ(planTiles(doc, gridOf(2049, 2, 2)).build, TileBuild::WholeWorld) << key;
  }
}

// Every tile of a two-stage world is the same window of the world made as
// one tile: the seams agree, on a torus too.
TEST(TwoStageTiles, EachTileIsItsWindowOfTheWholeTwoStageWorld) {
  Document plain = docWith("noise", {{"size", 257}, {"warp", 0.2}}, 5);
  appendModifier(plain.graph, "thermal");
  Document torus = docWith("noise", {{"size", 256}, {"tileable", 1}}, 6);
  appendModifier(torus.graph, "stream-power");
  Document ds = docWith("diamond-square", {{"size", 257}}, 7);
  appendModifier(ds.graph, "droplets");
  for (const Document& doc : {plain, torus, ds}) {
    const int size = static_cast<int>(testing::param(doc, "size"));
    const bool wraps =
        sourceStage(chainSource(doc.graph).type).wraps(chainSource(doc.graph).values);
    const TilePlan plan = twoStage(doc, wraps ? 64 : 65);
    const TileGrid whole = gridOf(size, 1, 1, 0, wraps);
    const Tile world = buildTile(doc, whole, plan, {0, 0});
    ASSERT_TRUE(world.field.erosion) << chainSource(doc.graph).type;
    const TileGrid grid = gridOf(size, 2, 2, 3, wraps);
    for (const TileIndex t : {TileIndex{0, 0}, TileIndex{1, 0}, TileIndex{1, 1}}) {
      const Tile tile = buildTile(doc, grid, plan, t);
      Heightfield expected = cutWindow(world.field, tileWindow(grid, t));
      if (wraps) {  // the whole world as one tile ends on its first samples again
        Heightfield torusWorld = cutWindow(world.field, {0, 0, size, size});
        torusWorld.wraps = true;
        expected = cutWindow(torusWorld, tileWindow(grid, t));
      }
      EXPECT_EQ(checksum(tile.field), checksum(expected)) << chainSource(doc.graph).type;
      ASSERT_TRUE(tile.field.erosion);
      EXPECT_EQ(tile.field.erosion->wear.size(), tile.field.size());
    }
  }
}

// What the stages changed is carried over as a bilinear surface: inside
// each coarse cell the tile minus its source window is linear along a row
// (its second differences vanish), and erosion did change it.
TEST(TwoStageTiles, TheStagesChangeIsUpsampledBilinearlyOverTheSourcesDetail) {
  Document doc = docWith("noise", {{"size", 257}, {"fractal", 1}}, 9);
  appendModifier(doc.graph, "thermal");
  const TileGrid grid = gridOf(257, 2, 2);
  const TilePlan plan = twoStage(doc, 65);  // 4 samples per coarse cell
  const Tile tile = buildTile(doc, grid, plan, {1, 0});
  const MapWindow window = tileWindow(grid, {1, 0});
  const Heightfield source = sourceStage("noise").generateWindow(
      doc.seed, chainSource(doc.graph).values, window, testing::control());
  double largest = 0.0;
  for (int y = 0; y < window.height; ++y) {
    for (int x = 1; x + 1 < window.width; ++x) {
      const auto change = [&](int cx) { return tile.field.at(cx, y) - source.at(cx, y); };
      largest = std::max(largest, std::fabs(double(change(x))));
      if (x % 4 == 0) continue;  // a coarse sample: the slope may turn there
      ASSERT_NEAR(change(x - 1) - 2.0f * change(x) + change(x + 1), 0.0f, 2e-6f) << x << "," << y;
    }
  }
  EXPECT_GT(largest, 1e-3) << "thermal erosion changed nothing";
}

}  // namespace
}  // namespace terrain
