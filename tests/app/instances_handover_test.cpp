// The graph's scattered instances come with the map from the generation
// worker (issue 40 item 2, "in the view"): the window only uploads them.
// They are every enabled Scatter node's, as the evaluator gives them, the
// later node's species numbered after the earlier's; a view edit lands
// the very same set (so the window uploads nothing again).
#include <gtest/gtest.h>

#include "app/generation_worker.hpp"
#include "core/document/document.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/graph.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/scatter/scatter_species.hpp"

namespace terrain::app {
namespace {

SpeciesRules species(std::string name, ScatterShape shape, double density, double spacing) {
  SpeciesRules r;
  r.name = std::move(name);
  r.shape = shape;
  r.placing.density = density;
  r.placing.spacing = spacing;
  return r;
}

struct TwoScatters {
  Document doc;
  NodeId trees = 0, rocks = 0;
};

// Noise at 257 over 2 km feeding two Scatter nodes: trees, then rocks.
TwoScatters twoScatters() {
  TwoScatters s{defaultDocument("noise")};
  setDocumentSize(s.doc, 257);
  s.doc.world.width = 2048.0;
  const NodeId source = s.doc.graph.output;
  s.trees = addNode(s.doc.graph, "scatter", 200.0f, 0.0f);
  s.rocks = addNode(s.doc.graph, "scatter", 200.0f, 200.0f);
  connect(s.doc.graph, {source, 0}, {s.trees, 0});
  connect(s.doc.graph, {source, 0}, {s.rocks, 0});
  s.doc.graph.find(s.trees)->values[0] =
      speciesId({species("pines", ScatterShape::Cone, 40.0, 5.0),
                 species("oaks", ScatterShape::Cone, 10.0, 8.0)});
  s.doc.graph.find(s.rocks)->values[0] =
      speciesId({species("boulders", ScatterShape::Box, 5.0, 6.0)});
  return s;
}

const InstanceSet& evaluated(const Document& doc, NodeId node) {
  static std::vector<PortValue> held;  // the sets outlive the call
  held.push_back(evaluateGraph(doc.graph, {node, 1}, {doc.seed, doc.world}));
  return *held.back().instances();
}

TEST(InstancesHandover, TheMapComesWithEveryScatterNodesInstancesInGraphOrder) {
  TwoScatters s = twoScatters();
  GenerationWorker worker;
  // As the window sets it (its default is 2 GiB): the scatter nodes'
  // results outlive the terrain's run after them.
  worker.setCacheBudget(std::size_t{256} << 20);
  const auto result = worker.waitFor(worker.request(s.doc));
  ASSERT_TRUE(result.has_value());
  ASSERT_TRUE(result->error.empty()) << result->error;
  ASSERT_NE(result->instances, nullptr);
  const InstanceSet& trees = evaluated(s.doc, s.trees);
  const InstanceSet& rocks = evaluated(s.doc, s.rocks);
  ASSERT_GT(trees.instances.size(), 1000u);
  ASSERT_GT(rocks.instances.size(), 100u);
  const InstanceSet& got = *result->instances;
  ASSERT_EQ(got.species.size(), 3u);
  EXPECT_EQ(got.species[0].name, "pines");
  EXPECT_EQ(got.species[1].name, "oaks");
  EXPECT_EQ(got.species[2].name, "boulders");
  EXPECT_EQ(got.species[2].shape, static_cast<std::uint8_t>(ScatterShape::Box));
  EXPECT_EQ(got.cellMetres, trees.cellMetres);
  ASSERT_EQ(got.instances.size(), trees.instances.size() + rocks.instances.size());
  // The same bits as the nodes' own, the rocks' species after the trees'.
  for (std::size_t i = 0; i < got.instances.size(); ++i) {
    const bool tree = i < trees.instances.size();
    const ScatterInstance& want =
        tree ? trees.instances[i] : rocks.instances[i - trees.instances.size()];
    const ScatterInstance& have = got.instances[i];
    ASSERT_EQ(have.x, want.x) << i;
    ASSERT_EQ(have.y, want.y) << i;
    ASSERT_EQ(have.height, want.height) << i;
    ASSERT_EQ(have.scale, want.scale) << i;
    ASSERT_EQ(have.species, want.species + (tree ? 0u : 2u)) << i;
  }

  s.doc.view.exaggeration = 0.6;
  const auto viewed = worker.waitFor(worker.request(s.doc));
  ASSERT_TRUE(viewed.has_value());
  EXPECT_EQ(viewed->instances, result->instances) << "a view edit lands the same set";

  s.doc.graph.find(s.rocks)->enabled = false;
  const auto withoutRocks = worker.waitFor(worker.request(s.doc));
  ASSERT_TRUE(withoutRocks.has_value());
  ASSERT_NE(withoutRocks->instances, nullptr);
  EXPECT_EQ(withoutRocks->instances->species.size(), 2u) << "a switched-off node places nothing";
  EXPECT_EQ(withoutRocks->instances->instances.size(), trees.instances.size());

  const auto plain = worker.waitFor(worker.request(defaultDocument("noise")));
  ASSERT_TRUE(plain.has_value());
  EXPECT_EQ(plain->instances, nullptr) << "a graph without a Scatter node has none";
}

}  // namespace
}  // namespace terrain::app
