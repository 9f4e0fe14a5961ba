// Stream power, the modifier stage (the graph's node around it is
// core/nodes/stream_power_node.cpp): its parameters and their metadata,
// the choice between the solve grid and the map, and the final rescale
// and erosion maps. The physics (the implicit steps, soil creep, the
// solve grid) is core/nodes/modifiers/stream_power_solve.{hpp,cpp}.
#include "core/nodes/modifiers/stream_power.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <thread>

#include "core/base/grid_levels.hpp"
#include "core/nodes/modifiers/stream_power_solve.hpp"

namespace terrain {
namespace {

constexpr std::string_view kSolveGridNames[] = {"map", "65", "129", "257", "513", "1025"};
constexpr std::string_view kDirectionNames[] = {"eight", "any"};
constexpr std::size_t kLargeField = std::size_t{1} << 22;  // freed on a thread when cancelled

// A cancelled run gives its large buffers back on a thread of its own, as
// abandonRun does for the heights.
[[noreturn]] void abandon(std::unique_ptr<StreamPowerWork> work, Heightfield&& field) {
  if (field.size() >= kLargeField) std::thread([dropped = std::move(work)] {}).detach();
  abandonRun(std::move(field));
}

class StreamPowerModifier final : public TypedStage<ModifierStage, StreamPowerParams> {
 public:
  StreamPowerModifier()
      : TypedStage({
            TERRAIN_BIND(StreamPowerParams, uplift,
                         (ParamInfo{"uplift", "Uplift", "mm/yr",
                                    "How fast the ground rises (mm per year, i.e. metres per "
                                    "thousand years); against erodibility it sets how steep the "
                                    "mountains grow: at steady state a river draining 1 km^2 has "
                                    "slope uplift / erodibility",
                                    ParamType::Real, 0.0, 20.0})),
            TERRAIN_BIND(StreamPowerParams, erodibility,
                         (ParamInfo{"erodibility",
                                    "Erodibility",
                                    "mm/yr",
                                    "How easily rivers cut the rock: soft ground is high. The "
                                    "stream-power K, as the mm per year a river draining 1 km^2 "
                                    "cuts into a 1:1 slope",
                                    ParamType::Real,
                                    0.01,
                                    1000.0,
                                    {},
                                    true})),
            TERRAIN_BIND(StreamPowerParams, mOverN,
                         (ParamInfo{"m-over-n", "Concavity", "",
                                    "How much more big rivers cut than small ones: high values "
                                    "give long gentle main valleys under steep side valleys. The "
                                    "area exponent m of the stream-power law with n = 1 (river "
                                    "slope ~ area^-m/n; nature 0.3 to 0.7)",
                                    ParamType::Real, 0.1, 1.0})),
            TERRAIN_BIND(StreamPowerParams, steps,
                         (ParamInfo{"steps",
                                    "Steps",
                                    "steps",
                                    "How long to erode, in steps of the time per step; the "
                                    "rivers reroute between steps, so more steps let the network "
                                    "reorganise",
                                    ParamType::Integer,
                                    1,
                                    1000,
                                    {},
                                    true})),
            TERRAIN_BIND(StreamPowerParams, yearsPerStep,
                         (ParamInfo{"years-per-step",
                                    "Time per step",
                                    "years",
                                    "Years of uplift and river cutting per step: any length is "
                                    "stable, longer steps go further towards steady state",
                                    ParamType::Real,
                                    100.0,
                                    1.0e7,
                                    {},
                                    true})),
            TERRAIN_BIND(
                StreamPowerParams, seaLevel,
                asHeight(ParamInfo{"sea-level", "Sea level", "",
                                   "Ground at or below this height (0..1 of the height range) "
                                   "is sea: rivers end there and it never rises or erodes. "
                                   "Set it to the water level so an island or a wrapping map "
                                   "drains into its sea; 0 leaves the map edges and any ground at "
                                   "exactly 0 (a normalised map's lowest sample: lift it, "
                                   "e.g. with a height curve, where that is inland)",
                                   ParamType::Real, 0.0, 1.0})),
            TERRAIN_BIND(
                StreamPowerParams, solveGrid,
                (ParamInfo{.key = "solve-size",
                           .label = "Solve grid",
                           .unit = "samples",
                           .help =
                               "The grid the rivers are solved on, in samples across the world: "
                               "a larger map is solved on every 2nd, 4th, ... of its samples, "
                               "on the very inputs a preview of this size has, then refined "
                               "at its own size: a 257 preview and a 4097 export share their "
                               "valleys, and the export is quick. 'map' solves at the map's "
                               "own size (projects saved before this existed)",
                           .type = ParamType::Choice,
                           .max = 5,
                           .choices = kSolveGridNames,
                           .whenAbsent = 0.0})),
            TERRAIN_BIND(StreamPowerParams, refineSteps,
                         (ParamInfo{.key = "refine-steps",
                                    .label = "Refine steps",
                                    .unit = "steps",
                                    .help = "Steps at the map's own size after the solve: the "
                                            "small valleys the solve grid is too coarse for",
                                    .type = ParamType::Integer,
                                    .max = 200,
                                    .whenAbsent = 0.0})),
            TERRAIN_BIND(
                StreamPowerParams, randomDirections,
                (ParamInfo{.key = "flow-directions",
                           .label = "Flow directions",
                           .unit = "",
                           .help = "Which way water may run from a cell: 'any' lets valleys "
                                   "wind in every direction (each cell weighs its diagonal "
                                   "neighbours by a random factor, fixed per cell and seed: "
                                   "Fairfield & Leymarie's rho8); 'eight' keeps to the grid's "
                                   "eight directions (projects saved before this existed)",
                           .type = ParamType::Choice,
                           .max = 1,
                           .choices = kDirectionNames,
                           .whenAbsent = 0.0})),
            TERRAIN_BIND(StreamPowerParams, diffusion,
                         (ParamInfo{.key = "diffusion",
                                    .label = "Soil creep",
                                    .unit = "m^2/yr",
                                    .help = "How fast soil creeps downhill (hillslope diffusion "
                                            "Kd): rounds hilltops and ridges into convex "
                                            "shoulders above the valleys; 0 leaves them sharp. "
                                            "Nature 0.001 to 0.05; more rounds the land faster",
                                    .type = ParamType::Real,
                                    .max = 1.0,
                                    .logarithmic = true,
                                    .whenAbsent = 0.0})),
            TERRAIN_BIND(
                StreamPowerParams, spreadBelow,
                (ParamInfo{.key = "spread-below",
                           .label = "Spread below",
                           .unit = "km^2",
                           .help = "At the map's own size (the refine steps, or every step of a "
                                   "'map' solve), water draining less than this area spreads "
                                   "over all the lower neighbours by their slope instead of "
                                   "running one way (multiple flow directions, Quinn et al. "
                                   "1991): on a fine map, slopes and small valleys follow the "
                                   "ground, not the grid, and are not combed into rills one cell "
                                   "wide. Larger rivers keep one bed. 0 sends all water one way "
                                   "(projects saved before this existed)",
                           .type = ParamType::Real,
                           .max = 100.0,
                           .logarithmic = true,
                           .whenAbsent = 0.0})),
        }) {}

  std::string_view key() const override { return "stream-power"; }
  std::string_view title() const override { return "River erosion"; }
  std::string_view help() const override {
    return "Carves branching river valleys between sharp ridges: the ground rises while rivers "
           "cut it, faster the more water they carry (the stream-power law). The land is "
           "rescaled so its highest point stays as high as before; sea stays as it was";
  }
  bool appliesToProfiles() const override { return false; }

  Heightfield apply(Heightfield field, const StageContext& context, const ParamValues& values,
                    const RunControl& control) const override {
    return erodeWith(std::move(field), {}, context, values, control);
  }

  Heightfield erodeWith(Heightfield field, const StreamPowerInputs& inputs,
                        const StageContext& context, const ParamValues& values,
                        const RunControl& control) const {
    const StreamPowerParams p = unpack(values);
    control.checkpoint(0.0f);
    if (field.heights.empty()) return field;
    float top = computeStats(field).max;
    const SolveGrid grid = solveGridOf(field.width, field.height, field.wraps, p.solveSize());
    const int refine = p.solveGrid > 0 ? p.refineSteps : 0;
    const float seaLevel = static_cast<float>(p.seaLevel);
    auto work = std::make_unique<StreamPowerWork>();
    std::optional<double> previewScale;
    try {
      if (grid.width > 0) {
        previewScale = solveStreamPowerCoarse(field, inputs, p, grid, context, *work, control);
        solveStreamPower(field, inputs, p, refine, 0, context, *work, control);
      } else {
        // The refinement's steps spread as they do on a finer map; a 'map'
        // solve is all at the map's own size.
        const int spreadFrom = p.solveGrid > 0 ? p.steps : 0;
        solveStreamPower(field, inputs, p, p.steps + refine, spreadFrom, context, *work, control);
      }
    } catch (const Cancelled&) {
      abandon(std::move(work), std::move(field));
    }
    // Painted uplift raises ranges the input did not have: they keep the
    // height they grew to, cut down only to the top of the height range.
    if (inputs.uplift) top = std::min(1.0f, computeStats(field).max);
    // The preview's scale, but never lifting the export's sharper peaks
    // above the top of the height range.
    const double scale = previewScale
                             ? std::min(*previewScale, landScale(field.heights, seaLevel, 1.0f))
                             : landScale(field.heights, seaLevel, top);
    rescaleLand(*work->network, field.heights, seaLevel, scale, control.exec);
    ErosionMaps maps;
    if (work->spreadFlow) {
      const auto spread = work->network->spreadArea();
      maps.flow.assign(spread.begin(), spread.end());
    } else {
      const auto drainage = work->network->drainage();
      maps.flow.assign(drainage.begin(), drainage.end());
    }
    maps.wear = std::move(work->wear);
    maps.deposition = std::move(work->deposition);
    for (float& v : maps.wear) v *= static_cast<float>(scale);
    for (float& v : maps.deposition) v *= static_cast<float>(scale);
    addErosion(field, std::move(maps));
    control.checkpoint(1.0f);
    return field;
  }
};

const StreamPowerModifier& theStage() {
  static const StreamPowerModifier stage;
  return stage;
}

}  // namespace

const ModifierStage& streamPowerModifier() {
  return theStage();
}

int streamPowerSolveSize(const ParamValues& values) {
  return theStage().unpack(values).solveSize();
}

Heightfield streamPowerWith(Heightfield field, const StreamPowerInputs& inputs,
                            const StageContext& context, const ParamValues& values,
                            const RunControl& control) {
  return theStage().erodeWith(std::move(field), inputs, context, values, control);
}

}  // namespace terrain
