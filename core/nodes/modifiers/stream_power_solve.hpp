#pragma once
// Stream power: rivers cut valleys into rising ground.
//
// The ground rises at U (uplift) while each river lowers its bed at
//   E = K (A / 1 km^2)^m S                         (n = 1)
// where A is the area in m^2 draining through the cell, S the slope to the
// cell it drains into (its receiver, the steepest of its eight neighbours)
// and m the m/n parameter. After Braun & Willett (2013), each step solves
// this implicitly, downstream first, so any time step is stable:
//   h' = (h + dt U + F h_r') / (1 + F),  F = K dt (A / 1 km^2)^m / d
// with d the metres to the receiver and h_r' the receiver's new height;
// the result sits strictly above h_r', so no step makes a new pit. Before
// the first step (and any step that finds a pit) depressions are filled by
// priority-flood (Barnes et al. 2014; see core/hydrology/flow_routing.hpp): lakes
// fill with sediment (the deposition map) and pass their water on, the
// simplest of the ways Cordonnier et al. (2016) compare. At steady state
// every river's slope is S = (U / K) (A / 1 km^2)^-m: Flint's law,
// steeper in small valleys.
//
// Outlets hold the base level and never move: the edges of a map that
// does not wrap and every cell at or below the sea level. Heights are in
// [0, 1] of the world's height range and cells metresPerCell apart, so a
// preview and an export of the same world grow the same valleys. Soil
// creep (hillslope diffusion, Kd; core/hydrology/hillslope_diffusion.hpp) rounds the
// hilltops at the start of each step, before the rivers cut. At the end
// the land above sea level is rescaled so its highest point stands as high
// as the input's, keeping the look's water level meaningful.
//
// At the map's own size (the refinement steps after a solve grid, every
// step of a 'map' solve) water draining less than spreadBelow spreads over
// all the lower neighbours (FlowNetwork::spreadDrainage) and A is that
// spread area; the slope stays the one to the receiver. On a 3 m map, one
// receiver per cell gathers sheet flow into strips one cell wide along the
// grid's directions, and each step cuts every strip: a surface combed with
// rills. The solve grid's steps keep one way: they lay out the valleys
// every size shares (and are most of the steps), and a preview spreads in
// its own refinement steps as an export does in its.
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/base/grid_levels.hpp"
#include "core/hydrology/flow_routing.hpp"
#include "core/nodes/modifiers/stream_power.hpp"

namespace terrain {

// Everything a run holds besides the heights.
struct StreamPowerWork {
  std::unique_ptr<FlowNetwork> network;
  std::vector<float> wear;
  std::vector<float> deposition;
  bool spreadFlow = false;  // the last step's drainage was spread (network->spreadArea())
};

// solveStreamPower's spreadFrom for a run whose water never spreads.
inline constexpr int kNeverSpread = 1 << 30;

// `steps` steps on the field at its own size; wear and deposition add to
// what `work` holds already (zeros the first time). From step spreadFrom
// on (0 first), water draining less than p.spreadBelow spreads over every
// lower neighbour (FlowNetwork::spreadDrainage).
void solveStreamPower(Heightfield& field, const StreamPowerInputs& inputs,
                      const StreamPowerParams& p, int steps, int spreadFrom,
                      const StageContext& context, StreamPowerWork& work,
                      const RunControl& control);

// The steps on the solve grid (core/base/grid_levels.hpp), the change brought
// back to every sample (stream_power_solve.cpp says how); returns about the
// preview's final rescale, or nothing.
std::optional<double> solveStreamPowerCoarse(Heightfield& field, const StreamPowerInputs& inputs,
                                             const StreamPowerParams& p, const SolveGrid& grid,
                                             const StageContext& context, StreamPowerWork& work,
                                             const RunControl& control);

// The scale about sea level that brings the land's highest point to `top`.
double landScale(std::span<const float> heights, float seaLevel, float top);

// Land above sea level scaled about it by `scale` (at most to height 1),
// every cell still draining along the network.
void rescaleLand(const FlowNetwork& net, std::span<float> heights, float seaLevel, double scale,
                 const Execution& exec);

}  // namespace terrain
