// Smoothing: neighbour-average passes as they look on a 257-sample preview,
// at any size (a Gaussian whose width scales with the map, see
// core/nodes/modifiers/smoothing.hpp). Maps that wrap (the coastline's torus) blur across
// their edges.
#include "core/nodes/modifiers/smooth.hpp"

#include "core/nodes/modifiers/smoothing.hpp"

namespace terrain {
namespace {

const ParamTable<SmoothParams>& table() {
  static const ParamTable<SmoothParams> rows({
      TERRAIN_BIND(SmoothParams, passes,
                   (ParamInfo{"passes",
                              "Passes",
                              "passes",
                              "How much to soften: neighbour-average passes as they look on "
                              "a 257 preview, as strong at every size",
                              ParamType::Integer,
                              0,
                              200,
                              {},
                              true})),
  });
  return rows;
}

Heightfield apply(Heightfield field, const StageContext&, const ParamValues& values,
                  const RunControl& control) {
  const SmoothParams p = table().unpack(values);
  control.checkpoint(0.0f);
  if (p.passes > 0) smoothScaled(field, p.passes, field.wraps, control.exec);
  control.checkpoint(1.0f);
  return field;
}

}  // namespace

const ModifierStage& smoothModifier() {
  static const ModifierStage node(
      {
          .key = "smooth",
          .title = "Smooth",
          .help = "Softens the terrain: rounds off peaks and fills small pits",
          .params = table().schema(),
          .paramTable = &table(),
      },
      {.apply = apply});
  return node;
}

}  // namespace terrain
