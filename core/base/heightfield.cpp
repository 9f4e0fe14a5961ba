#include "core/base/heightfield.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <mutex>
#include <utility>

namespace terrain {
namespace {

struct Range {
  float low = std::numeric_limits<float>::infinity();
  float high = -std::numeric_limits<float>::infinity();
};

// Eight independent lanes so the compiler can keep them in one SIMD
// register (a single running min/max is a serial dependency chain).
Range rangeOf(const float* data, std::size_t count) {
  constexpr std::size_t kLanes = 8;
  std::array<float, kLanes> low;
  std::array<float, kLanes> high;
  low.fill(std::numeric_limits<float>::infinity());
  high.fill(-std::numeric_limits<float>::infinity());
  std::size_t i = 0;
  for (; i + kLanes <= count; i += kLanes) {
    for (std::size_t lane = 0; lane < kLanes; ++lane) {
      const float v = data[i + lane];
      low[lane] = v < low[lane] ? v : low[lane];
      high[lane] = v > high[lane] ? v : high[lane];
    }
  }
  Range r;
  for (; i < count; ++i) {
    r.low = std::min(r.low, data[i]);
    r.high = std::max(r.high, data[i]);
  }
  for (std::size_t lane = 0; lane < kLanes; ++lane) {
    r.low = std::min(r.low, low[lane]);
    r.high = std::max(r.high, high[lane]);
  }
  return r;
}

constexpr std::int64_t kMinChunk = 1 << 16;
constexpr std::int64_t kCancelBlock = 1 << 20;  // cells between looks at the cancel flag (~1 ms)

}  // namespace

namespace {

void addCells(std::vector<float>& total, std::vector<float>&& more) {
  if (more.empty()) return;
  if (total.empty()) {
    total = std::move(more);
    return;
  }
  for (std::size_t i = 0; i < total.size(); ++i) total[i] += more[i];
}

}  // namespace

void addErosion(Heightfield& field, ErosionMaps stage) {
  ErosionMaps merged = field.erosion ? *field.erosion : ErosionMaps{};
  if (!stage.flow.empty()) merged.flow = std::move(stage.flow);
  addCells(merged.wear, std::move(stage.wear));
  addCells(merged.deposition, std::move(stage.deposition));
  field.erosion = std::make_shared<const ErosionMaps>(std::move(merged));
}

HeightStats computeStats(const Heightfield& field) {
  HeightStats stats;
  if (field.heights.empty()) return stats;
  const Range r = rangeOf(field.heights.data(), field.heights.size());
  stats.min = r.low;
  stats.max = r.high;
  double sum = 0.0;
  for (float h : field.heights) sum += static_cast<double>(h);
  stats.mean = sum / static_cast<double>(field.heights.size());
  return stats;
}

void normalise(Heightfield& field, const Execution& exec) {
  normaliseUnlessCancelled(field, exec, nullptr);
}

bool normaliseUnlessCancelled(Heightfield& field, const Execution& exec,
                              const CancelToken* cancel) {
  if (field.heights.empty()) return true;
  float* data = field.heights.data();
  const auto count = static_cast<std::int64_t>(field.heights.size());
  const auto cancelled = [cancel] { return terrain::cancelled(cancel); };
  // Each task works through its chunk in blocks, looking at the flag
  // between them; the blocks change no result (min and max are exact, the
  // rescale is per cell).
  const auto inBlocks = [&](std::int64_t first, std::int64_t last, auto&& block) {
    for (std::int64_t b = first; b < last && !cancelled(); b += kCancelBlock) {
      block(b, std::min(last, b + kCancelBlock));
    }
  };

  // Min and max are exact whatever the chunking, so any thread count agrees.
  Range range;
  std::mutex merge;
  parallelFor(exec, 0, count, kMinChunk, [&](std::int64_t first, std::int64_t last) {
    Range part;
    inBlocks(first, last, [&](std::int64_t b0, std::int64_t b1) {
      const Range r = rangeOf(data + b0, static_cast<std::size_t>(b1 - b0));
      part.low = std::min(part.low, r.low);
      part.high = std::max(part.high, r.high);
    });
    std::lock_guard lock(merge);
    range.low = std::min(range.low, part.low);
    range.high = std::max(range.high, part.high);
  });
  if (cancelled()) return false;

  const float low = range.low;
  const float span = range.high - range.low;
  if (!(span > 0.0f)) {
    std::fill(field.heights.begin(), field.heights.end(), 0.5f);
    return true;
  }
  // Division, not a multiply by 1/span: the maximum then lands on exactly 1.
  parallelFor(exec, 0, count, kMinChunk, [&](std::int64_t first, std::int64_t last) {
    inBlocks(first, last, [&](std::int64_t b0, std::int64_t b1) {
      for (std::int64_t i = b0; i < b1; ++i) data[i] = (data[i] - low) / span;
    });
  });
  return !cancelled();
}

void mapRangeToUnit(Heightfield& field, double low, double high, const Execution& exec) {
  const auto from = static_cast<float>(low);
  const auto span = static_cast<float>(high - low);
  float* heights = field.heights.data();
  parallelFor(exec, 0, static_cast<std::int64_t>(field.size()), std::int64_t{1} << 15,
              [&](std::int64_t begin, std::int64_t end) {
                for (std::int64_t i = begin; i < end; ++i) heights[i] = (heights[i] - from) / span;
              });
}

}  // namespace terrain
