// Blend: a where the mask is 0, b where it is 1, (1 - m) a + m b between:
// mountains here and plains there, by a painted or computed mask.
#include <memory>

#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

struct BlendParams {};

constexpr PortInfo kInputs[] = {{"a", "A (mask 0)", PortKind::Heights, false},
                                {"b", "B (mask 1)", PortKind::Heights, false},
                                {"mask", "Mask", PortKind::Mask, false}};
constexpr PortInfo kOutputs[] = {{"heights", "Heights", PortKind::Heights, false}};

class BlendNode final : public TypedStage<NodeType, BlendParams> {
 public:
  BlendNode() : TypedStage({}) {}
  std::string_view key() const override { return "blend"; }
  std::string_view title() const override { return "Blend"; }
  std::string_view help() const override {
    return "a where the mask is 0, b where it is 1, smoothly between: (1 - m) a + m b";
  }
  std::span<const PortInfo> inputs() const override { return kInputs; }
  std::span<const PortInfo> outputs() const override { return kOutputs; }
  Locality locality(const ParamValues&) const override { return Locality::PerCell; }
  bool usesSeed() const override { return false; }
  bool usesWorld() const override { return false; }
  std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext&, const ParamValues&,
                             const RunControl& control) const override {
    const Heightfield& a = *in[0];
    const Heightfield& b = *in[1];
    const Heightfield& mask = *in[2];
    requireSameSize(key(), "a", a, "b", b);
    requireSameSize(key(), "a", a, "mask", mask);
    Heightfield out(a.width, a.height);
    out.wraps = a.wraps && b.wraps;
    forEachCell(out.size(), control, [&](std::size_t i) {
      const float m = mask.heights[i];
      out.heights[i] = (1.0f - m) * a.heights[i] + m * b.heights[i];
    });
    return {makePort(std::move(out))};
  }
};

}  // namespace

const NodeType& blendNode() {
  static const BlendNode node;
  return node;
}

}  // namespace terrain
