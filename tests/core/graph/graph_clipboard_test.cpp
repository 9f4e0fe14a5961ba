// Copy, paste and remove several nodes: a copy keeps the links among its
// nodes and only those, a paste makes new nodes that compute what the
// originals did, and a refused removal leaves the graph as it was.
#include "core/graph/graph_clipboard.hpp"

#include <gtest/gtest.h>

#include "core/base/error.hpp"
#include "core/document/pipeline.hpp"
#include "core/graph/graph_edits.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

// noise(1) -> curve(2) -> terrace(3), the terrain.
Document threeNodes() {
  Document doc = defaultDocument("noise");
  testing::setParam(doc, "size", 65);
  doc.graph = chainGraph({chainOf(doc.graph).source, {}});
  const NodeId curve = addNode(doc.graph, "curve", 250.0f, 0.0f);
  const NodeId terrace = addNode(doc.graph, "terrace", 500.0f, 0.0f);
  connect(doc.graph, {1, 0}, {curve, 0});
  connect(doc.graph, {curve, 0}, {terrace, 0});
  setOutput(doc.graph, terrace);
  return doc;
}

TEST(GraphClipboard, ACopyKeepsTheLinksAmongItsNodesAndAPasteComputesTheSame) {
  Document doc = threeNodes();
  const std::vector<NodeId> selection = {1, 2};
  const Graph copied = copyNodes(doc.graph, selection);
  ASSERT_EQ(copied.nodes.size(), 2u);
  ASSERT_EQ(copied.edges.size(), 1u) << "noise > curve; curve > terrace leaves the selection";
  const std::vector<NodeId> added = pasteNodes(doc.graph, copied, 40.0f, 300.0f, 65);
  ASSERT_EQ(added.size(), 2u);
  EXPECT_EQ(added[0], 4u);
  EXPECT_EQ(added[1], 5u);
  EXPECT_EQ(doc.graph.find(4)->x, 40.0f);
  EXPECT_EQ(doc.graph.find(5)->y, 300.0f);
  EXPECT_EQ(doc.graph.edges.size(), 3u);
  ASSERT_NE(doc.graph.edgeInto({5, 0}), nullptr);
  EXPECT_EQ(doc.graph.edgeInto({5, 0})->from.node, 4u) << "the pasted link joins the pasted nodes";
  validate(doc.graph);
  // The pasted curve is what the original curve is.
  EXPECT_EQ(testing::checksum(runPipeline(doc, PortRef{5, 0})),
            testing::checksum(runPipeline(doc, PortRef{2, 0})));
}

TEST(GraphClipboard, APastedSourceTakesTheMapsSize) {
  Document doc = threeNodes();
  const Graph copied = copyNodes(doc.graph, std::vector<NodeId>{1});
  const std::vector<NodeId> added = pasteNodes(doc.graph, copied, 0.0f, 0.0f, 129);
  const GraphNode& pasted = *doc.graph.find(added[0]);
  EXPECT_EQ(sourceStage(pasted.type).size(pasted.values), 129);
}

TEST(GraphClipboard, RemovingASelectionTakesItsLinksAndRefusesTheTerrain) {
  Document doc = threeNodes();
  const Graph before = doc.graph;
  try {
    removeNodes(doc.graph, std::vector<NodeId>{2, 3});
    FAIL() << "the terrain's node was removed";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("node 3 (terrace) is the terrain"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(doc.graph, before);
  removeNodes(doc.graph, std::vector<NodeId>{2});
  EXPECT_EQ(doc.graph.nodes.size(), 2u);
  EXPECT_TRUE(doc.graph.edges.empty());
}

}  // namespace
}  // namespace terrain
