// The reroute node: what comes in goes out, the same field (no cells
// computed); a mask through it is still a mask, so the refusals a direct
// link gets it gets too.
#include <gtest/gtest.h>

#include <string>

#include "core/base/error.hpp"
#include "core/document/pipeline.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_type.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

// noise(1) -> curve(2), the terrain; a height mask (3) of the noise.
Document withMask() {
  Document doc = defaultDocument("noise");
  testing::setParam(doc, "size", 65);
  doc.graph = chainGraph({chainOf(doc.graph).source, {}});
  const NodeId curve = addNode(doc.graph, "curve", 250.0f, 0.0f);
  const NodeId mask = addNode(doc.graph, "height-mask", 250.0f, 250.0f);
  connect(doc.graph, {1, 0}, {curve, 0});
  connect(doc.graph, {1, 0}, {mask, 0});
  setOutput(doc.graph, curve);
  return doc;
}

TEST(Reroute, HeightsThroughItAreTheSameFieldAndTheSameBits) {
  Document direct = withMask();
  const std::uint64_t bits = testing::checksum(runPipeline(direct));
  Document routed = withMask();
  const NodeId reroute = addNode(routed.graph, "reroute", 150.0f, 0.0f);
  connect(routed.graph, {1, 0}, {reroute, 0});
  connect(routed.graph, {reroute, 0}, {2, 0});
  EXPECT_EQ(outputKind(routed.graph, {reroute, 0}), PortKind::Heights);
  EXPECT_EQ(testing::checksum(runPipeline(routed)), bits);
  Pipeline pipeline;
  pipeline.run(routed);
  const auto in = pipeline.resultOf(routed, 1);
  const auto out = pipeline.resultOf(routed, reroute);
  ASSERT_TRUE(in && out);
  EXPECT_EQ(in.get(), out.get()) << "passed on, not copied";
}

TEST(Reroute, AMaskThroughItFeedsMasksAndIsRefusedWhereHeightsGo) {
  Document doc = withMask();
  const NodeId reroute = addNode(doc.graph, "reroute", 400.0f, 250.0f);
  connect(doc.graph, {3, 0}, {reroute, 0});
  EXPECT_EQ(outputKind(doc.graph, {reroute, 0}), PortKind::Mask);
  connect(doc.graph, {reroute, 0}, {2, 1});  // the curve's mask input
  const Document before = doc;
  try {
    connect(doc.graph, {reroute, 0}, {2, 0});
    FAIL() << "a mask through a reroute fed heights";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot feed the heights input 'in'"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(doc, before);
  EXPECT_THROW(setOutput(doc.graph, reroute), InputError) << "a mask is not a terrain";
}

}  // namespace
}  // namespace terrain
