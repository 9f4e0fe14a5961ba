// Tiles of graph worlds (issue 18): a graph whose nodes are all per-cell or
// bounded-neighbourhood computes each tile alone, every node over the tile
// grown by the halo its readers need, bit for bit the window of the world;
// a graph with a whole-map node makes every tile from the whole world.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/base/error.hpp"
#include "core/base/text_ids.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/document/project.hpp"
#include "core/export/tiles.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/window_evaluation.hpp"
#include "core/nodes/registry.hpp"
#include "core/nodes/sources/import.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/scratch_dir.hpp"

namespace terrain {
namespace {

using testing::checksum;

const std::string kExamples = TERRAIN_SOURCE_DIR "/examples/";

Document exampleAt(const std::string& name, int size) {
  Document doc = loadProject(kExamples + name);
  setDocumentSize(doc, size);
  return doc;
}

// Every source's size set to the world's, as the CLI's --size does for tiles.
void setWorldSize(Document& doc, double size) {
  for (GraphNode& node : doc.graph.nodes) {
    if (const auto index = typeOf(node).indexOf("size")) node.values[*index] = size;
  }
}

// The world as one tile with the grid's overlap: what every tile is a window of.
Heightfield oneTileWorld(const Document& doc, const TileGrid& grid, int threads = 0) {
  const TileGrid whole = testing::tileGrid(grid.worldSize, 1, 1, 0, grid.wraps);
  return buildTile(doc, whole, planTiles(doc, whole), {0, 0},
                   PipelineControl{Execution{threads}, nullptr, {}})
      .field;
}

void expectTilesAreWindows(const Document& doc, const TileGrid& grid, TileBuild build) {
  const TilePlan plan = planTiles(doc, grid);
  ASSERT_EQ(plan.build, build) << plan.why;
  const Heightfield world = oneTileWorld(doc, grid);
  for (int row = 0; row < grid.rows; ++row) {
    for (int column = 0; column < grid.columns; ++column) {
      const Tile tile = buildTile(doc, grid, plan, {column, row});
      ASSERT_EQ(checksum(tile.field), checksum(cutWindow(world, tileWindow(grid, {column, row}))))
          << column << "," << row;
    }
  }
}

TEST(GraphTiles, EveryExampleTilesAsWindowsOfItsOneTileWorld) {
  int examples = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kExamples)) {
    const std::string name = entry.path().filename().string();
    SCOPED_TRACE(name);
    const Document doc = exampleAt(name, 257);
    // Only the highlands are built of per-cell and neighbourhood nodes.
    const TileBuild build =
        name == "tileable-highlands.json" ? TileBuild::Windowed : TileBuild::WholeWorld;
    // The window path against itself: the one-tile world is made as its
    // tiles are. (A noise world's tiles share the source's raw range, not
    // the whole map's minimum and maximum, so the ordinary evaluator's
    // map is another scaling of it; the import test below compares the
    // two where they must agree.)
    expectTilesAreWindows(doc, testing::tileGrid(257, 2, 2, 3), build);
    ++examples;
  }
  EXPECT_GE(examples, 4);
}

// A raw float32 file of smooth hills, `side` samples a side.
void writeHills(const std::string& path, int side) {
  std::vector<float> samples;
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      samples.push_back(static_cast<float>(0.5 + 0.3 * std::sin(0.21 * x) * std::cos(0.17 * y) +
                                           0.1 * std::sin(0.05 * (x + 2 * y))));
    }
  }
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(samples.data()),
            static_cast<std::streamsize>(samples.size() * sizeof(float)));
}

// The highlands' kind of graph on ground read from a file: the import
// resampled (65 file samples to 129), a blurred height mask blending it
// with a curve of itself, terraces where a grown slope mask says. Each tile
// is computed alone over its halo, and is the window of the world the
// ordinary evaluator makes whole.
TEST(GraphTiles, AWindowedGraphOnAnImportIsTheOrdinaryWorldCutIntoTiles) {
  testing::ScratchDir dir;
  const std::string file = (dir.path() / "hills.r32").string();
  writeHills(file, 65);
  Document doc = defaultDocument("import");
  testing::setParam(doc, "size", 129);
  chainSource(doc.graph).values[*sourceStage("import").indexOf("file")] = textId(file);
  ImportChoice choice = chooseImportFile(chainSource(doc.graph).values, doc.world);
  chainSource(doc.graph).values = std::move(choice.values);
  doc.world = choice.world;
  doc.world.width = 4000.0;  // 31 m cells: the blur reaches a few cells
  const NodeId height = addNode(doc.graph, "height-mask", 0, 0);
  const NodeId blur = addNode(doc.graph, "blur-mask", 0, 0);
  const NodeId curve = addNode(doc.graph, "curve", 0, 0);
  const NodeId blend = addNode(doc.graph, "blend", 0, 0);
  const NodeId slope = addNode(doc.graph, "slope-mask", 0, 0);
  const NodeId grow = addNode(doc.graph, "grow-mask", 0, 0);
  const NodeId terrace = addNode(doc.graph, "terrace", 0, 0);
  connect(doc.graph, {1, 0}, {height, 0});
  connect(doc.graph, {height, 0}, {blur, 0});
  connect(doc.graph, {1, 0}, {curve, 0});
  connect(doc.graph, {1, 0}, {blend, 0});
  connect(doc.graph, {curve, 0}, {blend, 1});
  connect(doc.graph, {blur, 0}, {blend, 2});
  connect(doc.graph, {blend, 0}, {slope, 0});
  connect(doc.graph, {slope, 0}, {grow, 0});
  connect(doc.graph, {blend, 0}, {terrace, 0});
  connect(doc.graph, {grow, 0}, {terrace, 1});
  setOutput(doc.graph, terrace);

  const TileGrid grid = testing::tileGrid(129, 2, 2, 3);
  const TilePlan plan = planTiles(doc, grid);
  ASSERT_EQ(plan.build, TileBuild::Windowed) << plan.why;
  const Heightfield world = runPipeline(doc);
  for (int row = 0; row < 2; ++row) {
    for (int column = 0; column < 2; ++column) {
      const Tile tile = buildTile(doc, grid, plan, {column, row});
      EXPECT_EQ(tile.field.heights, cutWindow(world, tileWindow(grid, {column, row})).heights)
          << column << "," << row;
    }
  }
  // The masks select some of the world, not all or none of it.
  const Heightfield grown = runPipeline(doc, PortRef{grow, 0});
  const auto [lo, hi] = std::minmax_element(grown.heights.begin(), grown.heights.end());
  EXPECT_LT(*lo, *hi);
}

TEST(GraphTiles, AWrappingWorldsTilesAreWindowsOfTheTorus) {
  Document doc = exampleAt("tileable-highlands.json", 256);
  for (GraphNode& node : doc.graph.nodes) {
    if (node.type == "noise") node.values[*typeOf(node).indexOf("tileable")] = 1.0;
  }
  ASSERT_TRUE(documentWraps(doc));
  const TileGrid grid = testing::tileGrid(256, 4, 4, 2, true);
  const TilePlan plan = planTiles(doc, grid);
  ASSERT_EQ(plan.build, TileBuild::Windowed);
  // The torus once round and a little more: every tile's window, seams
  // and overlaps included, is a window of it.
  const int margin = 4;
  const WorldWindow around{256,
                           true,
                           metresPerCell(doc.world, 256, true),
                           {-margin, -margin, 256 + 2 * margin + 1, 256 + 2 * margin + 1}};
  const PortValue torus =
      evaluateWindow(doc.graph, {doc.graph.output, 0}, {doc.seed, doc.world}, around);
  for (int row = 0; row < 4; ++row) {
    for (int column = 0; column < 4; ++column) {
      const Tile tile = buildTile(doc, grid, plan, {column, row});
      const MapWindow window = tileWindow(grid, {column, row});
      for (int y = 0; y < window.height; ++y) {
        for (int x = 0; x < window.width; ++x) {
          ASSERT_EQ(tile.field.at(x, y), torus->at(static_cast<int>(window.x0) + margin + x,
                                                   static_cast<int>(window.y0) + margin + y))
              << column << "," << row << " at " << x << "," << y;
        }
      }
    }
  }
  // Across the seam the torus repeats itself exactly.
  for (int y = 0; y < 2 * margin; ++y) {
    ASSERT_EQ(torus->at(0, y), torus->at(256, y)) << y;
  }
}

TEST(GraphTiles, ATileHasTheSameBitsOnOneAndTwoThreads) {
  const Document doc = exampleAt("tileable-highlands.json", 513);
  const TileGrid grid = testing::tileGrid(513, 2, 2, 1);
  const TilePlan plan = planTiles(doc, grid);
  const auto tileOn = [&](int threads) {
    return checksum(
        buildTile(doc, grid, plan, {1, 0}, PipelineControl{Execution{threads}, nullptr, {}}).field);
  };
  EXPECT_EQ(tileOn(1), tileOn(2));
}

// A world no map holds: a tile of 513 is the same cells of a tile of 1025,
// whose halo the world's edge cuts elsewhere.
TEST(GraphTiles, AGraphWorldLargerThanAnyMapIsMadeATileAtATime) {
  Document doc = exampleAt("tileable-highlands.json", 513);
  setWorldSize(doc, 65537);
  doc.world.width = 1.0e6;  // 15 m cells: the blur reaches 78 cells
  const TileGrid coarse = testing::tileGrid(65537, 64, 64);
  const TileGrid fine = testing::tileGrid(65537, 128, 128);
  const TilePlan plan = planTiles(doc, coarse);
  ASSERT_EQ(plan.build, TileBuild::Windowed);
  const Tile big = buildTile(doc, coarse, plan, {40, 21});
  const Tile small = buildTile(doc, fine, planTiles(doc, fine), {81, 43});
  for (int y = 0; y < 513; ++y) {
    for (int x = 0; x < 513; ++x) {
      ASSERT_EQ(small.field.at(x, y), big.field.at(512 + x, 512 + y)) << x << "," << y;
    }
  }
  // The last tile row and column meet the world's edge.
  const Tile corner = buildTile(doc, coarse, plan, {63, 63});
  EXPECT_EQ(corner.field.width, 1025);
}

TEST(GraphTiles, HalosAddUpTheReachOfEveryReaderDownstream) {
  const Document doc = exampleAt("tileable-highlands.json", 1025);
  const Graph& graph = doc.graph;
  const double cell = 16000.0 / 1024.0;  // 15.6 m
  const auto reachOf = [&](NodeId id) {
    const GraphNode& node = *graph.find(id);
    return typeOf(node).reach(node.values, cell);
  };
  EXPECT_EQ(reachOf(8), 1);       // slope: central differences
  EXPECT_EQ(reachOf(9), 4);       // grow 60 m: 4 cells
  EXPECT_EQ(reachOf(6), 3 * 25);  // blur 400 m: three boxes of 25
  const auto halo = windowHalos(graph, graph.output, cell);
  EXPECT_EQ(halo.at(10), 0);      // the terrace: per cell, the output
  EXPECT_EQ(halo.at(9), 0);       // read by the terrace cell by cell
  EXPECT_EQ(halo.at(8), 4);       // read by the grow
  EXPECT_EQ(halo.at(7), 5);       // the blend: read by the slope mask
  EXPECT_EQ(halo.at(6), 5);       // read by the blend
  EXPECT_EQ(halo.at(5), 5 + 75);  // read by the blur
  EXPECT_EQ(halo.at(4), 80);
  EXPECT_EQ(halo.at(1), 5);
}

TEST(GraphTiles, WholeMapNodesMakeTilesFromTheWholeWorldOrInTwoStagesSayingWhich) {
  const Document doc = exampleAt("eroded-high-ground.json", 257);
  EXPECT_EQ(whyNotWindowed(doc.graph, doc.graph.output),
            "River erosion (node 5) needs the whole map");
  EXPECT_EQ(planTiles(doc, testing::tileGrid(257, 2, 2)).build, TileBuild::WholeWorld);
  Document large = doc;
  setWorldSize(large, 32769);
  const TilePlan twoStage = planTiles(large, testing::tileGrid(32769, 16, 16));
  EXPECT_EQ(twoStage.build, TileBuild::TwoStage);
  EXPECT_EQ(twoStage.coarseSide, 1025);
  // A mask built of windowed nodes tiles alone even when the terrain does not.
  const TilePlan maskPlan = planTiles(doc, testing::tileGrid(257, 2, 2), PortRef{4, 0});
  EXPECT_EQ(maskPlan.build, TileBuild::Windowed);
  // Random rectangles span the map: no window, no two stages, no world
  // larger than a map.
  Document rectangles = defaultDocument("rectangles");
  setWorldSize(rectangles, 32768);
  try {
    planTiles(rectangles, testing::tileGrid(32768, 4, 4));
    ADD_FAILURE() << "a whole-world graph larger than a map was planned";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot compute a window of its world, so every tile "
                                         "computes the whole world, which must then be at most"),
              std::string::npos)
        << e.what();
  }
}

// Thermal erosion on a 4097 world: the whole graph at 1025, then in each
// tile the thermal node adds its coarse change to its fine input, and the
// blend and masks before it run on the tile.
TEST(GraphTiles, TwoStageTilesAgreeWhereverTheyMeetAndCarryTheCoarseErosion) {
  Document doc = exampleAt("mountains-and-plains.json", 513);
  setWorldSize(doc, 4097);
  const TileGrid coarse = testing::tileGrid(4097, 2, 2);
  const TileGrid fine = testing::tileGrid(4097, 4, 4);
  const TilePlan plan = planTiles(doc, coarse);
  ASSERT_EQ(plan.build, TileBuild::TwoStage) << plan.why;
  const Tile big = buildTile(doc, coarse, plan, {0, 0});
  const Tile small = buildTile(doc, fine, planTiles(doc, fine), {1, 1});
  const Tile beside = buildTile(doc, fine, planTiles(doc, fine), {2, 1});
  ASSERT_EQ(small.field.width, 1025);
  for (int y = 0; y < 1025; ++y) {
    for (int x = 0; x < 1025; ++x) {
      ASSERT_EQ(small.field.at(x, y), big.field.at(1024 + x, 1024 + y)) << x << "," << y;
    }
    ASSERT_EQ(small.field.at(1024, y), beside.field.at(0, y)) << y;  // the shared column
  }
  // One maker computes the coarse world once for all its tiles, and gives
  // each tile the bits it gives alone.
  const TilePlan finePlan = planTiles(doc, fine);
  TileMaker maker(doc, fine, finePlan);
  EXPECT_EQ(maker.coarseWorld(), nullptr);
  EXPECT_EQ(checksum(maker.make({2, 1}).field), checksum(beside.field));
  const CoarseWorld* coarseOnce = maker.coarseWorld();
  ASSERT_NE(coarseOnce, nullptr);
  EXPECT_EQ(checksum(maker.make({1, 1}).field), checksum(small.field));
  EXPECT_EQ(maker.coarseWorld(), coarseOnce);
  EXPECT_EQ(coarseOnce->wholeMapNodes.size(), 1u);  // the thermal node
  // Without the thermal node the tile is the blend alone: erosion changed it.
  Document uneroded = doc;
  uneroded.graph.find(7)->enabled = false;
  const Tile plain = buildTile(uneroded, fine, planTiles(uneroded, fine), {1, 1});
  EXPECT_EQ(planTiles(uneroded, fine).build, TileBuild::Windowed);
  int changed = 0;
  for (std::size_t i = 0; i < plain.field.size(); ++i) {
    changed += plain.field.heights[i] != small.field.heights[i];
  }
  EXPECT_GT(changed, static_cast<int>(plain.field.size() / 4));
}

}  // namespace
}  // namespace terrain
