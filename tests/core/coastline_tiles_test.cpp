// Article 002's coastlines for tiles (issue 9): any window of the torus
// computed alone is bit for bit that window of the whole map.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/sources/coastline.hpp"
#include "core/tiles.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

using testing::checksum;

TileGrid torusGrid(std::int64_t worldSize, int columns, int rows, int overlap = 0) {
  TileGrid grid;
  grid.wraps = true;
  grid.worldSize = worldSize;
  grid.columns = columns;
  grid.rows = rows;
  grid.overlap = overlap;
  return grid;
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
  return "size " + std::to_string(c.size) + (c.mode == CoastMode::Classes ? " classes" : " heights") +
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

}  // namespace
}  // namespace terrain
