// Smoothing: neighbour-average passes as they look on a 257-sample preview,
// at any size (a Gaussian whose width scales with the map, see
// core/nodes/modifiers/smoothing.hpp). Maps that wrap (the coastline's torus) blur across
// their edges.
#include "core/nodes/modifiers/smooth.hpp"

#include "core/nodes/modifiers/smoothing.hpp"

namespace terrain {
namespace {

class SmoothModifier final : public TypedStage<ModifierStage, SmoothParams> {
 public:
  SmoothModifier()
      : TypedStage({
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
        }) {}

  std::string_view key() const override { return "smooth"; }
  std::string_view title() const override { return "Smooth"; }
  std::string_view help() const override {
    return "Softens the terrain: rounds off peaks and fills small pits";
  }
  Heightfield apply(Heightfield field, const StageContext&, const ParamValues& values,
                    const RunControl& control) const override {
    const SmoothParams p = unpack(values);
    control.checkpoint(0.0f);
    if (p.passes > 0) smoothScaled(field, p.passes, field.wraps, control.exec);
    control.checkpoint(1.0f);
    return field;
  }
};

}  // namespace

const ModifierStage& smoothModifier() {
  static const SmoothModifier stage;
  return stage;
}

}  // namespace terrain
