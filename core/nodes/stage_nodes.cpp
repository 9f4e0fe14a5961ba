// Every source and modifier as a graph node. The stages stay where they are
// (core/sources/, core/modifiers/, one file each); a node adds their ports.
// A masked modifier: its result where the mask is 1, its input where it is 0.
#include <memory>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"
#include "core/parallel.hpp"
#include "core/registry.hpp"

namespace terrain {
namespace {

// The stage's metadata, unchanged: the panel, --help and the project file
// see a stage node exactly as they see the stage.
template <class StageType>
class StageNode : public NodeType {
 public:
  explicit StageNode(const StageType& stage) : stage_(stage) {}
  std::string_view key() const override { return stage_.key(); }
  std::string_view title() const override { return stage_.title(); }
  std::string_view help() const override { return stage_.help(); }
  std::span<const ParamInfo> params() const override { return stage_.params(); }
  ParamValues defaults() const override { return stage_.defaults(); }
  double dynamicMax(std::size_t param, const ParamValues& values) const override {
    return stage_.dynamicMax(param, values);
  }
  std::string_view idleReason(std::size_t param, const ParamValues& values) const override {
    return stage_.idleReason(param, values);
  }
  void validate(const ParamValues& values) const override { stage_.validate(values); }

 protected:
  const StageType& stage_;
};

constexpr PortInfo kHeightsOut[] = {{"heights", "Heights", PortKind::Heights, false}};
constexpr PortInfo kModifierIn[] = {{"in", "In", PortKind::Heights, false},
                                    {"mask", "Mask", PortKind::Mask, true}};

class SourceNode final : public StageNode<SourceStage> {
 public:
  using StageNode::StageNode;
  std::span<const PortInfo> inputs() const override { return {}; }
  std::span<const PortInfo> outputs() const override { return kHeightsOut; }
  // A source whose samples are a pure function of position computes any
  // window alone; the others make their whole map.
  Locality locality(const ParamValues&) const override {
    return stage_.computesWindows() ? Locality::PerCell : Locality::WholeMap;
  }
  bool usesWorld() const override { return false; }
  std::vector<PortValue> run(std::vector<PortValue>, const NodeContext& context,
                             const ParamValues& values, const RunControl& control) const override {
    return {makePort(stage_.generate(context.seed, values, control))};
  }
  std::vector<PortValue> runWindow(const NodeContext& context, const ParamValues& values,
                                   const MapWindow& window,
                                   const RunControl& control) const override {
    return {makePort(stage_.generateWindow(context.seed, values, window, control))};
  }
};

class ModifierNode final : public StageNode<ModifierStage> {
 public:
  using StageNode::StageNode;
  std::span<const PortInfo> inputs() const override { return kModifierIn; }
  std::span<const PortInfo> outputs() const override { return kHeightsOut; }
  Locality locality(const ParamValues&) const override {
    return stage_.pointwise() ? Locality::PerCell : Locality::WholeMap;
  }
  std::vector<PortValue> run(std::vector<PortValue> inputs, const NodeContext& context,
                             const ParamValues& values, const RunControl& control) const override {
    const Heightfield& in = *inputs[0];
    if (in.isProfile() && !stage_.appliesToProfiles()) {
      throw InputError(std::string(stage_.key()) + " does not apply to a profile");
    }
    const StageContext stageContext{context.seed, context.world};
    const PortValue& mask = inputs[1];
    if (!mask) {
      return {
          makePort(stage_.apply(takePort(std::move(inputs[0])), stageContext, values, control))};
    }
    if (mask->width != in.width || mask->height != in.height) {
      throw InputError(std::string(stage_.key()) + ": its mask is " + std::to_string(mask->width) +
                       "x" + std::to_string(mask->height) + " and its input " +
                       std::to_string(in.width) + "x" + std::to_string(in.height) +
                       "; connect a mask of the input's size");
    }
    // Masked: the input is kept to blend back where the mask is below 1.
    Heightfield result = stage_.apply(in, stageContext, values, control);
    limitToMask(result, in, *mask, control);
    return {makePort(std::move(result))};
  }
};

std::vector<const NodeType*> makeStageNodes() {
  static std::vector<std::unique_ptr<NodeType>> owned;
  std::vector<const NodeType*> list;
  for (const SourceStage* source : sources()) {
    owned.push_back(std::make_unique<SourceNode>(*source));
    list.push_back(owned.back().get());
  }
  for (const ModifierStage* modifier : modifiers()) {
    owned.push_back(std::make_unique<ModifierNode>(*modifier));
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
