// Slope mask: 1 where the ground is between two angles, measured in the
// world's metres, so the same map at twice the height range is steeper
// and selects more. Cliffs for rock, gentle ground for towns and fields.
#include <memory>

#include "core/masks.hpp"
#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

struct SlopeMaskParams {
  double low = 30.0;      // degrees
  double high = 90.0;     // degrees
  double softness = 5.0;  // degrees either side of each edge
};

constexpr PortInfo kInputs[] = {{"heights", "Heights", PortKind::Heights, false}};
constexpr PortInfo kOutputs[] = {{"mask", "Mask", PortKind::Mask, false}};

class SlopeMaskNode final : public TypedStage<NodeType, SlopeMaskParams> {
 public:
  SlopeMaskNode()
      : TypedStage({
            TERRAIN_BIND(SlopeMaskParams, low,
                         (ParamInfo{"low", "From slope", "degrees",
                                    "The mask starts at ground this steep (0 = flat)",
                                    ParamType::Real, 0, 90})),
            TERRAIN_BIND(SlopeMaskParams, high,
                         (ParamInfo{"high", "To slope", "degrees",
                                    "The mask ends at ground this steep; 90 keeps the cliffs",
                                    ParamType::Real, 0, 90})),
            TERRAIN_BIND(SlopeMaskParams, softness,
                         (ParamInfo{"softness", "Softness", "degrees",
                                    "How gradual each edge is, in degrees either side of it (0 = "
                                    "a hard edge)",
                                    ParamType::Real, 0, 30})),
        }) {}
  std::string_view key() const override { return "slope-mask"; }
  std::string_view title() const override { return "Slope mask"; }
  std::string_view help() const override {
    return "1 where the ground's slope, in the world's metres, is between two angles";
  }
  void validate(const ParamValues& values) const override {
    Stage::validate(values);
    const SlopeMaskParams p = unpack(values);
    requireNotAbove(params()[0], p.low, params()[1], p.high);
  }
  std::span<const PortInfo> inputs() const override { return kInputs; }
  std::span<const PortInfo> outputs() const override { return kOutputs; }
  // Central differences: a cell's slope reads its eight neighbours at most.
  Locality locality(const ParamValues&) const override { return Locality::Neighbourhood; }
  int reach(const ParamValues&, double) const override { return 1; }
  bool usesSeed() const override { return false; }
  std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                             const ParamValues& values, const RunControl& control) const override {
    const Heightfield& heights = *in[0];
    if (heights.isProfile()) throw InputError("slope-mask: a profile has no slopes to mask");
    const SlopeMaskParams p = unpack(values);
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
};

}  // namespace

const NodeType& slopeMaskNode() {
  static const SlopeMaskNode node;
  return node;
}

}  // namespace terrain
