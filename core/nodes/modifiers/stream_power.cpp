// Stream power, the modifier and its node (with uplift and outlets
// inputs): its parameters and their metadata, the choice between the solve
// grid and the map, and the final rescale and erosion maps. The physics (the implicit steps, soil
// creep, the solve grid) is core/nodes/modifiers/stream_power_solve.{hpp,cpp}.
#include "core/nodes/modifiers/stream_power.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <thread>

#include "core/base/grid_levels.hpp"
#include "core/nodes/cells.hpp"
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

const ParamTable<StreamPowerParams>& table() {
  static const ParamTable<StreamPowerParams> rows({
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
                     .help = "The grid the rivers are solved on, in samples across the world: "
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
      TERRAIN_BIND(StreamPowerParams, randomDirections,
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
  });
  return rows;
}

Heightfield erode(Heightfield field, const StreamPowerInputs& inputs, const StageContext& context,
                  const ParamValues& values, const RunControl& control) {
  const StreamPowerParams p = table().unpack(values);
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

Heightfield apply(Heightfield field, const StageContext& context, const ParamValues& values,
                  const RunControl& control) {
  return erode(std::move(field), {}, context, values, control);
}

constexpr std::array<PortInfo, 4> kInputs = {{{"in", "In", PortKind::Heights, false},
                                              {"mask", "Mask", PortKind::Mask, true},
                                              {"uplift", "Uplift", PortKind::Mask, true},
                                              {"outlets", "Outlets", PortKind::Mask, true}}};

// The graph's node: two more inputs, the uplift and the outlets. Connect a
// painted mask there and the ground rises only where it is painted, while
// rivers carve the rising ground: a drained mountain range whose ridges
// follow the paint (the idea of Schott et al. 2023, "Large-scale terrain
// authoring through interactive erosion simulation").
std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                           const ParamValues& values, const RunControl& control) {
  if (in[0]->isProfile()) throw InputError("stream-power does not apply to a profile");
  const std::string_view key = "stream-power";
  const PortValue mask = in[1];
  const PortValue uplift = in[2];
  const PortValue outlets = in[3];
  if (mask) requireSameSize(key, "in", *in[0], "mask", *mask);
  if (uplift) requireSameSize(key, "in", *in[0], "uplift", *uplift);
  if (outlets) requireSameSize(key, "in", *in[0], "outlets", *outlets);
  const StageContext stageContext{context.seed, context.world};
  StreamPowerInputs inputs{uplift.get(), outlets.get()};
  if (context.solveInputs.size() == kInputs.size()) {
    inputs.solveHeights = context.solveInputs[0].get();
    inputs.solveUplift = context.solveInputs[2].get();
    inputs.solveOutlets = context.solveInputs[3].get();
    inputs.solveOnOtherScale = context.solveOnOtherScale;
  }
  Heightfield input = mask ? Heightfield(*in[0]) : takePort(std::move(in[0]));
  Heightfield result = erode(std::move(input), inputs, stageContext, values, control);
  if (mask) limitToMask(result, *in[0], *mask, control);
  return {makePort(std::move(result))};
}

}  // namespace

const ModifierStage& streamPowerModifier() {
  static const ModifierStage node(
      {
          .key = "stream-power",
          .title = "River erosion",
          .help = "Carves branching river valleys between sharp ridges (the stream-power law). "
                  "Its uplift input says where the ground rises: paint a range into a mask, "
                  "connect it, and rivers carve the range as it grows; unconnected, the ground "
                  "rises everywhere and the land is rescaled to the input's highest point. Its "
                  "outlets input holds drawn rivers (a river node's footprint) as base level, so "
                  "the valleys drain into them",
          .inputs = {kInputs.begin(), kInputs.end()},
          .params = table().schema(),
          .paramTable = &table(),
          .solveSize = streamPowerSolveSize,
          .run = run,
      },
      {
          .apply = apply,
          .appliesToProfiles = false,
          .chainHelp = "Carves branching river valleys between sharp ridges: the ground rises "
                       "while rivers cut it, faster the more water they carry (the stream-power "
                       "law). The land is rescaled so its highest point stays as high as before; "
                       "sea stays as it was",
      });
  return node;
}

int streamPowerSolveSize(const ParamValues& values) {
  return table().unpack(values).solveSize();
}

Heightfield streamPowerWith(Heightfield field, const StreamPowerInputs& inputs,
                            const StageContext& context, const ParamValues& values,
                            const RunControl& control) {
  return erode(std::move(field), inputs, context, values, control);
}

}  // namespace terrain
