#pragma once
// Article 004: diamond-square on a (2^d+1) x (2^d+1) grid.
//
// Every random offset is a pure function of (seed, level, phase, lattice
// position in that level's grid), so a map at 2^(d+1)+1 holds the 2^d+1 map
// of the same seed exactly at its even cells (resolution independence), and
// running one more level only adds finer detail (progressive refinement).
#include <cstdint>

#include "core/base/map_window.hpp"
#include "core/nodes/sources/common_params.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {

enum class OffsetScaling : int { Fractal = 0, Article = 1 };

struct DiamondSquareParams {
  int size = 513;  // 2^d+1; 513 is the article's detail 9
  double roughness = 0.3;
  int iterations = kAllLevels;
  OffsetScaling scaling = OffsetScaling::Fractal;
};

// Raw heights (not normalised), a pure function of (params, seed).
Heightfield generateDiamondSquare(const DiamondSquareParams& params, std::uint64_t seed,
                                  const RunControl& control);

// The same raw heights for a window of the world `params` describes (size =
// the world's): bit for bit the window of generateDiamondSquare's map, in
// memory for the window (and a lattice patch around it). Samples beyond
// the world repeat its edge. diamond_square_window.cpp.
Heightfield generateDiamondSquareWindow(const DiamondSquareParams& params, std::uint64_t seed,
                                        const MapWindow& window, const RunControl& control);

// A range every raw height of the world lies in, for tiles: the extremes of
// its 129 lattice (exact points of the world), widened by what the finer
// levels can add.
struct DiamondSquareRange {
  double low = 0.0;
  double high = 1.0;
};
DiamondSquareRange diamondSquareTileRange(const DiamondSquareParams& params, std::uint64_t seed);
// The window on that range's scale, (h - low) / (high - low), in the pass
// that writes it.
Heightfield generateDiamondSquareWindow(const DiamondSquareParams& params, std::uint64_t seed,
                                        const MapWindow& window, const RunControl& control,
                                        const DiamondSquareRange& range);

const SourceStage& diamondSquareSource();

// The generator's random layout, exposed so tests can recompute points by
// hand. Level 0 holds the four corners (lattice positions (0|1, 0|1));
// level l >= 1 splits squares of side (size-1) / 2^(l-1), and a point (x, y)
// set by it sits at lattice position (x / half, y / half), half being half
// that side.
enum class DiamondSquarePhase : std::uint8_t { Square = 0, Diamond = 1 };

// RandomStream stream id of one level's phase (level 0: the corners).
std::uint64_t diamondSquareStream(int level, DiamondSquarePhase phase);

// Offsets of level l (1..d) are amplitude * RandomStream::signedUnit(...).
// Fractal: 2^(-H (l-1)), H = 1 - roughness. Article: roughness x the side of
// the squares being split, in cells.
float diamondSquareAmplitude(const DiamondSquareParams& params, int level);

// Article scaling: the height all four corners start at, (size-1)/2.
float diamondSquareArticleCorner(const DiamondSquareParams& params);

}  // namespace terrain
