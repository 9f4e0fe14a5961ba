// The graph editor's node previews, made from what the window's pipeline
// holds after a run: one per node the run computed, each the node's own
// result in small (heights grey, masks violet), none for a node not run.
#include "app/node_previews.hpp"

#include <gtest/gtest.h>

#include "core/graph/graph_edits.hpp"
#include "core/pipeline.hpp"
#include "tests/core/test_support.hpp"

namespace terrain::app {
namespace {

TEST(NodePreviews, EachIsItsNodesResultInSmall) {
  Document doc = defaultDocument("noise");
  testing::setParam(doc, "size", 129);
  doc.modifiers = {defaultModifier("smooth")};
  const NodeId mask = addNode(doc, "height-mask", 0.0f, 200.0f);
  connect(doc, {1, 0}, {mask, 0});
  connect(doc, {mask, 0}, {2, 1});
  const NodeId unused = addNode(doc, "invert-mask", 200.0f, 200.0f);
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
    // Grey for heights; violet (blue above green) where a mask selects.
    bool violet = false;
    for (int y = 0; y < kNodePreviewSide; ++y) {
      for (int x = 0; x < kNodePreviewSide; ++x) {
        const Rgb8 c = preview.image.at(x, y);
        if (!isMask) {
          ASSERT_TRUE(c.r == c.g && c.g == c.b);
        }
        violet |= isMask && c.b > c.g + 40;
      }
    }
    EXPECT_EQ(violet, isMask);
  }
  // A flat field previews as one grey; the picture follows the field.
  Heightfield ramp(129, 129);
  for (int y = 0; y < 129; ++y) {
    for (int x = 0; x < 129; ++x) ramp.at(x, y) = static_cast<float>(x) / 128.0f;
  }
  const RgbImage picture = previewImage(ramp, PortKind::Heights);
  EXPECT_LT(picture.at(0, 10).r, picture.at(63, 10).r);
  EXPECT_EQ(picture.at(5, 0).r, picture.at(5, 63).r);
}

}  // namespace
}  // namespace terrain::app
