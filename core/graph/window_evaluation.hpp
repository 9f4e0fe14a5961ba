#pragma once
// A graph over a window of its world, computed alone: how a tile of a
// world whose every node is per-cell or a bounded neighbourhood is made
// without the rest of the world. Each node runs over the window grown by
// the reach of the nodes downstream of it (a slope mask reads one cell
// beyond, a blur three times its half-width), cut to the world where the
// world does not wrap, so every cell of the window reads what it would read
// in the whole world: bit for bit that window of the whole world evaluated
// the same way. Sources compute their windows on their shared scale
// (SourceStage::generateWindow).
#include <cstdint>
#include <map>
#include <string>

#include "core/graph/evaluator.hpp"
#include "core/map_window.hpp"

namespace terrain {

struct WorldWindow {
  std::int64_t worldSize = 0;  // samples a side of the whole world
  bool wraps = false;          // a torus: windows wrap around, never cut
  double cellMetres = 0.0;     // metres between samples
  MapWindow window;            // the samples wanted; beyond the edge it repeats
};

// "" when every node `wanted` depends on can run on a window; otherwise why
// not, naming the first node that cannot ("Stream power (node 5) needs the
// whole map").
std::string whyNotWindowed(const Graph& graph, NodeId wanted);

// How many cells beyond the window each node upstream of `wanted` computes
// (the halo its readers need), by node id.
std::map<NodeId, int> windowHalos(const Graph& graph, NodeId wanted, double cellMetres);

// Assumes a graph validate() takes as a map (a world larger than any map
// is checked at a map's size: planTiles does). Throws InputError for an
// open input, a node whyNotWindowed names, or a halo that makes a window
// larger than a map; Cancelled as the evaluator.
PortValue evaluateWindow(const Graph& graph, PortRef wanted, const NodeContext& context,
                         const WorldWindow& where, const PipelineControl& control = {});

}  // namespace terrain
