// Terrace: cuts the heights into flat treads joined by risers.
//
// With n = steps, s = softness and o = offset, the treads stand at the
// levels (k + o) / n for whole k, and a riser sits halfway between two
// treads. For a height h:
//   v = h n - o,  k = floor(v),  f = v - k          (0 <= f < 1)
//   g = clamp((f - 1/2) / s + 1/2, 0, 1)            (s = 0: g = [f >= 1/2])
//   h' = clamp((k + o + g) / n, 0, 1)
// so a riser is s of a step wide and straight: s = 0 gives hard steps, s = 1
// gives g = f, h' = h. With o = 0 and s = 0 the heights 0..1 land on the
// steps + 1 levels 0, 1/n, .., 1 (the lowest and highest treads half as wide
// as the others). Only IEEE +, -, *, / and floor: the same bits everywhere.
#include "core/nodes/modifiers/terrace.hpp"

#include <algorithm>
#include <cmath>

#include "core/nodes/modifiers/pointwise.hpp"

namespace terrain {

float terraceHeight(const TerraceParams& params, float height) {
  const double n = params.steps;
  const double s = params.softness;
  const double v = static_cast<double>(height) * n - params.offset;
  const double k = std::floor(v);
  const double f = v - k;
  double g = 0.0;
  if (s >= 1.0) {
    g = f;  // exact: with offset 0, (k + f) / n gives back h bit for bit
  } else if (s <= 0.0) {
    g = f >= 0.5 ? 1.0 : 0.0;
  } else {
    g = std::clamp((f - 0.5) / s + 0.5, 0.0, 1.0);
  }
  return static_cast<float>(std::clamp((k + params.offset + g) / n, 0.0, 1.0));
}

namespace {

const ParamTable<TerraceParams>& table() {
  static const ParamTable<TerraceParams> rows({
      TERRAIN_BIND(TerraceParams, steps,
                   (ParamInfo{"steps", "Steps", "",
                              "How many steps from the lowest to the highest ground (the "
                              "cliffs between steps + 1 flat levels 0, 1/steps, .., 1)",
                              ParamType::Integer, 1, 64})),
      TERRAIN_BIND(TerraceParams, softness,
                   (ParamInfo{"softness", "Softness", "",
                              "How much of each step is slope: 0 sharp cliffs and flat "
                              "treads, 1 the terrain unchanged (the riser's width, as a "
                              "fraction of a step)",
                              ParamType::Real, 0, 1})),
      TERRAIN_BIND(TerraceParams, offset,
                   (ParamInfo{"offset", "Offset", "",
                              "Slides the steps up by a fraction of a step, to put a "
                              "tread at a chosen height (treads at (k + offset) / steps)",
                              ParamType::Real, 0, 1})),
  });
  return rows;
}

std::string_view idleReason(std::size_t param, const ParamValues& values) {
  if (table().infos()[param].key == "offset" && table().unpack(values).softness >= 1.0) {
    return "Softness 1 leaves the terrain unchanged, so there are no steps to slide";
  }
  return {};
}

Heightfield apply(Heightfield field, const StageContext&, const ParamValues& values,
                  const RunControl& control) {
  const TerraceParams p = table().unpack(values);
  mapHeights(field, control, [&p](float h) { return terraceHeight(p, h); });
  return field;
}

}  // namespace

const ModifierStage& terraceModifier() {
  static const ModifierStage node(
      {
          .key = "terrace",
          .title = "Terrace",
          .help = "Cuts the terrain into flat steps like rice terraces or mesas (steps with "
                  "straight risers; softness widens the risers)",
          .params = table().schema(),
          .paramTable = &table(),
          .idleReason = idleReason,
      },
      {.apply = apply, .pointwise = true});
  return node;
}

}  // namespace terrain
