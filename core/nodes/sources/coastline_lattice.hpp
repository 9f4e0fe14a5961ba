#pragma once
// Article 002's lattice, shared by the whole map (coastline.cpp) and its
// windows (coastline_window.cpp): the random streams, the start grid and
// the offsets' amplitude, so the two draw the very same values.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/base/random.hpp"
#include "core/nodes/sources/coastline.hpp"

namespace terrain::coastline_detail {

// Stream ids: purpose in the high byte, refinement level in the low bits.
inline constexpr std::uint64_t kStartClassStream = 0x0100;
inline constexpr std::uint64_t kStartHeightStream = 0x0200;
inline constexpr std::uint64_t kCoinStreamBase = 0x0300;    // + level
inline constexpr std::uint64_t kOffsetStreamBase = 0x0400;  // + level

// Corner choice of a cell: one 64-bit hash per 32 cells of a lattice row,
// 2 bits per cell (cell gx at bit 2 * (gx % 32)). Bit 0 is the x coin, bit
// 1 the y coin; a set coin keeps the lower corner (the article's
// `coin ? 0 : step`), a clear one takes the next corner along that axis,
// wrapped.
inline std::uint64_t coinWord(const RandomStream& coins, int gx, int gy) {
  return coins.bits(
      latticeIndex(static_cast<std::uint64_t>(gx) >> 5, static_cast<std::uint64_t>(gy)));
}

// Cells per side of the start grid.
int startSide(const CoastlineParams& params);
// The start grid, s x s row-major: class indices, or heights.
std::vector<std::uint8_t> startClasses(const CoastlineParams& params, std::uint64_t seed);
std::vector<float> startHeights(const CoastlineParams& params, std::uint64_t seed);
// Heights mode: the offsets' amplitude at a refinement level, 2^(-H * level).
float offsetAmplitude(const CoastlineParams& params, int level);

}  // namespace terrain::coastline_detail
