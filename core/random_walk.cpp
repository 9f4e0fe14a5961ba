// Article 000: a clamped integer random walk, one value per column, then
// smoothing.
//
// The walk is in the article's units (pixels): the first column uniform in
// [0, maxHeight), each next one the previous plus a uniform integer in
// [-stepHeight, stepHeight], clamped to [0, maxHeight]. Column i's random
// value is index i of one stream, so the walk is a pure function of the seed.
//
// Per column, as in the article, it is NOT resolution independent: twice the
// columns is a walk twice as long (and with Article smoothing, half as
// smooth), not the same landscape sampled finer. Scaled smoothing at least
// keeps the smoothing strength relative to the profile's width.
#include "core/random_walk.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "core/random.hpp"
#include "core/smoothing.hpp"

namespace terrain {
namespace {

constexpr std::int64_t kStepChunk = std::int64_t{1} << 15;

// The random steps are independent of each other: draw them in parallel.
// Column i's step (a whole number) goes to `*slot(i)`, for i in 1 .. size - 1.
// Returns column 0's height.
template <class Slot>
int drawSteps(const TerrainSpec& spec, const Execution& exec, Slot slot) {
  const auto& params = spec.randomWalk;
  const int stepHeight = params.stepHeight;
  const RandomStream stream(spec.seed, 0);
  const auto choices = static_cast<std::uint32_t>(2 * stepHeight + 1);
  parallelFor(exec, 1, spec.size, kStepChunk, [&](std::int64_t first, std::int64_t last) {
    for (std::int64_t i = first; i < last; ++i) {
      const auto step = static_cast<int>(stream.below(static_cast<std::uint64_t>(i), choices));
      *slot(i) = static_cast<float>(step - stepHeight);
    }
  });
  return static_cast<int>(stream.below(0, static_cast<std::uint32_t>(params.maxHeight)));
}

// The clamped prefix sum, inherently sequential: kept in int so the carried
// chain is an add and two integer min/max; the float conversions are off it.
// Each column's step is replaced by its height, in place.
template <class Slot>
void clampedWalk(int first, int ceiling, std::int64_t size, Slot slot) {
  int current = first;
  *slot(0) = static_cast<float>(current);
  for (std::int64_t i = 1; i < size; ++i) {
    float* cell = slot(i);
    current = std::clamp(current + static_cast<int>(*cell), 0, ceiling);
    *cell = static_cast<float>(current);
  }
}

// Article smoothing of whole numbers in float is exact while a sum of two
// heights is (below 2^24).
constexpr int kExactCeiling = 1 << 22;

}  // namespace

Heightfield RandomWalkGenerator::generate(const TerrainSpec& spec, const Execution& exec) const {
  Heightfield field(spec.size, 1);
  float* h = field.heights.data();
  const int ceiling = spec.randomWalk.maxHeight;
  const std::int64_t size = spec.size;
  if (spec.randomWalk.smoothingStyle == SmoothingStyle::Scaled) {
    const auto inPlace = [h](std::int64_t i) { return h + i; };
    clampedWalk(drawSteps(spec, exec, inPlace), ceiling, size, inPlace);
    smoothScaled(field, spec.smoothing, false, exec);
  } else if (ceiling < kExactCeiling) {
    // The walk split by parity for smoothArticlePassesSplit: even columns in
    // the field's first half, odd ones in `odd`.
    std::vector<float> odd(static_cast<std::size_t>(size / 2));
    float* o = odd.data();
    const auto split = [h, o](std::int64_t i) { return (i % 2 == 0 ? h : o) + i / 2; };
    clampedWalk(drawSteps(spec, exec, split), ceiling, size, split);
    smoothArticlePassesSplit(h, o, size, spec.smoothing);
    // Interleave in place from the top: column 2j and 2j + 1 lie at or above
    // j, where even[j] is read (through a block copy) before it is overwritten.
    if (size % 2 == 1) h[size - 1] = h[size / 2];
    constexpr std::int64_t kBlock = 256;
    std::array<float, kBlock> block{};
    for (std::int64_t end = size / 2; end > 0; end -= kBlock) {
      const std::int64_t begin = std::max<std::int64_t>(end - kBlock, 0);
      std::copy(h + begin, h + end, block.data());
      for (std::int64_t j = begin; j < end; ++j) {
        h[2 * j] = block[static_cast<std::size_t>(j - begin)];
        h[2 * j + 1] = o[j];
      }
    }
  } else {
    // Heights too large for exact float sums: the article's integer loop.
    std::vector<int> columns(static_cast<std::size_t>(size));
    const auto inPlace = [h](std::int64_t i) { return h + i; };
    clampedWalk(drawSteps(spec, exec, inPlace), ceiling, size, inPlace);
    std::transform(h, h + size, columns.begin(), [](float v) { return static_cast<int>(v); });
    smoothArticlePasses(columns, spec.smoothing);
    std::transform(columns.begin(), columns.end(), h, [](int v) { return static_cast<float>(v); });
  }
  return field;
}

}  // namespace terrain
