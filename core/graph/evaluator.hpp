#pragma once
// The one evaluator: runs any graph for the window, the CLI, tiles and
// export. Each node's result is cached under a hash of its type, values,
// seed and world (where it uses them) and its inputs' hashes, so a change
// re-runs only the nodes downstream of it and two identical branches
// compute once. The cache always keeps the results of the graph last run
// (what the next slider change reuses) and, within a memory budget, older
// results too, evicting the least recently used first; results no longer
// wanted are freed before a run starts, not after.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <unordered_map>

#include "core/base/cancel.hpp"
#include "core/base/parallel.hpp"
#include "core/graph/graph.hpp"
#include "core/graph/node_type.hpp"

namespace terrain {

// What a run reports: the node running (its title), its place among the
// nodes this run computes, and the fraction of the whole run.
struct PipelineProgress {
  std::string stage;      // the node's title
  int index = 0;          // 0 = the first node this run computes
  int count = 1;          // nodes this run computes (cached ones are not)
  float fraction = 0.0f;  // of the whole run, 0..1
};

struct PipelineControl {
  Execution exec;
  const CancelToken* cancel = nullptr;
  std::function<void(const PipelineProgress&)> progress;
};

// A node's run control inside a run of `count` nodes, this one the
// index-th: its progress reported as a share of the whole run.
RunControl nodeRunControl(const PipelineControl& control, const NodeType& type, int index,
                          int count);

// What a node that solves on a coarser grid (NodeType::solveSize) is given
// besides its inputs (NodeContext::solveInputs): the graph with every
// source that size, run up to each of its inputs, as a preview of that
// size computes them. Empty when the node does not solve on a coarser
// grid, its map is no larger, or the sources cannot make that size (the
// node then reads every stride-th sample of its input).
std::vector<PortValue> solveInputsOf(const Graph& graph, const GraphNode& node,
                                     const std::vector<PortValue>& inputs,
                                     const NodeContext& context, const PipelineControl& control);

// What a disabled node gives: the input it passes on (passedInput) on each
// heights or mask output, and no instances on an instances output.
std::vector<PortValue> passedOutputs(const GraphNode& node, const NodeType& type,
                                     const std::vector<PortValue>& inputs);

class GraphEvaluator {
 public:
  // budgetBytes: for results beyond the last run's (0: the last run's only).
  explicit GraphEvaluator(std::size_t budgetBytes = 0) : budget_(budgetBytes) {}

  // `port` of node `node` (the graph's terrain: graph.output, port 0).
  // Throws InputError for an invalid graph or inputs a node cannot take,
  // Cancelled when control's token is raised (what finished stays cached).
  // Progress names the node running and the fraction of the nodes to run.
  PortValue run(const Graph& graph, NodeId node, std::uint32_t port, const NodeContext& context,
                const PipelineControl& control = {});
  PortValue run(const Graph& graph, const NodeContext& context,
                const PipelineControl& control = {}) {
    return run(graph, graph.output, 0, context, control);
  }

  // The result `port` of `node` holds from a run, or null when it holds
  // none for the node as it is now (never run, evicted, disabled).
  PortValue cached(const Graph& graph, NodeId node, std::uint32_t port,
                   const NodeContext& context) const;

  int nodesRunLastTime() const { return nodesRun_; }
  // Everything held: the last run's results plus older ones (<= budget()).
  std::size_t cachedBytes() const { return cachedBytes_; }
  std::size_t budget() const { return budget_; }
  void setBudget(std::size_t bytes);
  void clear();

 private:
  friend PortValue evaluateGraph(const Graph&, PortRef, const NodeContext&, const PipelineControl&);
  struct Entry {
    std::vector<PortValue> outputs;
    std::size_t bytes = 0;
    std::uint64_t lastUse = 0;
  };
  const Entry* lookup(std::uint64_t hash);
  void store(std::uint64_t hash, std::vector<PortValue> outputs);
  // Evicts the least recently used results the current run does not use
  // until those fit the budget.
  void evictOverBudget();

  std::unordered_map<std::uint64_t, Entry> cache_;
  std::set<std::uint64_t> current_;  // the hashes of the current run's nodes
  std::size_t budget_;
  std::size_t cachedBytes_ = 0;
  bool keepsResults_ = true;  // false for evaluateGraph's one run
  std::uint64_t clock_ = 0;
  int nodesRun_ = 0;
};

// One run that keeps nothing: the CLI's, the tiles' and the export's way.
// A node takes over its input's heights where nothing else reads them, so
// a chain holds about one map at a time, as a loop over stages would.
PortValue evaluateGraph(const Graph& graph, const NodeContext& context,
                        const PipelineControl& control = {});
// The same for any node's output port (a mask, an intermediate terrain).
PortValue evaluateGraph(const Graph& graph, PortRef wanted, const NodeContext& context,
                        const PipelineControl& control = {});

}  // namespace terrain
