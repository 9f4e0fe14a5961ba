#pragma once
// Scattering instances (trees, rocks) over a terrain: per species a density
// per hectare scaled by a mask, a minimum spacing between instances of the
// species, ranges of scale and rotation and how far each leans with the
// slope. The placement is a pure function of world position and seed, so a
// tile computed alone holds exactly the instances the whole world holds in
// its window: each species' world is cut into squares as wide as its
// spacing, each square holds one candidate at a hashed place with a hashed
// priority, kept with the probability its density and mask ask for, and a
// kept candidate stands unless a kept candidate of higher priority lies
// nearer than the spacing (those can only be in the eight squares around).
// No two instances of a species are closer than its spacing; where the
// spacing allows it, the count follows the density (a candidate is lost to
// a neighbour with probability below pi times its keep probability).
// The node around it (issue 40 item 2) and the instances' export are for
// later; this is its core.
#include <cstdint>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/parallel.hpp"

namespace terrain {

struct ScatterSpecies {
  double density = 100.0;  // instances per hectare where its mask is 1
  double spacing = 4.0;    // metres: no two instances of the species nearer
  double scaleMin = 0.8, scaleMax = 1.2;
  double rotationMin = 0.0, rotationMax = 360.0;  // degrees about the vertical
  double slopeAlign = 0.0;  // 0: stands upright .. 1: along the terrain's normal
};

struct ScatterInstance {
  double x = 0.0, y = 0.0;  // metres from the world's first sample (x east, y south)
  float height = 0.0f;      // metres: the terrain under it (bilinear)
  float scale = 1.0f;
  float rotation = 0.0f;         // radians about its up
  float upX = 0.0f, upY = 0.0f;  // its up vector (unit; z up)
  float upZ = 1.0f;
  std::uint32_t species = 0;
};

// What the instances stand on: the heights (0..1 of heightRange metres) and
// a mask per species (null: everywhere), all the same size, a window of the
// world whose first sample is world sample (originX, originY).
struct ScatterMaps {
  const Heightfield* heights = nullptr;
  std::vector<const Heightfield*> masks;
  std::int64_t originX = 0, originY = 0;
  std::int64_t worldWidth = 0, worldHeight = 0;  // the world's samples: nothing stands outside
  double cellMetres = 1.0;
  double heightRange = 1.0;  // metres at height 1
  // A world that does not wrap ends at its first and last samples: nothing
  // stands beyond them (half a cell past the edge is still nearest an edge
  // sample, and an engine's landscape ends there).
  bool wraps = false;
};

// Cells of the maps, inclusive.
struct ScatterWindow {
  std::int64_t x0 = 0, y0 = 0, x1 = -1, y1 = -1;
};

// Cells the maps must hold around a window for its instances to be the
// world's (a species' spacing, then the heights' neighbours); beyond the
// world's edge nothing is needed.
std::int64_t scatterReach(const std::vector<ScatterSpecies>& species, double cellMetres);

// The instances whose nearest sample lies in `window`, species by species,
// each species' in the order of its squares (rows, then columns): the same
// bits on every thread count. Throws std::invalid_argument when the maps
// hold less than the reach around the window (inside the world).
std::vector<ScatterInstance> scatter(const std::vector<ScatterSpecies>& species, std::uint64_t seed,
                                     const ScatterMaps& maps, const ScatterWindow& window,
                                     const Execution& exec);

}  // namespace terrain
