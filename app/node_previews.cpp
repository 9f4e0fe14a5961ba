#include "app/node_previews.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace terrain::app {
namespace {

// side x side heights, each the mean of 4x4 samples of its cells.
std::vector<float> sampled(const Heightfield& field, int side) {
  std::vector<float> heights(static_cast<std::size_t>(side) * static_cast<std::size_t>(side));
  const int samples = 4;
  for (int py = 0; py < side; ++py) {
    for (int px = 0; px < side; ++px) {
      float sum = 0.0f;
      for (int j = 0; j < samples; ++j) {
        for (int i = 0; i < samples; ++i) {
          const int x =
              std::min(field.width - 1, (px * samples + i) * field.width / (side * samples));
          const int y =
              std::min(field.height - 1, (py * samples + j) * field.height / (side * samples));
          sum += field.at(x, y);
        }
      }
      heights[static_cast<std::size_t>(py * side + px)] =
          std::clamp(sum / static_cast<float>(samples * samples), 0.0f, 1.0f);
    }
  }
  return heights;
}

// Light from the north-west, 0.55..1.15: enough relief to read the
// landform at 128 pixels without hiding the ramp's colours.
float shade(const std::vector<float>& h, int side, int px, int py) {
  const auto at = [&](int x, int y) {
    return h[static_cast<std::size_t>(std::clamp(y, 0, side - 1) * side +
                                      std::clamp(x, 0, side - 1))];
  };
  const float relief = 0.5f * static_cast<float>(side);  // a height of 1 is half the map wide
  const float dx = (at(px + 1, py) - at(px - 1, py)) * relief;
  const float dy = (at(px, py + 1) - at(px, py - 1)) * relief;
  // The normal is (-dx, -dy, 2); the light comes from (-1, -1, ...) (x east, y south).
  const float lit = (dx + dy) / std::sqrt(dx * dx + dy * dy + 4.0f);
  return std::clamp(0.85f + 0.6f * lit, 0.55f, 1.15f);
}

std::uint8_t scaled(std::uint8_t c, float factor) {
  return static_cast<std::uint8_t>(std::clamp(static_cast<float>(c) * factor + 0.5f, 0.0f, 255.0f));
}

}  // namespace

RgbImage previewImage(const Heightfield& field, PortKind kind, int side) {
  RgbImage image(side, side);
  const std::vector<float> heights = sampled(field, side);
  const ColorLookup earth(ColorRamp::earth(), 0.0f);  // no water: a preview is the node's heights
  for (int py = 0; py < side; ++py) {
    for (int px = 0; px < side; ++px) {
      const float v = heights[static_cast<std::size_t>(py * side + px)];
      if (kind == PortKind::Mask) {
        const auto mix = [v](float low, float high) {
          return static_cast<std::uint8_t>(low + (high - low) * v + 0.5f);
        };
        image.set(px, py, Rgb8{mix(28, 190), mix(26, 140), mix(38, 240)});
        continue;
      }
      const Rgb8 c = earth(v);
      const float f = shade(heights, side, px, py);
      image.set(px, py, Rgb8{scaled(c.r, f), scaled(c.g, f), scaled(c.b, f)});
    }
  }
  return image;
}

std::vector<NodePreview> nodePreviews(const Pipeline& pipeline, const Document& doc) {
  std::vector<NodePreview> previews;
  const Graph& graph = doc.graph;
  for (const GraphNode& node : graph.nodes) {
    const std::shared_ptr<const Heightfield> result = pipeline.resultOf(doc, node.id);
    if (!result || result->isProfile()) continue;
    previews.push_back({node.id, previewImage(*result, typeOf(node).outputs()[0].kind)});
  }
  return previews;
}

}  // namespace terrain::app
