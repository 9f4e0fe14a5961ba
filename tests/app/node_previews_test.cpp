// The graph editor's node previews, made from what the window's pipeline
// holds after a run: one per node the run computed, each the node's own
// result in small (heights in the earth ramp's colours, hillshaded; masks
// violet), none for a node not run.
#include "app/node_previews.hpp"

#include <gtest/gtest.h>

#include "core/document/pipeline.hpp"
#include "core/graph/graph_edits.hpp"
#include "tests/core/test_support.hpp"

namespace terrain::app {
namespace {

TEST(NodePreviews, EachIsItsNodesResultInSmall) {
  Document doc = defaultDocument("noise");
  testing::setParam(doc, "size", 129);
  doc.graph = chainGraph({chainOf(doc.graph).source, {defaultModifier("smooth")}});
  const NodeId mask = addNode(doc.graph, "height-mask", 0.0f, 200.0f);
  connect(doc.graph, {1, 0}, {mask, 0});
  connect(doc.graph, {mask, 0}, {2, 1});
  const NodeId unused = addNode(doc.graph, "invert-mask", 200.0f, 200.0f);
  Pipeline pipeline;
  pipeline.run(doc);
  const std::vector<NodePreview> previews = nodePreviews(pipeline, doc);
  ASSERT_EQ(previews.size(), 3u);  // not the invert, which the terrain does not use
  for (const NodePreview& preview : previews) {
    EXPECT_NE(preview.node, unused);
    ASSERT_EQ(preview.image.width, kNodePreviewSide);
    const bool isMask = preview.node == mask;
    const Heightfield result = runPipeline(doc, PortRef{preview.node, 0});
    EXPECT_EQ(preview.image.pixels,
              previewImage(result, isMask ? PortKind::Mask : PortKind::Heights).pixels);
    // Colour for heights (issue 38 item 7: grey before); violet (blue
    // above green) where a mask selects, which no height colour is.
    bool violet = false;
    bool coloured = false;
    for (int y = 0; y < kNodePreviewSide; ++y) {
      for (int x = 0; x < kNodePreviewSide; ++x) {
        const Rgb8 c = preview.image.at(x, y);
        coloured |= !isMask && (c.r != c.g || c.g != c.b);
        violet |= c.b > c.g + 40;
      }
    }
    EXPECT_EQ(violet, isMask);
    EXPECT_EQ(coloured, !isMask);
  }
}

// The picture follows the field: a ramp rising east changes colour along
// x and not along y; at the same height a slope facing the light (from
// the north-west) is brighter than one facing away.
TEST(NodePreviews, HeightsTakeTheRampsColourAndTheSlopesShade) {
  Heightfield east(129, 129);
  Heightfield west(129, 129);
  for (int y = 0; y < 129; ++y) {
    for (int x = 0; x < 129; ++x) {
      east.at(x, y) = static_cast<float>(x) / 128.0f;
      west.at(x, y) = 1.0f - east.at(x, y);
    }
  }
  const RgbImage rising = previewImage(east, PortKind::Heights);
  const int last = kNodePreviewSide - 1;
  EXPECT_NE(rising.at(2, 10), rising.at(last - 2, 10));
  EXPECT_EQ(rising.at(5, 0), rising.at(5, last));
  const RgbImage falling = previewImage(west, PortKind::Heights);
  const auto brightness = [](Rgb8 c) { return c.r + c.g + c.b; };
  const int middle = kNodePreviewSide / 2;
  // At the same height (the pictures mirror each other) the ground rising
  // east faces the light.
  EXPECT_GT(brightness(rising.at(middle, 20)), brightness(falling.at(last - middle, 20)) + 30);
}

}  // namespace
}  // namespace terrain::app
