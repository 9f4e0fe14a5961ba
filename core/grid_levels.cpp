#include "core/grid_levels.hpp"

#include <algorithm>
#include <array>
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

// One fine line from one coarse line of n samples (n >= 2).
void upsampleLine(const float* coarse, std::ptrdiff_t coarseStep, int n, int stride, bool wraps,
                  float* fine, std::ptrdiff_t fineStep, int fineCount) {
  for (int i = 0; i < fineCount; ++i) {
    const int c = i / stride;
    const int phase = i % stride;
    if (phase == 0) {
      fine[i * fineStep] = static_cast<float>(tap(coarse, coarseStep, n, wraps, c));
      continue;
    }
    const std::array<double, 4> w =
        catmullRom(static_cast<double>(phase) / static_cast<double>(stride));
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

std::vector<float> upsampleCubic(const std::vector<float>& coarse, int coarseWidth,
                                 int coarseHeight, int stride, int width, int height, bool wraps,
                                 const Execution& exec) {
  // Along x for every coarse row, then along y for every column.
  std::vector<float> rows(static_cast<std::size_t>(width) * static_cast<std::size_t>(coarseHeight));
  parallelFor(exec, 0, coarseHeight, 16, [&](std::int64_t first, std::int64_t last) {
    for (std::int64_t y = first; y < last; ++y) {
      upsampleLine(coarse.data() + y * coarseWidth, 1, coarseWidth, stride, wraps,
                   rows.data() + y * width, 1, width);
    }
  });
  std::vector<float> out(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  parallelFor(exec, 0, width, 64, [&](std::int64_t first, std::int64_t last) {
    for (std::int64_t x = first; x < last; ++x) {
      upsampleLine(rows.data() + x, width, coarseHeight, stride, wraps, out.data() + x, width,
                   height);
    }
  });
  return out;
}

}  // namespace terrain
