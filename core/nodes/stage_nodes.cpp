// Every source and modifier as a graph node. The stages stay where they are
// (core/sources/, core/modifiers/, one file each); a node adds their ports.
// A masked modifier: its result where the mask is 1, its input where it is 0.
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"
#include "core/base/parallel.hpp"
#include "core/nodes/registry.hpp"

namespace terrain {
namespace {

constexpr PortInfo kHeightsOut[] = {{"heights", "Heights", PortKind::Heights, false}};
constexpr PortInfo kModifierIn[] = {{"in", "In", PortKind::Heights, false},
                                    {"mask", "Mask", PortKind::Mask, true}};

// The stage's metadata, unchanged: the panel, --help and the project file
// see a stage node exactly as they see the stage.
NodeDescriptor stageDescriptor(const Stage& stage) {
  return {
      .key = stage.key(),
      .title = stage.title(),
      .help = stage.help(),
      .params = {stage.params(), stage.defaults()},
      .validate = [&stage](const ParamValues& values) { stage.validate(values); },
      .dynamicMax = [&stage](std::size_t param,
                             const ParamValues& values) { return stage.dynamicMax(param, values); },
      .idleReason = [&stage](std::size_t param,
                             const ParamValues& values) { return stage.idleReason(param, values); },
  };
}

NodeDescriptor sourceNode(const SourceStage& stage) {
  NodeDescriptor node = stageDescriptor(stage);
  node.outputs = {std::begin(kHeightsOut), std::end(kHeightsOut)};
  // A source whose samples are a pure function of position computes any
  // window alone; the others make their whole map.
  node.locality = stage.computesWindows() ? Locality::PerCell : Locality::WholeMap;
  node.usesWorld = false;
  node.run = [&stage](std::vector<PortValue>, const NodeContext& context, const ParamValues& values,
                      const RunControl& control) {
    return std::vector<PortValue>{makePort(stage.generate(context.seed, values, control))};
  };
  node.runWindow = [&stage](const NodeContext& context, const ParamValues& values,
                            const MapWindow& window, const RunControl& control) {
    return std::vector<PortValue>{
        makePort(stage.generateWindow(context.seed, values, window, control))};
  };
  return node;
}

std::vector<PortValue> runModifier(const ModifierStage& stage, std::vector<PortValue> inputs,
                                   const NodeContext& context, const ParamValues& values,
                                   const RunControl& control) {
  const Heightfield& in = *inputs[0];
  if (in.isProfile() && !stage.appliesToProfiles()) {
    throw InputError(std::string(stage.key()) + " does not apply to a profile");
  }
  const StageContext stageContext{context.seed, context.world};
  const PortValue& mask = inputs[1];
  if (!mask) {
    return {makePort(stage.apply(takePort(std::move(inputs[0])), stageContext, values, control))};
  }
  if (mask->width != in.width || mask->height != in.height) {
    throw InputError(std::string(stage.key()) + ": its mask is " + std::to_string(mask->width) +
                     "x" + std::to_string(mask->height) + " and its input " +
                     std::to_string(in.width) + "x" + std::to_string(in.height) +
                     "; connect a mask of the input's size");
  }
  // Masked: the input is kept to blend back where the mask is below 1.
  Heightfield result = stage.apply(in, stageContext, values, control);
  limitToMask(result, in, *mask, control);
  return {makePort(std::move(result))};
}

NodeDescriptor modifierNode(const ModifierStage& stage) {
  NodeDescriptor node = stageDescriptor(stage);
  node.inputs = {std::begin(kModifierIn), std::end(kModifierIn)};
  node.outputs = {std::begin(kHeightsOut), std::end(kHeightsOut)};
  node.locality = stage.pointwise() ? Locality::PerCell : Locality::WholeMap;
  node.run = [&stage](std::vector<PortValue> inputs, const NodeContext& context,
                      const ParamValues& values, const RunControl& control) {
    return runModifier(stage, std::move(inputs), context, values, control);
  };
  return node;
}

std::vector<const NodeType*> makeStageNodes() {
  static std::vector<std::unique_ptr<NodeType>> owned;
  std::vector<const NodeType*> list;
  for (const SourceStage* source : sources()) {
    owned.push_back(std::make_unique<NodeType>(sourceNode(*source)));
    list.push_back(owned.back().get());
  }
  for (const ModifierStage* modifier : modifiers()) {
    owned.push_back(std::make_unique<NodeType>(modifierNode(*modifier)));
    list.push_back(owned.back().get());
  }
  return list;
}

}  // namespace

std::span<const NodeType* const> stageNodes() {
  static const std::vector<const NodeType*> list = makeStageNodes();
  return list;
}

}  // namespace terrain
