#pragma once
// Tangent-space normal maps from the heights in world units: metres per
// cell from the world's width, metres per height unit from its height
// range, so a 257 preview and a 4097 export of one world shade alike.
// Red is +X (east, to the right), blue +Z (up out of the ground); green is
// +Y towards the top of the image (OpenGL, Y+) or towards the bottom
// (DirectX, Y-). A component n in -1..1 is stored as (n + 1) / 2 of the
// sample's range, rounded: flat ground is (0.5, 0.5, 1).
#include <array>
#include <cstdint>
#include <string>

#include "core/base/heightfield.hpp"
#include "core/base/parallel.hpp"
#include "core/base/world.hpp"
#include "core/mesh/field_halo.hpp"

namespace terrain {

enum class NormalConvention : std::uint8_t { OpenGl, DirectX };

// The unit normal at cell (x, y): central differences, one-sided at an edge
// that does not wrap; across the edges of a map that wraps (a torus). A
// profile (one row) has no slope along y. With a halo (a tile's
// neighbouring samples), central at the field's edges too, into the halo.
std::array<double, 3> surfaceNormal(const Heightfield& field, const World& world, int x, int y,
                                    NormalConvention convention, const FieldHalo& halo = {});

// 8- or 16-bit RGB PNG (bits: 8 or 16). Atomic; throws IoError.
void writeNormalMapPng(const std::string& path, const Heightfield& field, const World& world,
                       int bits, NormalConvention convention, const Execution& exec = {},
                       const FieldHalo& halo = {});

}  // namespace terrain
