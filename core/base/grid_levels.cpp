#include "core/base/grid_levels.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

namespace terrain {
namespace {

// Cells across an axis: a torus has as many cells as samples.
int cellsOf(int samples, bool wraps) {
  return wraps ? samples : samples - 1;
}

// The Catmull-Rom weights of taps c - 1 .. c + 2 at fraction t of a cell.
std::array<double, 4> catmullRom(double t) {
  const double t2 = t * t;
  const double t3 = t2 * t;
  return {(-t3 + 2.0 * t2 - t) / 2.0, (3.0 * t3 - 5.0 * t2 + 2.0) / 2.0,
          (-3.0 * t3 + 4.0 * t2 + t) / 2.0, (t3 - t2) / 2.0};
}

// Sample k of a line of n coarse samples read at offset `at` (which may
// lie one or two beyond either end): wrapped on a torus, else continued
// along the line through the last two samples.
double tap(const float* line, std::ptrdiff_t step, int n, bool wraps, int at) {
  const auto read = [&](int k) { return static_cast<double>(line[k * step]); };
  if (wraps) return read(((at % n) + n) % n);
  if (at < 0) return read(0) + static_cast<double>(-at) * (read(0) - read(1));
  if (at > n - 1)
    return read(n - 1) + static_cast<double>(at - n + 1) * (read(n - 1) - read(n - 2));
  return read(at);
}

// Coarse cells per fine cells along a line: 1 / stride for a stride's
// grid, 256 / 1008 for an Unreal 1009's.
struct Ratio {
  std::int64_t coarseCells = 1;
  std::int64_t fineCells = 1;
};

// One fine line from one coarse line of n samples (n >= 2). Fine sample i
// lies i * coarseCells / fineCells coarse cells along, computed with
// integers so a stride's grid gives phase / stride exactly.
void upsampleLine(const float* coarse, std::ptrdiff_t coarseStep, int n, Ratio ratio, bool wraps,
                  float* fine, std::ptrdiff_t fineStep, int fineCount) {
  for (int i = 0; i < fineCount; ++i) {
    const std::int64_t along = static_cast<std::int64_t>(i) * ratio.coarseCells;
    const auto c = static_cast<int>(along / ratio.fineCells);
    const std::int64_t phase = along % ratio.fineCells;
    if (phase == 0) {
      fine[i * fineStep] = static_cast<float>(tap(coarse, coarseStep, n, wraps, c));
      continue;
    }
    const std::array<double, 4> w =
        catmullRom(static_cast<double>(phase) / static_cast<double>(ratio.fineCells));
    double sum = 0.0;
    for (int k = 0; k < 4; ++k) {
      sum += w[static_cast<std::size_t>(k)] * tap(coarse, coarseStep, n, wraps, c - 1 + k);
    }
    fine[i * fineStep] = static_cast<float>(sum);
  }
}

}  // namespace

int coarseStride(int width, int height, bool wraps, int solveSize) {
  if (solveSize <= 0 || height < 2) return 1;
  const int wantedCells = std::max(1, solveSize - 1);
  int stride = 1;
  for (;;) {
    const int next = stride * 2;
    const int cellsX = cellsOf(width, wraps);
    const int cellsY = cellsOf(height, wraps);
    if (cellsX % next != 0 || cellsY % next != 0) break;
    if (std::min(cellsX, cellsY) / next < wantedCells) break;
    stride = next;
  }
  return stride;
}

Heightfield everyStride(const Heightfield& field, int stride) {
  Heightfield out(cellsOf(field.width, field.wraps) / stride + (field.wraps ? 0 : 1),
                  cellsOf(field.height, field.wraps) / stride + (field.wraps ? 0 : 1));
  out.wraps = field.wraps;
  for (int y = 0; y < out.height; ++y) {
    for (int x = 0; x < out.width; ++x) out.at(x, y) = field.at(x * stride, y * stride);
  }
  return out;
}

Heightfield widestEveryStride(const Heightfield& field, int stride) {
  Heightfield out = everyStride(field, stride);
  const int half = stride / 2;
  const auto wrapped = [&](int v, int n) { return ((v % n) + n) % n; };
  for (int y = 0; y < out.height; ++y) {
    for (int x = 0; x < out.width; ++x) {
      float highest = out.at(x, y);
      for (int v = y * stride - half; v <= y * stride + half; ++v) {
        for (int u = x * stride - half; u <= x * stride + half; ++u) {
          const bool inside = u >= 0 && v >= 0 && u < field.width && v < field.height;
          if (!field.wraps && !inside) continue;
          highest = std::max(highest, field.at(wrapped(u, field.width), wrapped(v, field.height)));
        }
      }
      out.at(x, y) = highest;
    }
  }
  return out;
}

namespace {

std::vector<float> upsampleBy(const std::vector<float>& coarse, int coarseWidth, int coarseHeight,
                              Ratio alongX, Ratio alongY, int width, int height, bool wraps,
                              const Execution& exec) {
  // Along x for every coarse row, then along y for every column.
  std::vector<float> rows(static_cast<std::size_t>(width) * static_cast<std::size_t>(coarseHeight));
  parallelFor(exec, 0, coarseHeight, 16, [&](std::int64_t first, std::int64_t last) {
    for (std::int64_t y = first; y < last; ++y) {
      upsampleLine(coarse.data() + y * coarseWidth, 1, coarseWidth, alongX, wraps,
                   rows.data() + y * width, 1, width);
    }
  });
  std::vector<float> out(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  parallelFor(exec, 0, width, 64, [&](std::int64_t first, std::int64_t last) {
    for (std::int64_t x = first; x < last; ++x) {
      upsampleLine(rows.data() + x, width, coarseHeight, alongY, wraps, out.data() + x, width,
                   height);
    }
  });
  return out;
}

}  // namespace

std::vector<float> upsampleCubic(const std::vector<float>& coarse, int coarseWidth,
                                 int coarseHeight, int stride, int width, int height, bool wraps,
                                 const Execution& exec) {
  return upsampleBy(coarse, coarseWidth, coarseHeight, {1, stride}, {1, stride}, width, height,
                    wraps, exec);
}

std::vector<float> upsampleCubic(const std::vector<float>& coarse, const SolveGrid& grid, int width,
                                 int height, bool wraps, const Execution& exec) {
  if (!grid.resampled) {
    return upsampleCubic(coarse, grid.width, grid.height, grid.stride, width, height, wraps, exec);
  }
  const Ratio alongX{cellsOf(grid.width, wraps), cellsOf(width, wraps)};
  const Ratio alongY{cellsOf(grid.height, wraps), cellsOf(height, wraps)};
  return upsampleBy(coarse, grid.width, grid.height, alongX, alongY, width, height, wraps, exec);
}

SolveGrid solveGridOf(int width, int height, bool wraps, int solveSize) {
  if (solveSize <= 0 || height < 2) return {};
  const int stride = coarseStride(width, height, wraps, solveSize);
  const int wantedCells = std::max(1, solveSize - 1);
  const int cellsX = cellsOf(width, wraps);
  const int cellsY = cellsOf(height, wraps);
  const int sides = wraps ? 0 : 1;
  if (width == height && cellsX > wantedCells && cellsX / stride != wantedCells) {
    return {1, wantedCells + sides, wantedCells + sides, true};
  }
  if (stride == 1) return {};
  return {stride, cellsX / stride + sides, cellsY / stride + sides, false};
}

Heightfield sampleOnGrid(const Heightfield& field, const SolveGrid& grid, bool widest) {
  if (!grid.resampled) {
    return widest ? widestEveryStride(field, grid.stride) : everyStride(field, grid.stride);
  }
  Heightfield out(grid.width, grid.height);
  out.wraps = field.wraps;
  const auto wrapped = [](int v, int n) { return ((v % n) + n) % n; };
  const auto read = [&](int x, int y) {
    if (field.wraps) return field.at(wrapped(x, field.width), wrapped(y, field.height));
    return field.at(std::clamp(x, 0, field.width - 1), std::clamp(y, 0, field.height - 1));
  };
  const double perX = static_cast<double>(cellsOf(field.width, field.wraps)) /
                      static_cast<double>(cellsOf(grid.width, field.wraps));
  const double perY = static_cast<double>(cellsOf(field.height, field.wraps)) /
                      static_cast<double>(cellsOf(grid.height, field.wraps));
  const int half = static_cast<int>(std::ceil(std::max(perX, perY) / 2.0));
  for (int y = 0; y < out.height; ++y) {
    const double fy = y * perY;
    const int y0 = static_cast<int>(std::floor(fy));
    const auto ty = static_cast<float>(fy - y0);
    for (int x = 0; x < out.width; ++x) {
      const double fx = x * perX;
      const int x0 = static_cast<int>(std::floor(fx));
      const auto tx = static_cast<float>(fx - x0);
      const float top = read(x0, y0) + (read(x0 + 1, y0) - read(x0, y0)) * tx;
      const float bottom = read(x0, y0 + 1) + (read(x0 + 1, y0 + 1) - read(x0, y0 + 1)) * tx;
      float value = top + (bottom - top) * ty;
      // A drawn line thinner than a grid cell (a river) is not lost.
      if (widest) {
        const int cx = static_cast<int>(std::lround(fx));
        const int cy = static_cast<int>(std::lround(fy));
        for (int v = cy - half; v <= cy + half; ++v) {
          for (int u = cx - half; u <= cx + half; ++u) {
            const bool inside = u >= 0 && v >= 0 && u < field.width && v < field.height;
            if (field.wraps || inside) value = std::max(value, read(u, v));
          }
        }
      }
      out.at(x, y) = value;
    }
  }
  return out;
}

}  // namespace terrain
