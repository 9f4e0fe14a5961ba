// Article 002 for a window of its world, for tiles (issue 9).
//
// Every choice is a pure function of (seed, level, grid cell) on the torus,
// and a cell of level l reads only the parent cells (x/2 .. x/2 + 1, y/2 ..
// y/2 + 1) of level l - 1, wrapped. So a window needs, at each level, only
// a patch of lattice cells: the next level's halved and grown by one cell
// on its far sides, down to the start grid. Patches are kept in unwrapped
// lattice coordinates (they may run past the torus's edges, repeating it);
// a cell's random draws are keyed by its wrapped coordinates, and its
// values are computed with exactly the expressions of coastline.cpp, so a
// window's bits are the whole map's (tests hold the two together).
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/base/random.hpp"
#include "core/nodes/sources/coastline.hpp"
#include "core/nodes/sources/coastline_lattice.hpp"
#include "core/nodes/sources/lattice_region.hpp"

namespace terrain {
namespace {

using coastline_detail::coinWord;
using coastline_detail::kCoinStreamBase;
using coastline_detail::kOffsetStreamBase;

// Lattice cells of one level, unwrapped (beyond the world they repeat it).
using Region = LatticeRegion;

// The parent cells a region's cells read: halved, one more on the far sides.
Region parentRegion(const Region& r) {
  return {r.x0 >> 1, r.y0 >> 1, (r.x1 >> 1) + 1, (r.y1 >> 1) + 1};
}

// A level's cells over a region, row-major.
template <typename T>
struct Patch {
  Region region;
  std::vector<T> values;

  explicit Patch(const Region& r)
      : region(r), values(static_cast<std::size_t>(r.width() * r.height())) {}

  // Row y's first cell, (region.x0, y).
  T* row(std::int64_t y) {
    return values.data() + static_cast<std::size_t>((y - region.y0) * region.width());
  }
  const T* row(std::int64_t y) const {
    return values.data() + static_cast<std::size_t>((y - region.y0) * region.width());
  }
};

// Rows per parallel task: at least ~16k cells.
std::int64_t rowsPerChunk(std::int64_t width) {
  return std::max<std::int64_t>(1, 16384 / std::max<std::int64_t>(1, width));
}

// The start grid (s x s, s a power of two) over an unwrapped region.
template <typename T>
Patch<T> startPatch(const std::vector<T>& start, int s, const Region& r) {
  Patch<T> patch(r);
  const std::int64_t mask = s - 1;
  for (std::int64_t y = r.y0; y <= r.y1; ++y) {
    T* out = patch.row(y);
    const std::size_t rowStart = static_cast<std::size_t>(y & mask) * static_cast<std::size_t>(s);
    for (std::int64_t x = r.x0; x <= r.x1; ++x) {
      out[x - r.x0] = start[rowStart + static_cast<std::size_t>(x & mask)];
    }
  }
  return patch;
}

// Classes: a cell copies the parent corner its coins choose (refineRowPair
// of coastline.cpp): an odd coordinate with a clear coin takes the next
// parent cell along that axis.
Patch<std::uint8_t> refineClasses(const Patch<std::uint8_t>& parent, const Region& target,
                                  int level, std::int64_t n, std::uint64_t seed,
                                  const Execution& exec) {
  const RandomStream coins(seed, kCoinStreamBase + static_cast<std::uint64_t>(level));
  Patch<std::uint8_t> out(target);
  const std::int64_t mask = n - 1;
  const std::int64_t px = parent.region.x0;
  parallelFor(exec, target.y0, target.y1 + 1, rowsPerChunk(target.width()),
              [&](std::int64_t begin, std::int64_t end) {
                for (std::int64_t y = begin; y < end; ++y) {
                  const auto gy = static_cast<int>(y & mask);
                  const std::uint8_t* near = parent.row(y >> 1);
                  const std::uint8_t* far = parent.row((y >> 1) + 1);
                  std::uint8_t* dst = out.row(y);
                  int group = -1;
                  std::uint64_t word = 0;
                  for (std::int64_t x = target.x0; x <= target.x1; ++x) {
                    const auto gx = static_cast<int>(x & mask);
                    if ((gx >> 5) != group) {
                      group = gx >> 5;
                      word = coinWord(coins, gx, gy);
                    }
                    const std::uint64_t bits = word >> (2 * (gx & 31));
                    const std::int64_t dx = (gx & 1) != 0 && (bits & 1U) == 0 ? 1 : 0;
                    const bool down = (gy & 1) != 0 && (bits & 2U) == 0;
                    dst[x - target.x0] = (down ? far : near)[(x >> 1) + dx - px];
                  }
                }
              });
  return out;
}

// Heights: the candidates' mean plus an offset (refineHeightRow of
// coastline.cpp, the same operands in the same order).
Patch<float> refineHeights(const Patch<float>& parent, const Region& target, int level,
                           std::int64_t n, const CoastlineParams& params, std::uint64_t seed,
                           const Execution& exec) {
  const RandomStream offsets(seed, kOffsetStreamBase + static_cast<std::uint64_t>(level));
  const float amplitude = coastline_detail::offsetAmplitude(params, level);
  Patch<float> out(target);
  const std::int64_t mask = n - 1;
  const std::int64_t px = parent.region.x0;
  parallelFor(exec, target.y0, target.y1 + 1, rowsPerChunk(target.width()),
              [&](std::int64_t begin, std::int64_t end) {
                for (std::int64_t y = begin; y < end; ++y) {
                  const std::int64_t gy = y & mask;
                  const float* near = parent.row(y >> 1);
                  const float* far = parent.row((y >> 1) + 1);
                  float* dst = out.row(y);
                  const auto offset = [&](std::int64_t gx) {
                    return amplitude *
                           offsets.signedUnit(latticeIndex(static_cast<std::uint64_t>(gx),
                                                           static_cast<std::uint64_t>(gy)));
                  };
                  for (std::int64_t x = target.x0; x <= target.x1; ++x) {
                    const std::int64_t gx = x & mask;
                    const std::int64_t i = (x >> 1) - px;
                    const std::int64_t j = i + 1;
                    float h = 0.0f;
                    if ((gy & 1) == 0) {
                      h = (gx & 1) == 0 ? near[i] : (near[i] + near[j]) * 0.5f + offset(gx);
                    } else if ((gx & 1) == 0) {
                      h = (near[i] + far[i]) * 0.5f + offset(gx);
                    } else {
                      h = ((near[i] + near[j]) + (far[i] + far[j])) * 0.25f + offset(gx);
                    }
                    dst[x - target.x0] = h;
                  }
                }
              });
  return out;
}

// The lattice of `run` levels over `target` (in that level's cells).
template <typename T, typename Start, typename Refine>
Patch<T> latticePatch(int s, int run, const Region& target, const RunControl& control, Start start,
                      Refine refine) {
  std::vector<Region> regions(static_cast<std::size_t>(run) + 1);
  regions[static_cast<std::size_t>(run)] = target;
  for (int level = run; level > 0; --level) {
    regions[static_cast<std::size_t>(level) - 1] =
        parentRegion(regions[static_cast<std::size_t>(level)]);
  }
  Patch<T> patch = startPatch(start(), s, regions[0]);
  for (int level = 1; level <= run; ++level) {
    control.checkpoint(static_cast<float>(level) / static_cast<float>(run + 1));
    const std::int64_t n = std::int64_t{s} << level;
    patch = refine(patch, regions[static_cast<std::size_t>(level)], level, n);
  }
  return patch;
}

}  // namespace

Heightfield generateCoastlineWindow(const CoastlineParams& params, std::uint64_t seed,
                                    const MapWindow& window, const RunControl& control) {
  const int s = coastline_detail::startSide(params);
  const int levels = coastlineLevels(params);
  const int run = std::clamp(params.iterations, 0, levels);
  const std::int64_t n = std::int64_t{s} << run;  // cells a side of the last level run
  const int shift = std::countr_zero(static_cast<std::uint64_t>(params.size / n));
  const std::int64_t step = std::int64_t{1} << shift;
  control.checkpoint(0.0f);
  // World samples, unwrapped: the lattice patch repeats the torus past its edges.
  const std::int64_t wx0 = window.x0;
  const std::int64_t wy0 = window.y0;
  const std::int64_t wx1 = window.x0 + window.width - 1;
  const std::int64_t wy1 = window.y0 + window.height - 1;
  // Bilinear fill reads the next lattice cell too.
  const std::int64_t far = params.mode == CoastMode::Heights && step > 1 ? 1 : 0;
  const Region target{wx0 >> shift, wy0 >> shift, (wx1 >> shift) + far, (wy1 >> shift) + far};
  Heightfield field(window.width, window.height);
  field.wraps = window == MapWindow{0, 0, params.size, params.size};
  const std::int64_t rowChunk = rowsPerChunk(window.width);

  if (params.mode == CoastMode::Classes) {
    std::array<float, 8> height{};  // class -> output height, class / (K-1)
    for (int c = 0; c < params.classes; ++c) {
      height[static_cast<std::size_t>(c)] =
          static_cast<float>(c) / static_cast<float>(params.classes - 1);
    }
    const Patch<std::uint8_t> lattice = latticePatch<std::uint8_t>(
        s, run, target, control, [&] { return coastline_detail::startClasses(params, seed); },
        [&](const Patch<std::uint8_t>& parent, const Region& r, int level, std::int64_t cells) {
          return refineClasses(parent, r, level, cells, seed, control.exec);
        });
    // Block fill (or, every level run, the cells themselves): the top-left
    // corner of each sample's lattice square.
    const std::int64_t px = lattice.region.x0;
    parallelFor(control.exec, 0, window.height, rowChunk,
                [&](std::int64_t begin, std::int64_t end) {
                  for (std::int64_t row = begin; row < end; ++row) {
                    const std::uint8_t* src = lattice.row((wy0 + row) >> shift);
                    float* dst = &field.at(0, static_cast<int>(row));
                    for (int column = 0; column < window.width; ++column) {
                      dst[column] = height[src[((wx0 + column) >> shift) - px]];
                    }
                  }
                });
    control.checkpoint(1.0f);
    return field;
  }

  const Patch<float> lattice = latticePatch<float>(
      s, run, target, control, [&] { return coastline_detail::startHeights(params, seed); },
      [&](const Patch<float>& parent, const Region& r, int level, std::int64_t cells) {
        return refineHeights(parent, r, level, cells, params, seed, control.exec);
      });
  const std::int64_t px = lattice.region.x0;
  if (step == 1) {  // every level ran: the lattice is the map
    parallelFor(control.exec, 0, window.height, rowChunk,
                [&](std::int64_t begin, std::int64_t end) {
                  for (std::int64_t row = begin; row < end; ++row) {
                    const float* src = lattice.row(wy0 + row) + (wx0 - px);
                    std::copy(src, src + window.width, &field.at(0, static_cast<int>(row)));
                  }
                });
    control.checkpoint(1.0f);
    return field;
  }
  // Bilinear fill between the lattice points of the last level, as the
  // whole map does it: along x on both rows, then between them along y.
  const float inverseStep = 1.0f / static_cast<float>(step);  // exact: a power of two
  parallelFor(control.exec, 0, window.height, rowChunk, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t row = begin; row < end; ++row) {
      const std::int64_t y = wy0 + row;
      const float fy = static_cast<float>(y & (step - 1)) * inverseStep;
      const float* top = lattice.row(y >> shift);
      const float* bottom = lattice.row((y >> shift) + 1);
      float* dst = &field.at(0, static_cast<int>(row));
      for (int column = 0; column < window.width; ++column) {
        const std::int64_t x = wx0 + column;
        const std::int64_t i = (x >> shift) - px;
        const std::int64_t j = i + 1;
        const float fx = static_cast<float>(x & (step - 1)) * inverseStep;
        const float upper = top[i] + (top[j] - top[i]) * fx;
        const float lower = bottom[i] + (bottom[j] - bottom[i]) * fx;
        dst[column] = upper + (lower - upper) * fy;
      }
    }
  });
  control.checkpoint(1.0f);
  return field;
}

}  // namespace terrain
