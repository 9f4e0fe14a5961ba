#pragma once
// The lakes and rivers the look draws: where water stands on a terrain
// and how much of each cell it hides, from the one water model
// (core/hydrology/water.hpp) run at the look's sea level and climate
// (rainfall, evaporation; the rest the water node's defaults). The sea is the look's water level,
// drawn as a plane by the views; this adds the water above it, at its own levels: a lake's flat
// surface, a river along its bed, as wide as its flow makes it.
#include <array>
#include <vector>

#include "core/base/cancel.hpp"
#include "core/base/heightfield.hpp"
#include "core/base/parallel.hpp"
#include "core/base/world.hpp"
#include "core/hydrology/water.hpp"
#include "core/look/look.hpp"

namespace terrain {

// Lakes' and rivers' colour, RGB 0..1, in every view: one definition.
inline constexpr std::array<float, 3> kInlandWaterColor = {0.16f, 0.36f, 0.48f};

struct WaterLook {
  // Per cell, row-major like the heights: the water's surface above the
  // ground, in height units (0 where dry or sea) ...
  std::vector<float> depth;
  // ... and how much of the cell it hides, 0..1: the share of the cell it
  // covers (a river narrower than a cell covers part of it) times how
  // opaque its depth makes it (half at the shore, nearly all past 10 m).
  std::vector<float> alpha;
};

// Opacity of water this many metres deep: 0.5 at the shore, 0.95 at 10 m.
float waterOpacity(double metres);

// The water model's parameters at the look's water level and climate, the
// rest the water node's defaults: the water the views draw, and the wetness
// the splat's wet ground reads.
WaterParams lookWaterParams(const Look& look, const World& world);

// Empty vectors for a profile. Same bits on every thread count. A
// cancelled token stops it at the water model's next checkpoint (throws
// Cancelled): the window's generation worker computes it for each map.
WaterLook waterLook(const Heightfield& field, const Look& look, const World& world,
                    const Execution& exec = {}, const CancelToken* cancel = nullptr);

}  // namespace terrain
