#pragma once
// Water bodies on a terrain: the sea below a level, lakes in its closed
// depressions and rivers along its drainage, computed together so that they
// meet: rivers run into lakes and the sea, a full lake spills into the river
// below its outlet, and the water surface never rises along the flow.
//
// Every cell takes its steepest descent; the ground draining into a pit is
// priority-flooded (Barnes, Lehman & Mulla 2014, with a FIFO for the flooded
// cells) from the cells around it, which gives every cell its fill level (a
// lake's spill height) and a receiver (water_flood.cpp). Discharge passes
// down the receivers from rainfall (mm per year over each cell's area), a
// cell once all its donors have; a lake evaporates over its area and
// keeps below its spill height when its inflow cannot make up for it (a
// closed, "endorheic" basin). Rivers have hydraulic geometry: width a Q^0.5,
// depth c Q^0.4 (Leopold & Maddock 1953), Q in m^3/s.
//
// A map larger than the 257 preview takes its lakes from the preview's grid
// (its ground averaged over each preview cell) and fills its own ground to
// their levels, so an outlet narrower than a preview cell does not drain a
// lake the preview holds (water_lakes.cpp, previewLakes).
//
// Heights are the terrain's units (0..1 of the world's height range);
// everything the designer sets is in metres, so a 257 preview and a 4097
// export of one world have the same lakes and rivers.
#include <cstdint>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/run_control.hpp"
#include "core/base/world.hpp"

namespace terrain {

// Which cells below the sea level are sea: those connected to the map's
// edge through cells below it (on a torus, which has no edge: all of them),
// all of them, or none (no sea: the map's edges are its only outlets).
enum class SeaExtent : std::uint8_t { Connected, Below, None };

struct WaterParams {
  double seaLevel = 360.0;  // metres, on the world's elevations (base elevation + height)
  SeaExtent sea = SeaExtent::Below;
  double rainfall = 1000.0;    // mm per year, all of it reaching the drainage
  double evaporation = 0.0;    // mm per year from open water (lakes and rivers)
  double minLakeDepth = 2.0;   // metres: shallower basins are puddles the rivers cross
  double minLakeArea = 2.0e4;  // m^2: so are smaller ones
  double riverArea = 0.25;     // km^2 a cell drains where a river starts
  double widthCoeff = 5.0;     // a in width = a Q^0.5, metres for Q in m^3/s
  double depthCoeff = 0.3;     // c in depth = c Q^0.4, metres for Q in m^3/s
  double wetDistance = 100.0;  // metres from water where its wetness has fallen to 0
  double fullSpeed = 2.0;      // m/s that the flow map's full scale stands for
};

// One lake: a connected set of flooded cells.
struct Lake {
  float spill = 0.0f;       // the fill level: its outlet's height, in height units
  float level = 0.0f;       // its surface: spill, or lower when it evaporates all it gets
  std::int32_t outlet = 0;  // the cell it spills into (not part of it)
  std::int32_t cells = 0;   // cells it covers at its spill height
  double inflow = 0.0;      // m^3/s reaching it (rain on it included)
  double outflow = 0.0;     // m^3/s leaving by the outlet (0 when lowered)
};

struct WaterMaps {
  // The water surface in height units: the ground where it is dry.
  std::vector<float> surface;
  // Surface minus ground, in height units (times the height range: metres).
  std::vector<float> depth;
  // 0..1 of each cell each kind covers; a cell holds one kind at most.
  std::vector<float> lake;
  std::vector<float> river;
  std::vector<float> sea;
  // Velocity over fullSpeed, 0.5 + 0.5 v (x along columns, y along rows):
  // 0.5 is still water, as engines' flow maps read it.
  std::vector<float> flowX;
  std::vector<float> flowY;
  // 0..1: water, near water ((1 - d / wetDistance)^2), or much drainage.
  std::vector<float> wetness;
  // Where each cell's water goes (itself at an outlet or a closed lake),
  // the discharge in m^3/s leaving it, and its lake (-1 for none).
  std::vector<std::int32_t> receiver;
  std::vector<float> discharge;
  std::vector<std::int32_t> lakeOf;
  std::vector<Lake> lakes;
};

// `rain`: 0..1 per cell scaling the rainfall, or null for the same
// everywhere. Same bits on every thread count. Throws Cancelled as control
// says.
WaterMaps computeWater(const Heightfield& ground, const Heightfield* rain, const World& world,
                       double cellMetres, const WaterParams& params, const RunControl& control);

}  // namespace terrain
