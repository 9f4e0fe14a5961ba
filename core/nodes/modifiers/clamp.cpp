// Clamp: h' = min(max(h, low), high). Flattens the sea floor at `low` and
// cuts peaks off flat at `high` (mesas); heights between are unchanged.
#include "core/nodes/modifiers/clamp.hpp"

#include <algorithm>

#include "core/nodes/modifiers/pointwise.hpp"

namespace terrain {
namespace {

const ParamTable<ClampParams>& table() {
  static const ParamTable<ClampParams> rows({
      TERRAIN_BIND(ClampParams, low,
                   asHeight(ParamInfo{"low", "Floor", "",
                                      "Flattens everything below this height, like a sea floor "
                                      "or a filled valley (0..1 of the height range; h' = max(h, "
                                      "low))",
                                      ParamType::Real, 0, 1})),
      TERRAIN_BIND(ClampParams, high,
                   asHeight(ParamInfo{"high", "Ceiling", "",
                                      "Cuts everything above this height off flat, like mesas "
                                      "or a plateau (0..1 of the height range; h' = min(h, high))",
                                      ParamType::Real, 0, 1})),
  });
  return rows;
}

Heightfield apply(Heightfield field, const StageContext&, const ParamValues& values,
                  const RunControl& control) {
  const ClampParams p = table().unpack(values);
  const auto low = static_cast<float>(p.low);
  const auto high = static_cast<float>(p.high);
  mapHeights(field, control, [low, high](float h) { return std::min(std::max(h, low), high); });
  return field;
}

}  // namespace

const ModifierStage& clampModifier() {
  static const ModifierStage node(
      {
          .key = "clamp",
          .title = "Clamp",
          .help = "Flattens the lowlands and cuts the peaks off flat at two heights (h' = "
                  "min(max(h, low), high))",
          .params = table().schema(),
          .paramTable = &table(),
          .validate =
              [](const ParamValues& values) {
                const ClampParams p = table().unpack(values);
                requireNotAbove(table().infos()[0], p.low, table().infos()[1], p.high);
              },
      },
      {.apply = apply, .pointwise = true});
  return node;
}

}  // namespace terrain
