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
#include <cstdint>
#include <vector>

#include "core/random.hpp"
#include "core/smoothing.hpp"

namespace terrain {
namespace {

constexpr std::int64_t kStepChunk = std::int64_t{1} << 15;

// The walk into `h` (int for the article's integer smoothing, float
// otherwise: every value is a whole number below 2^21, exact in both).
template <class T>
void walk(T* h, const TerrainSpec& spec, const Execution& exec) {
  const auto& params = spec.randomWalk;
  const T ceiling = static_cast<T>(params.maxHeight);
  const int stepHeight = params.stepHeight;
  const RandomStream stream(spec.seed, 0);

  // The random steps are independent of each other: draw them in parallel...
  const auto choices = static_cast<std::uint32_t>(2 * stepHeight + 1);
  parallelFor(exec, 1, spec.size, kStepChunk, [&](std::int64_t first, std::int64_t last) {
    for (std::int64_t i = first; i < last; ++i) {
      const auto step = static_cast<int>(stream.below(static_cast<std::uint64_t>(i), choices));
      h[i] = static_cast<T>(step - stepHeight);
    }
  });
  // ...then the clamped prefix sum, which is inherently sequential.
  T current = static_cast<T>(stream.below(0, static_cast<std::uint32_t>(params.maxHeight)));
  h[0] = current;
  for (std::int64_t i = 1; i < spec.size; ++i) {
    current = std::clamp(static_cast<T>(current + h[i]), T{0}, ceiling);
    h[i] = current;
  }
}

}  // namespace

Heightfield RandomWalkGenerator::generate(const TerrainSpec& spec, const Execution& exec) const {
  Heightfield field(spec.size, 1);
  if (spec.randomWalk.smoothingStyle == SmoothingStyle::Article) {
    std::vector<int> columns(static_cast<std::size_t>(spec.size));
    walk(columns.data(), spec, exec);
    smoothArticlePasses(columns, spec.smoothing);
    std::transform(columns.begin(), columns.end(), field.heights.begin(),
                   [](int v) { return static_cast<float>(v); });
  } else {
    walk(field.heights.data(), spec, exec);
    smoothScaled(field, spec.smoothing, false, exec);
  }
  return field;
}

}  // namespace terrain
