// Clamp: h' = min(max(h, low), high). Flattens the sea floor at `low` and
// cuts peaks off flat at `high` (mesas); heights between are unchanged.
#include "core/nodes/modifiers/clamp.hpp"

#include <algorithm>

#include "core/nodes/modifiers/pointwise.hpp"

namespace terrain {
namespace {

class ClampModifier final : public TypedStage<ModifierStage, ClampParams> {
 public:
  ClampModifier()
      : TypedStage({
            TERRAIN_BIND(
                ClampParams, low,
                asHeight(ParamInfo{"low", "Floor", "",
                                   "Flattens everything below this height, like a sea floor "
                                   "or a filled valley (0..1 of the height range; h' = max(h, "
                                   "low))",
                                   ParamType::Real, 0, 1})),
            TERRAIN_BIND(
                ClampParams, high,
                asHeight(ParamInfo{"high", "Ceiling", "",
                                   "Cuts everything above this height off flat, like mesas "
                                   "or a plateau (0..1 of the height range; h' = min(h, high))",
                                   ParamType::Real, 0, 1})),
        }) {}

  std::string_view key() const override { return "clamp"; }
  std::string_view title() const override { return "Clamp"; }
  bool pointwise() const override { return true; }
  std::string_view help() const override {
    return "Flattens the lowlands and cuts the peaks off flat at two heights (h' = min(max(h, "
           "low), high))";
  }
  void validate(const ParamValues& values) const override {
    Stage::validate(values);
    const ClampParams p = unpack(values);
    requireNotAbove(params()[0], p.low, params()[1], p.high);
  }
  Heightfield apply(Heightfield field, const StageContext&, const ParamValues& values,
                    const RunControl& control) const override {
    const ClampParams p = unpack(values);
    const auto low = static_cast<float>(p.low);
    const auto high = static_cast<float>(p.high);
    mapHeights(field, control, [low, high](float h) { return std::min(std::max(h, low), high); });
    return field;
  }
};

}  // namespace

const ModifierStage& clampModifier() {
  static const ClampModifier stage;
  return stage;
}

}  // namespace terrain
