// The Scatter node (issue 40 item 2): instances travel the graph as their
// own kind; a tile's instances are its window of the world's, bit for bit;
// spacing, density, rules and competition hold; thread counts agree; a bad
// species list is refused naming what is wrong.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <tuple>

#include "core/base/error.hpp"
#include "core/base/param_values.hpp"
#include "core/document/document.hpp"
#include "core/document/project.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/window_evaluation.hpp"
#include "core/nodes/nodes.hpp"
#include "core/scatter/scatter_species.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

struct Scattered {
  Document doc;
  NodeId source = 0;
  NodeId scatter = 0;
};

SpeciesRules speciesOfKind(std::string name, double density, double spacing,
                           double clearance = 0.0) {
  SpeciesRules r;
  r.name = std::move(name);
  r.placing.density = density;
  r.placing.spacing = spacing;
  r.clearance = clearance;
  return r;
}

// Noise of `size` over a world `width` metres wide feeding a Scatter.
Scattered scatterDocument(int size, double width, const SpeciesList& species) {
  Scattered s{defaultDocument("noise")};
  setDocumentSize(s.doc, size);
  s.doc.world.width = width;
  s.source = s.doc.graph.output;
  s.scatter = addNode(s.doc.graph, "scatter", 200.0f, 0.0f);
  connect(s.doc.graph, {s.source, 0}, {s.scatter, 0});
  s.doc.graph.find(s.scatter)->values[0] = speciesId(species);
  return s;
}

const InstanceSet& instancesOf(const PortValue& value) {
  EXPECT_TRUE(value.instances() != nullptr);
  EXPECT_TRUE(value.field() == nullptr);
  return *value.instances();
}

std::vector<ScatterInstance> wholeWorld(const Scattered& s, int threads = 0) {
  const PortValue out = evaluateGraph(s.doc.graph, {s.scatter, 1}, {s.doc.seed, s.doc.world},
                                      PipelineControl{Execution{threads}, nullptr, {}});
  return instancesOf(out).instances;
}

// Instances in one order whatever order they were made in: by species,
// then place (two of a species never share one).
std::vector<ScatterInstance> sorted(std::vector<ScatterInstance> v) {
  std::sort(v.begin(), v.end(), [](const ScatterInstance& a, const ScatterInstance& b) {
    return std::tie(a.species, a.y, a.x) < std::tie(b.species, b.y, b.x);
  });
  return v;
}

bool sameBits(const std::vector<ScatterInstance>& a, const std::vector<ScatterInstance>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const ScatterInstance &p = a[i], &q = b[i];
    const bool same = std::memcmp(&p.x, &q.x, sizeof p.x) == 0 &&
                      std::memcmp(&p.y, &q.y, sizeof p.y) == 0 && p.height == q.height &&
                      p.scale == q.scale && p.rotation == q.rotation && p.upX == q.upX &&
                      p.upY == q.upY && p.upZ == q.upZ && p.species == q.species;
    if (!same) return false;
  }
  return true;
}

// The nearest two instances of one species, by a grid of squares a
// `spacing` wide (any pair nearer lies in neighbouring squares).
double nearestPair(const std::vector<ScatterInstance>& all, std::uint32_t species, double spacing) {
  std::map<std::pair<std::int64_t, std::int64_t>, std::vector<const ScatterInstance*>> squares;
  for (const ScatterInstance& i : all) {
    if (i.species != species) continue;
    squares[{static_cast<std::int64_t>(std::floor(i.x / spacing)),
             static_cast<std::int64_t>(std::floor(i.y / spacing))}]
        .push_back(&i);
  }
  double nearest = std::numeric_limits<double>::infinity();
  for (const auto& [key, members] : squares) {
    for (std::int64_t dy = -1; dy <= 1; ++dy) {
      for (std::int64_t dx = -1; dx <= 1; ++dx) {
        const auto it = squares.find({key.first + dx, key.second + dy});
        if (it == squares.end()) continue;
        for (const ScatterInstance* a : members) {
          for (const ScatterInstance* b : it->second) {
            if (a == b) continue;
            nearest = std::min(nearest, std::hypot(a->x - b->x, a->y - b->y));
          }
        }
      }
    }
  }
  return nearest;
}

TEST(ScatterNode, InstancesFeedOnlyInstancesAndAreNoTerrain) {
  Scattered s = scatterDocument(129, 2048.0, {speciesOfKind("pines", 50.0, 4.0)});
  Graph& g = s.doc.graph;
  const NodeId slope = addNode(g, "slope-mask", 400.0f, 0.0f);
  std::string message = testing::inputErrorOf([&] { connect(g, {s.scatter, 1}, {slope, 0}); });
  EXPECT_NE(message.find("instances 'instances'"), std::string::npos) << message;
  EXPECT_NE(message.find("instances feed instances inputs only"), std::string::npos) << message;
  // Through a reroute the kind is the same: the reroute takes it, its reader refuses it.
  const NodeId reroute = addNode(g, "reroute", 300.0f, 0.0f);
  connect(g, {s.scatter, 1}, {reroute, 0});
  message = testing::inputErrorOf([&] { connect(g, {reroute, 0}, {slope, 0}); });
  EXPECT_NE(message.find("instances feed instances inputs only"), std::string::npos) << message;
  message = testing::inputErrorOf([&] { setOutput(g, s.scatter); });
  EXPECT_FALSE(message.empty());
  // Its density mask reads as any mask does.
  connect(g, {s.scatter, 0}, {addNode(g, "invert-mask", 400.0f, 100.0f), 0});
  EXPECT_NO_THROW(validate(g));
}

TEST(ScatterNode, ADisabledScatterGivesNoInstancesAndPassesItsHeights) {
  Scattered s = scatterDocument(129, 2048.0, {speciesOfKind("pines", 50.0, 4.0)});
  ASSERT_GT(wholeWorld(s).size(), 100u);
  s.doc.graph.find(s.scatter)->enabled = false;
  EXPECT_TRUE(wholeWorld(s).empty());
  const PortValue passed = evaluateGraph(s.doc.graph, {s.scatter, 0}, {s.doc.seed, s.doc.world});
  const PortValue source = evaluateGraph(s.doc.graph, {s.source, 0}, {s.doc.seed, s.doc.world});
  EXPECT_EQ(testing::checksum(*passed), testing::checksum(*source));
}

TEST(ScatterNode, TilesHoldTheWorldsInstancesInTheirWindowBitForBit) {
  SpeciesList species = {speciesOfKind("oaks", 60.0, 6.0, 9.0), speciesOfKind("ferns", 300.0, 2.0)};
  species[0].maxSlope = 25.0;
  species[1].placing.slopeAlign = 0.7;
  const Scattered s = scatterDocument(257, 2048.0, species);
  const NodeContext context{s.doc.seed, s.doc.world};
  const double cell = metresPerCell(s.doc.world, 257, false);
  const PortValue world = evaluateWindow(s.doc.graph, {s.scatter, 1}, context,
                                         WorldWindow{257, false, cell, {0, 0, 257, 257}});
  const std::vector<ScatterInstance> all = sorted(instancesOf(world).instances);
  ASSERT_GT(all.size(), 5000u);
  for (const int split : {2, 4}) {
    std::vector<ScatterInstance> joined;
    const int side = (257 + split - 1) / split;
    for (int ty = 0; ty < split; ++ty) {
      for (int tx = 0; tx < split; ++tx) {
        const MapWindow window{tx * side, ty * side, std::min(side, 257 - tx * side),
                               std::min(side, 257 - ty * side)};
        const PortValue tile = evaluateWindow(s.doc.graph, {s.scatter, 1}, context,
                                              WorldWindow{257, false, cell, window});
        const auto& mine = instancesOf(tile).instances;
        const auto in = [&](const ScatterInstance& i) {
          const auto sx = static_cast<std::int64_t>(std::floor(i.x / cell + 0.5));
          const auto sy = static_cast<std::int64_t>(std::floor(i.y / cell + 0.5));
          return sx >= window.x0 && sx < window.x0 + window.width && sy >= window.y0 &&
                 sy < window.y0 + window.height;
        };
        std::vector<ScatterInstance> expected;
        std::copy_if(all.begin(), all.end(), std::back_inserter(expected), in);
        ASSERT_TRUE(sameBits(sorted(mine), expected))
            << split << "x" << split << " tile " << tx << "," << ty << ": " << mine.size()
            << " instances, the world's window " << expected.size();
        joined.insert(joined.end(), mine.begin(), mine.end());
      }
    }
    EXPECT_TRUE(sameBits(sorted(joined), all)) << split;
  }
}

// On a torus the windows wrap: the tiles of a 256 world still hold its
// instances, each once (nothing stands past its last sample, whose next is
// its first).
TEST(ScatterNode, ATorussTilesHoldItsInstancesEachOnce) {
  const Scattered s = scatterDocument(
      257, 2048.0, {speciesOfKind("oaks", 60.0, 6.0, 9.0), speciesOfKind("ferns", 300.0, 2.0)});
  const NodeContext context{s.doc.seed, s.doc.world};
  const double cell = 2048.0 / 256.0;
  const PortValue world = evaluateWindow(s.doc.graph, {s.scatter, 1}, context,
                                         WorldWindow{256, true, cell, {0, 0, 256, 256}});
  const std::vector<ScatterInstance> all = sorted(instancesOf(world).instances);
  ASSERT_GT(all.size(), 5000u);
  std::vector<ScatterInstance> joined;
  for (int ty = 0; ty < 2; ++ty) {
    for (int tx = 0; tx < 2; ++tx) {
      const PortValue tile =
          evaluateWindow(s.doc.graph, {s.scatter, 1}, context,
                         WorldWindow{256, true, cell, {tx * 128, ty * 128, 128, 128}});
      const auto& mine = instancesOf(tile).instances;
      joined.insert(joined.end(), mine.begin(), mine.end());
    }
  }
  EXPECT_TRUE(sameBits(sorted(joined), all)) << joined.size() << " vs " << all.size();
}

TEST(ScatterNode, NoTwoInstancesOfASpeciesAreNearerThanItsSpacing) {
  const SpeciesList species = {speciesOfKind("firs", 400.0, 5.0),
                               speciesOfKind("stones", 900.0, 2.5)};
  const Scattered s = scatterDocument(257, 2048.0, species);
  const std::vector<ScatterInstance> all = wholeWorld(s);
  for (std::uint32_t k = 0; k < species.size(); ++k) {
    const auto count = std::count_if(all.begin(), all.end(),
                                     [k](const ScatterInstance& i) { return i.species == k; });
    ASSERT_GT(count, 1000) << k;
    EXPECT_GE(nearestPair(all, k, species[k].placing.spacing), species[k].placing.spacing) << k;
  }
}

TEST(ScatterNode, OneAndTwoThreadsGiveTheSameInstances) {
  const Scattered s = scatterDocument(
      257, 2048.0, {speciesOfKind("oaks", 80.0, 5.0, 6.0), speciesOfKind("ferns", 200.0, 2.0)});
  const auto one = wholeWorld(s, 1);
  ASSERT_GT(one.size(), 1000u);
  EXPECT_TRUE(sameBits(one, wholeWorld(s, 2)));  // same order too
}

TEST(ScatterNode, AnEarlierSpeciesKeepsLaterOnesOutOfItsClearance) {
  const SpeciesList species = {speciesOfKind("oaks", 40.0, 8.0, 6.0),
                               speciesOfKind("ferns", 400.0, 2.0, 0.0)};
  Scattered s = scatterDocument(257, 2048.0, species);
  const std::vector<ScatterInstance> all = wholeWorld(s);
  std::vector<const ScatterInstance*> oaks, ferns;
  for (const ScatterInstance& i : all) (i.species == 0 ? oaks : ferns).push_back(&i);
  ASSERT_GT(oaks.size(), 500u);
  std::map<std::pair<std::int64_t, std::int64_t>, std::vector<const ScatterInstance*>> squares;
  for (const ScatterInstance* o : oaks) {
    squares[{static_cast<std::int64_t>(std::floor(o->x / 6.0)),
             static_cast<std::int64_t>(std::floor(o->y / 6.0))}]
        .push_back(o);
  }
  std::size_t inside = 0;
  for (const ScatterInstance* f : ferns) {
    const auto i = static_cast<std::int64_t>(std::floor(f->x / 6.0));
    const auto j = static_cast<std::int64_t>(std::floor(f->y / 6.0));
    for (std::int64_t dy = -1; dy <= 1; ++dy) {
      for (std::int64_t dx = -1; dx <= 1; ++dx) {
        const auto it = squares.find({i + dx, j + dy});
        if (it == squares.end()) continue;
        for (const ScatterInstance* o : it->second)
          inside += std::hypot(o->x - f->x, o->y - f->y) < 6.0;
      }
    }
  }
  EXPECT_EQ(inside, 0u);
  // Without the clearance ferns do stand there: the rule removed them.
  SpeciesList open = species;
  open[0].clearance = 0.0;
  s.doc.graph.find(s.scatter)->values[0] = speciesId(open);
  const auto withoutRule = wholeWorld(s);
  const auto fernsWithout = std::count_if(withoutRule.begin(), withoutRule.end(),
                                          [](const ScatterInstance& i) { return i.species == 1; });
  EXPECT_GT(static_cast<double>(fernsWithout), static_cast<double>(ferns.size()) * 1.1);
}

// Counts per band of the mask follow density x mask: the noise's own
// heights as species 1's mask, ten bands, chi-square against the expected
// count of each (the sum of density x mask over its cells' areas). At
// 5 per hectare and 2 m spacing a candidate is lost to a neighbour with a
// probability under 0.7%, well inside the test's tolerance.
TEST(ScatterNode, CountsPerMaskBandFollowTheDensity) {
  SpeciesRules grass = speciesOfKind("grass", 5.0, 2.0);
  grass.mask = 1;
  Scattered s = scatterDocument(257, 8192.0, {grass});
  connect(s.doc.graph, {s.source, 0}, {s.scatter, 1});
  const NodeContext context{s.doc.seed, s.doc.world};
  const Heightfield mask = *evaluateGraph(s.doc.graph, {s.source, 0}, context);
  const std::vector<ScatterInstance> all = wholeWorld(s);
  const double cell = metresPerCell(s.doc.world, 257, false);
  constexpr int kBands = 10;
  double expected[kBands] = {};
  double counted[kBands] = {};
  const auto band = [&](int x, int y) {
    return std::clamp(static_cast<int>(mask.at(x, y) * kBands), 0, kBands - 1);
  };
  for (int y = 0; y < 257; ++y) {
    for (int x = 0; x < 257; ++x) {
      // Edge samples own half a cell (a quarter at the corners).
      const double wx = x == 0 || x == 256 ? 0.5 : 1.0, wy = y == 0 || y == 256 ? 0.5 : 1.0;
      expected[band(x, y)] += 5.0 * std::clamp(static_cast<double>(mask.at(x, y)), 0.0, 1.0) * wx *
                              wy * cell * cell / 1e4;
    }
  }
  for (const ScatterInstance& i : all) {
    counted[band(static_cast<int>(std::floor(i.x / cell + 0.5)),
                 static_cast<int>(std::floor(i.y / cell + 0.5)))] += 1.0;
  }
  double chi2 = 0.0;
  int bands = 0;
  for (int b = 0; b < kBands; ++b) {
    if (expected[b] < 20.0) continue;  // too few for the statistic
    chi2 += (counted[b] - expected[b]) * (counted[b] - expected[b]) / expected[b];
    ++bands;
  }
  ASSERT_GE(bands, 5);
  // 99.9th percentile of chi-square with 10 degrees of freedom: 29.6.
  EXPECT_LT(chi2, 29.6) << bands << " bands";
  EXPECT_GT(all.size(), 3000u);
}

TEST(ScatterNode, HeightBandAndSlopeDecideWhereASpeciesStands) {
  SpeciesRules low = speciesOfKind("reeds", 20.0, 5.0);
  low.heightMax = 600.0;  // metres above sea level; the world's range is 1200
  low.maxSlope = 25.0;
  const Scattered s = scatterDocument(257, 8192.0, {low});
  const std::vector<ScatterInstance> all = wholeWorld(s);
  ASSERT_GT(all.size(), 200u);
  const NodeContext context{s.doc.seed, s.doc.world};
  const Heightfield density = *evaluateGraph(s.doc.graph, {s.scatter, 0}, context);
  const Heightfield heights = *evaluateGraph(s.doc.graph, {s.source, 0}, context);
  const double cell = metresPerCell(s.doc.world, 257, false);
  std::size_t allowed = 0;
  for (std::size_t i = 0; i < heights.size(); ++i) {
    allowed += density.heights[i] > 0.0f;
    // Only 0 or 1 without a mask: the band and the slope decide.
    ASSERT_TRUE(density.heights[i] == 0.0f || density.heights[i] == 1.0f);
    if (elevationOf(s.doc.world, static_cast<double>(heights.heights[i])) > 600.0) {
      ASSERT_EQ(density.heights[i], 0.0f);
    }
  }
  EXPECT_GT(allowed, 1000u);
  EXPECT_LT(allowed, heights.size());
  for (const ScatterInstance& i : all) {
    const int x = static_cast<int>(std::floor(i.x / cell + 0.5));
    const int y = static_cast<int>(std::floor(i.y / cell + 0.5));
    ASSERT_EQ(density.at(x, y), 1.0f) << i.x << "," << i.y;
  }
}

TEST(ScatterNode, ABadSpeciesListIsRefusedNamingTheSpeciesAndTheKey) {
  const ParamInfo& info = scatterNode().params()[0];
  std::string message = testing::inputErrorOf(
      [&] { parseValue(info, R"([{"name": "oaks"}, {"name": "ferns", "spacing": 0}])"); });
  EXPECT_EQ(message, "--species: species 2: 'spacing' 0 is out of range; allowed: 0.1 to 1000");
  message = testing::inputErrorOf([&] { parseValue(info, R"([{"name": "oaks", "colour": 1}])"); });
  EXPECT_NE(message.find("species 1: unknown key 'colour'"), std::string::npos) << message;
  message = testing::inputErrorOf([&] { parseValue(info, R"([{"name": "a,b"}])"); });
  EXPECT_NE(message.find("'name' 'a,b' must be"), std::string::npos) << message;
  message = testing::inputErrorOf([&] { parseValue(info, R"([{"scaleMin": 2, "scaleMax": 1}])"); });
  EXPECT_NE(message.find("'scaleMin' 2 is above 'scaleMax' 1"), std::string::npos) << message;
  message = testing::inputErrorOf([&] { parseValue(info, "[]"); });
  EXPECT_NE(message.find("0 species; allowed: 1 to 16"), std::string::npos) << message;
  // The shown species must be one of the list.
  ParamValues values = scatterNode().defaults();
  values[1] = 3;
  message = testing::inputErrorOf([&] { scatterNode().validate(values); });
  EXPECT_NE(message.find("--shown: 3 but the list has 2 species"), std::string::npos) << message;
}

// A list whose places to weigh would take minutes and gigabytes (0.1 m
// spacing over a 100 km world: 1e12 squares) is refused before any work.
TEST(ScatterNode, AListTooCostlyForItsWorldIsRefusedNamingTheSpecies) {
  const Scattered s = scatterDocument(129, 100000.0, {speciesOfKind("moss", 10.0, 0.1)});
  const std::string message = testing::inputErrorOf([&] { wholeWorld(s); });
  EXPECT_NE(message.find("species 'moss' at 10 a hectare, 0.1 m spacing"), std::string::npos)
      << message;
  EXPECT_NE(message.find("raise its spacing"), std::string::npos) << message;
}

// Few places but too many instances: 10,000 a hectare 1 m apart over a
// 3162 m world is 1e7 places and up to 1e7 instances (the reviewer's list:
// 3.6 million written, a 616 MB CSV, 1 GB and 24 s, before a cap).
TEST(ScatterNode, AListPlacingTooManyInstancesIsRefusedNamingTheSpecies) {
  const Scattered s = scatterDocument(129, 3162.0, {speciesOfKind("thicket", 10000.0, 1.0)});
  const std::string message = testing::inputErrorOf([&] { wholeWorld(s); });
  EXPECT_NE(message.find("species 'thicket'"), std::string::npos) << message;
  EXPECT_NE(message.find("5e6 instances"), std::string::npos) << message;
  EXPECT_NE(message.find("lower its density"), std::string::npos) << message;
}

// A world that does not wrap ends at its first and last samples: nothing
// stands beyond them, though the half cell past each edge is nearest an
// edge sample (before: 2,330 of 567,403 instances outside an 8192 m world).
TEST(ScatterNode, NothingStandsPastTheEdgeOfAWorldThatDoesNotWrap) {
  const Scattered s = scatterDocument(65, 2048.0, {speciesOfKind("grass", 400.0, 2.0)});
  const std::vector<ScatterInstance> instances = wholeWorld(s);
  ASSERT_GT(instances.size(), 10000u);
  double least = 1e9, most = -1e9;
  for (const ScatterInstance& i : instances) {
    least = std::min({least, i.x, i.y});
    most = std::max({most, i.x, i.y});
  }
  EXPECT_GE(least, 0.0);
  EXPECT_LE(most, 2048.0);
  EXPECT_LT(least, 5.0) << "the edge's own band stays planted";
  EXPECT_GT(most, 2043.0);
}

TEST(ScatterNode, TheSpeciesListSurvivesTheProjectFile) {
  SpeciesRules rules = speciesOfKind("birches", 70.0, 3.5, 4.0);
  rules.shape = ScatterShape::Sphere;
  rules.heightMin = 100.0;
  rules.mask = 2;
  const Scattered s = scatterDocument(129, 2048.0, {rules, speciesOfKind("rocks", 5.0, 9.0)});
  const Document back = projectFromJson(projectToJson(s.doc));
  EXPECT_EQ(back.graph, s.doc.graph);
  EXPECT_EQ(speciesOf(back.graph.find(s.scatter)->values[0])[0], rules);
  // A project naming a bad species says where.
  std::string text = projectToJson(s.doc);
  const auto at = text.find("\"birches\"");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 9, "\"bir\\nches\"");
  const std::string message = testing::inputErrorOf([&] { projectFromJson(text); });
  EXPECT_NE(message.find("species 1: 'name'"), std::string::npos) << message;
}

}  // namespace
}  // namespace terrain
