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

constexpr std::string_view kKey = "combine-masks";

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

const ParamTable<CombineMasksParams>& table() {
  static const ParamTable<CombineMasksParams> rows({
      TERRAIN_BIND(CombineMasksParams, operation,
                   (ParamInfo{"operation", "Operation", "",
                              "multiply or min (where both apply: steep and high), max (where "
                              "either does), add, subtract (a without b)",
                              ParamType::Choice, 0, 4, kOperationNames})),
  });
  return rows;
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext&, const ParamValues& values,
                           const RunControl& control) {
  const Heightfield& a = *in[0];
  const Heightfield& b = *in[1];
  requireSameSize(kKey, "a", a, "b", b);
  const MaskOperation operation = table().unpack(values).operation;
  Heightfield out(a.width, a.height);
  out.wraps = a.wraps && b.wraps;
  forEachCell(out.size(), control, [&](std::size_t i) {
    out.heights[i] = std::clamp(combined(operation, a.heights[i], b.heights[i]), 0.0f, 1.0f);
  });
  return {makePort(std::move(out))};
}

}  // namespace

const NodeType& combineMasksNode() {
  static const NodeType node({
      .key = kKey,
      .title = "Combine masks",
      .help = "Two masks into one: where both apply, where either does, or a without b",
      .inputs = {{"a", "A", PortKind::Mask, false}, {"b", "B", PortKind::Mask, false}},
      .outputs = {{"mask", "Mask", PortKind::Mask, false}},
      .params = table().schema(),
      .usesSeed = false,
      .usesWorld = false,
      .run = run,
  });
  return node;
}

}  // namespace terrain
