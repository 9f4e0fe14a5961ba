#pragma once
// The loop shared by modifiers that map each height on its own (curve,
// terrace, clamp): blocks of cells in order, each block split over the
// threads, a cancel checkpoint between blocks. Every cell is written once
// from its own old value, so the bits never depend on the thread count.
#include <algorithm>
#include <cstdint>

#include "core/base/heightfield.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {

// fn: float -> float, pure. ~4M cells per block keeps a cancel under ~10 ms.
template <class Fn>
void mapHeights(Heightfield& field, const RunControl& control, const Fn& fn) {
  constexpr std::int64_t kBlock = std::int64_t{1} << 22;
  constexpr std::int64_t kChunk = std::int64_t{1} << 15;
  const auto cells = static_cast<std::int64_t>(field.size());
  float* heights = field.heights.data();
  control.checkpoint(0.0f);
  for (std::int64_t first = 0; first < cells; first += kBlock) {
    const std::int64_t last = std::min(cells, first + kBlock);
    parallelFor(control.exec, first, last, kChunk, [&](std::int64_t begin, std::int64_t end) {
      for (std::int64_t i = begin; i < end; ++i) heights[i] = fn(heights[i]);
    });
    control.checkpoint(static_cast<float>(static_cast<double>(last) / static_cast<double>(cells)));
  }
  control.checkpoint(1.0f);
}

}  // namespace terrain
