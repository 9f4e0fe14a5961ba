#pragma once
// Hillslope diffusion (soil creep): dh/dt = Kd laplacian(h), the term
// Braun & Willett (2013) add to stream power so hilltops round and
// hillslopes grow convex where soil creeps. Solved implicitly, one axis at
// a time (backward Euler along rows, then along columns): stable and free
// of new extremes for any step, so a preview and an export take the same
// time steps whatever their cell size.
#include <cstdint>
#include <span>

#include "core/base/parallel.hpp"

namespace terrain {

// One step of `alpha` = Kd dt / cellMetres^2 on a width x height map
// (row-major). Cells where `fixed` is non-zero keep their height (outlets:
// the sea, the map's edges). A map that wraps diffuses across its edges.
// Same bits on every thread count.
void diffuseHillslopes(std::span<float> heights, int width, int height, bool wraps,
                       std::span<const std::uint8_t> fixed, double alpha, const Execution& exec);

}  // namespace terrain
