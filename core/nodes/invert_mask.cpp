// Invert mask: 1 - m, "everywhere but the high ground". Heights connected
// here read as a mask of themselves, so it also turns a terrain upside down.
#include <algorithm>
#include <memory>

#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

struct InvertMaskParams {};

constexpr PortInfo kInputs[] = {{"mask", "Mask", PortKind::Mask, false}};
constexpr PortInfo kOutputs[] = {{"mask", "Mask", PortKind::Mask, false}};

class InvertMaskNode final : public TypedStage<NodeType, InvertMaskParams> {
 public:
  InvertMaskNode() : TypedStage({}) {}
  std::string_view key() const override { return "invert-mask"; }
  std::string_view title() const override { return "Invert mask"; }
  std::string_view help() const override {
    return "1 where the mask is 0 and 0 where it is 1: everywhere but what it selected";
  }
  std::span<const PortInfo> inputs() const override { return kInputs; }
  std::span<const PortInfo> outputs() const override { return kOutputs; }
  Locality locality(const ParamValues&) const override { return Locality::PerCell; }
  bool usesSeed() const override { return false; }
  bool usesWorld() const override { return false; }
  std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext&, const ParamValues&,
                             const RunControl& control) const override {
    Heightfield out = takePort(std::move(in[0]));
    forEachCell(out.size(), control, [&](std::size_t i) {
      out.heights[i] = std::clamp(1.0f - out.heights[i], 0.0f, 1.0f);
    });
    return {makePort(std::move(out))};
  }
};

}  // namespace

const NodeType& invertMaskNode() {
  static const InvertMaskNode node;
  return node;
}

}  // namespace terrain
