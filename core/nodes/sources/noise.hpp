#pragma once
// Gradient (Perlin-style) noise summed over octaves: fBm, ridged or billow,
// optionally domain-warped, optionally tileable (issue 8).
//
// Coordinates are in map units, not samples: a non-tileable map samples
// x = i / (size-1) in [0, 1], so a 257 preview and a 4097 export of the same
// seed agree at their shared points; a tileable map samples x = i / size on
// a torus of side 1. Octave o has features * 2^o lattice cells across the map.
// Every lattice value is a pure function of (seed, octave, cell).
#include <cstdint>

#include "core/base/map_window.hpp"
#include "core/nodes/sources/common_params.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {

enum class NoiseFractal : int { Fbm = 0, Ridged = 1, Billow = 2 };

struct NoiseParams {
  int size = 513;
  double roughness = 0.3;       // the map's Hurst exponent is H = 1 - roughness
  int iterations = kAllLevels;  // octaves; the maximum means every octave the size holds
  NoiseFractal fractal = NoiseFractal::Fbm;
  int features = 4;       // lattice cells across the map at the coarsest octave
  double warp = 0.0;      // largest push of the domain warp, map widths; 0 = off
  int warpScale = 2;      // lattice cells across the map of the warp's coarsest octave
  bool tileable = false;  // wraps like a torus
  // A choice: 0 octave o weighs 2^(-H o), H = 1 - roughness (projects
  // saved before 1 existed); 1 the exponent chosen so the map measures H.
  int roughnessScale = 1;
};

// Octaves the size holds: the finest lattice keeps at least 2 samples per
// cell (one octave at least).
int noiseLevels(const NoiseParams& params);
// Octaves these values run: iterations, at most the levels.
int noiseOctaves(const NoiseParams& params);
// The exponent g of the octaves' weights 2^(-g o): H = 1 - roughness, or
// under the measured roughness scale the g whose map measures H.
double noiseGainExponent(const NoiseParams& params);
// The weight of octave o: 2^(-g o).
float noiseOctaveAmplitude(const NoiseParams& params, int octave);

// The raw heights' guaranteed scale, whatever the seed and size: B, the sum
// of the octaves' weights. fBm lies in [-B, B], ridged and billow in
// [0, B]. A tiled export can normalise every tile by it (h / B) instead of
// by the tile's own minimum and maximum.
double noiseAmplitudeBound(const NoiseParams& params);

// Raw heights (not normalised), a pure function of (params, seed): the same
// bits for every thread count, build type and SIMD target.
Heightfield generateNoise(const NoiseParams& params, std::uint64_t seed, const RunControl& control);

// The same for a window of the world `params` describes (size = the
// world's): bit for bit the window of generateNoise's map, in memory for
// the window alone. Samples beyond the world repeat its edge (wrap on a torus).
Heightfield generateNoiseWindow(const NoiseParams& params, std::uint64_t seed,
                                const MapWindow& window, const RunControl& control);

// The raw range every tile of a world shares: fBm [-B, B], ridged and
// billow [0, B], B = noiseAmplitudeBound.
struct NoiseScale {
  double low = 0.0;
  double high = 1.0;
};
NoiseScale noiseScale(const NoiseParams& params);

const SourceStage& noiseSource();

}  // namespace terrain
