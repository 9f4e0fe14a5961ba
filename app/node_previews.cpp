#include "app/node_previews.hpp"

#include <algorithm>

namespace terrain::app {

RgbImage previewImage(const Heightfield& field, PortKind kind, int side) {
  RgbImage image(side, side);
  const int rows = field.height;
  const int samples = 4;
  for (int py = 0; py < side; ++py) {
    for (int px = 0; px < side; ++px) {
      float sum = 0.0f;
      for (int j = 0; j < samples; ++j) {
        for (int i = 0; i < samples; ++i) {
          const int x =
              std::min(field.width - 1, (px * samples + i) * field.width / (side * samples));
          const int y = std::min(rows - 1, (py * samples + j) * rows / (side * samples));
          sum += field.at(x, y);
        }
      }
      const float v = std::clamp(sum / static_cast<float>(samples * samples), 0.0f, 1.0f);
      const auto mix = [v](float low, float high) {
        return static_cast<std::uint8_t>(low + (high - low) * v + 0.5f);
      };
      image.set(px, py,
                kind == PortKind::Mask ? Rgb8{mix(28, 190), mix(26, 140), mix(38, 240)}
                                       : Rgb8{mix(30, 245), mix(30, 245), mix(30, 245)});
    }
  }
  return image;
}

std::vector<NodePreview> nodePreviews(const Pipeline& pipeline, const Document& doc) {
  std::vector<NodePreview> previews;
  const Graph graph = documentGraph(doc);
  for (const GraphNode& node : graph.nodes) {
    const std::shared_ptr<const Heightfield> result = pipeline.resultOf(doc, node.id);
    if (!result || result->isProfile()) continue;
    previews.push_back({node.id, previewImage(*result, typeOf(node).outputs()[0].kind)});
  }
  return previews;
}

}  // namespace terrain::app
