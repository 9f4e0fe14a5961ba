// Presets that carry water and life (issue 40 item 3): Alpine, Rolling
// hills and River valley have a Water node on their terrain and a Scatter
// node whose masks come from it (landform::addWaterAndLife). Their trees,
// bushes and rocks stand on dry land, each species where its mask lets it,
// the same on every thread count and in every tile.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "core/document/presets.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/node_type.hpp"
#include "core/scatter/scatter_species.hpp"
#include "tests/support/export_run_fixture.hpp"

namespace terrain {
namespace {

constexpr std::string_view kLifePresets[] = {"alpine", "rolling-hills", "river-valley"};

// The Water node's output ports (core/nodes/water.cpp).
constexpr std::uint32_t kLake = 2, kRiver = 3, kSea = 4;

struct Life {
  Document doc;
  NodeId water = 0;
  NodeId scatter = 0;
};

Life lifeOf(std::string_view key, int size) {
  Life life{landformDocument(key)};
  setDocumentSize(life.doc, size);
  int waters = 0, scatters = 0;
  for (const GraphNode& node : life.doc.graph.nodes) {
    if (node.type == "water") life.water = node.id, ++waters;
    if (node.type == "scatter") life.scatter = node.id, ++scatters;
  }
  if (waters != 1 || scatters != 1) {
    throw std::logic_error(std::string(key) + ": not one Water and one Scatter node");
  }
  return life;
}

// What drives the scatter: its output, the water's masks and the masks on
// its inputs, from one run of the graph (the evaluator keeps them all).
struct Scattered {
  InstanceSet set;
  std::vector<std::shared_ptr<const Heightfield>> water;        // lake, river, sea
  std::vector<std::shared_ptr<const Heightfield>> scatterMask;  // index: the mask number
};

Scattered scatteredOf(const Life& life, int threads = 0) {
  GraphEvaluator evaluator(std::size_t{1} << 30);
  const NodeContext context{life.doc.seed, life.doc.world};
  const PipelineControl control{Execution{threads}, nullptr, {}};
  Scattered s;
  s.set = *evaluator.run(life.doc.graph, life.scatter, 1, context, control).instances();
  for (const std::uint32_t port : {kLake, kRiver, kSea}) {
    s.water.push_back(evaluator.run(life.doc.graph, life.water, port, context, control).field());
  }
  s.scatterMask.resize(kScatterMasks + 1);
  for (const GraphEdge& edge : life.doc.graph.edges) {
    if (edge.to.node != life.scatter || edge.to.port == 0) continue;
    s.scatterMask[edge.to.port] =
        evaluator.run(life.doc.graph, edge.from.node, edge.from.port, context, control).field();
  }
  return s;
}

std::size_t nearestCell(const InstanceSet& set, const ScatterInstance& i, int width) {
  const auto at = [&](double metres) {
    return static_cast<std::size_t>(std::floor(metres / set.cellMetres + 0.5));
  };
  return at(i.y) * static_cast<std::size_t>(width) + at(i.x);
}

const SpeciesList& speciesListOf(const Life& life) {
  const GraphNode& node = *life.doc.graph.find(life.scatter);
  return speciesOf(node.values[*typeOf(node).indexOf("species")]);
}

bool anyWater(const Scattered& s, std::size_t cell) {
  return s.water[0]->heights[cell] > 0.0f || s.water[1]->heights[cell] > 0.0f ||
         s.water[2]->heights[cell] > 0.0f;
}

// Every instance's cell holds no lake, river or sea (not even a river
// narrower than the cell), and every species is placed, each only where
// its mask is above 0 and more densely where it is high: instances per
// cell where the mask is at its median or above outnumber those where it
// is below (on ground its height band and slope allow or not alike),
// whenever both halves are large enough to count.
TEST(PresetLife, EveryInstanceStandsOnDryLandAndEachSpeciesFollowsItsMask) {
  for (const std::string_view key : kLifePresets) {
    SCOPED_TRACE(key);
    const Life life = lifeOf(key, 257);
    const Scattered s = scatteredOf(life);
    const SpeciesList& species = speciesListOf(life);
    ASSERT_EQ(s.set.species.size(), species.size());
    const int width = s.water[0]->width;
    const std::size_t cells = s.water[0]->heights.size();
    std::size_t wetCells = 0;
    for (std::size_t c = 0; c < cells; ++c) wetCells += anyWater(s, c) ? 1u : 0u;
    EXPECT_GT(wetCells, 0u) << "no water to keep out of";
    // Each species' mask split at the median of its values above 0.
    std::vector<float> split(species.size());
    for (std::size_t k = 0; k < species.size(); ++k) {
      const auto& mask = *s.scatterMask[static_cast<std::size_t>(species[k].mask)];
      std::vector<float> above;
      for (const float m : mask.heights) {
        if (m > 0.0f) above.push_back(m);
      }
      ASSERT_FALSE(above.empty()) << species[k].name;
      std::nth_element(above.begin(), above.begin() + static_cast<std::ptrdiff_t>(above.size() / 2),
                       above.end());
      split[k] = above[above.size() / 2];
    }
    std::vector<std::size_t> counts(species.size());
    std::vector<std::array<double, 2>> perBin(species.size(), {0.0, 0.0});  // below, from split
    for (const ScatterInstance& i : s.set.instances) {
      const std::size_t cell = nearestCell(s.set, i, width);
      ASSERT_LT(cell, cells);
      ASSERT_FALSE(anyWater(s, cell)) << "an instance in water at " << i.x << ", " << i.y;
      const int number = species[i.species].mask;
      ASSERT_GT(number, 0) << species[i.species].name << " follows no mask: it may stand in water";
      const float m = s.scatterMask[static_cast<std::size_t>(number)]->heights[cell];
      ASSERT_GT(m, 0.0f) << species[i.species].name;
      ++counts[i.species];
      perBin[i.species][m >= split[i.species] ? 1 : 0] += 1.0;
    }
    int compared = 0;
    for (std::size_t k = 0; k < species.size(); ++k) {
      SCOPED_TRACE(species[k].name);
      EXPECT_GT(counts[k], 20u);
      const auto& mask = *s.scatterMask[static_cast<std::size_t>(species[k].mask)];
      std::array<double, 2> binCells{0.0, 0.0};
      for (const float m : mask.heights) {
        if (m > 0.0f) binCells[m >= split[k] ? 1 : 0] += 1.0;
      }
      // A mask of one value above 0 (dry land far from water) has no lower half.
      if (binCells[0] < 100.0 || binCells[1] < 100.0) continue;
      ++compared;
      EXPECT_GT(perBin[k][1] / binCells[1], perBin[k][0] / binCells[0])
          << binCells[0] << " / " << binCells[1] << " cells, split at " << split[k];
    }
    EXPECT_GT(compared, 0) << "no species whose mask has both halves to compare";
  }
}

// Every field of every instance, bit for bit (the struct has padding).
bool sameInstances(const InstanceSet& a, const InstanceSet& b) {
  if (a.instances.size() != b.instances.size()) return false;
  const auto bits = [](const ScatterInstance& i) {
    return std::tuple{std::bit_cast<std::uint64_t>(i.x),
                      std::bit_cast<std::uint64_t>(i.y),
                      std::bit_cast<std::uint32_t>(i.height),
                      std::bit_cast<std::uint32_t>(i.scale),
                      std::bit_cast<std::uint32_t>(i.rotation),
                      std::bit_cast<std::uint32_t>(i.upX),
                      std::bit_cast<std::uint32_t>(i.upY),
                      std::bit_cast<std::uint32_t>(i.upZ),
                      i.species};
  };
  for (std::size_t k = 0; k < a.instances.size(); ++k) {
    if (bits(a.instances[k]) != bits(b.instances[k])) return false;
  }
  return true;
}

TEST(PresetLife, TheSameInstancesEveryRunOnOneAndTwoThreads) {
  for (const std::string_view key : kLifePresets) {
    SCOPED_TRACE(key);
    const Life life = lifeOf(key, 257);
    const Scattered once = scatteredOf(life, 1);
    ASSERT_GT(once.set.instances.size(), 500u);
    EXPECT_TRUE(sameInstances(once.set, scatteredOf(life, 1).set));
    EXPECT_TRUE(sameInstances(once.set, scatteredOf(life, 2).set));
  }
}

// The CLI's 2x2 tiles of River valley (the river and its wetness cross
// every tile) hold the world's instances, each in one tile, every number
// the same; the world made as its tiles are: one tile.
class PresetLifeTiles : public testing::ExportRunTest {};

using Row = std::vector<double>;
std::map<std::tuple<double, double, double>, Row> rowsOf(const std::string& file) {
  const nlohmann::json j = nlohmann::json::parse(std::ifstream(file));
  std::map<std::tuple<double, double, double>, Row> rows;
  for (const auto& i : j["instances"]) {
    const Row row = i.get<Row>();
    rows.emplace(std::tuple{row.at(0), row.at(1), row.at(2)}, row);
  }
  return rows;
}

TEST_F(PresetLifeTiles, RiverValleysTilesHoldTheWorldsInstancesEachInOneTile) {
  const auto runTiles = [&](const std::string& tiles, const std::string& dir) {
    const testing::AppRun r =
        run({"--preset", "river-valley", "--size", "257", "--tiles", tiles, "--out-dir", path(dir),
             "--heightmap", "h.png", "--instances-json", "i.json"});
    EXPECT_EQ(r.status, 0) << r.err;
  };
  runTiles("1x1", "whole");
  const auto world = rowsOf(path("whole/i_x0_y0.json"));
  ASSERT_GT(world.size(), 1000u);
  runTiles("2x2", "tiles");
  std::map<std::tuple<double, double, double>, Row> joined;
  for (const char* name : {"i_x0_y0", "i_x1_y0", "i_x0_y1", "i_x1_y1"}) {
    for (const auto& [place, row] : rowsOf(path(std::string("tiles/") + name + ".json"))) {
      EXPECT_TRUE(joined.emplace(place, row).second) << "an instance in two tiles: " << name;
    }
  }
  EXPECT_EQ(joined, world);
}

}  // namespace
}  // namespace terrain
