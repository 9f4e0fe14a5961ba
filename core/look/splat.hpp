#pragma once
// The splat (weight) map engines texture a terrain with: four material
// weights per cell, summing to 1, from the look's rules on height, slope and
// what erosion recorded. R grass (what is left), G rock (steep ground),
// B sediment (where water gathers or laid material down, and under water),
// A snow (high ground that is not rock).
#include <array>
#include <cstdint>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/world.hpp"
#include "core/look/look.hpp"

namespace terrain {

using SplatTexel = std::array<std::uint8_t, 4>;  // R, G, B, A

// One texel per cell, row-major; the four bytes of a texel sum to 255.
std::vector<SplatTexel> computeSplat(const Heightfield& field, const Look& look, const World& world,
                                     const Execution& exec = {});

}  // namespace terrain
