// The evaluator: a change re-runs only what depends on it (counted), two
// identical branches compute once, the cache stays inside its budget, and a
// run is cancelled, reported and repeated bit for bit on any thread count.
#include "core/graph/evaluator.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/graph/node_registry.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/build_kind.hpp"

namespace terrain {
namespace {

using testing::checksum;

GraphNode nodeOf(NodeId id, std::string_view type) {
  return {id, std::string(type), nodeType(type).defaults(), true};
}

// A diamond-square source and 19 cheap modifiers in a line: 20 nodes.
Graph twentyNodeChain(int size) {
  Graph g;
  g.nodes.push_back(nodeOf(1, "diamond-square"));
  g.nodes[0].values[*nodeType("diamond-square").indexOf("size")] = size;
  const char* kinds[] = {"smooth", "curve", "terrace", "clamp"};
  for (NodeId id = 2; id <= 20; ++id) {
    g.nodes.push_back(nodeOf(id, kinds[id % 4]));
    g.edges.push_back({{id - 1, 0}, {id, 0}});
  }
  g.output = 20;
  return g;
}

const NodeContext kContext{7, World{}};

TEST(GraphEvaluator, ChangingTheLastNodeRerunsOnlyIt) {
  Graph g = twentyNodeChain(129);
  GraphEvaluator evaluator;
  evaluator.run(g, kContext);
  EXPECT_EQ(evaluator.nodesRunLastTime(), 20);
  evaluator.run(g, kContext);
  EXPECT_EQ(evaluator.nodesRunLastTime(), 0);
  GraphNode& last = *g.find(20);
  last.values[0] = last.values[0] == 0 ? 0.1 : 0.0;  // clamp's low or smooth's passes
  const PortValue edited = evaluator.run(g, kContext);
  EXPECT_EQ(evaluator.nodesRunLastTime(), 1);
  EXPECT_EQ(checksum(*edited), checksum(*evaluateGraph(g, kContext)));
}

TEST(GraphEvaluator, ChangingAMiddleNodeRerunsItAndWhatFollows) {
  Graph g = twentyNodeChain(65);
  GraphEvaluator evaluator;
  evaluator.run(g, kContext);
  g.find(12)->enabled = false;
  const PortValue edited = evaluator.run(g, kContext);
  EXPECT_EQ(evaluator.nodesRunLastTime(), 8);  // 13 .. 20
  EXPECT_EQ(checksum(*edited), checksum(*evaluateGraph(g, kContext)));
}

TEST(GraphEvaluator, TheWorldDoesNotRerunASourceButReachesErosion) {
  Graph g;
  g.nodes = {nodeOf(1, "noise"), nodeOf(2, "thermal")};
  g.nodes[0].values[*nodeType("noise").indexOf("size")] = 65;
  g.edges = {{{1, 0}, {2, 0}}};
  g.output = 2;
  GraphEvaluator evaluator;
  const PortValue before = evaluator.run(g, kContext);
  NodeContext taller = kContext;
  taller.world.heightRange *= 3;
  const PortValue after = evaluator.run(g, taller);
  EXPECT_EQ(evaluator.nodesRunLastTime(), 1);  // thermal only
  EXPECT_NE(checksum(*before), checksum(*after));
  NodeContext reseeded = kContext;
  reseeded.seed = 8;
  evaluator.run(g, reseeded);
  EXPECT_EQ(evaluator.nodesRunLastTime(), 2);
}

TEST(GraphEvaluator, TwoIdenticalBranchesComputeOnce) {
  Graph g;
  g.nodes = {nodeOf(1, "noise"), nodeOf(2, "smooth"), nodeOf(3, "noise"), nodeOf(4, "smooth"),
             nodeOf(5, "combine")};
  for (GraphNode& n : g.nodes) {
    if (n.type == "noise") n.values[*nodeType("noise").indexOf("size")] = 65;
  }
  g.edges = {{{1, 0}, {2, 0}}, {{3, 0}, {4, 0}}, {{2, 0}, {5, 0}}, {{4, 0}, {5, 1}}};
  g.output = 5;
  GraphEvaluator evaluator;
  const PortValue twins = evaluator.run(g, kContext);
  EXPECT_EQ(evaluator.nodesRunLastTime(), 3);  // noise, smooth, combine
  // Computed once is still both: the same as one branch feeding both inputs.
  Graph oneBranch = g;
  oneBranch.edges[3] = {{2, 0}, {5, 1}};
  EXPECT_EQ(checksum(*twins), checksum(*evaluateGraph(oneBranch, kContext)));
  // A branch that differs is its own: every node runs, and the result moves.
  Graph apart = g;
  apart.find(3)->values[*nodeType("noise").indexOf("roughness")] += 0.1;
  GraphEvaluator fresh;
  const PortValue differing = fresh.run(apart, kContext);
  EXPECT_EQ(fresh.nodesRunLastTime(), 5);
  EXPECT_NE(checksum(*differing), checksum(*twins));
}

// What the last run used is kept whole; older results only up to the budget.
std::size_t lastRunBytes(const Graph& g) {
  GraphEvaluator fresh;  // budget 0: the last run's results alone
  fresh.run(g, kContext);
  return fresh.cachedBytes();
}

TEST(GraphEvaluator, OlderResultsStayInsideTheBudgetAndResultsStayRight) {
  const Graph g = twentyNodeChain(257);
  const std::size_t oneResult = 257 * 257 * sizeof(float);
  GraphEvaluator evaluator(3 * oneResult);
  const std::uint64_t expected = checksum(*evaluateGraph(g, kContext));
  Graph edited = g;
  for (int round = 0; round < 12; ++round) {
    GraphNode& n = *edited.find(static_cast<NodeId>(2 + round % 19));
    n.enabled = !n.enabled;
    const PortValue result = evaluator.run(edited, kContext);
    EXPECT_LE(evaluator.cachedBytes(), 3 * oneResult + lastRunBytes(edited)) << round;
    EXPECT_EQ(checksum(*result), checksum(*evaluateGraph(edited, kContext))) << round;
  }
  EXPECT_EQ(checksum(*evaluator.run(g, kContext)), expected);
  evaluator.setBudget(0);
  EXPECT_EQ(evaluator.cachedBytes(), lastRunBytes(g));
}

// AddressSanitizer keeps freed memory in quarantine: resident memory then
// says nothing about what the evaluator holds.
constexpr bool kFreedMemoryIsKept = terrain::testing::kAddressSanitized;

// The process's resident memory, from /proc/self/statm.
std::size_t residentBytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0;
  std::size_t resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

// 200 edits of a 2049 graph, each kept as a branch to go back to: what the
// evaluator holds stays within its budget plus the last run's results, and
// so does the process's memory.
TEST(GraphEvaluator, TwoHundredEditsOfA2049GraphStayInsideTheBudget) {
  Graph g;
  g.nodes = {nodeOf(1, "noise"), nodeOf(2, "height-mask"), nodeOf(3, "curve"), nodeOf(4, "blend"),
             nodeOf(5, "combine")};
  g.nodes[0].values[*nodeType("noise").indexOf("size")] = 2049;
  g.edges = {{{1, 0}, {2, 0}}, {{1, 0}, {3, 0}}, {{1, 0}, {4, 0}}, {{3, 0}, {4, 1}},
             {{2, 0}, {4, 2}}, {{4, 0}, {5, 0}}, {{3, 0}, {5, 1}}};
  g.output = 5;
  const std::size_t map = std::size_t{2049} * 2049 * sizeof(float);
  const std::size_t budget = 6 * map;
  GraphEvaluator evaluator(budget);
  evaluator.run(g, kContext);
  const std::size_t lastRun = evaluator.cachedBytes();
  const std::size_t before = residentBytes();
  std::size_t most = 0;
  for (int edit = 0; edit < 200; ++edit) {
    GraphNode& node = *g.find(static_cast<NodeId>(2 + edit % 4));
    if (node.type == "blend") {
      node.enabled = !node.enabled;
    } else {  // height-mask's low, curve's at-0, combine's amount
      node.values[node.type == "combine" ? 1 : 0] = 0.05 + 0.001 * edit;
    }
    evaluator.run(g, kContext);
    ASSERT_LE(evaluator.cachedBytes(), budget + lastRun) << edit;
    most = std::max(most, residentBytes());
  }
  // Older results were evicted: the budget is full, not overflowing.
  EXPECT_GE(evaluator.cachedBytes(), budget / 2);
  // Reported as skipped, not passed: the claim on memory was not checked.
  if (kFreedMemoryIsKept) {
    GTEST_SKIP() << "the budget held; resident memory not checked: AddressSanitizer's quarantine "
                    "keeps freed maps";
  }
  EXPECT_LE(most, before + budget + lastRun + (std::size_t{64} << 20))
      << "resident grew by " << (most - before) / 1048576 << " MiB";
}

TEST(GraphEvaluator, WithinTheBudgetAnUndoneEditCostsNothing) {
  const Graph g = twentyNodeChain(129);
  GraphEvaluator roomy(std::size_t{64} << 20);
  GraphEvaluator tight;  // the last run's results only
  for (GraphEvaluator* evaluator : {&roomy, &tight}) {
    evaluator->run(g, kContext);
    Graph edited = g;
    edited.find(10)->enabled = false;
    evaluator->run(edited, kContext);
    EXPECT_EQ(evaluator->nodesRunLastTime(), 10);  // 11 .. 20
    evaluator->run(g, kContext);                   // undo
  }
  EXPECT_EQ(roomy.nodesRunLastTime(), 0);
  EXPECT_EQ(tight.nodesRunLastTime(), 11);  // 10 .. 20 again
}

TEST(GraphEvaluator, ProgressNamesEachNodeAndRisesToOne) {
  const Graph g = twentyNodeChain(65);
  std::vector<PipelineProgress> seen;
  PipelineControl control;
  control.progress = [&](const PipelineProgress& p) { seen.push_back(p); };
  evaluateGraph(g, kContext, control);
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.front().stage, "Diamond-square");
  EXPECT_EQ(seen.back().count, 20);
  EXPECT_EQ(seen.back().index, 19);
  EXPECT_FLOAT_EQ(seen.back().fraction, 1.0f);
  for (std::size_t i = 1; i < seen.size(); ++i) {
    EXPECT_GE(seen[i].fraction, seen[i - 1].fraction - 1e-6f) << i;
  }
}

TEST(GraphEvaluator, ACancelledRunThrowsAndKeepsWhatFinished) {
  const Graph g = twentyNodeChain(129);
  GraphEvaluator evaluator;
  CancelToken cancel;
  PipelineControl control;
  control.cancel = &cancel;
  control.progress = [&](const PipelineProgress& p) {
    if (p.index == 10) cancel.cancel();
  };
  EXPECT_THROW(evaluator.run(g, kContext, control), Cancelled);
  evaluator.run(g, kContext);
  EXPECT_EQ(evaluator.nodesRunLastTime(), 10);  // nodes 11 .. 20
}

TEST(GraphEvaluator, AnyNodesOutputCanBeAsked) {
  const Graph g = twentyNodeChain(65);
  GraphEvaluator evaluator;
  const PortValue fifth = evaluator.run(g, 5, 0, kContext);
  Graph cut = g;
  cut.output = 5;
  EXPECT_EQ(checksum(*fifth), checksum(*evaluateGraph(cut, kContext)));
  EXPECT_EQ(evaluator.nodesRunLastTime(), 5);
  EXPECT_THROW(evaluator.run(g, 99, 0, kContext), InputError);
  EXPECT_THROW(evaluator.run(g, 5, 3, kContext), InputError);
}

}  // namespace
}  // namespace terrain
