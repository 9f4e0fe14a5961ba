// Gradient noise summed over octaves (issue 8).
//
// Octave o has features * 2^o lattice cells across the map and weighs
// 2^(-g o) (lacunarity 2, gain 2^-g). Under the 'gain' roughness scale g =
// 1 - roughness; under 'measured' g is chosen so the map's measured Hurst
// exponent is 1 - roughness (noiseGainExponent). A lattice corner's gradient comes from a hash of
// (octave key, cell x, cell y): the octave key is drawn from RandomStream once, a 32-bit row hash
// of (key, cell y) once per row, and the corner's hash mixes cell x into that in the vector kernel
// (noise_kernel.cpp). No state, no call order: every value is a pure function of (seed, octave,
// cell).
//
// Unwarped maps sample the lattice at exact positions: sample i of octave o
// sits i * cells / span cells along, span = size - 1 (size on a torus),
// computed with integers, so its cell and its position in the cell (the
// remainder / span, one correctly rounded division) are the same for any
// size that shares the point: sample 16 i of 4097 equals sample i of 257.
// The map is square, so one table per octave serves columns and rows.
//
// Domain warp: each sample moves by (warp / B) x (two 3-octave fBm fields
// at warp-scale cells), B their amplitude bound, so the largest push is
// `warp` map widths; the map is then sampled at float map coordinates.
// A tileable map's warp fields wrap too, so it stays tileable.

#include "core/nodes/sources/noise.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <utility>
#include <vector>

#include "core/base/portable_math.hpp"
#include "core/base/random.hpp"
#include "core/nodes/sources/noise_kernel.hpp"

namespace terrain {
namespace {

// Stream ids: the issue number in the high word, the purpose below it.
constexpr std::uint64_t kStreamBase = std::uint64_t{0x008} << 32;
constexpr std::uint64_t kHeightStream = kStreamBase | 0x100;
constexpr std::uint64_t kWarpXStream = kStreamBase | 0x200;
constexpr std::uint64_t kWarpYStream = kStreamBase | 0x300;

constexpr int kWarpOctaves = 3;  // the warp is a broad swirl: few octaves, gain 1/2

// One octave's lattice along an axis, per sample, padded for the kernels.
struct AxisTable {
  std::vector<std::uint32_t> cell0;
  std::vector<std::uint32_t> cell1;
  std::vector<float> t;
  std::vector<float> fade;

  NoiseAxis view() const { return {cell0.data(), cell1.data(), t.data(), fade.data()}; }
};

// Window samples first..first+count-1 (world samples, repeated at the edge
// or wrapped beyond it) at w * cells / span lattice cells, wrapped to
// [0, cells) on a torus.
AxisTable axisTable(std::int64_t first, int count, std::int64_t worldSize, std::int64_t cells,
                    bool wraps) {
  const std::int64_t span = wraps ? worldSize : worldSize - 1;
  const std::size_t padded = noisePadded(static_cast<std::size_t>(count));
  AxisTable table{std::vector<std::uint32_t>(padded), std::vector<std::uint32_t>(padded),
                  std::vector<float>(padded), std::vector<float>(padded)};
  for (int i = 0; i < count; ++i) {
    const std::int64_t along = worldSample(first + i, worldSize, wraps) * cells;
    const std::int64_t cell = along / span;  // < cells on a torus, since w < span
    const auto k = static_cast<std::size_t>(i);
    table.t[k] = static_cast<float>(along % span) / static_cast<float>(span);
    table.fade[k] = noiseFade(table.t[k]);
    table.cell0[k] = static_cast<std::uint32_t>(cell);
    table.cell1[k] = static_cast<std::uint32_t>(wraps && cell + 1 == cells ? 0 : cell + 1);
  }
  return table;
}

struct Octave {
  AxisTable x;  // the window's columns
  AxisTable y;  // the window's rows
  std::int64_t cells = 1;
  std::uint32_t key = 0;
  float amplitude = 1.0f;
};

// `count` octaves from `firstCells` cells across, doubling, their keys from
// `stream` and their weights from `amplitude(o)`, over the window's samples.
template <class Amplitude>
std::vector<Octave> octaveSet(const NoiseParams& p, std::uint64_t seed, std::uint64_t stream,
                              int firstCells, int count, Amplitude amplitude,
                              const MapWindow& window) {
  const RandomStream keys(seed, stream);
  std::vector<Octave> set;
  for (int o = 0; o < count; ++o) {
    const std::int64_t cells = std::int64_t{firstCells} << o;
    set.push_back({axisTable(window.x0, window.width, p.size, cells, p.tileable),
                   axisTable(window.y0, window.height, p.size, cells, p.tileable), cells,
                   static_cast<std::uint32_t>(keys.bits(static_cast<std::uint64_t>(o))),
                   amplitude(o)});
  }
  return set;
}

// Row y of a set of octaves, as the grid kernel takes it.
void gridOctaves(const std::vector<Octave>& set, int y, std::vector<NoiseGridOctave>& out) {
  out.resize(set.size());
  const auto k = static_cast<std::size_t>(y);
  for (std::size_t o = 0; o < set.size(); ++o) {
    const AxisTable& row = set[o].y;
    out[o] = {set[o].x.view(),
              noiseHash(row.cell0[k] ^ set[o].key),
              noiseHash(row.cell1[k] ^ set[o].key),
              row.t[k],
              row.fade[k],
              set[o].amplitude};
  }
}

std::vector<NoiseWarpedOctave> warpedOctaves(const std::vector<Octave>& set, bool wraps) {
  std::vector<NoiseWarpedOctave> out;
  for (const Octave& o : set) {
    const auto cells = static_cast<float>(o.cells);
    out.push_back({cells, wraps ? cells : 0.0f, o.key, o.amplitude});
  }
  return out;
}

float warpAmplitude(int octave) {
  return 1.0f / static_cast<float>(1 << octave);
}

// Everything a window needs, built once before its rows.
struct NoiseJob {
  NoiseParams params;
  std::vector<Octave> heights;
  std::vector<Octave> warpX;  // empty when the warp is off
  std::vector<Octave> warpY;
  std::vector<NoiseWarpedOctave> warped;  // the height octaves at free coordinates
  float push = 0.0f;                      // map units per unit of warp field
  std::vector<float> columns;             // the window's columns' map coordinates, padded
  std::vector<float> rows;                // its rows' map coordinates
};

// World sample w's map coordinate w / span, for the window's samples.
std::vector<float> mapCoordinates(std::int64_t first, int count, const NoiseParams& p) {
  const auto span = static_cast<float>(p.tileable ? p.size : p.size - 1);
  std::vector<float> out(noisePadded(static_cast<std::size_t>(count)), 0.0f);
  for (int i = 0; i < count; ++i) {
    out[static_cast<std::size_t>(i)] =
        static_cast<float>(worldSample(first + i, p.size, p.tileable)) / span;
  }
  return out;
}

NoiseJob makeJob(const NoiseParams& p, std::uint64_t seed, const MapWindow& window) {
  NoiseJob job;
  job.params = p;
  job.heights = octaveSet(
      p, seed, kHeightStream, p.features, noiseOctaves(p),
      [&p](int o) { return noiseOctaveAmplitude(p, o); }, window);
  if (p.warp <= 0.0) return job;
  job.warpX = octaveSet(p, seed, kWarpXStream, p.warpScale, kWarpOctaves, warpAmplitude, window);
  job.warpY = octaveSet(p, seed, kWarpYStream, p.warpScale, kWarpOctaves, warpAmplitude, window);
  job.warped = warpedOctaves(job.heights, p.tileable);
  double bound = 0.0;
  for (int o = 0; o < kWarpOctaves; ++o) bound += static_cast<double>(warpAmplitude(o));
  job.push = static_cast<float>(p.warp / bound);
  job.columns = mapCoordinates(window.x0, window.width, p);
  job.rows = mapCoordinates(window.y0, window.height, p);
  return job;
}

// One task's rows [begin, end), its scratch rows its own.
void runRows(const NoiseJob& job, Heightfield& field, std::int64_t begin, std::int64_t end,
             const RunControl& control) {
  const auto count = static_cast<std::size_t>(field.width);
  const std::size_t padded = noisePadded(count);
  std::vector<NoiseGridOctave> grid;
  std::vector<NoiseGridOctave> gridX;
  std::vector<NoiseGridOctave> gridY;
  std::vector<float> x(job.warpX.empty() ? 0 : padded);
  std::vector<float> y(x.size());
  for (auto row = static_cast<int>(begin); row < end && !control.cancelled(); ++row) {
    float* out = &field.at(0, row);
    if (job.warpX.empty()) {
      gridOctaves(job.heights, row, grid);
      noiseGridRow(grid, job.params.fractal, out, count);
      continue;
    }
    gridOctaves(job.warpX, row, gridX);
    gridOctaves(job.warpY, row, gridY);
    noiseGridRow(gridX, NoiseFractal::Fbm, x.data(), count);
    noiseGridRow(gridY, NoiseFractal::Fbm, y.data(), count);
    const float rowY = job.rows[static_cast<std::size_t>(row)];
    for (std::size_t i = 0; i < count; ++i) {
      x[i] = job.columns[i] + job.push * x[i];
      y[i] = rowY + job.push * y[i];
    }
    noiseWarpedRow(job.warped, job.params.fractal, x.data(), y.data(), out, count);
  }
}

}  // namespace

int noiseLevels(const NoiseParams& params) {
  const std::int64_t span = params.tileable ? params.size : params.size - 1;
  int levels = 1;
  while (levels < kAllLevels && (std::int64_t{params.features} << levels) * 2 <= span) ++levels;
  return levels;
}

int noiseOctaves(const NoiseParams& params) {
  return std::clamp(params.iterations, 1, noiseLevels(params));
}

double noiseGainExponent(const NoiseParams& params) {
  const double hurst = 1.0 - params.roughness;
  if (params.roughnessScale == 0) return hurst;
  // The exponent whose map measures `hurst` (variogram slope over lags
  // 2..128, mean of 1025 and 4097 at 4 features): gradient noise is smooth
  // inside its finest cells and levels off towards its broadest, which
  // pulls the measure towards the middle, most at the smooth end.
  constexpr std::array<std::array<double, 2>, 12> kMeasuredToGain = {{{0.0, 0.0},
                                                                      {0.2005, 0.1},
                                                                      {0.263, 0.2},
                                                                      {0.3335, 0.3},
                                                                      {0.4095, 0.4},
                                                                      {0.4885, 0.5},
                                                                      {0.567, 0.6},
                                                                      {0.643, 0.7},
                                                                      {0.7125, 0.8},
                                                                      {0.7735, 0.9},
                                                                      {0.8005, 0.95},
                                                                      {1.0, 1.4}}};
  std::size_t i = 1;
  while (i + 1 < kMeasuredToGain.size() && hurst > kMeasuredToGain[i][0]) ++i;
  const auto& [x0, y0] = kMeasuredToGain[i - 1];
  const auto& [x1, y1] = kMeasuredToGain[i];
  return y0 + (y1 - y0) * (hurst - x0) / (x1 - x0);
}

float noiseOctaveAmplitude(const NoiseParams& params, int octave) {
  return static_cast<float>(portableExp2(-noiseGainExponent(params) * octave));
}

double noiseAmplitudeBound(const NoiseParams& params) {
  double bound = 0.0;
  for (int o = 0; o < noiseOctaves(params); ++o)
    bound += static_cast<double>(noiseOctaveAmplitude(params, o));
  return bound;
}

Heightfield generateNoise(const NoiseParams& params, std::uint64_t seed,
                          const RunControl& control) {
  return generateNoiseWindow(params, seed, {0, 0, params.size, params.size}, control);
}

Heightfield generateNoiseWindow(const NoiseParams& params, std::uint64_t seed,
                                const MapWindow& window, const RunControl& control) {
  control.checkpoint(0.0f);
  const NoiseJob job = makeJob(params, seed, window);
  Heightfield field(window.width, window.height);
  field.wraps = params.tileable && window == MapWindow{0, 0, params.size, params.size};
  // Bands of ~1M samples between checkpoints (a 4097 map: 255 rows, ~30 ms
  // at 8 octaves); inside a band every row looks at the cancel flag.
  const int rows = window.height;
  const int band = std::max(1, (1 << 20) / std::max(1, window.width));
  for (int first = 0; first < rows; first += band) {
    const int last = std::min(rows, first + band);
    parallelFor(control.exec, first, last, 1, [&](std::int64_t begin, std::int64_t end) {
      runRows(job, field, begin, end, control);
    });
    if (control.cancelled()) abandonRun(std::move(field));
    control.checkpoint(static_cast<float>(last) / static_cast<float>(rows));
  }
  return field;
}

NoiseScale noiseScale(const NoiseParams& params) {
  const double bound = noiseAmplitudeBound(params);
  return {params.fractal == NoiseFractal::Fbm ? -bound : 0.0, bound};
}

namespace {

constexpr std::string_view kFractalNames[] = {"fbm", "ridged", "billow"};
constexpr std::string_view kRoughnessScaleNames[] = {"gain", "measured"};

// The shared iterations parameter, counting octaves (at least one).
constexpr ParamInfo kOctavesParam{
    kIterationsParam.key,
    "Octaves",
    "octaves",
    "How many layers of detail: the broadest, then each finer one with twice the features; "
    "the maximum always means every octave the size holds (down to ~2 samples per lattice "
    "cell)",
    kIterationsParam.type,
    1.0,
    kIterationsParam.max,
    {},
    false,
    /*maxMeansAll=*/true};

const ParamTable<NoiseParams>& table() {
  static const ParamTable<NoiseParams> rows({
      TERRAIN_BIND(NoiseParams, size, sizeParam(2, kMaxMapSide)),
      TERRAIN_BIND(NoiseParams, roughness, kRoughnessParam),
      TERRAIN_BIND(NoiseParams, iterations, kOctavesParam),
      TERRAIN_BIND(NoiseParams, fractal,
                   (ParamInfo{"fractal", "Fractal", "",
                              "fbm: rolling hills and valleys (the octaves' plain sum); "
                              "ridged: sharp mountain crests ((1 - |n|)^2 per octave); "
                              "billow: puffy round hills with creases (|n| per octave)",
                              ParamType::Choice, 0, 2, kFractalNames})),
      TERRAIN_BIND(NoiseParams, features,
                   (ParamInfo{"features", "Features", "cells",
                              "How many hills fit across the map at the broadest scale: 1 "
                              "one landmass, 64 a busy field of bumps (lattice cells of "
                              "the first octave across the map)",
                              ParamType::Integer, 1, 64})),
      TERRAIN_BIND(NoiseParams, warp,
                   (ParamInfo{"warp", "Warp", "map widths",
                              "Swirls the landforms sideways like folded rock: 0 off, 1 "
                              "pushes them up to a whole map width (domain warp by a "
                              "3-octave noise)",
                              ParamType::Real, 0, 1})),
      TERRAIN_BIND(NoiseParams, warpScale,
                   (ParamInfo{"warp-scale", "Warp scale", "cells",
                              "How broad the swirls are: fewer cells, broader swirls "
                              "(lattice cells of the warp noise across the map)",
                              ParamType::Integer, 1, 64})),
      TERRAIN_BIND(NoiseParams, tileable,
                   (ParamInfo{"tileable", "Tileable", "",
                              "The map wraps around: its right edge continues at the left "
                              "and its bottom at the top, for tiling (samples i / size on "
                              "a torus)",
                              ParamType::Toggle, 0, 1})),
      TERRAIN_BIND(NoiseParams, roughnessScale,
                   (ParamInfo{.key = "roughness-scale",
                              .label = "Roughness scale",
                              .unit = "",
                              .help = "What roughness means. 'measured': the map measures it, its "
                                      "Hurst exponent (how height differences grow with "
                                      "distance) is 1 - roughness within 0.1 at 1025 and 4097 "
                                      "(fBm at 4 features; other fractals and feature counts "
                                      "come close). "
                                      "'gain': each octave weighs 2^-(1 - roughness) of the one "
                                      "before, which measures smoother than that at low "
                                      "roughness (projects saved before this existed)",
                              .type = ParamType::Choice,
                              .max = 1,
                              .choices = kRoughnessScaleNames,
                              .whenAbsent = 0.0})),
  });
  return rows;
}

int levels(const ParamValues& values) {
  return noiseLevels(table().unpack(values));
}

std::string_view idleReason(std::size_t param, const ParamValues& values) {
  const NoiseParams p = table().unpack(values);
  if (table().infos()[param].key == "warp-scale" && p.warp <= 0.0) {
    return "The warp is off (0): there are no swirls to size";
  }
  if (table().infos()[param].key == "roughness" && noiseOctaves(p) == 1) {
    return "One octave: roughness weighs the finer octaves against the broadest";
  }
  return {};
}

TileScale tileScale(std::uint64_t, const ParamValues& values) {
  const NoiseScale scale = noiseScale(table().unpack(values));
  return {scale.low, scale.high, "the octaves' amplitude bound"};
}

Heightfield generateWindow(std::uint64_t seed, const ParamValues& values, const MapWindow& window,
                           const RunControl& control) {
  const NoiseParams p = table().unpack(values);
  Heightfield field = generateNoiseWindow(p, seed, window, control);
  const NoiseScale scale = noiseScale(p);
  mapRangeToUnit(field, scale.low, scale.high, control.exec);
  return field;
}

}  // namespace

const SourceStage& noiseSource() {
  static const SourceStage node(
      {
          .key = "noise",
          .title = "Gradient noise",
          .help = "Perlin-style gradient noise in octaves: rolling hills, ridged mountains or "
                  "billowy hills, optionally swirled and tileable",
          .params = table().schema(),
          .paramTable = &table(),
          .dynamicMax = iterationsUpToLevels(table().infos(), levels),
          .idleReason = idleReason,
      },
      {
          .generate = normalisedSource(table(), &generateNoise),
          .levels = levels,
          .defaultWater = 0.35,  // lakes in the low valleys
          .wraps = [](const ParamValues& values) { return table().unpack(values).tileable; },
          .tileScale = tileScale,
          .generateWindow = generateWindow,
      });
  return node;
}

}  // namespace terrain
