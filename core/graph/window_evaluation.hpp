#pragma once
// A graph over a window of its world, computed alone: how a tile is made
// without the rest of the world.
//
// Windowed: every node is per-cell or a bounded neighbourhood. Each node
// runs over the window grown by the reach of the nodes downstream of it (a
// slope mask reads one cell beyond, a blur three times its half-width), cut
// to the world where the world does not wrap, so every cell reads what it
// would read in the whole world: bit for bit that window of the whole world
// evaluated the same way. Sources compute their windows on their shared
// scale (SourceStage::generateWindow).
//
// Two-stage: a world too large to compute whole, with whole-map nodes
// (erosion). The whole graph runs once at a coarse size; in the tile, each
// whole-map node gives its fine input plus what it changed there at the
// coarse size, upsampled bilinearly (a mask it gives: the coarse mask,
// upsampled), and every other node runs on the tile as above. The coarse
// world's valleys under the sources' fine detail, each later node (a
// terrace, a mask) applied at the fine size.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/base/map_window.hpp"
#include "core/graph/evaluator.hpp"

namespace terrain {

struct WorldWindow {
  std::int64_t worldSize = 0;  // samples a side of the whole world
  bool wraps = false;          // a torus: windows wrap around, never cut
  double cellMetres = 0.0;     // metres between samples
  MapWindow window;            // the samples wanted; beyond the edge it repeats
};

// The instances of `set` whose nearest world sample lies in `window`
// (world samples), in their order: what a window or a tile holds of them.
InstanceSet instancesIn(const InstanceSet& set, const MapWindow& window);

// "" when every node `wanted` depends on can run on a window; otherwise why
// not, naming the first node that cannot ("River erosion (node 5) needs the
// whole map").
std::string whyNotWindowed(const Graph& graph, NodeId wanted);
// "" when the sources `wanted` depends on all compute windows (a two-stage
// build can add the whole-map nodes' coarse changes); otherwise which does not.
std::string whyNoSourceWindows(const Graph& graph, NodeId wanted);

// How many cells beyond the window each node upstream of `wanted` computes
// (the halo its readers need), by node id. Whole-map nodes reach nothing:
// a two-stage tile upsamples their change cell by cell.
std::map<NodeId, int> windowHalos(const Graph& graph, NodeId wanted, double cellMetres);

// The two-stage build's coarse world: what each whole-map node upstream of
// the output took (its first heights input) and gave, at `side` samples.
struct CoarseWorld {
  int side = 0;
  struct Change {
    PortValue input;  // null for a node without a heights input
    std::vector<PortValue> outputs;
  };
  std::map<NodeId, Change> wholeMapNodes;
};

// The whole graph at `side` samples a side, each source on its fine
// world's shared scale (`graph` holds the fine world's values).
CoarseWorld evaluateCoarseWorld(const Graph& graph, NodeId wanted, const NodeContext& context,
                                int side, bool wraps, const PipelineControl& control = {});

// Assumes a graph validate() takes as a map (a world larger than any map
// is checked at a map's size: planTiles does). Without `coarse` every node
// must be windowed; with it, whole-map nodes add their coarse change.
// Throws InputError for an open input, a node that cannot run on a window,
// or a halo that makes a window larger than a map; Cancelled as the
// evaluator.
PortValue evaluateWindow(const Graph& graph, PortRef wanted, const NodeContext& context,
                         const WorldWindow& where, const PipelineControl& control = {},
                         const CoarseWorld* coarse = nullptr);

}  // namespace terrain
