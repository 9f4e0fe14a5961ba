#pragma once
// The splat (weight) map engines texture a terrain with: five material
// weights per cell, summing to 1, from the look's rules on height, slope,
// what erosion recorded and the water model's wetness. In order (look.hpp's
// kMaterialNames): grass (what is left), rock (steep ground), sediment
// (where water gathers or laid material down, and under water), snow (high
// ground that is not rock), wet ground (mud on flat ground near water, moss
// on damp slopes turned from the sun; only when the look's wet-ground is on).
// Engines take four per texture: the first four are the first splat map's
// RGBA, wet ground the second map's R (as Unity's second alphamap).
#include <array>
#include <cstdint>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/world.hpp"
#include "core/look/look.hpp"

namespace terrain {

using SplatTexel = std::array<std::uint8_t, kMaterialCount>;

// One texel per cell, row-major; the five bytes of a texel sum to 255.
// With wet ground on, this runs the water model (core/hydrology/water.hpp)
// on the field at the look's water level and climate, as the views' lakes
// and rivers do. Same bits on every thread count.
std::vector<SplatTexel> computeSplat(const Heightfield& field, const Look& look, const World& world,
                                     const Execution& exec = {});

}  // namespace terrain
