// The node editor's automatic layout: every preset and example opens with
// no node covering another, links run left to right, the same graph gets
// the same places, and a file with no places opens laid out while one
// with places keeps them.
#include "core/graph/graph_layout.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include "core/document/presets.hpp"
#include "core/document/project.hpp"
#include "core/graph/graph_edits.hpp"

namespace terrain {
namespace {

// Every graph a designer can open without building one: the presets (a
// chain preset too is a graph, laid out) and the examples.
std::vector<std::pair<std::string, Graph>> shippedGraphs() {
  std::vector<std::pair<std::string, Graph>> graphs;
  for (const LandformPreset& preset : landformPresets()) {
    const Document doc = preset.build();
    graphs.emplace_back("preset " + std::string(preset.key), doc.graph);
  }
  for (const auto& entry : std::filesystem::directory_iterator(TERRAIN_SOURCE_DIR "/examples")) {
    const Document doc = loadProject(entry.path().string());
    graphs.emplace_back(entry.path().filename().string(), doc.graph);
  }
  return graphs;
}

TEST(GraphLayout, NoNodeOfAPresetOrExampleCoversAnother) {
  const auto graphs = shippedGraphs();
  ASSERT_GE(graphs.size(), 8u);  // three graph presets, five examples
  for (const auto& [name, graph] : graphs) {
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
      for (std::size_t j = i + 1; j < graph.nodes.size(); ++j) {
        EXPECT_FALSE(nodeBox(graph.nodes[i]).overlaps(nodeBox(graph.nodes[j])))
            << name << ": nodes " << graph.nodes[i].id << " and " << graph.nodes[j].id;
      }
    }
  }
}

TEST(GraphLayout, LinksRunLeftToRightAndTheSameGraphGetsTheSamePlaces) {
  for (const LandformPreset& preset : landformPresets()) {
    const Document doc = preset.build();
    Graph graph = doc.graph;
    for (const GraphEdge& e : graph.edges) {
      const NodeBox from = nodeBox(*graph.find(e.from.node));
      const NodeBox to = nodeBox(*graph.find(e.to.node));
      EXPECT_LT(from.x + from.width, to.x)
          << preset.key << ": " << e.from.node << " > " << e.to.node;
    }
    // Laid out again from scrambled places: the same places.
    for (GraphNode& n : graph.nodes) n.x = n.y = static_cast<float>(n.id * 7 % 5);
    layOut(graph);
    EXPECT_EQ(graph, doc.graph) << preset.key;
  }
}

TEST(GraphLayout, AFileWithoutPlacesOpensLaidOutAndGivenPlacesAreKept) {
  Document doc = defaultDocument("noise");
  const NodeId curve =
      addNode(doc.graph, "curve", 40.0f, 40.0f);  // over the noise: a duplicate's place
  connect(doc.graph, {1, 0}, {curve, 0});
  setOutput(doc.graph, curve);
  ASSERT_TRUE(anyOverlap(doc.graph));
  EXPECT_EQ(projectFromJson(projectToJson(doc)), doc) << "a designer's places stay";

  // An older or hand-written file: no places at all.
  nlohmann::json file = nlohmann::json::parse(projectToJson(doc));
  for (auto& node : file["graph"]["nodes"]) node.erase("position");
  const Document opened = projectFromJson(file.dump());
  EXPECT_FALSE(anyOverlap(opened.graph));
  EXPECT_LT(opened.graph.find(1)->x, opened.graph.find(curve)->x);  // the source on the left
  EXPECT_TRUE(sameExceptLayout(opened.graph, doc.graph)) << "only the places differ from the file";
  Document placed = opened;
  placed.graph = doc.graph;
  EXPECT_EQ(placed, doc);
}

}  // namespace
}  // namespace terrain
