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

std::vector<int> walkColumns(const TerrainSpec& spec, const Execution& exec) {
  const auto& params = spec.randomWalk;
  const int ceiling = params.maxHeight;
  const int stepHeight = params.stepHeight;
  const RandomStream stream(spec.seed, 0);
  std::vector<int> h(static_cast<std::size_t>(spec.size));

  // The random steps are independent of each other: draw them in parallel...
  const auto choices = static_cast<std::uint32_t>(2 * stepHeight + 1);
  parallelFor(exec, 1, spec.size, kStepChunk, [&](std::int64_t first, std::int64_t last) {
    for (std::int64_t i = first; i < last; ++i) {
      h[static_cast<std::size_t>(i)] =
          static_cast<int>(stream.below(static_cast<std::uint64_t>(i), choices)) - stepHeight;
    }
  });
  // ...then the clamped prefix sum, which is inherently sequential.
  int current = static_cast<int>(stream.below(0, static_cast<std::uint32_t>(ceiling)));
  h[0] = current;
  for (std::size_t i = 1; i < h.size(); ++i) {
    current = std::clamp(current + h[i], 0, ceiling);
    h[i] = current;
  }
  return h;
}

}  // namespace

Heightfield RandomWalkGenerator::generate(const TerrainSpec& spec, const Execution& exec) const {
  std::vector<int> columns = walkColumns(spec, exec);
  const bool article = spec.randomWalk.smoothingStyle == SmoothingStyle::Article;
  if (article) smoothArticlePasses(columns, spec.smoothing);

  Heightfield field(spec.size, 1);
  std::transform(columns.begin(), columns.end(), field.heights.begin(),
                 [](int v) { return static_cast<float>(v); });  // exact: |v| <= 10^6
  if (!article && spec.smoothing > 0) smoothScaled(field, spec.smoothing, false, exec);
  return field;
}

}  // namespace terrain
