// The canvas's edits as functions: a chain becomes the same graph at its
// first edit, a refused edit names why and changes nothing, a graph being
// built saves and reopens with its open inputs, and moving a node is not
// an undo step.
#include "core/graph/graph_edits.hpp"

#include <gtest/gtest.h>

#include <string>

#include "core/base/error.hpp"
#include "core/document/history.hpp"
#include "core/document/pipeline.hpp"
#include "core/document/project.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

Document smallChain() {
  Document doc = defaultDocument("noise");
  testing::setParam(doc, "size", 65);
  doc.graph = chainGraph({chainOf(doc.graph).source, {defaultModifier("smooth")}});
  return doc;
}

TEST(GraphEdits, AChainIsALinearGraphThatAnEditBranchesWithTheSameBits) {
  Document doc = smallChain();
  ASSERT_TRUE(isLinear(doc.graph));
  const std::uint64_t before = testing::checksum(runPipeline(doc));
  const NodeId mask = addNode(doc.graph, "height-mask", 100.0f, 200.0f);
  EXPECT_FALSE(isLinear(doc.graph)) << "a node beside the chain";
  EXPECT_EQ(doc.graph.nodes.size(), 3u);
  EXPECT_EQ(testing::checksum(runPipeline(doc)), before);  // the new node is not used yet
  const NodeId source = addNode(doc.graph, "diamond-square", 0.0f, 300.0f);
  EXPECT_EQ(documentSize(doc), 65);  // a new source takes the map's size
  EXPECT_EQ(documentSize(doc), sourceStage("diamond-square").size(doc.graph.find(source)->values));
  // Smooth only where the noise is high: the mask into smooth's mask input.
  connect(doc.graph, {1, 0}, {mask, 0});
  connect(doc.graph, {mask, 0}, {2, 1});
  EXPECT_NE(testing::checksum(runPipeline(doc)), before);
}

TEST(GraphEdits, ARefusedEditSaysWhyAndChangesNothing) {
  Document doc = smallChain();
  const NodeId mask = addNode(doc.graph, "height-mask", 0.0f, 0.0f);
  connect(doc.graph, {1, 0}, {mask, 0});
  connect(doc.graph, {mask, 0}, {2, 1});  // the mask limits the smoothing
  const Document kept = doc;
  auto refused = [&](const std::function<void()>& edit, const std::string& why) {
    const std::string message = testing::inputErrorOf(edit);
    EXPECT_NE(message.find(why), std::string::npos) << "message: " << message;
  };
  refused([&] { connect(doc.graph, {mask, 0}, {2, 0}); }, "cannot feed the heights");
  refused([&] { connect(doc.graph, {2, 0}, {1, 0}); }, "has no input 0");
  refused([&] { connect(doc.graph, {2, 0}, {mask, 0}); }, "would make a cycle");
  refused([&] { removeNode(doc.graph, 2); }, "is the terrain");
  refused([&] { setOutput(doc.graph, mask); }, "gives no heights");
  refused([&] { addNode(doc.graph, "midpoint", 0.0f, 0.0f); }, "1D profile");
  refused([&] { addNode(doc.graph, "mixer", 0.0f, 0.0f); }, "unknown node type");
  EXPECT_EQ(doc, kept);
}

TEST(GraphEdits, RemoveDuplicateDisconnectAndOutputDoWhatTheySay) {
  Document doc = smallChain();
  const NodeId copy = duplicateNode(doc.graph, 2);
  EXPECT_EQ(doc.graph.find(copy)->values, doc.graph.find(2)->values);
  EXPECT_EQ(doc.graph.edgeInto({copy, 0}), nullptr);  // a copy has no links
  connect(doc.graph, {2, 0}, {copy, 0});
  setOutput(doc.graph, copy);
  const Heightfield twice = runPipeline(doc);
  removeNode(doc.graph, 2);  // the copy's input goes with it
  EXPECT_EQ(doc.graph.edgeInto({copy, 0}), nullptr);
  EXPECT_THROW(runPipeline(doc), InputError);
  connect(doc.graph, {1, 0}, {copy, 0});
  EXPECT_NE(runPipeline(doc).heights, twice.heights);  // smoothed once, not twice
  disconnect(doc.graph, {copy, 0});
  EXPECT_EQ(doc.graph.edgeInto({copy, 0}), nullptr);
}

TEST(GraphEdits, AGraphBeingBuiltSavesAndReopensButSaysWhatIsOpen) {
  Document doc = smallChain();
  const NodeId blend = addNode(doc.graph, "blend", 300.0f, 0.0f);
  connect(doc.graph, {2, 0}, {blend, 0});
  // Not used yet: the terrain still runs.
  EXPECT_NO_THROW(runPipeline(doc));
  setOutput(doc.graph, blend);
  try {
    runPipeline(doc);
    ADD_FAILURE() << "a blend with no 'b' made a terrain";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("node 3 (blend): its input 'b' is not connected"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(projectFromJson(projectToJson(doc)), doc);
}

TEST(GraphEdits, MovingANodeIsNotAnUndoStep) {
  Document doc = smallChain();
  History history(doc);
  moveNode(doc.graph, 2, 500.0f, 80.0f);
  EXPECT_FALSE(history.commit(doc));
  EXPECT_EQ(history.current(), doc);  // the place is kept all the same
  EXPECT_FALSE(history.canUndo());
  addNode(doc.graph, "smooth", 0.0f, 0.0f);
  EXPECT_TRUE(history.commit(doc));
  EXPECT_EQ(history.undo().graph.find(2)->x, 500.0f);
  // A chain's node moved is no step either, and the chain stays one.
  Document chain = smallChain();
  History chainHistory(chain);
  moveNode(chain.graph, 2, 9.0f, 9.0f);
  EXPECT_FALSE(chainHistory.commit(chain));
  EXPECT_TRUE(isLinear(chain.graph));
}

TEST(GraphEdits, APinnedNodeIsWhatTheViewShowsAndNotWhatExportWrites) {
  Document doc = smallChain();
  const NodeId mask = addNode(doc.graph, "height-mask", 0.0f, 200.0f);
  connect(doc.graph, {1, 0}, {mask, 0});
  History history(doc);
  pinNode(doc.graph, mask);
  EXPECT_FALSE(history.commit(doc));  // not an undo step
  Pipeline pipeline;
  const auto shown = pipeline.run(doc);
  const Heightfield alone = runPipeline(doc, PortRef{mask, 0});
  EXPECT_EQ(shown->heights, alone.heights);
  EXPECT_NE(runPipeline(doc).heights, alone.heights);  // export: the terrain
  // While the terrain's node has an open input, the pinned mask still shows.
  const NodeId blend = addNode(doc.graph, "blend", 300.0f, 0.0f);
  setOutput(doc.graph, blend);
  pinNode(doc.graph, mask);
  EXPECT_EQ(pipeline.run(doc)->heights, alone.heights);
  EXPECT_THROW(runPipeline(doc), InputError);
  pinNode(doc.graph, 0);
  EXPECT_THROW(pipeline.run(doc), InputError);
  EXPECT_THROW(pinNode(doc.graph, 77), InputError);
  EXPECT_EQ(projectFromJson(projectToJson(doc)), doc);
}

// Two noise nodes with the same settings are one result; a seed offset
// makes the second its own, still following the document's seed.
TEST(GraphEdits, ASeedOffsetGivesANodeASeedOfItsOwn) {
  Document doc = defaultDocument("noise");
  testing::setParam(doc, "size", 65);
  const NodeId twin = addNode(doc.graph, "noise", 0.0f, 200.0f);
  const auto field = [&](NodeId id) { return runPipeline(doc, PortRef{id, 0}).heights; };
  EXPECT_EQ(field(1), field(twin));
  doc.graph.find(twin)->seedOffset = 1;
  const auto offset = field(twin);
  EXPECT_NE(offset, field(1));
  doc.seed += 1;
  EXPECT_NE(field(twin), offset);  // it follows the document's seed
  EXPECT_EQ(projectFromJson(projectToJson(doc)), doc);
  EXPECT_NE(projectToJson(doc).find("\"seed-offset\": 1"), std::string::npos);
}

}  // namespace
}  // namespace terrain
