// Article 002's coastlines for tiles (issue 9): any window of the torus
// computed alone is bit for bit that window of the whole map.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/export/tiles.hpp"
#include "core/nodes/sources/coastline.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

using testing::checksum;
using testing::docWith;
using testing::paramsOf;
using testing::setParam;

TileGrid torusGrid(std::int64_t worldSize, int columns, int rows, int overlap = 0) {
  return testing::tileGrid(worldSize, columns, rows, overlap, /*wraps=*/true);
}

struct Case {
  int size;
  CoastMode mode;
  CoastStart start;
  int iterations;  // kAllLevels: every level the size holds
  int startCells = 2;
  int classes = 2;
};

CoastlineParams paramsOfCase(const Case& c) {
  CoastlineParams p;
  p.size = c.size;
  p.mode = c.mode;
  p.start = c.start;
  p.iterations = c.iterations;
  p.startCells = c.startCells;
  p.classes = c.classes;
  p.roughness = 0.35;
  return p;
}

std::string describe(const Case& c) {
  return "size " + std::to_string(c.size) +
         (c.mode == CoastMode::Classes ? " classes" : " heights") +
         (c.start == CoastStart::Applet ? " applet" : " random") + " iterations " +
         std::to_string(c.iterations) + " start-cells " + std::to_string(c.startCells);
}

const Case kCases[] = {
    {4, CoastMode::Classes, CoastStart::Applet, kAllLevels},
    {64, CoastMode::Classes, CoastStart::Applet, kAllLevels},
    {128, CoastMode::Classes, CoastStart::Random, kAllLevels, 4, 6},
    {128, CoastMode::Classes, CoastStart::Applet, 3},
    {256, CoastMode::Classes, CoastStart::Random, 2, 8, 4},
    {64, CoastMode::Classes, CoastStart::Random, 0, 4, 3},
    {8, CoastMode::Heights, CoastStart::Applet, kAllLevels},
    {128, CoastMode::Heights, CoastStart::Applet, kAllLevels},
    {256, CoastMode::Heights, CoastStart::Random, kAllLevels, 4},
    {128, CoastMode::Heights, CoastStart::Random, 4, 2},
    {256, CoastMode::Heights, CoastStart::Applet, 1},
    {64, CoastMode::Heights, CoastStart::Random, 0, 8},
    {32, CoastMode::Heights, CoastStart::Random, kAllLevels, 32},
};

TEST(CoastlineTiles, TheWholeWorldsWindowIsTheWholeMap) {
  std::uint64_t seed = 5;
  for (const Case& c : kCases) {
    const CoastlineParams p = paramsOfCase(c);
    const Heightfield whole = generateCoastline(p, ++seed, testing::control());
    const Heightfield window =
        generateCoastlineWindow(p, seed, {0, 0, c.size, c.size}, testing::control());
    ASSERT_EQ(window.width, c.size);
    EXPECT_TRUE(window.wraps);
    EXPECT_EQ(checksum(window), checksum(whole)) << describe(c);
  }
}

// Every tile of a 4x4 grid on the torus, its overlap reaching past the
// world's edges (which wrap), alone, is its window of the whole map.
TEST(CoastlineTiles, EachTileAloneIsItsWindowOfTheWholeMap) {
  std::uint64_t seed = 40;
  for (const Case& c : kCases) {
    if (c.size < 16) continue;
    const CoastlineParams p = paramsOfCase(c);
    Heightfield whole = generateCoastline(p, ++seed, testing::control());
    ASSERT_TRUE(whole.wraps);
    for (const TileGrid& grid : {torusGrid(c.size, 4, 4, 3), torusGrid(c.size, 2, 4, 0)}) {
      ASSERT_EQ(grid.tileWidth(), c.size / grid.columns + 1);
      for (int row = 0; row < grid.rows; ++row) {
        for (int column = 0; column < grid.columns; ++column) {
          const MapWindow window = tileWindow(grid, {column, row});
          const Heightfield alone = generateCoastlineWindow(p, seed, window, testing::control(1));
          ASSERT_EQ(checksum(alone), checksum(cutWindow(whole, window)))
              << "tile " << column << "," << row << " of " << grid.columns << "x" << grid.rows
              << ", " << describe(c);
        }
      }
    }
  }
}

// Windows wider than the world, and far from it on either side, repeat it.
TEST(CoastlineTiles, WindowsPastTheTorusRepeatIt) {
  for (const Case& c : {kCases[2], kCases[4], kCases[8], kCases[9]}) {
    const CoastlineParams p = paramsOfCase(c);
    const Heightfield whole = generateCoastline(p, 9, testing::control());
    for (const MapWindow window : {MapWindow{-3 * c.size - 5, 2 * c.size + 1, c.size + 9, 7},
                                   MapWindow{-7, -9, 2 * c.size + 3, c.size + 11}}) {
      const Heightfield alone = generateCoastlineWindow(p, 9, window, testing::control());
      ASSERT_EQ(checksum(alone), checksum(cutWindow(whole, window))) << describe(c);
    }
  }
}

TEST(CoastlineTiles, ATileHasTheSameBitsOnOneAndTwoThreads) {
  for (const Case& c : {Case{1024, CoastMode::Classes, CoastStart::Random, kAllLevels, 4, 5},
                        Case{1024, CoastMode::Heights, CoastStart::Applet, kAllLevels},
                        Case{1024, CoastMode::Heights, CoastStart::Random, 6, 4}}) {
    const CoastlineParams p = paramsOfCase(c);
    const MapWindow window = tileWindow(torusGrid(c.size, 2, 2, 5), {1, 0});
    EXPECT_EQ(checksum(generateCoastlineWindow(p, 3, window, testing::control(1))),
              checksum(generateCoastlineWindow(p, 3, window, testing::control(2))))
        << describe(c);
  }
}

// Heights mode: the tile scale holds every raw height of the map, for
// rough and smooth maps, both starts, many seeds; classes mode is [0, 1].
TEST(CoastlineTiles, TheTileScaleHoldsEveryRawHeight) {
  for (const double roughness : {0.0, 0.35, 0.7, 1.0}) {
    for (const Case& c : {Case{512, CoastMode::Heights, CoastStart::Applet, kAllLevels},
                          Case{512, CoastMode::Heights, CoastStart::Random, kAllLevels, 2},
                          Case{128, CoastMode::Heights, CoastStart::Random, 5, 16}}) {
      CoastlineParams p = paramsOfCase(c);
      p.roughness = roughness;
      for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const TileScale scale = coastlineTileScale(p, seed);
        ASSERT_LT(scale.low, scale.high);
        const Heightfield map = generateCoastline(p, seed, testing::control());
        const auto [low, high] = std::minmax_element(map.heights.begin(), map.heights.end());
        ASSERT_GE(static_cast<double>(*low), scale.low) << describe(c) << " seed " << seed;
        ASSERT_LE(static_cast<double>(*high), scale.high) << describe(c) << " seed " << seed;
      }
    }
  }
  const TileScale classes = coastlineTileScale(CoastlineParams{}, 1);
  EXPECT_EQ(classes.low, 0.0);
  EXPECT_EQ(classes.high, 1.0);
  EXPECT_FALSE(classes.basis.empty());
}

// The source on the tiles' shared scale: a coastline world is Windowed,
// and the whole world's window is the raw map on that scale.
TEST(CoastlineTiles, CoastlineWorldsAreMadeATileAtATime) {
  for (const int mode : {0, 1}) {
    const Document doc = docWith("coastline", {{"size", 256}, {"mode", mode}}, 21);
    const SourceStage& source = sourceStage("coastline");
    EXPECT_TRUE(source.wraps(chainSource(doc.graph).values));
    const TileGrid grid = torusGrid(256, 4, 4, 2);
    const TilePlan plan = planTiles(doc, grid);
    ASSERT_EQ(plan.build, TileBuild::Windowed) << plan.why;
    ASSERT_TRUE(plan.scale.has_value());
    Heightfield raw =
        generateCoastline(paramsOf<CoastlineParams>(doc), doc.seed, testing::control());
    mapRangeToUnit(raw, plan.scale->low, plan.scale->high);
    for (int row = 0; row < grid.rows; ++row) {
      for (int column = 0; column < grid.columns; ++column) {
        const Tile tile = buildTile(doc, grid, plan, {column, row});
        ASSERT_EQ(checksum(tile.field), checksum(cutWindow(raw, tileWindow(grid, {column, row}))))
            << "mode " << mode << " tile " << column << "," << row;
      }
    }
  }
}

TEST(CoastlineTiles, AWorldLargerThanAnyMapIsMadeATileAtATime) {
  for (const int mode : {0, 1}) {
    Document doc = docWith("coastline", {{"size", 256}, {"mode", mode}}, 31);
    setParam(doc, "size", 65536);
    const TileGrid coarse = torusGrid(65536, 16, 16);  // tiles of 4097
    const TileGrid fine = torusGrid(65536, 32, 32);    // tiles of 2049
    const TilePlan plan = planTiles(doc, coarse);
    ASSERT_EQ(plan.build, TileBuild::Windowed) << plan.why;
    const Tile big = buildTile(doc, coarse, plan, {15, 7});
    ASSERT_EQ(big.field.width, 4097);
    // Fine tile (31, 15) starts at (63488, 30720): (2048, 2048) inside the big one.
    const Tile small = buildTile(doc, fine, planTiles(doc, fine), {31, 15});
    for (int y = 0; y < 2049; ++y) {
      for (int x = 0; x < 2049; ++x) {
        ASSERT_EQ(small.field.at(x, y), big.field.at(2048 + x, 2048 + y))
            << "mode " << mode << " at " << x << "," << y;
      }
    }
    for (const float h : big.field.heights) {
      ASSERT_GE(h, 0.0f);
      ASSERT_LE(h, 1.0f);
    }
    // The last tile's last column is the world's first again: the torus.
    const Tile first = buildTile(doc, fine, planTiles(doc, fine), {0, 15});
    for (int y = 0; y < 2049; ++y) ASSERT_EQ(small.field.at(2048, y), first.field.at(0, y));
  }
}

// A modifier that looks beyond each cell on a world over the map cap: two
// stages, the coarse world a power of two on the same torus; every tile is
// its window of the world made as one tile, the seams agreeing across the wrap.
TEST(CoastlineTiles, LargeErodedWorldsAreBuiltInTwoStagesOnTheTorus) {
  Document big = docWith("coastline", {{"size", 256}, {"mode", 1}}, 4);
  appendModifier(big.graph, "thermal");
  setParam(big, "size", 65536);
  const TilePlan plan = planTiles(big, torusGrid(65536, 16, 16));
  EXPECT_EQ(plan.build, TileBuild::TwoStage);
  EXPECT_EQ(plan.coarseSide, 1024);

  Document doc = docWith("coastline", {{"size", 256}, {"mode", 1}}, 6);
  appendModifier(doc.graph, "thermal");
  TilePlan twoStage;
  twoStage.build = TileBuild::TwoStage;
  twoStage.output = {doc.graph.output, 0};
  twoStage.scale = sourceStage("coastline").tileScale(doc.seed, chainSource(doc.graph).values);
  twoStage.coarseSide = 64;
  twoStage.why = "test";
  const Tile world = buildTile(doc, torusGrid(256, 1, 1), twoStage, {0, 0});
  Heightfield torusWorld = cutWindow(world.field, {0, 0, 256, 256});
  torusWorld.wraps = true;
  const TileGrid grid = torusGrid(256, 2, 2, 3);
  for (const TileIndex t : {TileIndex{0, 0}, TileIndex{1, 0}, TileIndex{1, 1}}) {
    const Tile tile = buildTile(doc, grid, twoStage, t);
    EXPECT_EQ(checksum(tile.field), checksum(cutWindow(torusWorld, tileWindow(grid, t))))
        << t.column << "," << t.row;
  }
}

}  // namespace
}  // namespace terrain
