
// Article 002, fractal coastlines, on a square torus of side 2^k.
//
// The map is built on a hierarchy of lattices. The start grid has s x s
// cells (s = 2 for the applet's pattern, startCells for a random start); the
// lattice of refinement level l (1, 2, ...) has n = s * 2^l cells per side,
// i.e. one map cell every size / n cells. A cell of level l with both grid
// coordinates even already exists at level l-1; every other cell lies on an
// edge (one odd coordinate: 2 candidate endpoints) or at the centre (both
// odd: 4 candidate corners) of a square of level l-1, wrapped as a torus.
//
// Classes mode (the article): the cell copies a randomly chosen candidate.
// Heights mode (the author's suggested extension): the cell is the mean of
// its candidates plus a random offset of amplitude 2^(-H * l), H = 1 - roughness.
// Its start grid is the applet's pattern as heights 0 (sea) and 1 (land), or
// with a random start, heights drawn uniformly in [0, 1).
//
// Every random choice is a pure function of (seed, level, grid cell), never
// of the map size. So a map twice the size with the same seed repeats this
// map at its even cells (resolution independence) and one more iteration
// only adds a finer level (progressive refinement). Levels not run are
// filled from the last level run: block fill in classes mode (the article's
// step pictures), bilinear on the torus in heights mode.
//
// Work is kept on compact per-level grids (n x n, uint8 class indices or
// floats) and the finest level writes straight into the output, so the 3/4
// of the cells refined last are touched once.

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/portable_math.hpp"
#include "core/base/random.hpp"
#include "core/nodes/sources/coastline.hpp"
#include "core/nodes/sources/coastline_lattice.hpp"

namespace terrain {
namespace {

using coastline_detail::coinWord;
using coastline_detail::kCoinStreamBase;
using coastline_detail::kOffsetStreamBase;
using coastline_detail::startClasses;
using coastline_detail::startHeights;
using coastline_detail::startSide;

// The parameters and the seed: everything one map depends on.
struct CoastlineJob : CoastlineParams {
  std::uint64_t seed = 0;
};

std::size_t cellIndex(int x, int y, int side) {
  return static_cast<std::size_t>(y) * static_cast<std::size_t>(side) + static_cast<std::size_t>(x);
}

// Rows per parallel task: at least ~16k cells, so small grids run inline.
std::int64_t rowsPerChunk(int side) {
  return std::max<std::int64_t>(1, 16384 / side);
}

// ---- classes ---------------------------------------------------------------

// Refines parent rows k and k+1 (wrapped) into lattice rows 2k and 2k+1 of
// a level with n cells per side. `rows` holds the two parent rows, already
// converted to the output type, each followed by a copy of its first cell so
// the torus wrap needs no mask; `near` points at row k, `far` at row k+1.
template <typename T>
void refineRowPair(const T* near, const T* far, int n, int k, const RandomStream& coins, T* evenRow,
                   T* oddRow) {
  const std::ptrdiff_t down = far - near;
  // Per 4-bit nibble (even cell bits 0-1, odd cell bits 2-3) of an odd lattice
  // row: where each of the two cells reads, relative to near[i].
  std::array<std::ptrdiff_t, 16> evenCell{};
  std::array<std::ptrdiff_t, 16> oddCell{};
  for (unsigned nibble = 0; nibble < 16; ++nibble) {
    evenCell[nibble] = (nibble & 2U) ? 0 : down;
    oddCell[nibble] = ((nibble & 4U) ? 0 : 1) + ((nibble & 8U) ? 0 : down);
  }
  for (int group = 0; group < n; group += 32) {
    std::uint64_t evenWord = coinWord(coins, group, 2 * k);
    std::uint64_t oddWord = coinWord(coins, group, 2 * k + 1);
    const int end = std::min(n, group + 32);
    for (int gx = group; gx < end; gx += 2, evenWord >>= 4, oddWord >>= 4) {
      const int i = gx >> 1;
      evenRow[gx] = near[i];                                  // already on the parent lattice
      evenRow[gx + 1] = near[i + ((evenWord & 4U) ? 0 : 1)];  // an edge: left or right end
      oddRow[gx] = near[i + evenCell[oddWord & 15U]];         // an edge: top or bottom end
      oddRow[gx + 1] = near[i + oddCell[oddWord & 15U]];      // a centre: one of 4 corners
    }
  }
}

// One refinement level of a class grid: parent m x m -> child 2m x 2m rows
// written through `rowOut(y)`, converted with `convert` (class -> output).
template <typename T, typename RowOut, typename Convert>
void refineClasses(const std::vector<std::uint8_t>& parent, int m, const RandomStream& coins,
                   const Execution& exec, RowOut rowOut, Convert convert) {
  const int n = 2 * m;
  const auto width = static_cast<std::size_t>(m) + 1;
  parallelFor(exec, 0, m, rowsPerChunk(n), [&](std::int64_t begin, std::int64_t end) {
    std::vector<T> rows(2 * width);  // two converted parent rows, with wrap cells
    const auto load = [&](int k, T* dst) {
      const std::uint8_t* src = parent.data() + cellIndex(0, k & (m - 1), m);
      for (int j = 0; j < m; ++j) dst[j] = convert(src[j]);
      dst[m] = dst[0];
    };
    T* near = rows.data();
    T* far = rows.data() + width;
    load(static_cast<int>(begin), near);
    for (auto k = static_cast<int>(begin); k < end; ++k) {
      load(k + 1, far);
      refineRowPair(near, far, n, k, coins, rowOut(2 * k), rowOut(2 * k + 1));
      std::swap(near, far);
    }
  });
}

Heightfield generateClasses(const CoastlineJob& spec, int levels, int run, const Execution& exec) {
  const int size = spec.size;
  Heightfield field(size, size);
  std::array<float, 8> height{};  // class -> output height, class / (K-1)
  for (int c = 0; c < spec.classes; ++c) {
    height[static_cast<std::size_t>(c)] =
        static_cast<float>(c) / static_cast<float>(spec.classes - 1);
  }
  const auto toHeight = [&height](std::uint8_t c) { return height[c]; };

  std::vector<std::uint8_t> grid = startClasses(spec, spec.seed);
  int n = startSide(spec);
  const bool finestRuns = run == levels && levels > 0;
  const int compactLevels = finestRuns ? run - 1 : run;
  for (int level = 1; level <= compactLevels; ++level) {
    const RandomStream coins(spec.seed, kCoinStreamBase + static_cast<std::uint64_t>(level));
    std::vector<std::uint8_t> child(cellIndex(0, 2 * n, 2 * n));
    const int childSide = 2 * n;
    refineClasses<std::uint8_t>(
        grid, n, coins, exec, [&](int y) { return child.data() + cellIndex(0, y, childSide); },
        [](std::uint8_t c) { return c; });
    grid = std::move(child);
    n = childSide;
  }

  if (finestRuns) {  // level `levels` has n = size: write heights directly
    const RandomStream coins(spec.seed, kCoinStreamBase + static_cast<std::uint64_t>(levels));
    refineClasses<float>(
        grid, n, coins, exec, [&](int y) { return &field.at(0, y); }, toHeight);
    return field;
  }
  // Block fill: every cell takes the top-left corner of its lattice square.
  const int shift = std::countr_zero(static_cast<unsigned>(size / n));
  parallelFor(exec, 0, size, rowsPerChunk(size), [&](std::int64_t begin, std::int64_t end) {
    for (auto y = static_cast<int>(begin); y < end; ++y) {
      const std::uint8_t* src = grid.data() + cellIndex(0, y >> shift, n);
      float* dst = &field.at(0, y);
      for (int x = 0; x < size; ++x) dst[x] = height[src[x >> shift]];
    }
  });
  return field;
}

// ---- heights ---------------------------------------------------------------

// Lattice row gy of a heights level: candidates' mean + offset * amplitude.
void refineHeightRow(const float* parent, int n, int gy, const RandomStream& offsets,
                     float amplitude, float* out) {
  const int m = n / 2;
  const int mask = m - 1;
  const float* near = parent + cellIndex(0, gy >> 1, m);
  const float* far = parent + cellIndex(0, ((gy >> 1) + 1) & mask, m);
  const auto offset = [&](int gx) {
    return amplitude * offsets.signedUnit(latticeIndex(static_cast<std::uint64_t>(gx),
                                                       static_cast<std::uint64_t>(gy)));
  };
  for (int gx = 0; gx < n; gx += 2) {
    const int i = gx >> 1;
    const int j = (i + 1) & mask;
    if ((gy & 1) == 0) {
      out[gx] = near[i];
      out[gx + 1] = (near[i] + near[j]) * 0.5f + offset(gx + 1);
    } else {
      out[gx] = (near[i] + far[i]) * 0.5f + offset(gx);
      out[gx + 1] = ((near[i] + near[j]) + (far[i] + far[j])) * 0.25f + offset(gx + 1);
    }
  }
}

Heightfield generateHeights(const CoastlineJob& spec, int run, const Execution& exec) {
  const int size = spec.size;
  std::vector<float> grid = startHeights(spec, spec.seed);
  int n = startSide(spec);
  for (int level = 1; level <= run; ++level) {
    n *= 2;
    const RandomStream offsets(spec.seed, kOffsetStreamBase + static_cast<std::uint64_t>(level));
    const float amplitude = coastline_detail::offsetAmplitude(spec, level);
    std::vector<float> child(cellIndex(0, n, n));
    parallelFor(exec, 0, n, rowsPerChunk(n), [&](std::int64_t begin, std::int64_t end) {
      for (auto gy = static_cast<int>(begin); gy < end; ++gy) {
        refineHeightRow(grid.data(), n, gy, offsets, amplitude, child.data() + cellIndex(0, gy, n));
      }
    });
    grid = std::move(child);
  }
  Heightfield field;
  if (n == size) {  // every level ran: the finest grid is the map
    field.width = size;
    field.height = size;
    field.heights = std::move(grid);
    return field;
  }
  field = Heightfield(size, size);
  // Bilinear fill between the lattice points of the last level, wrapped.
  const int step = size / n;
  const int shift = std::countr_zero(static_cast<unsigned>(step));
  const int mask = n - 1;
  const float inverseStep = 1.0f / static_cast<float>(step);  // exact: a power of two
  parallelFor(exec, 0, size, rowsPerChunk(size), [&](std::int64_t begin, std::int64_t end) {
    for (auto y = static_cast<int>(begin); y < end; ++y) {
      const float fy = static_cast<float>(y & (step - 1)) * inverseStep;
      const float* top = grid.data() + cellIndex(0, y >> shift, n);
      const float* bottom = grid.data() + cellIndex(0, ((y >> shift) + 1) & mask, n);
      float* dst = &field.at(0, y);
      for (int x = 0; x < size; ++x) {
        const int i = x >> shift;
        const int j = (i + 1) & mask;
        const float fx = static_cast<float>(x & (step - 1)) * inverseStep;
        const float upper = top[i] + (top[j] - top[i]) * fx;
        const float lower = bottom[i] + (bottom[j] - bottom[i]) * fx;
        dst[x] = upper + (lower - upper) * fy;
      }
    }
  });
  return field;
}

}  // namespace

namespace coastline_detail {
namespace {

// The applet's start: (0,0), (size/2,0), (0,size/2) sea, (size/2,size/2)
// land. As grid cells: everything sea but (1,1).
bool appletLand(int gx, int gy) {
  return gx == 1 && gy == 1;
}

}  // namespace

int startSide(const CoastlineParams& params) {
  return params.start == CoastStart::Applet ? 2 : params.startCells;
}

std::vector<std::uint8_t> startClasses(const CoastlineParams& params, std::uint64_t seed) {
  const int s = startSide(params);
  const int classes = params.classes;
  std::vector<std::uint8_t> grid(cellIndex(0, s, s));
  const RandomStream draw(seed, kStartClassStream);
  for (int gy = 0; gy < s; ++gy) {
    for (int gx = 0; gx < s; ++gx) {
      const std::uint32_t c =
          params.start == CoastStart::Applet
              ? (appletLand(gx, gy) ? static_cast<std::uint32_t>(classes - 1) : 0U)
              : draw.below(
                    latticeIndex(static_cast<std::uint64_t>(gx), static_cast<std::uint64_t>(gy)),
                    static_cast<std::uint32_t>(classes));
      grid[cellIndex(gx, gy, s)] = static_cast<std::uint8_t>(c);
    }
  }
  return grid;
}

std::vector<float> startHeights(const CoastlineParams& params, std::uint64_t seed) {
  const int s = startSide(params);
  std::vector<float> grid(cellIndex(0, s, s));
  const RandomStream draw(seed, kStartHeightStream);
  for (int gy = 0; gy < s; ++gy) {
    for (int gx = 0; gx < s; ++gx) {
      grid[cellIndex(gx, gy, s)] =
          params.start == CoastStart::Applet
              ? (appletLand(gx, gy) ? 1.0f : 0.0f)
              : static_cast<float>(draw.uniform(
                    latticeIndex(static_cast<std::uint64_t>(gx), static_cast<std::uint64_t>(gy))));
    }
  }
  return grid;
}

float offsetAmplitude(const CoastlineParams& params, int level) {
  const double hurst = 1.0 - params.roughness;
  return static_cast<float>(portableExp2(-hurst * level));
}

}  // namespace coastline_detail

int coastlineLevels(const CoastlineParams& params) {
  const int start = startSide(params);
  if (params.size < start || start < 1) return 0;
  return std::countr_zero(static_cast<unsigned>(params.size)) -
         std::countr_zero(static_cast<unsigned>(start));
}

Heightfield generateCoastline(const CoastlineParams& params, std::uint64_t seed,
                              const RunControl& control) {
  CoastlineJob job;
  static_cast<CoastlineParams&>(job) = params;
  job.seed = seed;
  const int levels = coastlineLevels(params);
  const int run = std::clamp(params.iterations, 0, levels);
  control.checkpoint(0.0f);
  Heightfield field = params.mode == CoastMode::Classes
                          ? generateClasses(job, levels, run, control.exec)
                          : generateHeights(job, run, control.exec);
  field.wraps = true;
  control.checkpoint(1.0f);
  return field;
}

TileScale coastlineTileScale(const CoastlineParams& params, std::uint64_t seed) {
  if (params.mode == CoastMode::Classes) {
    return {0.0, 1.0, "class c of K is c / (K - 1), 0 to 1"};
  }
  // The coarse map's lattice is the world's (draws depend on the cell, not
  // the size). Each finer level's cell is a mean of cells of the level
  // before plus an offset of at most that level's amplitude, and the
  // bilinear fill of levels not run stays between lattice points: the
  // world lies in the coarse range widened by the finer amplitudes.
  constexpr int kCoarseSide = 256;
  const int run = std::clamp(params.iterations, 0, coastlineLevels(params));
  CoastlineParams coarse = params;
  coarse.size = std::min(params.size, kCoarseSide);
  coarse.iterations = std::min(run, coastlineLevels(coarse));
  const Heightfield map = generateCoastline(coarse, seed, RunControl{});
  const auto [low, high] = std::minmax_element(map.heights.begin(), map.heights.end());
  double finer = 0.0;
  for (int level = coarse.iterations + 1; level <= run; ++level) {
    finer += static_cast<double>(coastline_detail::offsetAmplitude(params, level));
  }
  double lowest = static_cast<double>(*low) - finer;
  double highest = static_cast<double>(*high) + finer;
  // Float sums stray from the exact ones by a few units in the last place
  // per level (at most 14 levels): well under 1e-5 of the largest magnitude.
  const double rounding =
      1e-6 + 1e-5 * (std::max(std::fabs(lowest), std::fabs(highest)) + (highest - lowest));
  lowest -= rounding;
  highest += rounding;
  return {lowest, highest, "a coarse map's range, widened by the finer levels' offset amplitudes"};
}

namespace {

constexpr std::string_view kModeNames[] = {"classes", "heights"};
constexpr std::string_view kStartNames[] = {"applet", "random"};

const ParamTable<CoastlineParams>& table() {
  static const ParamTable<CoastlineParams> rows({
      TERRAIN_BIND(CoastlineParams, size, sizeParam(4, kMaxMapSide - 1)),
      TERRAIN_BIND(CoastlineParams, roughness, kRoughnessParam),
      TERRAIN_BIND(CoastlineParams, iterations, kIterationsParam),
      TERRAIN_BIND(CoastlineParams, mode,
                   (ParamInfo{"mode", "Mode", "",
                              "classes: a tile map of sea and land classes, each cell "
                              "copying a random corner (the article); heights: corner mean "
                              "plus a random offset",
                              ParamType::Choice, 0, 1, kModeNames})),
      TERRAIN_BIND(CoastlineParams, classes,
                   (ParamInfo{"classes", "Terrain classes", "",
                              "How many kinds of ground: 2 = sea and land, up to 6 (deep "
                              "sea .. mountain)",
                              ParamType::Integer, 2, 6})),
      TERRAIN_BIND(CoastlineParams, start,
                   (ParamInfo{"start", "Start pattern", "",
                              "applet: the applet's 2x2 sea and land pattern; random: "
                              "random classes on a start grid",
                              ParamType::Choice, 0, 1, kStartNames})),
      TERRAIN_BIND(CoastlineParams, startCells,
                   (ParamInfo{"start-cells",
                              "Start grid",
                              "cells",
                              "Cells per side of the random start grid: more cells, more "
                              "and smaller islands (a power of two)",
                              ParamType::Integer,
                              2,
                              64,
                              {},
                              false,
                              false,
                              true})),
  });
  return rows;
}

int levels(const ParamValues& values) {
  return coastlineLevels(table().unpack(values));
}

double dynamicMax(std::size_t param, const ParamValues& values) {
  const auto key = table().infos()[param].key;
  if (key == "iterations") return levels(values);
  if (key == "start-cells") return std::min(64, table().unpack(values).size);
  return table().infos()[param].max;
}

std::string_view idleReason(std::size_t param, const ParamValues& values) {
  const CoastlineParams p = table().unpack(values);
  const auto key = table().infos()[param].key;
  if (key == "roughness" && p.mode == CoastMode::Classes) {
    return "Roughness shapes the heights mode; class maps copy corners";
  }
  if (key == "classes" && p.mode == CoastMode::Heights) return "Classes apply to the classes mode";
  if (key == "classes" && p.start == CoastStart::Applet) {
    return "The applet's start holds only sea and land, and cells copy their corners: "
           "more classes need the random start";
  }
  if (key == "start-cells" && p.start == CoastStart::Applet) {
    return "The applet's start pattern is always 2x2";
  }
  return {};
}

void checkRules(const ParamValues& values) {
  const CoastlineParams p = table().unpack(values);
  if (p.start == CoastStart::Random && p.startCells > p.size) {
    throw InputError("--start-cells: " + std::to_string(p.startCells) +
                     " must be no larger than --size " + std::to_string(p.size));
  }
}

// The applet's start holds only sea and land, and cells copy their corners.
bool seaAndLand(const ParamValues& values) {
  const CoastlineParams p = table().unpack(values);
  return p.mode == CoastMode::Classes && (p.classes == 2 || p.start == CoastStart::Applet);
}

Heightfield generateWindow(std::uint64_t seed, const ParamValues& values, const MapWindow& window,
                           const RunControl& control) {
  const CoastlineParams p = table().unpack(values);
  Heightfield field = generateCoastlineWindow(p, seed, window, control);
  const TileScale scale = coastlineTileScale(p, seed);
  mapRangeToUnit(field, scale.low, scale.high, control.exec);
  return field;
}

}  // namespace

const SourceStage& coastlineSource() {
  static const SourceStage node(
      {
          .key = "coastline",
          .title = "Fractal coastline",
          .help = "Islands and coastlines on a map that wraps around: each finer cell copies a "
                  "random corner of its square (article 002)",
          .params = table().schema(),
          .paramTable = &table(),
          .validate = checkRules,
          .dynamicMax = dynamicMax,
          .idleReason = idleReason,
      },
      {
          .generate = normalisedSource(table(), &generateCoastline),
          .sizeRule = SizeRule::PowerOfTwo,
          .minSize = 4,
          .maxSize = static_cast<int>(kMaxMapSide - 1),
          .levels = levels,
          .articlePreset =
              ArticlePreset{"002",
                            "128x128 torus, the applet's sea and land start "
                            "pattern, shown as the applet's flat tile map",
                            table().pack(CoastlineParams{}), 1, ViewKind::Map, 0.5, false},
          .defaultWater = 0.5,  // classes 0 (sea) and 1 (land) straddle it
          .classMap =
              [](const ParamValues& values) {
                return table().unpack(values).mode == CoastMode::Classes;
              },
          .seaAndLand = seaAndLand,
          .wraps = [](const ParamValues&) { return true; },  // always a torus
          .tileScale =
              [](std::uint64_t seed, const ParamValues& values) {
                return coastlineTileScale(table().unpack(values), seed);
              },
          .generateWindow = generateWindow,
      });
  return node;
}

}  // namespace terrain
