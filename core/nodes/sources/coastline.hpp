#pragma once
// Article 002: fractal coastlines on a square torus of side 2^k.
#include <cstdint>

#include "core/base/map_window.hpp"
#include "core/nodes/sources/common_params.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {

enum class CoastMode : int { Classes = 0, Heights = 1 };
enum class CoastStart : int { Applet = 0, Random = 1 };

struct CoastlineParams {
  int size = 128;          // a power of two
  double roughness = 0.5;  // heights mode only
  int iterations = kAllLevels;
  CoastMode mode = CoastMode::Classes;
  int classes = 2;                        // 2 = sea/land .. 6 terrain classes
  CoastStart start = CoastStart::Applet;  // the applet's 2x2 start pattern
  int startCells = 2;                     // cells per side of the random start grid
};

// Refinement levels the size holds from the start grid.
int coastlineLevels(const CoastlineParams& params);

// Raw heights (classes as c / (classes-1), or heights mode), wrapping.
Heightfield generateCoastline(const CoastlineParams& params, std::uint64_t seed,
                              const RunControl& control);

// A window of the world (the torus of params.size, wrapped past its edges)
// computed alone: bit for bit that window of generateCoastline's map, in
// memory for the window and the lattice cells around it.
Heightfield generateCoastlineWindow(const CoastlineParams& params, std::uint64_t seed,
                                    const MapWindow& window, const RunControl& control);

// A range that holds every raw height of the map, for tiles: classes mode
// [0, 1]; heights mode the range of a coarse map of the same lattice (at
// most 256 a side) widened by the finer levels' amplitudes.
TileScale coastlineTileScale(const CoastlineParams& params, std::uint64_t seed);

const SourceStage& coastlineSource();

}  // namespace terrain
