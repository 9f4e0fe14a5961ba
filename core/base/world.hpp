#pragma once
// The real-world scale of the map: how wide it is and how high height 1
// stands, in metres. Erosion works in these units (a talus angle, a river's
// slope), so a 257 preview and a 4097 export of the same world erode alike;
// exports write them for the engine (metres per cell, Z scale).
#include <cstddef>
#include <span>

#include "core/base/param_table.hpp"

namespace terrain {

// The widest world, in metres (world-width's range ends here).
inline constexpr double kMaxWorldWidth = 1.0e6;

struct World {
  double width = 8192.0;        // metres from the map's left edge to its right edge
  double heightRange = 1200.0;  // metres from height 0 to height 1
  // Metres above sea level of height 0: where a real place's ground lies
  // (an imported DEM's lowest sample). The exports' sidecars say it; the
  // terrain's shape does not depend on it.
  double baseElevation = 0.0;

  bool operator==(const World&) const = default;
};

// The world's parameters: the panel, the CLI (--world-width,
// --height-range) and the project file read and write them through this table.
const ParamTable<World>& worldTable();
void validate(const World& world);  // throws InputError

// Metres between neighbouring samples of a map `samples` wide. A map that
// wraps has `samples` cells across; one that does not has samples - 1
// intervals between its edge samples.
double metresPerCell(const World& world, int samples, bool wraps);

// Metres above sea level of a height (0..1 of the range), and the height
// of an elevation: what the panel shows of the look's water level and
// snow line, which the document keeps as heights.
double elevationOf(const World& world, double height);
double heightOf(const World& world, double metres);

// The 3D view's exaggeration (height 1 in map widths) at which it shows
// the world at true scale, metres over metres: its vertical scale 1.
double trueScaleExaggeration(const World& world);

}  // namespace terrain
