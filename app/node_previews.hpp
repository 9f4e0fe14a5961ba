#pragma once
// Small pictures of each node's result for the graph editor, made on the
// generation worker from what its pipeline holds after a run: heights in
// the earth ramp's colours, hillshaded; masks in violet. A node the last
// run did not compute has none.
#include <vector>

#include "core/document/pipeline.hpp"
#include "core/graph/node_type.hpp"
#include "core/look/color.hpp"

namespace terrain::app {

// Pixels a side: the editor draws a preview 128 canvas units wide, over
// 96 pixels at any zoom it frames at (issue 38 item 7: ~40 px grey).
inline constexpr int kNodePreviewSide = 128;

struct NodePreview {
  NodeId node = 0;
  RgbImage image;
};

// side x side, each pixel the mean of up to 4x4 samples of its cells (a
// 16385 map costs the same as a 257 one).
RgbImage previewImage(const Heightfield& field, PortKind kind, int side = kNodePreviewSide);

std::vector<NodePreview> nodePreviews(const Pipeline& pipeline, const Document& doc);

}  // namespace terrain::app
