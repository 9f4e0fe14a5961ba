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
#include "core/nodes/sources/random_walk.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/random.hpp"
#include "core/nodes/modifiers/smoothing.hpp"

namespace terrain {
namespace {

constexpr std::int64_t kStepChunk = std::int64_t{1} << 15;

// The walk, into `*slot(i)` for column i. The clamped prefix sum is
// sequential, but a clamped walk forgets where it started: two walks on the
// same steps that meet stay together. So each chunk of columns draws its
// steps and walks them in parallel from a guessed start (0); then, chunk by
// chunk, the true walk is redone from the previous chunk's last height only
// until it meets the guessed one (usually within a few thousand columns;
// at worst the whole chunk). The heights are exact integers either way, so
// nothing depends on the chunking or the threads. Heights are held in float,
// exact below 2^24 (validate() caps the ceiling far lower).
template <class Slot>
void walk(const RandomWalkParams& params, std::uint64_t seed, const Execution& exec, Slot slot) {
  const int stepHeight = params.stepHeight;
  const int ceiling = params.maxHeight;
  const std::int64_t size = params.size;
  const RandomStream stream(seed, 0);
  const auto choices = static_cast<std::uint32_t>(2 * stepHeight + 1);
  const auto step = [&](std::int64_t i) {
    return static_cast<int>(stream.below(static_cast<std::uint64_t>(i), choices)) - stepHeight;
  };
  // Kept in int so the carried chain is an add and two integer min/max.
  const auto walkFrom = [&](int height, std::int64_t first, std::int64_t last) {
    for (std::int64_t i = first; i < last; ++i) {
      height = std::clamp(height + step(i), 0, ceiling);
      *slot(i) = static_cast<float>(height);
    }
  };
  const int start = static_cast<int>(stream.below(0, static_cast<std::uint32_t>(ceiling)));
  *slot(0) = static_cast<float>(start);
  const std::int64_t chunks = (size - 1 + kStepChunk - 1) / kStepChunk;
  const auto chunkBegin = [&](std::int64_t c) { return std::min(size, 1 + c * kStepChunk); };
  parallelFor(exec, 0, chunks, 1, [&](std::int64_t first, std::int64_t last) {
    for (std::int64_t c = first; c < last; ++c) {
      walkFrom(c == 0 ? start : 0, chunkBegin(c), chunkBegin(c + 1));
    }
  });
  for (std::int64_t c = 1; c < chunks; ++c) {
    const std::int64_t end = chunkBegin(c + 1);
    auto height = static_cast<int>(*slot(chunkBegin(c) - 1));
    for (std::int64_t i = chunkBegin(c); i < end; ++i) {
      height = std::clamp(height + step(i), 0, ceiling);
      float* cell = slot(i);
      if (static_cast<int>(*cell) == height) break;  // met: the rest is right
      *cell = static_cast<float>(height);
    }
  }
}

// Article smoothing of whole numbers in float is exact while a sum of two
// heights is (below 2^24).
constexpr int kExactCeiling = 1 << 22;

}  // namespace

Heightfield generateRandomWalk(const RandomWalkParams& params, std::uint64_t seed,
                               const RunControl& control) {
  const Execution& exec = control.exec;
  Heightfield field(params.size, 1);
  float* h = field.heights.data();
  const int ceiling = params.maxHeight;
  const std::int64_t size = params.size;
  const int passes = params.articlePasses;
  if (passes == 0) {
    walk(params, seed, exec, [h](std::int64_t i) { return h + i; });
  } else if (ceiling < kExactCeiling) {
    // The walk split by parity for smoothArticlePassesSplit: even columns in
    // the field's first half, odd ones in `odd`.
    std::vector<float> odd(static_cast<std::size_t>(size / 2));
    float* o = odd.data();
    const auto split = [h, o](std::int64_t i) { return (i % 2 == 0 ? h : o) + i / 2; };
    walk(params, seed, exec, split);
    smoothArticlePassesSplit(h, o, size, passes);
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
    // Heights too large for exact float sums (never after validate()): the
    // article's integer loop.
    std::vector<int> columns(static_cast<std::size_t>(size));
    walk(params, seed, exec, [h](std::int64_t i) { return h + i; });
    std::transform(h, h + size, columns.begin(), [](float v) { return static_cast<int>(v); });
    smoothArticlePasses(columns, passes);
    std::transform(columns.begin(), columns.end(), h, [](int v) { return static_cast<float>(v); });
  }
  control.checkpoint(1.0f);
  return field;
}

namespace {

const ParamTable<RandomWalkParams>& table() {
  static const ParamTable<RandomWalkParams> rows({
      TERRAIN_BIND(RandomWalkParams, size, sizeParam(2, kMaxProfileLength)),
      TERRAIN_BIND(RandomWalkParams, maxHeight,
                   (ParamInfo{"max-height",
                              "Max height",
                              "px",
                              "Ceiling of the walk; the floor is 0 (article: screen "
                              "height / 2)",
                              ParamType::Integer,
                              1,
                              1000000,
                              {},
                              true})),
      TERRAIN_BIND(RandomWalkParams, stepHeight,
                   (ParamInfo{"step-height",
                              "Step height",
                              "px",
                              "How steep it can get: the largest rise or fall from one "
                              "column to the next",
                              ParamType::Integer,
                              0,
                              1000000,
                              {},
                              true})),
      TERRAIN_BIND(RandomWalkParams, articlePasses,
                   (ParamInfo{"article-passes", "Article passes", "passes",
                              "The article's own in-place integer smoothing, run on the "
                              "walk (0 = none; the smooth stage is the usual way)",
                              ParamType::Integer, 0, 200})),
  });
  return rows;
}

ArticlePreset article() {
  RandomWalkParams p;
  p.articlePasses = 10;
  return {"000",
          "640 columns, max height 300, step 6, 10 in-place integer smoothing passes, drawn as "
          "a side view",
          table().pack(p),
          1,
          ViewKind::Side,
          0.0,
          false};
}

void checkRules(const ParamValues& values) {
  const RandomWalkParams p = table().unpack(values);
  if (p.stepHeight > p.maxHeight) {
    throw InputError("--step-height: " + std::to_string(p.stepHeight) +
                     " is larger than --max-height " + std::to_string(p.maxHeight));
  }
}

}  // namespace

const SourceStage& randomWalkSource() {
  static const SourceStage node(
      {
          .key = "random-walk",
          .title = "Random walk",
          .help = "A 2D skyline from a random walk: each column rises or falls a little from "
                  "the last (article 000)",
          .params = table().schema(),
          .paramTable = &table(),
          .validate = checkRules,
      },
      {
          .generate = normalisedSource(table(), &generateRandomWalk),
          .profile = true,
          .maxSize = static_cast<int>(kMaxProfileLength),
          .articlePreset = article(),
          .defaultWater = 0.25,
          // Jagged column to column: the usual start smooths the walk and
          // stretches it back to the full height range, as the explorer
          // always showed it.
          .defaultModifiers = {"smooth", "normalise"},
      });
  return node;
}

}  // namespace terrain
