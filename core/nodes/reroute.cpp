// Reroute: a point a link passes through, to lead it around other nodes.
// Its one input takes heights or a mask and its output is what came in
// (core/graph/graph.hpp's outputKind follows it through), passed on as the
// same field: no cells computed, no memory.
#include "core/graph/graph.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

std::vector<PortValue> run(std::vector<PortValue> in, const NodeContext&, const ParamValues&,
                           const RunControl&) {
  return {std::move(in[0])};
}

}  // namespace

const NodeType& rerouteNode() {
  static const NodeType node({
      .key = kRerouteKey,
      .title = "Reroute",
      .help = "A point a link passes through, to lead it around other nodes: what comes in "
              "(heights or a mask) goes out unchanged",
      // A mask input takes heights too; the output's kind is its input's.
      .inputs = {{"in", "In", PortKind::Mask, false}},
      .outputs = {{"out", "Out", PortKind::Heights, false}},
      .usesSeed = false,
      .usesWorld = false,
      .run = run,
  });
  return node;
}

}  // namespace terrain
