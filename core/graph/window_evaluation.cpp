#include "core/graph/window_evaluation.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace terrain {
namespace {

// [first, first + length) along one axis, grown by `halo` and, unless the
// world wraps, cut to its samples.
void growAxis(std::int64_t& first, int& length, int halo, const WorldWindow& where) {
  std::int64_t low = first - halo;
  std::int64_t high = first + length - 1 + halo;
  if (!where.wraps) {
    low = std::max<std::int64_t>(low, 0);
    high = std::min(high, where.worldSize - 1);
  }
  if (high - low + 1 > kMaxMapSide) {
    throw InputError("a tile with the " + std::to_string(halo) +
                     " cells of world around it that its nodes read is " +
                     std::to_string(high - low + 1) + " samples a side, more than a map may be (" +
                     std::to_string(kMaxMapSide) + "); use more tiles or smaller radii");
  }
  first = low;
  length = static_cast<int>(high - low + 1);
}

MapWindow grownWindow(const WorldWindow& where, int halo) {
  MapWindow out = where.window;
  growAxis(out.x0, out.width, halo, where);
  growAxis(out.y0, out.height, halo, where);
  return out;
}

// The part `to` of a map computed over `from` (which holds it).
PortValue crop(const PortValue& value, const MapWindow& from, const MapWindow& to) {
  if (!value || from == to) return value;
  Heightfield out(to.width, to.height);
  const auto dx = static_cast<int>(to.x0 - from.x0);
  const auto dy = static_cast<int>(to.y0 - from.y0);
  for (int y = 0; y < to.height; ++y) {
    std::memcpy(&out.heights[out.index(0, y)], &value->heights[value->index(dx, dy + y)],
                sizeof(float) * static_cast<std::size_t>(to.width));
  }
  return makePort(std::move(out));
}

// The wanted window of a result computed over the part of it inside the
// world: samples beyond the world's edge repeat the edge, as cutWindow does.
PortValue extendPastEdge(const PortValue& value, const MapWindow& computed,
                         const WorldWindow& where) {
  const MapWindow& wanted = where.window;
  if (computed == wanted) return value;
  Heightfield out(wanted.width, wanted.height);
  for (int y = 0; y < wanted.height; ++y) {
    const std::int64_t wy = worldSample(wanted.y0 + y, where.worldSize, false) - computed.y0;
    for (int x = 0; x < wanted.width; ++x) {
      const std::int64_t wx = worldSample(wanted.x0 + x, where.worldSize, false) - computed.x0;
      out.at(x, y) = value->at(static_cast<int>(wx), static_cast<int>(wy));
    }
  }
  return makePort(std::move(out));
}

}  // namespace

std::string whyNotWindowed(const Graph& graph, NodeId wanted) {
  for (const NodeId id : upstreamOrder(graph, wanted)) {
    const GraphNode& node = *graph.find(id);
    if (!node.enabled) continue;
    const NodeType& type = typeOf(node);
    if (type.locality(node.values) != Locality::WholeMap) continue;
    const std::string name = std::string(type.title()) + " (node " + std::to_string(id) + ")";
    return type.inputs().empty() ? name + " cannot compute a window of its world"
                                 : name + " needs the whole map";
  }
  return {};
}

std::map<NodeId, int> windowHalos(const Graph& graph, NodeId wanted, double cellMetres) {
  const std::vector<NodeId> order = upstreamOrder(graph, wanted);
  std::map<NodeId, int> halo;
  halo[wanted] = 0;
  // Readers come after what they read: from the wanted node back up.
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const GraphNode& node = *graph.find(*it);
    const NodeType& type = typeOf(node);
    const int reads = halo[node.id] + (node.enabled ? type.reach(node.values, cellMetres) : 0);
    for (std::uint32_t port = 0; port < type.inputs().size(); ++port) {
      if (const GraphEdge* edge = graph.edgeInto({node.id, port})) {
        int& from = halo[edge->from.node];
        from = std::max(from, reads);
      }
    }
  }
  return halo;
}

PortValue evaluateWindow(const Graph& graph, PortRef wanted, const NodeContext& context,
                         const WorldWindow& where, const PipelineControl& control) {
  if (graph.find(wanted.node) == nullptr) {
    throw InputError("no node " + std::to_string(wanted.node) + " in the graph");
  }
  requireInputs(graph, wanted.node);
  if (const std::string why = whyNotWindowed(graph, wanted.node); !why.empty()) {
    throw InputError("a window of this world cannot be computed alone: " + why);
  }
  const std::vector<NodeId> order = upstreamOrder(graph, wanted.node);
  const std::map<NodeId, int> halos = windowHalos(graph, wanted.node, where.cellMetres);
  std::map<NodeId, MapWindow> windows;
  for (const NodeId id : order) windows[id] = grownWindow(where, halos.at(id));

  // Each result is dropped once its last reader has taken its part.
  std::map<NodeId, int> readers;
  for (const NodeId id : order) {
    const GraphNode& node = *graph.find(id);
    for (std::uint32_t port = 0; port < typeOf(node).inputs().size(); ++port) {
      if (const GraphEdge* edge = graph.edgeInto({id, port})) ++readers[edge->from.node];
    }
  }
  std::map<NodeId, std::vector<PortValue>> results;
  const auto count = static_cast<int>(order.size());
  int index = 0;
  for (const NodeId id : order) {
    const GraphNode& node = *graph.find(id);
    const NodeType& type = typeOf(node);
    const MapWindow& window = windows.at(id);
    // A neighbourhood node reads its reach beyond the cells it gives.
    const int reach = node.enabled ? type.reach(node.values, where.cellMetres) : 0;
    const MapWindow read = reach == 0 ? window : grownWindow(where, halos.at(id) + reach);
    std::vector<PortValue> inputs;
    for (std::uint32_t port = 0; port < type.inputs().size(); ++port) {
      const GraphEdge* edge = graph.edgeInto({id, port});
      if (edge == nullptr) {
        inputs.push_back(nullptr);
        continue;
      }
      const NodeId from = edge->from.node;
      inputs.push_back(crop(results.at(from)[edge->from.port], windows.at(from), read));
      if (--readers[from] == 0 && from != wanted.node) results.erase(from);
    }
    const RunControl rc = nodeRunControl(control, type, index++, count);
    rc.checkpoint(0.0f);
    if (!node.enabled) {
      results[id] = std::vector<PortValue>(type.outputs().size(), inputs[passedInput(node, type)]);
      continue;
    }
    const NodeContext nodeContext{nodeSeed(context.seed, node), context.world, where.cellMetres};
    std::vector<PortValue> outputs =
        type.inputs().empty() ? type.runWindow(nodeContext, node.values, window, rc)
                              : type.run(std::move(inputs), nodeContext, node.values, rc);
    for (PortValue& output : outputs) output = crop(output, read, window);
    results[id] = std::move(outputs);
  }
  return extendPastEdge(results.at(wanted.node)[wanted.port], windows.at(wanted.node), where);
}

}  // namespace terrain
