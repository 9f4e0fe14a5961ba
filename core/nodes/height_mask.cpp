// Height mask: 1 on the ground between two heights, 0 elsewhere, with soft
// edges: "the high ground", "the lowlands", "the band of the foothills".
#include <memory>

#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

struct HeightMaskParams {
  double low = 0.5;        // 0..1 of the height range
  double high = 1.0;       // 0..1 of the height range
  double softness = 0.05;  // half-width of each edge, 0..1 of the height range
};

const ParamTable<HeightMaskParams>& table() {
  static const ParamTable<HeightMaskParams> rows({
      TERRAIN_BIND(HeightMaskParams, low,
                   asHeight(ParamInfo{"low", "From height", "",
                                      "The mask starts at this height (0..1 of the height range)",
                                      ParamType::Real, 0, 1})),
      TERRAIN_BIND(
          HeightMaskParams, high,
          asHeight(ParamInfo{"high", "To height", "",
                             "The mask ends at this height (0..1 of the height range); 1 keeps "
                             "the peaks",
                             ParamType::Real, 0, 1})),
      TERRAIN_BIND(
          HeightMaskParams, softness,
          asHeight(ParamInfo{"softness", "Softness", "",
                             "How gradual each edge is: the mask rises over this much height "
                             "either side of it (0 = a hard edge)",
                             ParamType::Real, 0, 0.5},
                   HeightMeaning::Span)),
  });
  return rows;
}

void validateValues(const ParamValues& values) {
  const HeightMaskParams p = table().unpack(values);
  requireNotAbove(table().infos()[0], p.low, table().infos()[1], p.high);
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext&, const ParamValues& values,
                           const RunControl& control) {
  const Heightfield& heights = *in[0];
  const HeightMaskParams p = table().unpack(values);
  const auto low = static_cast<float>(p.low);
  const auto high = static_cast<float>(p.high);
  const auto soft = static_cast<float>(p.softness);
  Heightfield mask(heights.width, heights.height);
  mask.wraps = heights.wraps;
  // The top edge is kept whole at 1: "to the peaks" includes them.
  const bool toTheTop = high >= 1.0f;
  forEachCell(mask.size(), control, [&](std::size_t i) {
    const float h = heights.heights[i];
    const float above = softStep(h, low, soft);
    const float below = toTheTop ? 1.0f : 1.0f - softStep(h, high, soft);
    mask.heights[i] = above * below;
  });
  return {makePort(std::move(mask))};
}

}  // namespace

const NodeType& heightMaskNode() {
  static const NodeType node({
      .key = "height-mask",
      .title = "Height mask",
      .help = "1 on the ground between two heights, 0 elsewhere, with soft edges",
      .inputs = {{"heights", "Heights", PortKind::Heights, false}},
      .outputs = {{"mask", "Mask", PortKind::Mask, false}},
      .params = table().schema(),
      .validate = validateValues,
      .usesSeed = false,
      .usesWorld = false,
      .run = run,
  });
  return node;
}

}  // namespace terrain
