// Invert mask: 1 - m, "everywhere but the high ground". Heights connected
// here read as a mask of themselves, so it also turns a terrain upside down.
#include <algorithm>
#include <memory>

#include "core/nodes/cells.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext&, const ParamValues&,
                           const RunControl& control) {
  Heightfield out = takePort(std::move(in[0]));
  forEachCell(out.size(), control, [&](std::size_t i) {
    out.heights[i] = std::clamp(1.0f - out.heights[i], 0.0f, 1.0f);
  });
  return {makePort(std::move(out))};
}

}  // namespace

const NodeType& invertMaskNode() {
  static const NodeType node({
      .key = "invert-mask",
      .title = "Invert mask",
      .help = "1 where the mask is 0 and 0 where it is 1: everywhere but what it selected",
      .inputs = {{"mask", "Mask", PortKind::Mask, false}},
      .outputs = {{"mask", "Mask", PortKind::Mask, false}},
      .usesSeed = false,
      .usesWorld = false,
      .run = run,
  });
  return node;
}

}  // namespace terrain
