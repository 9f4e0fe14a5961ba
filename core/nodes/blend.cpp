// Blend: a where the mask is 0, b where it is 1, (1 - m) a + m b between:
// mountains here and plains there, by a painted or computed mask.
#include <memory>

#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

constexpr std::string_view kKey = "blend";

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext&, const ParamValues&,
                           const RunControl& control) {
  const Heightfield& a = *in[0];
  const Heightfield& b = *in[1];
  const Heightfield& mask = *in[2];
  requireSameSize(kKey, "a", a, "b", b);
  requireSameSize(kKey, "a", a, "mask", mask);
  Heightfield out(a.width, a.height);
  out.wraps = a.wraps && b.wraps;
  forEachCell(out.size(), control, [&](std::size_t i) {
    const float m = mask.heights[i];
    out.heights[i] = (1.0f - m) * a.heights[i] + m * b.heights[i];
  });
  return {makePort(std::move(out))};
}

}  // namespace

const NodeType& blendNode() {
  static const NodeType node({
      .key = kKey,
      .title = "Blend",
      .help = "a where the mask is 0, b where it is 1, smoothly between: (1 - m) a + m b",
      .inputs = {{"a", "A (mask 0)", PortKind::Heights, false},
                 {"b", "B (mask 1)", PortKind::Heights, false},
                 {"mask", "Mask", PortKind::Mask, false}},
      .outputs = {{"heights", "Heights", PortKind::Heights, false}},
      .usesSeed = false,
      .usesWorld = false,
      .run = run,
  });
  return node;
}

}  // namespace terrain
