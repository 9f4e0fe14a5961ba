#include "core/graph/window_evaluation.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/base/coarse_upsample.hpp"
#include "core/base/error.hpp"
#include "core/base/parallel.hpp"
#include "core/nodes/registry.hpp"

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
    std::string message =
        "a tile with the " + std::to_string(halo) +
        " cells of world around it that its nodes read is " + std::to_string(high - low + 1) +
        " samples a side, more than a map may be (" + std::to_string(kMaxMapSide) + "); ";
    // When the reach alone outgrows a map, no tile is small enough: say so
    // rather than send the user to cut ever more tiles.
    const int mostReach = (kMaxMapSide - 1) / 2;
    if (halo > mostReach) {
      message +=
          "no tile is small enough for that reach: use smaller radii (a tiled world's "
          "nodes may read at most " +
          std::to_string(mostReach) + " cells around a cell)";
    } else {
      message += "use more tiles or smaller radii";
    }
    throw InputError(message);
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

// A map `to` (width x height) whose sample i reads `from`'s sample
// source(x, y): a crop, or an extension past the world's edge.
template <class Source>
PortValue remap(const Heightfield& from, const MapWindow& to, const Source& source) {
  Heightfield out(to.width, to.height);
  const auto layer = [&](const std::vector<float>& in) {
    if (in.empty()) return std::vector<float>{};
    std::vector<float> cells(out.size());
    for (int y = 0; y < to.height; ++y) {
      for (int x = 0; x < to.width; ++x) cells[out.index(x, y)] = in[source(x, y)];
    }
    return cells;
  };
  out.heights = layer(from.heights);
  if (from.erosion) {
    const ErosionMaps& maps = *from.erosion;
    out.erosion = std::make_shared<const ErosionMaps>(
        ErosionMaps{layer(maps.flow), layer(maps.wear), layer(maps.deposition)});
  }
  return makePort(std::move(out));
}

// The part `to` of a map computed over `from` (which holds it).
PortValue crop(const PortValue& value, const MapWindow& from, const MapWindow& to) {
  if (!value || from == to) return value;
  if (value.instances()) return makePort(instancesIn(*value.instances(), to));
  const auto dx = static_cast<int>(to.x0 - from.x0);
  const auto dy = static_cast<int>(to.y0 - from.y0);
  return remap(*value, to, [&](int x, int y) { return value->index(dx + x, dy + y); });
}

// The wanted window of a result computed over the part of it inside the
// world: samples beyond the world's edge repeat the edge, as cutWindow does.
PortValue extendPastEdge(const PortValue& value, const MapWindow& computed,
                         const WorldWindow& where) {
  const MapWindow& wanted = where.window;
  if (computed == wanted || !value) return value;
  // Nothing stands beyond the world's edge: the instances are all there are.
  if (value.instances()) return makePort(instancesIn(*value.instances(), wanted));
  return remap(*value, wanted, [&](int x, int y) {
    const std::int64_t wx = worldSample(wanted.x0 + x, where.worldSize, false) - computed.x0;
    const std::int64_t wy = worldSample(wanted.y0 + y, where.worldSize, false) - computed.y0;
    return value->index(static_cast<int>(wx), static_cast<int>(wy));
  });
}

// A whole-map node's output in a two-stage tile: over `window`, the fine
// input plus the coarse change (a mask, or a node without a heights input:
// the coarse output), each upsampled bilinearly at its world position;
// erosion maps upsampled, flow counts scaled to fine cells.
PortValue upsampledChange(const CoarseWorld::Change& change, std::uint32_t port,
                          const PortValue& fineInput, const MapWindow& window,
                          const WorldWindow& where, int coarseSide, const Execution& exec) {
  const Heightfield& coarse = *change.outputs[port];
  const bool addsChange = fineInput && change.input;
  Heightfield out(window.width, window.height);
  const std::int64_t cells = where.wraps ? where.worldSize : where.worldSize - 1;
  const std::int64_t coarseCells = where.wraps ? coarseSide : coarseSide - 1;
  const double perCoarse = static_cast<double>(cells) / static_cast<double>(coarseCells);
  const auto flowScale = static_cast<float>(perCoarse * perCoarse);
  const ErosionMaps* coarseMaps = coarse.erosion.get();
  ErosionMaps maps;
  const auto sized = [&](const std::vector<float>& layer) {
    return layer.empty() ? std::vector<float>{} : std::vector<float>(out.size());
  };
  if (coarseMaps != nullptr) {
    maps = {sized(coarseMaps->flow), sized(coarseMaps->wear), sized(coarseMaps->deposition)};
  }
  std::vector<float> difference;
  if (addsChange) {
    difference.resize(coarse.size());
    for (std::size_t i = 0; i < difference.size(); ++i) {
      difference[i] = coarse.heights[i] - change.input->heights[i];
    }
  }
  const std::vector<float>& base = addsChange ? difference : coarse.heights;
  parallelFor(exec, 0, window.height, 8, [&](std::int64_t a, std::int64_t b) {
    for (std::int64_t row = a; row < b; ++row) {
      const std::int64_t y = worldSample(window.y0 + row, where.worldSize, where.wraps);
      for (int column = 0; column < window.width; ++column) {
        const std::int64_t x = worldSample(window.x0 + column, where.worldSize, where.wraps);
        const std::size_t i = out.index(column, static_cast<int>(row));
        const auto sample = [&](const std::vector<float>& layer) {
          return upsampleBilinear(layer, coarseSide, coarseCells, cells, where.wraps, x, y);
        };
        out.heights[i] = (addsChange ? fineInput->heights[i] : 0.0f) + sample(base);
        if (!maps.flow.empty()) maps.flow[i] = sample(coarseMaps->flow) * flowScale;
        if (!maps.wear.empty()) maps.wear[i] = sample(coarseMaps->wear);
        if (!maps.deposition.empty()) maps.deposition[i] = sample(coarseMaps->deposition);
      }
    }
  });
  if (coarseMaps != nullptr) out.erosion = std::make_shared<const ErosionMaps>(std::move(maps));
  return makePort(std::move(out));
}

// How many of each node's outputs are still to be read in a run.
std::map<NodeId, int> readerCounts(const Graph& graph, const std::vector<NodeId>& order) {
  std::map<NodeId, int> readers;
  for (const NodeId id : order) {
    const GraphNode& node = *graph.find(id);
    for (std::uint32_t port = 0; port < typeOf(node).inputs().size(); ++port) {
      if (const GraphEdge* edge = graph.edgeInto({id, port})) ++readers[edge->from.node];
    }
  }
  return readers;
}

// One tile's run: every node over its window, results dropped once read.
class WindowRun {
 public:
  WindowRun(const Graph& graph, PortRef wanted, const NodeContext& context,
            const WorldWindow& where, const PipelineControl& control, const CoarseWorld* coarse)
      : graph_(graph),
        wanted_(wanted),
        context_(context),
        where_(where),
        control_(control),
        coarse_(coarse),
        order_(upstreamOrder(graph, wanted.node)),
        halos_(windowHalos(graph, wanted.node, where.cellMetres)),
        readers_(readerCounts(graph, order_)) {
    for (const NodeId id : order_) windows_[id] = grownWindow(where, halos_.at(id));
  }

  PortValue run() {
    int index = 0;
    for (const NodeId id : order_) {
      const GraphNode& node = *graph_.find(id);
      const NodeType& type = typeOf(node);
      const RunControl rc =
          nodeRunControl(control_, type, index++, static_cast<int>(order_.size()));
      rc.checkpoint(0.0f);
      results_[id] = runNode(node, type, rc);
    }
    // Moved out, so the caller may take the map over without a copy.
    const NodeId out = wanted_.node;
    PortValue result = std::move(results_.at(out)[wanted_.port]);
    results_.clear();
    return extendPastEdge(result, windows_.at(out), where_);
  }

 private:
  // The node's inputs over `read`, each dropped from the results once its
  // last reader has its part.
  std::vector<PortValue> inputsOver(const GraphNode& node, const NodeType& type,
                                    const MapWindow& read) {
    std::vector<PortValue> inputs;
    for (std::uint32_t port = 0; port < type.inputs().size(); ++port) {
      const GraphEdge* edge = graph_.edgeInto({node.id, port});
      if (edge == nullptr) {
        inputs.push_back(nullptr);
        continue;
      }
      const NodeId from = edge->from.node;
      inputs.push_back(crop(results_.at(from)[edge->from.port], windows_.at(from), read));
      if (--readers_[from] == 0 && from != wanted_.node) results_.erase(from);
    }
    return inputs;
  }

  std::vector<PortValue> runNode(const GraphNode& node, const NodeType& type,
                                 const RunControl& rc) {
    const MapWindow& window = windows_.at(node.id);
    const bool wholeMap = type.locality(node.values) == Locality::WholeMap;
    // A neighbourhood node reads its reach beyond the cells it gives.
    const int reach = node.enabled && !wholeMap ? type.reach(node.values, where_.cellMetres) : 0;
    const MapWindow read = reach == 0 ? window : grownWindow(where_, halos_.at(node.id) + reach);
    std::vector<PortValue> inputs = inputsOver(node, type, read);
    if (!node.enabled) {
      std::vector<PortValue> outputs = passedOutputs(node, type, inputs);
      for (PortValue& output : outputs) output = crop(output, read, window);
      return outputs;
    }
    if (wholeMap) {
      const CoarseWorld::Change& change = coarse_->wholeMapNodes.at(node.id);
      const auto port = heightsInput(type);
      const PortValue fineInput = port ? inputs[*port] : nullptr;
      std::vector<PortValue> outputs;
      for (std::uint32_t out = 0; out < type.outputs().size(); ++out) {
        const bool heights = type.outputs()[out].kind == PortKind::Heights;
        outputs.push_back(upsampledChange(change, out, heights ? fineInput : nullptr, window,
                                          where_, coarse_->side, rc.exec));
      }
      return outputs;
    }
    NodeContext nodeContext{nodeSeed(context_.seed, node), context_.world, where_.cellMetres,
                            read.x0, read.y0};
    nodeContext.worldSamples = where_.worldSize;
    std::vector<PortValue> outputs =
        type.inputs().empty() ? type.runWindow(nodeContext, node.values, window, rc)
                              : type.run(std::move(inputs), nodeContext, node.values, rc);
    for (PortValue& output : outputs) output = crop(output, read, window);
    return outputs;
  }

  const Graph& graph_;
  PortRef wanted_;
  const NodeContext& context_;
  const WorldWindow& where_;
  const PipelineControl& control_;
  const CoarseWorld* coarse_;
  std::vector<NodeId> order_;
  std::map<NodeId, int> halos_;
  std::map<NodeId, int> readers_;
  std::map<NodeId, MapWindow> windows_;
  std::map<NodeId, std::vector<PortValue>> results_;
};

// A source's whole coarse world on its fine world's shared scale (the
// coarse source's own scale differs: noise has fewer octaves at fewer
// samples).
PortValue coarseSource(const SourceStage& source, const GraphNode& fine, std::uint64_t seed,
                       int side, bool wraps, const RunControl& control) {
  ParamValues values = fine.values;
  values[source.sizeIndex()] = side;
  Heightfield field = source.generateWindow(seed, values, {0, 0, side, side}, control);
  const TileScale own = *source.tileScale(seed, values);
  const TileScale world = *source.tileScale(seed, fine.values);
  const double ownSpan = own.high - own.low;
  const double worldSpan = world.high - world.low;
  for (float& h : field.heights) {
    h = static_cast<float>((static_cast<double>(h) * ownSpan + own.low - world.low) / worldSpan);
  }
  field.wraps = wraps;
  return makePort(std::move(field));
}

}  // namespace

InstanceSet instancesIn(const InstanceSet& set, const MapWindow& window) {
  InstanceSet out;
  out.species = set.species;
  out.cellMetres = set.cellMetres;
  out.window = window;
  const auto inside = [&](double metres, std::int64_t first, int length) {
    const auto sample = static_cast<std::int64_t>(std::floor(metres / set.cellMetres + 0.5));
    return sample >= first && sample < first + length;
  };
  for (const ScatterInstance& i : set.instances) {
    if (inside(i.x, window.x0, window.width) && inside(i.y, window.y0, window.height)) {
      out.instances.push_back(i);
    }
  }
  return out;
}

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

std::string whyNoSourceWindows(const Graph& graph, NodeId wanted) {
  for (const NodeId id : upstreamOrder(graph, wanted)) {
    const GraphNode& node = *graph.find(id);
    const NodeType& type = typeOf(node);
    if (node.enabled && type.inputs().empty() && type.locality(node.values) == Locality::WholeMap) {
      return std::string(type.title()) + " (node " + std::to_string(id) +
             ") cannot compute a window of its world";
    }
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
    const bool reaches = node.enabled && type.locality(node.values) == Locality::Neighbourhood;
    const int reads = halo[node.id] + (reaches ? type.reach(node.values, cellMetres) : 0);
    for (std::uint32_t port = 0; port < type.inputs().size(); ++port) {
      if (const GraphEdge* edge = graph.edgeInto({node.id, port})) {
        int& from = halo[edge->from.node];
        from = std::max(from, reads);
      }
    }
  }
  return halo;
}

CoarseWorld evaluateCoarseWorld(const Graph& graph, NodeId wanted, const NodeContext& context,
                                int side, bool wraps, const PipelineControl& control) {
  CoarseWorld coarse;
  coarse.side = side;
  const std::vector<NodeId> order = upstreamOrder(graph, wanted);
  std::map<NodeId, std::vector<PortValue>> results;
  int index = 0;
  for (const NodeId id : order) {
    const GraphNode& node = *graph.find(id);
    const NodeType& type = typeOf(node);
    const RunControl rc = nodeRunControl(control, type, index++, static_cast<int>(order.size()));
    rc.checkpoint(0.0f);
    std::vector<PortValue> inputs;
    for (std::uint32_t port = 0; port < type.inputs().size(); ++port) {
      const GraphEdge* edge = graph.edgeInto({id, port});
      inputs.push_back(edge == nullptr ? nullptr : results.at(edge->from.node)[edge->from.port]);
    }
    if (!node.enabled) {
      results[id] = passedOutputs(node, type, inputs);
      continue;
    }
    const std::uint64_t seed = nodeSeed(context.seed, node);
    if (const SourceStage* source = findSource(node.type)) {
      results[id] = {coarseSource(*source, node, seed, side, wraps, rc)};
      continue;
    }
    const auto port = heightsInput(type);
    const PortValue input = port ? inputs[*port] : nullptr;
    NodeContext nodeContext{seed, context.world};
    // A solve on a coarser grid is the preview's, as in a whole export.
    nodeContext.solveInputs = solveInputsOf(graph, node, inputs, context, control);
    nodeContext.solveOnOtherScale = true;
    results[id] = type.run(std::move(inputs), nodeContext, node.values, rc);
    if (type.locality(node.values) == Locality::WholeMap) {
      coarse.wholeMapNodes[id] = {input, results[id]};
    }
  }
  return coarse;
}

PortValue evaluateWindow(const Graph& graph, PortRef wanted, const NodeContext& context,
                         const WorldWindow& where, const PipelineControl& control,
                         const CoarseWorld* coarse) {
  if (graph.find(wanted.node) == nullptr) {
    throw InputError("no node " + std::to_string(wanted.node) + " in the graph");
  }
  requireInputs(graph, wanted.node);
  const std::string why = coarse != nullptr ? whyNoSourceWindows(graph, wanted.node)
                                            : whyNotWindowed(graph, wanted.node);
  if (!why.empty()) throw InputError("a window of this world cannot be computed alone: " + why);
  return WindowRun(graph, wanted, context, where, control, coarse).run();
}

}  // namespace terrain
