#pragma once
// A 1D filter run along every row and then every column of a map: how the
// blur and grow/shrink masks stay O(1) per cell whatever their radius. Each
// line is read into a buffer, filtered and written back, lines in parallel:
// the same bits on every thread count.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/parallel.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {

// filter(in, out, n) with in and out n floats each, out to be written.
template <class Filter>
void filterRowsThenColumns(Heightfield& field, const RunControl& control, const Filter& filter) {
  const int w = field.width;
  const int h = field.height;
  float* cells = field.heights.data();
  auto pass = [&](int lines, int length, auto index) {
    parallelFor(control.exec, 0, lines, 16, [&](std::int64_t begin, std::int64_t end) {
      std::vector<float> in(static_cast<std::size_t>(length));
      std::vector<float> out(in.size());
      for (std::int64_t line = begin; line < end; ++line) {
        for (int i = 0; i < length; ++i) in[static_cast<std::size_t>(i)] = cells[index(line, i)];
        filter(in.data(), out.data(), length);
        for (int i = 0; i < length; ++i) cells[index(line, i)] = out[static_cast<std::size_t>(i)];
      }
    });
  };
  control.checkpoint(0.0f);
  pass(h, w, [w](std::int64_t row, int x) { return static_cast<std::size_t>(row * w + x); });
  control.checkpoint(0.5f);
  pass(w, h, [w](std::int64_t column, int y) {
    return static_cast<std::size_t>(std::int64_t{y} * w + column);
  });
  control.checkpoint(1.0f);
}

// Index i of a line of n cells, clamped to its ends or wrapped around.
inline int lineIndex(int i, int n, bool wraps) {
  if (wraps) return ((i % n) + n) % n;
  return std::clamp(i, 0, n - 1);
}

}  // namespace terrain
