#pragma once
// Single-channel masks of a terrain, 0..1 per cell: the ground's slope and
// what erosion recorded (flow, wear, deposition). The Map view shows them as
// overlays; exports write them as greyscale images; splat rules read them.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/world.hpp"

namespace terrain {

enum class MaskKind : std::uint8_t { Slope, Flow, Wear, Deposition };

// "slope", "flow", "wear", "deposition", in MaskKind order.
std::span<const std::string_view> maskNames();

// Why this field has no such mask ("" when it has): flow, wear and
// deposition need an erosion stage that recorded them.
std::string_view maskUnavailable(const Heightfield& field, MaskKind kind);

// The mask, one value per cell, row-major like the heights. Throws
// InputError when maskUnavailable() says why not.
//   slope:      the ground's angle in the world's metres, 0 flat .. 1 vertical
//               (degrees / 90), central differences (one-sided at edges,
//               wrapped on a torus);
//   flow:       log(1 + cells drained) / log(1 + cells of the map): rivers
//               stand out over their whole length;
//   wear, deposition: over the map's 99th percentile of the non-zero
//               cells, clamped to 1, so a few extreme cells do not wash
//               everything else out.
std::vector<float> computeMask(const Heightfield& field, MaskKind kind, const World& world,
                               const Execution& exec = {});
// The slope mask of a map whose samples are `cellMetres` apart and whose
// height 1 stands `heightRange` metres high (a window of a larger world).
std::vector<float> slopeMask(const Heightfield& field, double cellMetres, double heightRange,
                             const Execution& exec = {});

}  // namespace terrain
