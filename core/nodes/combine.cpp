// Combine: two terrains into one by an operation, b weighted by `amount`;
// the result is clamped to the height range [0, 1].
#include <algorithm>
#include <memory>

#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

enum class CombineOperation : std::uint8_t { Add, Subtract, Multiply, Min, Max };
constexpr std::string_view kOperationNames[] = {"add", "subtract", "multiply", "min", "max"};

struct CombineParams {
  CombineOperation operation = CombineOperation::Add;
  double amount = 0.5;  // 0: a alone .. 1: the operation in full
};

constexpr std::string_view kKey = "combine";

float combined(CombineOperation operation, float a, float b, float amount) {
  switch (operation) {
    case CombineOperation::Add:
      return a + amount * b;
    case CombineOperation::Subtract:
      return a - amount * b;
    case CombineOperation::Multiply:
      return a * ((1.0f - amount) + amount * b);
    case CombineOperation::Min:
      return (1.0f - amount) * a + amount * std::min(a, b);
    case CombineOperation::Max:
      return (1.0f - amount) * a + amount * std::max(a, b);
  }
  return a;
}

const ParamTable<CombineParams>& table() {
  static const ParamTable<CombineParams> rows({
      TERRAIN_BIND(CombineParams, operation,
                   (ParamInfo{"operation", "Operation", "",
                              "How b changes a: add (hills on a plain), subtract (carve b out of "
                              "a), multiply (b scales a), min (the lower), max (the higher)",
                              ParamType::Choice, 0, 4, kOperationNames})),
      TERRAIN_BIND(CombineParams, amount,
                   (ParamInfo{"amount", "Amount", "",
                              "How much of b: 0 leaves a as it is, 1 applies the operation in "
                              "full (add: a + amount b; min: a towards min(a, b))",
                              ParamType::Real, 0, 1})),
  });
  return rows;
}

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext&, const ParamValues& values,
                           const RunControl& control) {
  const Heightfield& a = *in[0];
  const Heightfield& b = *in[1];
  requireSameSize(kKey, "a", a, "b", b);
  const CombineParams p = table().unpack(values);
  const auto amount = static_cast<float>(p.amount);
  Heightfield out(a.width, a.height);
  out.wraps = a.wraps && b.wraps;
  forEachCell(out.size(), control, [&](std::size_t i) {
    out.heights[i] =
        std::clamp(combined(p.operation, a.heights[i], b.heights[i], amount), 0.0f, 1.0f);
  });
  return {makePort(std::move(out))};
}

}  // namespace

const NodeType& combineNode() {
  static const NodeType node({
      .key = kKey,
      .title = "Combine",
      .help = "Two terrains into one: add, subtract, multiply, min or max, clamped to the height "
              "range",
      .inputs = {{"a", "A", PortKind::Heights, false}, {"b", "B", PortKind::Heights, false}},
      .outputs = {{"heights", "Heights", PortKind::Heights, false}},
      .params = table().schema(),
      .usesSeed = false,
      .usesWorld = false,
      .run = run,
  });
  return node;
}

}  // namespace terrain
