// Article 001: 1D midpoint displacement, in linear time.
//
// The profile has n = 2^k + 1 points. Level l (1..k) inserts the points at
// odd multiples of 2^(k-l): the mean of the two neighbours one step away plus
// an offset uniform in [-A_l, A_l), A_l = 2^(-H (l - 1)), H = 1 - roughness.
// (The article's "Roughness" is this H; its Max starts at 1.0 and shrinks by
// 2^-Roughness per iteration.)
//
// The offset of the j-th new point of level l is drawn from stream l at index
// j, whatever the size. So a profile of 2^(k+1) + 1 points holds the 2^k + 1
// profile of the same seed at its even indices (resolution independence), and
// raising the iterations only adds finer levels (progressive refinement).
// Levels beyond the iterations are filled by linear interpolation, which is
// how the article draws its early iterations.
#include "core/nodes/sources/midpoint.hpp"
#include "core/base/portable_math.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "core/base/random.hpp"

namespace terrain {
namespace {

// The finest levels are run block by block (2^kBlockLevels intervals each, a
// few KiB) so they stay in cache and spread over the worker threads.
constexpr int kBlockLevels = 12;
constexpr std::int64_t kFillChunk = std::int64_t{1} << 16;

struct Levels {
  int total = 0;  // k: levels the size holds
  int run = 0;    // levels displaced; the rest interpolated
  std::uint64_t seed = 0;
  double hurst = 0.0;  // H = 1 - roughness
};

float amplitude(const Levels& levels, int level) {
  return static_cast<float>(portableExp2(-levels.hurst * (level - 1)));
}

// Inserts the points of `level` in [first, last] (both ends already set, and
// aligned to 2^(k - level + 1)). Every point of the level inside is written
// once, from points of coarser levels only.
void displaceLevel(float* h, const Levels& levels, int level, std::int64_t first,
                   std::int64_t last) {
  const RandomStream stream(levels.seed, static_cast<std::uint64_t>(level));
  const std::int64_t step = std::int64_t{1} << (levels.total - level);
  const float amp = amplitude(levels, level);
  for (std::int64_t i = first + step; i < last; i += 2 * step) {
    const auto j =
        static_cast<std::uint64_t>(i >> (levels.total - level + 1));  // (i - step) / 2step
    const float mean = 0.5f * (h[i - step] + h[i + step]);
    h[i] = mean + stream.signedUnit(j) * amp;
  }
}

// Straight lines between the computed points, every `step` samples.
void fillLinear(float* h, std::int64_t step, std::int64_t first, std::int64_t last) {
  const float inverse = 1.0f / static_cast<float>(step);  // exact: step is 2^m
  for (std::int64_t a = first; a < last; a += step) {
    const float left = h[a];
    const float rise = h[a + step] - left;
    for (std::int64_t t = 1; t < step; ++t) {
      h[a + t] = left + rise * (static_cast<float>(t) * inverse);
    }
  }
}

}  // namespace

Heightfield generateMidpoint(const MidpointParams& params, std::uint64_t seed,
                             const RunControl& control) {
  const Execution& exec = control.exec;
  Heightfield field(params.size, 1);
  float* h = field.heights.data();
  const std::int64_t last = params.size - 1;

  Levels levels;
  levels.total = std::countr_zero(static_cast<std::uint64_t>(last));
  levels.run = std::clamp(params.iterations, 0, levels.total);
  levels.seed = seed;
  levels.hurst = 1.0 - params.roughness;

  if (params.endpoints == Endpoints::Random) {
    const RandomStream ends(seed, 0);  // level 0, amplitude 1
    h[0] = ends.signedUnit(0);
    h[last] = ends.signedUnit(1);
  }  // else both stay 0, as in the article

  // Coarse levels over the whole profile (few points), then the fine ones
  // block by block: a block's two ends are points of the coarse levels.
  const int fine = std::min(levels.total, kBlockLevels);
  const int coarse = levels.total - fine;
  for (int level = 1; level <= std::min(coarse, levels.run); ++level) {
    displaceLevel(h, levels, level, 0, last);
    control.checkpoint(0.1f * static_cast<float>(level) / static_cast<float>(coarse));
  }
  if (levels.run > coarse) {
    const std::int64_t block = std::int64_t{1} << fine;
    parallelFor(exec, 0, last / block, 1, [&](std::int64_t firstBlock, std::int64_t endBlock) {
      for (std::int64_t b = firstBlock; b < endBlock; ++b) {
        for (int level = coarse + 1; level <= levels.run; ++level) {
          displaceLevel(h, levels, level, b * block, (b + 1) * block);
        }
      }
    });
  }
  if (levels.run < levels.total) {
    const std::int64_t step = std::int64_t{1} << (levels.total - levels.run);
    const std::int64_t chunk = std::max(step, kFillChunk);  // a multiple of step
    parallelFor(exec, 0, (last + chunk - 1) / chunk, 1, [&](std::int64_t first, std::int64_t end) {
      fillLinear(h, step, first * chunk, std::min(end * chunk, last));
    });
  }

  control.checkpoint(1.0f);
  return field;
}

namespace {

constexpr std::string_view kEndpointNames[] = {"zero", "random"};

const ParamTable<MidpointParams>& table() {
  static const ParamTable<MidpointParams> rows({
      TERRAIN_BIND(MidpointParams, size, sizeParam(3, kMaxProfileLength)),
      TERRAIN_BIND(MidpointParams, roughness, kRoughnessParam),
      TERRAIN_BIND(MidpointParams, iterations, kIterationsParam),
      TERRAIN_BIND(MidpointParams, endpoints,
                   (ParamInfo{"endpoints", "Endpoints", "",
                              "Where the two ends start: zero, as in the article, or at "
                              "random heights",
                              ParamType::Choice, 0, 1, kEndpointNames})),
  });
  return rows;
}

int levels(const ParamValues& values) {
  return levelsOfPowerPlusOne(table().unpack(values).size);
}

ArticlePreset article() {
  MidpointParams p;
  p.size = 513;
  return {"001",
          "513 points from two zeros, the article's Roughness 0.8 (= H, so roughness 0.2), drawn "
          "as a side view",
          table().pack(p),
          1,
          ViewKind::Side,
          0.0,
          false};
}

}  // namespace

const SourceStage& midpointSource() {
  static const SourceStage node(
      {
          .key = "midpoint",
          .title = "Midpoint displacement (1D)",
          .help = "A mountain skyline: each segment's middle is raised or lowered by a "
                  "shrinking random amount (article 001)",
          .params = table().schema(),
          .paramTable = &table(),
          .dynamicMax = iterationsUpToLevels(table().infos(), levels),
      },
      {
          .generate = normalisedSource(table(), &generateMidpoint),
          .profile = true,
          .sizeRule = SizeRule::PowerOfTwoPlusOne,
          .minSize = 3,
          .maxSize = static_cast<int>(kMaxProfileLength),
          .levels = levels,
          .articlePreset = article(),
          .defaultWater = 0.35,
      });
  return node;
}

}  // namespace terrain
