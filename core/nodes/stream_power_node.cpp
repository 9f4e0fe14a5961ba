// River erosion as a graph node: the stream-power stage (its parameters
// unchanged) with two more inputs, the uplift and the outlets. Connect a painted mask
// there and the ground rises only where it is painted, while rivers carve
// the rising ground: a drained mountain range whose ridges follow the paint
// (the idea of Schott et al. 2023, "Large-scale terrain authoring through
// interactive erosion simulation").
#include <array>
#include <memory>

#include "core/modifiers/stream_power.hpp"
#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

constexpr std::array<PortInfo, 4> kInputs = {{{"in", "In", PortKind::Heights, false},
                                              {"mask", "Mask", PortKind::Mask, true},
                                              {"uplift", "Uplift", PortKind::Mask, true},
                                              {"outlets", "Outlets", PortKind::Mask, true}}};
constexpr PortInfo kOutputs[] = {{"heights", "Heights", PortKind::Heights, false}};

class StreamPowerNode final : public NodeType {
 public:
  std::string_view key() const override { return stage().key(); }
  std::string_view title() const override { return stage().title(); }
  std::string_view help() const override {
    return "Carves branching river valleys between sharp ridges (the stream-power law). Its "
           "uplift input says where the ground rises: paint a range into a mask, connect it, and "
           "rivers carve the range as it grows; unconnected, the ground rises everywhere and "
           "the land is rescaled to the input's highest point. Its outlets input holds drawn "
           "rivers (a river node's footprint) as base level, so the valleys drain into them";
  }
  std::span<const ParamInfo> params() const override { return stage().params(); }
  ParamValues defaults() const override { return stage().defaults(); }
  double dynamicMax(std::size_t param, const ParamValues& values) const override {
    return stage().dynamicMax(param, values);
  }
  std::string_view idleReason(std::size_t param, const ParamValues& values) const override {
    return stage().idleReason(param, values);
  }
  void validate(const ParamValues& values) const override { stage().validate(values); }
  std::span<const PortInfo> inputs() const override { return kInputs; }
  std::span<const PortInfo> outputs() const override { return kOutputs; }
  Locality locality(const ParamValues&) const override { return Locality::WholeMap; }
  int solveSize(const ParamValues& values) const override { return streamPowerSolveSize(values); }
  std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext& context,
                             const ParamValues& values, const RunControl& control) const override {
    if (in[0]->isProfile()) throw InputError("stream-power does not apply to a profile");
    const PortValue mask = in[1];
    const PortValue uplift = in[2];
    const PortValue outlets = in[3];
    if (mask) requireSameSize(key(), "in", *in[0], "mask", *mask);
    if (uplift) requireSameSize(key(), "in", *in[0], "uplift", *uplift);
    if (outlets) requireSameSize(key(), "in", *in[0], "outlets", *outlets);
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

 private:
  static const ModifierStage& stage() { return streamPowerModifier(); }
};

}  // namespace

const NodeType& streamPowerNode() {
  static const StreamPowerNode node;
  return node;
}

}  // namespace terrain
