// Normalise: stretches the heights linearly so the lowest cell lands on
// `low` and the highest on `high` (0 and 1 by default). A flat field lands
// in the middle of the two.
#include "core/nodes/modifiers/normalise.hpp"

#include "core/nodes/modifiers/pointwise.hpp"

namespace terrain {
namespace {

const ParamTable<NormaliseParams>& table() {
  static const ParamTable<NormaliseParams> rows({
      TERRAIN_BIND(NormaliseParams, low,
                   asHeight(ParamInfo{"low", "Lowest", "",
                                      "Where the lowest point ends up, 0..1 of the height range",
                                      ParamType::Real, 0, 1})),
      TERRAIN_BIND(NormaliseParams, high,
                   asHeight(ParamInfo{"high", "Highest", "",
                                      "Where the highest point ends up, 0..1 of the height range",
                                      ParamType::Real, 0, 1})),
  });
  return rows;
}

Heightfield apply(Heightfield field, const StageContext&, const ParamValues& values,
                  const RunControl& control) {
  const NormaliseParams p = table().unpack(values);
  control.checkpoint(0.0f);
  if (!normaliseUnlessCancelled(field, control.exec, control.cancel)) {
    abandonRun(std::move(field));
  }
  if (p.low != 0.0 || p.high != 1.0) {
    const auto low = static_cast<float>(p.low);
    const auto span = static_cast<float>(p.high - p.low);
    mapHeights(field, control, [low, span](float h) { return low + span * h; });
  }
  control.checkpoint(1.0f);
  return field;
}

}  // namespace

const ModifierStage& normaliseModifier() {
  static const ModifierStage node(
      {
          .key = "normalise",
          .title = "Normalise",
          .help = "Stretches the heights to fill a range again (after smoothing or a curve)",
          .params = table().schema(),
          .paramTable = &table(),
          .validate =
              [](const ParamValues& values) {
                const NormaliseParams p = table().unpack(values);
                requireNotAbove(table().infos()[0], p.low, table().infos()[1], p.high);
              },
      },
      {.apply = apply});
  return node;
}

}  // namespace terrain
