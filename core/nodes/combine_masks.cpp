// Combine masks: two masks into one, "steep AND high" (multiply or min),
// "either" (max), "both added" or "a without b", clamped to 0..1.
#include <algorithm>
#include <memory>

#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

enum class MaskOperation : std::uint8_t { Multiply, Min, Max, Add, Subtract };
constexpr std::string_view kOperationNames[] = {"multiply", "min", "max", "add", "subtract"};

struct CombineMasksParams {
  MaskOperation operation = MaskOperation::Multiply;
};

constexpr PortInfo kInputs[] = {{"a", "A", PortKind::Mask, false},
                                {"b", "B", PortKind::Mask, false}};
constexpr PortInfo kOutputs[] = {{"mask", "Mask", PortKind::Mask, false}};

float combined(MaskOperation operation, float a, float b) {
  switch (operation) {
    case MaskOperation::Multiply:
      return a * b;
    case MaskOperation::Min:
      return std::min(a, b);
    case MaskOperation::Max:
      return std::max(a, b);
    case MaskOperation::Add:
      return a + b;
    case MaskOperation::Subtract:
      return a - b;
  }
  return a;
}

class CombineMasksNode final : public TypedStage<NodeType, CombineMasksParams> {
 public:
  CombineMasksNode()
      : TypedStage({
            TERRAIN_BIND(CombineMasksParams, operation,
                         (ParamInfo{"operation", "Operation", "",
                                    "multiply or min (where both apply: steep and high), max "
                                    "(where either does), add, subtract (a without b)",
                                    ParamType::Choice, 0, 4, kOperationNames})),
        }) {}
  std::string_view key() const override { return "combine-masks"; }
  std::string_view title() const override { return "Combine masks"; }
  std::string_view help() const override {
    return "Two masks into one: where both apply, where either does, or a without b";
  }
  std::span<const PortInfo> inputs() const override { return kInputs; }
  std::span<const PortInfo> outputs() const override { return kOutputs; }
  Locality locality(const ParamValues&) const override { return Locality::PerCell; }
  bool usesSeed() const override { return false; }
  bool usesWorld() const override { return false; }
  std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext&,
                             const ParamValues& values, const RunControl& control) const override {
    const Heightfield& a = *in[0];
    const Heightfield& b = *in[1];
    requireSameSize(key(), "a", a, "b", b);
    const MaskOperation operation = unpack(values).operation;
    Heightfield out(a.width, a.height);
    out.wraps = a.wraps && b.wraps;
    forEachCell(out.size(), control, [&](std::size_t i) {
      out.heights[i] = std::clamp(combined(operation, a.heights[i], b.heights[i]), 0.0f, 1.0f);
    });
    return {makePort(std::move(out))};
  }
};

}  // namespace

const NodeType& combineMasksNode() {
  static const CombineMasksNode node;
  return node;
}

}  // namespace terrain
