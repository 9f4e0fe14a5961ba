// River erosion as a graph node: the stream-power stage (its parameters
// unchanged) with two more inputs, the uplift and the outlets. Connect a painted mask
// there and the ground rises only where it is painted, while rivers carve
// the rising ground: a drained mountain range whose ridges follow the paint
// (the idea of Schott et al. 2023, "Large-scale terrain authoring through
// interactive erosion simulation").
#include <array>
#include <memory>

#include "core/nodes/modifiers/stream_power.hpp"
#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

constexpr std::array<PortInfo, 4> kInputs = {{{"in", "In", PortKind::Heights, false},
                                              {"mask", "Mask", PortKind::Mask, true},
                                              {"uplift", "Uplift", PortKind::Mask, true},
                                              {"outlets", "Outlets", PortKind::Mask, true}}};

const ModifierStage& stage() {
  return streamPowerModifier();
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                           const ParamValues& values, const RunControl& control) {
  if (in[0]->isProfile()) throw InputError("stream-power does not apply to a profile");
  const std::string_view key = stage().key();
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
  Heightfield result = streamPowerWith(std::move(input), inputs, stageContext, values, control);
  if (mask) limitToMask(result, *in[0], *mask, control);
  return {makePort(std::move(result))};
}

}  // namespace

const NodeType& streamPowerNode() {
  static const NodeType node({
      .key = stage().key(),
      .title = stage().title(),
      .help = "Carves branching river valleys between sharp ridges (the stream-power law). Its "
              "uplift input says where the ground rises: paint a range into a mask, connect it, "
              "and rivers carve the range as it grows; unconnected, the ground rises everywhere "
              "and the land is rescaled to the input's highest point. Its outlets input holds "
              "drawn rivers (a river node's footprint) as base level, so the valleys drain into "
              "them",
      .inputs = {kInputs.begin(), kInputs.end()},
      .outputs = {{"heights", "Heights", PortKind::Heights, false}},
      .params = {stage().params(), stage().defaults()},
      .validate = [](const ParamValues& values) { stage().validate(values); },
      .dynamicMax = [](std::size_t param,
                       const ParamValues& values) { return stage().dynamicMax(param, values); },
      .idleReason = [](std::size_t param,
                       const ParamValues& values) { return stage().idleReason(param, values); },
      .locality = Locality::WholeMap,
      .solveSize = streamPowerSolveSize,
      .run = run,
  });
  return node;
}

}  // namespace terrain
