#include "core/graph/evaluator.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <string>

#include "core/base/error.hpp"
#include "core/base/grid_levels.hpp"
#include "core/base/random.hpp"

namespace terrain {
namespace {

std::uint64_t mixIn(std::uint64_t hash, std::uint64_t value) {
  return mix64(hash ^ mix64(value + 0x9e3779b97f4a7c15ULL));
}

std::uint64_t textHash(std::string_view text) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

std::size_t bytesOf(const std::vector<PortValue>& outputs) {
  std::size_t bytes = 0;
  for (const PortValue& value : outputs) {
    if (const auto& set = value.instances()) {
      bytes += set->instances.size() * sizeof(ScatterInstance);
    }
    if (!value.field()) continue;
    bytes += value->heights.size() * sizeof(float);
    if (value->erosion) {
      const ErosionMaps& e = *value->erosion;
      bytes += (e.flow.size() + e.wear.size() + e.deposition.size()) * sizeof(float);
    }
  }
  return bytes;
}

// One run's view of the graph: every node's hash, what it reads, and which
// results are still wanted by nodes not yet run.
class RunPlan {
 public:
  RunPlan(const Graph& graph, NodeId output, const NodeContext& context)
      : graph_(graph), order_(upstreamOrder(graph, output)) {
    for (const NodeId id : order_) hashes_[id] = hashNode(*graph.find(id), context);
  }
  const std::vector<NodeId>& order() const { return order_; }
  // How many edges read each node's outputs.
  std::map<NodeId, int> readers() const {
    std::map<NodeId, int> count;
    for (const NodeId id : order_) {
      for (const GraphEdge* edge : inputEdges(*graph_.find(id))) {
        if (edge != nullptr) ++count[edge->from.node];
      }
    }
    return count;
  }
  std::uint64_t hash(NodeId id) const { return hashes_.at(id); }
  // The edge into each input port of the node (null where unconnected).
  std::vector<const GraphEdge*> inputEdges(const GraphNode& node) const {
    std::vector<const GraphEdge*> edges(typeOf(node).inputs().size(), nullptr);
    for (std::uint32_t port = 0; port < edges.size(); ++port) {
      edges[port] = graph_.edgeInto({node.id, port});
    }
    return edges;
  }

 private:
  std::uint64_t hashNode(const GraphNode& node, const NodeContext& context) const {
    const NodeType& type = typeOf(node);
    const auto edges = inputEdges(node);
    if (!node.enabled) {
      const GraphEdge& passed = *edges[passedInput(node, type)];
      return mixIn(mixIn(0xd15ab1edULL, hashes_.at(passed.from.node)), passed.from.port);
    }
    std::uint64_t hash = textHash(type.key());
    for (const double value : node.values) hash = mixIn(hash, std::bit_cast<std::uint64_t>(value));
    if (type.usesSeed()) hash = mixIn(hash, nodeSeed(context.seed, node));
    if (type.usesWorld()) {
      hash = mixIn(hash, std::bit_cast<std::uint64_t>(context.world.width));
      hash = mixIn(hash, std::bit_cast<std::uint64_t>(context.world.heightRange));
    }
    for (const GraphEdge* edge : edges) {
      hash = edge == nullptr ? mixIn(hash, 0x0badc0deULL)
                             : mixIn(mixIn(hash, hashes_.at(edge->from.node)), edge->from.port);
    }
    return hash;
  }

  const Graph& graph_;
  std::vector<NodeId> order_;
  std::map<NodeId, std::uint64_t> hashes_;
};

// From the wanted node up, stopping at cached results: the nodes to run.
template <class IsCached>
std::set<NodeId> nodesToRun(const Graph& graph, const RunPlan& plan, NodeId wanted,
                            const IsCached& isCached) {
  std::set<NodeId> toRun;
  std::vector<NodeId> stack{wanted};
  while (!stack.empty()) {
    const GraphNode& n = *graph.find(stack.back());
    stack.pop_back();
    if (n.enabled && (toRun.count(n.id) != 0 || isCached(plan.hash(n.id)))) continue;
    if (n.enabled) toRun.insert(n.id);
    for (const GraphEdge* edge : plan.inputEdges(n)) {
      if (edge != nullptr) stack.push_back(edge->from.node);
    }
  }
  return toRun;
}

// Throws InputError unless `port` of `node` can be computed: a valid graph
// and every node it depends on complete.
void requireRunnable(const Graph& graph, NodeId node, std::uint32_t port) {
  validate(graph, GraphCheck::Structure);
  const GraphNode* wanted = graph.find(node);
  if (wanted == nullptr) throw InputError("no node " + std::to_string(node) + " in the graph");
  requireInputs(graph, node);  // only what this node depends on must be complete
  if (port >= typeOf(*wanted).outputs().size()) {
    throw InputError("node " + std::to_string(node) + " (" + wanted->type + ") has no output " +
                     std::to_string(port));
  }
}

}  // namespace

std::vector<PortValue> solveInputsOf(const Graph& graph, const GraphNode& node,
                                     const std::vector<PortValue>& inputs,
                                     const NodeContext& context, const PipelineControl& control) {
  const NodeType& type = typeOf(node);
  const int wanted = type.solveSize(node.values);
  const auto port = heightsInput(type);
  if (wanted <= 0 || !port || !inputs[*port] || inputs[*port]->isProfile()) return {};
  const Heightfield& in = *inputs[*port];
  // The sources sample the world at the grid's side: a 1009 map's solve
  // gets the 257 preview's own inputs.
  const SolveGrid grid = solveGridOf(in.width, in.height, in.wraps, wanted);
  if (grid.width == 0) return {};
  const int side = grid.width;
  const Graph coarse = withSourceSize(graph, side);
  const PipelineControl quiet{control.exec, control.cancel, {}};
  std::vector<PortValue> out;
  try {
    for (std::uint32_t p = 0; p < type.inputs().size(); ++p) {
      const GraphEdge* edge = graph.edgeInto({node.id, p});
      out.push_back(edge == nullptr ? nullptr : evaluateGraph(coarse, edge->from, context, quiet));
    }
  } catch (const InputError&) {
    return {};
  }
  for (const PortValue& value : out) {
    if (value && (value->width != side || value->height != grid.height)) return {};
  }
  return out;
}

std::vector<PortValue> passedOutputs(const GraphNode& node, const NodeType& type,
                                     const std::vector<PortValue>& inputs) {
  const PortValue& passed = inputs[passedInput(node, type)];
  std::vector<PortValue> out;
  for (const PortInfo& port : type.outputs()) {
    out.push_back(port.kind == PortKind::Instances ? makePort(InstanceSet{}) : passed);
  }
  return out;
}

// The node's run control: its progress as a share of the whole run.
RunControl nodeRunControl(const PipelineControl& control, const NodeType& type, int index,
                          int count) {
  RunControl rc{control.exec, control.cancel, {}};
  if (control.progress) {
    rc.progress = [&control, title = std::string(type.title()), index, count](float fraction) {
      const float whole = (static_cast<float>(index) + fraction) / static_cast<float>(count);
      control.progress({title, index, count, whole});
    };
  }
  return rc;
}

const GraphEvaluator::Entry* GraphEvaluator::lookup(std::uint64_t hash) {
  const auto it = cache_.find(hash);
  if (it == cache_.end()) return nullptr;
  it->second.lastUse = ++clock_;
  return &it->second;
}

void GraphEvaluator::store(std::uint64_t hash, std::vector<PortValue> outputs) {
  Entry entry{std::move(outputs), 0, ++clock_};
  entry.bytes = bytesOf(entry.outputs);
  const auto [it, added] = cache_.insert_or_assign(hash, std::move(entry));
  if (added) cachedBytes_ += it->second.bytes;
}

void GraphEvaluator::evictOverBudget() {
  std::size_t older = 0;
  for (const auto& [hash, entry] : cache_) {
    if (current_.count(hash) == 0) older += entry.bytes;
  }
  while (older > budget_) {
    auto oldest = cache_.end();
    for (auto it = cache_.begin(); it != cache_.end(); ++it) {
      if (current_.count(it->first) == 0 &&
          (oldest == cache_.end() || it->second.lastUse < oldest->second.lastUse)) {
        oldest = it;
      }
    }
    older -= oldest->second.bytes;
    cachedBytes_ -= oldest->second.bytes;
    cache_.erase(oldest);
  }
}

void GraphEvaluator::setBudget(std::size_t bytes) {
  budget_ = bytes;
  evictOverBudget();
}

void GraphEvaluator::clear() {
  cache_.clear();
  current_.clear();
  cachedBytes_ = 0;
}

PortValue GraphEvaluator::run(const Graph& graph, NodeId node, std::uint32_t port,
                              const NodeContext& context, const PipelineControl& control) {
  requireRunnable(graph, node, port);
  const RunPlan plan(graph, node, context);
  nodesRun_ = 0;
  current_.clear();
  for (const NodeId id : plan.order()) current_.insert(plan.hash(id));
  evictOverBudget();

  const std::set<NodeId> toRun =
      nodesToRun(graph, plan, node, [this](std::uint64_t hash) { return cache_.count(hash) != 0; });

  // Results of this run by node, each dropped after its last reader: a
  // reader that is the last holder may take it over (no copy of the map).
  std::map<NodeId, std::vector<PortValue>> results;
  std::map<NodeId, int> readers = plan.readers();
  auto read = [&](const GraphEdge* edge) -> PortValue {
    if (edge == nullptr) return nullptr;
    const NodeId from = edge->from.node;
    const auto it = results.find(from);
    const bool last = --readers[from] == 0 && from != node;
    if (it == results.end()) return nullptr;  // a reader that will not run
    PortValue value = last ? std::move(it->second[edge->from.port]) : it->second[edge->from.port];
    if (last) results.erase(it);
    return value;
  };

  const auto count = static_cast<int>(toRun.size());
  for (const NodeId id : plan.order()) {
    const GraphNode& n = *graph.find(id);
    const NodeType& type = typeOf(n);
    std::vector<PortValue> inputs;
    for (const GraphEdge* edge : plan.inputEdges(n)) inputs.push_back(read(edge));
    if (!n.enabled) {
      results[id] = passedOutputs(n, type, inputs);
      continue;
    }
    if (const Entry* cached = lookup(plan.hash(id))) {
      results[id] = cached->outputs;  // also a branch identical to one run above
      continue;
    }
    if (toRun.count(id) == 0) continue;  // only needed by cached results
    const RunControl rc = nodeRunControl(control, type, nodesRun_, count);
    rc.checkpoint(0.0f);
    NodeContext nodeContext{nodeSeed(context.seed, n), context.world};
    nodeContext.solveInputs = solveInputsOf(graph, n, inputs, context, control);
    std::vector<PortValue> outputs = type.run(std::move(inputs), nodeContext, n.values, rc);
    ++nodesRun_;
    if (keepsResults_) store(plan.hash(id), outputs);
    results[id] = std::move(outputs);
  }
  return std::move(results.at(node)[port]);
}

PortValue GraphEvaluator::cached(const Graph& graph, NodeId node, std::uint32_t port,
                                 const NodeContext& context) const {
  const GraphNode* wanted = graph.find(node);
  if (wanted == nullptr || !wanted->enabled) return nullptr;
  try {
    const RunPlan plan(graph, node, context);
    const auto it = cache_.find(plan.hash(node));
    if (it == cache_.end() || port >= it->second.outputs.size()) return nullptr;
    return it->second.outputs[port];
  } catch (const InputError&) {
    return nullptr;  // a disabled node upstream with nothing to pass on
  }
}

PortValue evaluateGraph(const Graph& graph, PortRef wanted, const NodeContext& context,
                        const PipelineControl& control) {
  GraphEvaluator evaluator;
  evaluator.keepsResults_ = false;
  return evaluator.run(graph, wanted.node, wanted.port, context, control);
}

PortValue evaluateGraph(const Graph& graph, const NodeContext& context,
                        const PipelineControl& control) {
  return evaluateGraph(graph, {graph.output, 0}, context, control);
}

}  // namespace terrain
