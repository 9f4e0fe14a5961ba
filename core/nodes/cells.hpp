#pragma once
// Helpers shared by the graph's own nodes: a cell loop in blocks with cancel
// checkpoints (every cell written once: the same bits on any thread count),
// a same-size check naming both inputs, a soft step for mask edges, a
// masked modifier's blend and where strokes land on a map.
#include <algorithm>
#include <cstdint>
#include <string>

#include "core/base/error.hpp"
#include "core/base/heightfield.hpp"
#include "core/graph/node_type.hpp"
#include "core/nodes/stage.hpp"
#include "core/strokes/strokes.hpp"

namespace terrain {

// fn(i) for every cell i of a map of `cells`, blocks of ~4M cells.
template <class Fn>
void forEachCell(std::size_t cells, const RunControl& control, const Fn& fn) {
  constexpr std::int64_t kBlock = std::int64_t{1} << 22;
  const auto count = static_cast<std::int64_t>(cells);
  control.checkpoint(0.0f);
  for (std::int64_t first = 0; first < count; first += kBlock) {
    const std::int64_t last = std::min(count, first + kBlock);
    parallelFor(control.exec, first, last, std::int64_t{1} << 15,
                [&](std::int64_t begin, std::int64_t end) {
                  for (std::int64_t i = begin; i < end; ++i) fn(static_cast<std::size_t>(i));
                });
    control.checkpoint(static_cast<float>(static_cast<double>(last) / static_cast<double>(count)));
  }
}

// Throws InputError "blend: 'a' is 513x513 and 'b' is 257x257; ..." unless
// both maps have one size.
inline void requireSameSize(std::string_view node, std::string_view nameA, const Heightfield& a,
                            std::string_view nameB, const Heightfield& b) {
  if (a.width == b.width && a.height == b.height) return;
  auto size = [](const Heightfield& f) {
    return std::to_string(f.width) + "x" + std::to_string(f.height);
  };
  throw InputError(std::string(node) + ": '" + std::string(nameA) + "' is " + size(a) + " and '" +
                   std::string(nameB) + "' is " + size(b) +
                   "; connect maps of one size (the sources' size parameter)");
}

// 0 below edge - soft, 1 above edge + soft, smooth between; a hard step at
// soft = 0 (x at the edge counts as above).
inline float softStep(float x, float edge, float soft) {
  if (soft <= 0.0f) return x >= edge ? 1.0f : 0.0f;
  const float t = std::clamp((x - (edge - soft)) / (2.0f * soft), 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

// A masked modifier's result: (1 - m) h + m r, exactly r where m = 1 and
// exactly h where m = 0.
inline void limitToMask(Heightfield& result, const Heightfield& input, const Heightfield& mask,
                        const RunControl& control) {
  float* out = result.heights.data();
  const float* in = input.heights.data();
  const float* m = mask.heights.data();
  parallelFor(control.exec, 0, static_cast<std::int64_t>(result.size()), std::int64_t{1} << 15,
              [&](std::int64_t begin, std::int64_t end) {
                for (std::int64_t i = begin; i < end; ++i) {
                  out[i] = (1.0f - m[i]) * in[i] + m[i] * out[i];
                }
              });
}

// Where a node's map lies in its world, for strokes placed in metres.
inline StrokeGrid strokeGrid(const NodeContext& context, const Heightfield& field) {
  return {
      field.width, field.height,       context.originX, context.originY, cellMetres(context, field),
      field.wraps, context.world.width};
}

}  // namespace terrain
