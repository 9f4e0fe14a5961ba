// Slope mask: 1 where the ground is between two angles, measured in the
// world's metres, so the same map at twice the height range is steeper
// and selects more. Cliffs for rock, gentle ground for towns and fields.
#include <memory>

#include "core/look/masks.hpp"
#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

struct SlopeMaskParams {
  double low = 30.0;      // degrees
  double high = 90.0;     // degrees
  double softness = 5.0;  // degrees either side of each edge
};

const ParamTable<SlopeMaskParams>& table() {
  static const ParamTable<SlopeMaskParams> rows({
      TERRAIN_BIND(
          SlopeMaskParams, low,
          (ParamInfo{"low", "From slope", "degrees",
                     "The mask starts at ground this steep (0 = flat)", ParamType::Real, 0, 90})),
      TERRAIN_BIND(SlopeMaskParams, high,
                   (ParamInfo{"high", "To slope", "degrees",
                              "The mask ends at ground this steep; 90 keeps the cliffs",
                              ParamType::Real, 0, 90})),
      TERRAIN_BIND(SlopeMaskParams, softness,
                   (ParamInfo{"softness", "Softness", "degrees",
                              "How gradual each edge is, in degrees either side of it (0 = a hard "
                              "edge)",
                              ParamType::Real, 0, 30})),
  });
  return rows;
}

void validateValues(const ParamValues& values) {
  const SlopeMaskParams p = table().unpack(values);
  requireNotAbove(table().infos()[0], p.low, table().infos()[1], p.high);
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                           const ParamValues& values, const RunControl& control) {
  const Heightfield& heights = *in[0];
  if (heights.isProfile()) throw InputError("slope-mask: a profile has no slopes to mask");
  const SlopeMaskParams p = table().unpack(values);
  // Degrees / 90.
  const std::vector<float> slope =
      slopeMask(heights, cellMetres(context, heights), context.world.heightRange, control.exec);
  const auto low = static_cast<float>(p.low / 90.0);
  const auto high = static_cast<float>(p.high / 90.0);
  const auto soft = static_cast<float>(p.softness / 90.0);
  const bool toVertical = p.high >= 90.0;
  Heightfield mask(heights.width, heights.height);
  mask.wraps = heights.wraps;
  forEachCell(mask.size(), control, [&](std::size_t i) {
    const float above = softStep(slope[i], low, soft);
    const float below = toVertical ? 1.0f : 1.0f - softStep(slope[i], high, soft);
    mask.heights[i] = above * below;
  });
  return {makePort(std::move(mask))};
}

}  // namespace

const NodeType& slopeMaskNode() {
  static const NodeType node({
      .key = "slope-mask",
      .title = "Slope mask",
      .help = "1 where the ground's slope, in the world's metres, is between two angles",
      .inputs = {{"heights", "Heights", PortKind::Heights, false}},
      .outputs = {{"mask", "Mask", PortKind::Mask, false}},
      .params = table().schema(),
      .validate = validateValues,
      // Central differences: a cell's slope reads its eight neighbours at most.
      .locality = Locality::Neighbourhood,
      .reach = [](const ParamValues&, double) { return 1; },
      .usesSeed = false,
      .run = run,
  });
  return node;
}

}  // namespace terrain
