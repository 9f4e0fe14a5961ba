#pragma once
// The one evaluator: runs any graph for the window, the CLI, tiles and
// export. Each node's result is cached under a hash of its type, values,
// seed and world (where it uses them) and its inputs' hashes, so a change
// re-runs only the nodes downstream of it and two identical branches
// compute once. The cache keeps results up to a memory budget and evicts
// the least recently used first.
#include <cstddef>
#include <cstdint>
#include <unordered_map>

#include "core/graph/graph.hpp"
#include "core/graph/node_type.hpp"
#include "core/pipeline.hpp"

namespace terrain {

// 2 GiB: 32 results of a 4097 map, 500 of a 1025 one.
inline constexpr std::size_t kDefaultGraphCacheBytes = std::size_t{2} << 30;

class GraphEvaluator {
 public:
  explicit GraphEvaluator(std::size_t budgetBytes = kDefaultGraphCacheBytes)
      : budget_(budgetBytes) {}

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

  int nodesRunLastTime() const { return nodesRun_; }
  std::size_t cachedBytes() const { return cachedBytes_; }
  std::size_t budget() const { return budget_; }
  void setBudget(std::size_t bytes);
  void clear();

 private:
  struct Entry {
    std::vector<PortValue> outputs;
    std::size_t bytes = 0;
    std::uint64_t lastUse = 0;
  };
  const Entry* lookup(std::uint64_t hash);
  void store(std::uint64_t hash, std::vector<PortValue> outputs);
  void evictOverBudget();

  std::unordered_map<std::uint64_t, Entry> cache_;
  std::size_t budget_;
  std::size_t cachedBytes_ = 0;
  std::uint64_t clock_ = 0;
  int nodesRun_ = 0;
};

// One run without a cache to keep: the CLI's and the tiles' way.
PortValue evaluateGraph(const Graph& graph, const NodeContext& context,
                        const PipelineControl& control = {});

}  // namespace terrain
