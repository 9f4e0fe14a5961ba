#include "core/nodes/sources/noise.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/nodes/sources/noise_kernel.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/highway_target.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

using testing::checksum;
using testing::docWith;
using testing::param;
using testing::paramsOf;
using testing::run;
using testing::setParam;

constexpr double kRidged = static_cast<int>(NoiseFractal::Ridged);
constexpr double kBillow = static_cast<int>(NoiseFractal::Billow);

Document noiseDoc(int size, std::uint64_t seed = 1) {
  return docWith("noise", {{"size", size}}, seed);
}

// Raw heights, before the source's normalisation.
Heightfield raw(const Document& doc, int threads = 0) {
  validate(doc);
  return generateNoise(paramsOf<NoiseParams>(doc), doc.seed, testing::control(threads));
}

// Documents that between them take every path of the kernels: the three
// fractals, the warp, the torus, sizes with a row tail at every vector width.
std::vector<Document> variety(int size) {
  std::vector<Document> docs = {noiseDoc(size, 3)};
  docs.push_back(docWith("noise", {{"size", size}, {"fractal", kRidged}, {"warp", 0.4}}, 4));
  docs.push_back(docWith(
      "noise", {{"size", size}, {"fractal", kBillow}, {"tileable", 1}, {"features", 3}}, 5));
  docs.push_back(
      docWith("noise", {{"size", size}, {"tileable", 1}, {"warp", 0.7}, {"warp-scale", 5}}, 6));
  return docs;
}

// Mean squared difference between columns a and b of every row.
double columnStep(const Heightfield& f, int a, int b) {
  double sum = 0.0;
  for (int y = 0; y < f.height; ++y) {
    const double d = double(f.at(b, y)) - static_cast<double>(f.at(a, y));
    sum += d * d;
  }
  return sum / f.height;
}

// The same between rows a and b.
double rowStep(const Heightfield& f, int a, int b) {
  double sum = 0.0;
  for (int x = 0; x < f.width; ++x) {
    const double d = double(f.at(x, b)) - static_cast<double>(f.at(x, a));
    sum += d * d;
  }
  return sum / f.width;
}

TEST(Noise, SameDocumentGivesTheSameBitsAndAnotherSeedAnotherMap) {
  EXPECT_EQ(checksum(raw(noiseDoc(129, 7))), checksum(raw(noiseDoc(129, 7))));
  EXPECT_NE(checksum(raw(noiseDoc(129, 7))), checksum(raw(noiseDoc(129, 8))));
}

TEST(Noise, OneAndTwoThreadsGiveTheSameBits) {
  for (const Document& doc : variety(515)) {
    const auto one = checksum(raw(doc, 1));
    EXPECT_EQ(one, checksum(raw(doc, 2)));
    EXPECT_EQ(one, checksum(raw(doc, 0)));
    EXPECT_EQ(checksum(run(doc, 1)), checksum(run(doc, 2)));
  }
}

TEST(Noise, EveryHighwayTargetGivesTheSameBits) {
  const std::vector<std::int64_t> targets = noiseKernelTargets();
  ASSERT_FALSE(targets.empty());
  std::vector<std::uint64_t> expected;
  for (const Document& doc : variety(101)) expected.push_back(checksum(raw(doc)));
  for (const Document& doc : variety(37)) expected.push_back(checksum(raw(doc)));
  std::string tried;
  for (const std::int64_t target : targets) {
    const testing::ForcedTarget forced(target);
    ASSERT_EQ(noiseKernelTarget(), target) << noiseTargetName(target);
    tried += noiseTargetName(target) + " ";
    std::vector<std::uint64_t> got;
    for (const Document& doc : variety(101)) got.push_back(checksum(raw(doc)));
    for (const Document& doc : variety(37)) got.push_back(checksum(raw(doc)));
    EXPECT_EQ(got, expected) << noiseTargetName(target);
  }
  std::cout << "[ noise    ] targets compared: " << tried << "\n";
  EXPECT_GE(targets.size(), 2u) << "only " << tried << "compiled in";
}

TEST(Noise, GoldenChecksumsArePinned) {
  // Pinned once the tests below passed; a change here changes every saved
  // seed's terrain, so it needs a reason in the commit message. Also run by
  // the Debug build: Release and Debug give the same bits.
  // The octaves' gain as projects saved before the measured roughness
  // scale read (roughness-scale absent: gain): the bits they always gave.
  const auto pinned = [](double scale, std::uint64_t plainSum, std::uint64_t ridgedSum,
                         std::uint64_t billowSum) {
    Document plain = noiseDoc(257, 1);
    Document ridgedWarp =
        docWith("noise", {{"size", 200}, {"fractal", kRidged}, {"warp", 0.3}, {"tileable", 1}}, 42);
    Document billow = docWith(
        "noise", {{"size", 129}, {"fractal", kBillow}, {"features", 7}, {"iterations", 3}}, 9);
    for (Document* doc : {&plain, &ridgedWarp, &billow}) setParam(*doc, "roughness-scale", scale);
    EXPECT_EQ(checksum(raw(plain)), plainSum) << scale;
    EXPECT_EQ(checksum(raw(ridgedWarp)), ridgedSum) << scale;
    EXPECT_EQ(checksum(raw(billow)), billowSum) << scale;
  };
  pinned(0, 15560586784255214866ULL, 5069630109934410865ULL, 6645733845141282741ULL);
  // Today's default, the measured scale (issue 20, item 7).
  pinned(1, 6417396020467840306ULL, 13364090387312268015ULL, 4809172154478499811ULL);
}

// Sample 16 i of `large` equals sample i of `small` at every octave both run.
void expectSharedPointsEqual(Document small, int largeSize) {
  setParam(small, "iterations", noiseLevels(paramsOf<NoiseParams>(small)));
  Document large = small;
  setParam(large, "size", largeSize);
  const Heightfield a = raw(small);
  const Heightfield b = raw(large);
  ASSERT_EQ((b.width - (param(small, "tileable") != 0 ? 0 : 1)) % 16, 0);
  int differ = 0;
  for (int y = 0; y < a.height; ++y) {
    for (int x = 0; x < a.width; ++x) differ += a.at(x, y) != b.at(16 * x, 16 * y);
  }
  EXPECT_EQ(differ, 0) << a.width << " vs " << b.width;
}

TEST(Noise, A257PreviewEqualsA4097ExportAtTheSharedPoints) {
  // The same bits, not merely close: coordinates are exact fractions of the map.
  expectSharedPointsEqual(noiseDoc(257, 11), 4097);
  // Warped and tileable too (smaller, for the Debug build's sake).
  expectSharedPointsEqual(
      docWith("noise", {{"size", 129}, {"fractal", kRidged}, {"warp", 0.5}}, 12), 2049);
  expectSharedPointsEqual(docWith("noise", {{"size", 128}, {"tileable", 1}, {"warp", 0.2}}, 13),
                          2048);
}

// The map's Hurst exponent, from the variogram over lags 2..128 (issue
// 20), is 1 - roughness within 0.1 at 1025 (mean of 3 seeds) and 4097, for
// roughness 0.2 to 0.8. Measured: 1025 0.758 .. 0.197, 4097 0.842 ..
// 0.204, all within 0.05. The octaves' plain gain 2^-(1 - r) misses at the
// smooth end (0.677 at roughness 0.2 on 1025): gradient noise is smooth
// inside its finest cells and levels off towards its broadest.
TEST(Noise, RoughnessSetsTheMeasuredHurstExponentAtEverySize) {
  const auto hurst = [](int size, double roughness, double scale, int seeds) {
    double sum = 0.0;
    for (int seed = 1; seed <= seeds; ++seed) {
      Document doc = docWith("noise", {{"size", size}, {"roughness", roughness}},
                             static_cast<std::uint64_t>(seed));
      setParam(doc, "roughness-scale", scale);
      sum += testing::variogramHurst(raw(doc), 2, 128);
    }
    return sum / seeds;
  };
  for (const double roughness : {0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8}) {
    EXPECT_NEAR(hurst(1025, roughness, 1, 3), 1.0 - roughness, 0.1) << roughness;
  }
  EXPECT_LT(hurst(1025, 0.2, 0, 3), 0.7);  // the gain scale, as before
#ifdef NDEBUG
  for (const double roughness : {0.2, 0.5, 0.8}) {
    EXPECT_NEAR(hurst(4097, roughness, 1, 1), 1.0 - roughness, 0.1) << roughness;
  }
#endif
}

TEST(Noise, TileableMapsWrapWithoutASeam) {
  // The step across the seam (last column to the first, bottom row to the
  // top) is like any step between neighbours inside: over 4 seeds, its mean
  // square is the interior's within sampling noise, and each seam lies
  // within the interior's range. Without tiling it is a jump between
  // unrelated points.
  for (double warp : {0.0, 0.5}) {
    double seam = 0.0;
    double inside = 0.0;
    double open = 0.0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      Document doc = docWith("noise", {{"size", 256}, {"tileable", 1}, {"warp", warp}}, seed);
      const Heightfield f = raw(doc);
      EXPECT_TRUE(f.wraps);
      std::vector<double> steps;
      for (int x = 0; x + 1 < 256; ++x) steps.push_back(columnStep(f, x, x + 1));
      for (int y = 0; y + 1 < 256; ++y) steps.push_back(rowStep(f, y, y + 1));
      const auto [low, high] = std::minmax_element(steps.begin(), steps.end());
      for (const double s : {columnStep(f, 255, 0), rowStep(f, 255, 0)}) {
        EXPECT_GE(s, *low) << "seed " << seed << " warp " << warp;
        EXPECT_LE(s, *high) << "seed " << seed << " warp " << warp;
        seam += s / 8.0;
      }
      for (const double s : steps) inside += s / double(steps.size()) / 4.0;
      setParam(doc, "tileable", 0);
      const Heightfield plain = raw(doc);
      EXPECT_FALSE(plain.wraps);
      open += (columnStep(plain, 255, 0) + rowStep(plain, 255, 0)) / 8.0;
    }
    EXPECT_NEAR(seam / inside, 1.0, 0.25) << "warp " << warp;
    EXPECT_GT(open / inside, 10.0) << "warp " << warp;
  }
}

TEST(Noise, RidgedAndBillowAreOtherMapsWithinTheAmplitudeBound) {
  Document doc = noiseDoc(257, 5);
  const double bound = noiseAmplitudeBound(paramsOf<NoiseParams>(doc));
  const Heightfield fbm = raw(doc);
  setParam(doc, "fractal", kRidged);
  const Heightfield ridged = raw(doc);
  setParam(doc, "fractal", kBillow);
  const Heightfield billow = raw(doc);
  EXPECT_NE(checksum(fbm), checksum(ridged));
  EXPECT_NE(checksum(fbm), checksum(billow));
  EXPECT_NE(checksum(ridged), checksum(billow));
  const auto [fbmLow, fbmHigh] = std::minmax_element(fbm.heights.begin(), fbm.heights.end());
  EXPECT_GE(*fbmLow, -bound);
  EXPECT_LE(*fbmHigh, bound);
  EXPECT_LT(*fbmLow, 0.0f);
  for (const Heightfield* f : {&ridged, &billow}) {
    const auto [low, high] = std::minmax_element(f->heights.begin(), f->heights.end());
    EXPECT_GE(*low, 0.0f);
    EXPECT_LE(*high, bound * (1.0 + 1e-6));  // ridges reach it where every octave is 0
  }
  // The bound is the octaves' weights: 1 + 2^-g + 2^-2g + ...
  const NoiseParams p = paramsOf<NoiseParams>(doc);
  double sum = 0.0;
  for (int o = 0; o < noiseOctaves(p); ++o) sum += std::exp2(-noiseGainExponent(p) * o);
  EXPECT_NEAR(bound, sum, 1e-6);
}

TEST(Noise, WarpZeroIsNoWarp) {
  const Document plain = noiseDoc(129, 8);
  const Document zero = docWith("noise", {{"size", 129}, {"warp", 0.0}, {"warp-scale", 9}}, 8);
  const Document some = docWith("noise", {{"size", 129}, {"warp", 0.05}}, 8);
  EXPECT_EQ(checksum(raw(plain)), checksum(raw(zero)));
  EXPECT_NE(checksum(raw(plain)), checksum(raw(some)));
  EXPECT_FALSE(noiseSource()
                   .idleReason(*noiseSource().indexOf("warp-scale"), chainSource(zero.graph).values)
                   .empty());
}

TEST(Noise, IterationsAtTheMaximumRunEveryOctaveTheSizeHolds) {
  // Features 4 on 257 samples: octaves of 4, 8, ... 128 cells (2 samples each).
  Document doc = noiseDoc(257, 2);
  const NoiseParams p = paramsOf<NoiseParams>(doc);
  EXPECT_EQ(noiseLevels(p), 6);
  EXPECT_EQ(noiseOctaves(p), 6);
  EXPECT_EQ(noiseSource().levels(chainSource(doc.graph).values), 6);
  EXPECT_EQ(
      noiseSource().dynamicMax(*noiseSource().indexOf("iterations"), chainSource(doc.graph).values),
      6);
  const auto all = checksum(raw(doc));
  setParam(doc, "iterations", 6);
  EXPECT_EQ(checksum(raw(doc)), all);
  setParam(doc, "iterations", 5);
  EXPECT_NE(checksum(raw(doc)), all);
  EXPECT_TRUE(noiseSource()
                  .idleReason(*noiseSource().indexOf("roughness"), chainSource(doc.graph).values)
                  .empty());
  setParam(doc, "iterations", 1);  // the broadest octave alone: roughness does nothing
  EXPECT_EQ(noiseOctaves(paramsOf<NoiseParams>(doc)), 1);
  EXPECT_FALSE(noiseSource()
                   .idleReason(*noiseSource().indexOf("roughness"), chainSource(doc.graph).values)
                   .empty());
  EXPECT_THROW(validate(docWith("noise", {{"iterations", 0}})), InputError);
  EXPECT_EQ(noiseLevels(paramsOf<NoiseParams>(noiseDoc(2))), 1);
  EXPECT_EQ(raw(noiseDoc(2)).width, 2);
}

TEST(Noise, AnySizeRunsAndTheResultIsNormalised) {
  for (int size : {9, 100, 513}) {
    const Heightfield f = run(noiseDoc(size));
    EXPECT_EQ(f.width, size);
    EXPECT_EQ(f.height, size);
    const auto [low, high] = std::minmax_element(f.heights.begin(), f.heights.end());
    EXPECT_EQ(*low, 0.0f) << size;
    EXPECT_EQ(*high, 1.0f) << size;
  }
  // Samples on lattice points only: gradient noise is 0 there, a flat map.
  for (int size : {2, 3, 5}) {
    const auto cells = static_cast<std::size_t>(size * size);
    EXPECT_EQ(run(noiseDoc(size)).heights, std::vector<float>(cells, 0.5f)) << size;
  }
  EXPECT_THROW(run(noiseDoc(1)), InputError);
  EXPECT_THROW(run(noiseDoc(16386)), InputError);
}

TEST(Noise, ACancelledRunStopsWithinABandOfRows) {
  // Cancelled at the first band's checkpoint (~1M samples): the rest of the
  // 4097 map (16 bands) is never computed.
  NoiseParams p;
  p.size = 4097;
  CancelToken cancel{false};
  int checkpoints = 0;
  const RunControl control{Execution{}, &cancel, [&](float fraction) {
                             ++checkpoints;
                             if (fraction > 0.0f) cancel.cancel();
                           }};
  EXPECT_THROW(generateNoise(p, 1, control), Cancelled);
  EXPECT_EQ(checkpoints, 2);  // the start, then the first band
}

// ---- the command line -------------------------------------------------------

class NoiseCli : public testing::ScratchDirTest {
 protected:
  testing::AppRun exportWith(std::vector<std::string> args) const {
    args.insert(args.begin(), {"export", "--generator", "noise", "--size", "65"});
    args.insert(args.end(), {"--heightmap", (dir_ / "h.png").string()});
    return testing::runApp(args, dir_);
  }
};

TEST_F(NoiseCli, BadInputIsRefusedNamingTheFlagAndWhatIsAllowed) {
  const struct {
    std::vector<std::string> args;
    std::string names;
  } cases[] = {
      {{"--fractal", "bogus"}, "--fractal: 'bogus' is not a choice; allowed: fbm|ridged|billow"},
      {{"--warp", "2"}, "--warp: 2 is out of range; allowed: 0 to 1"},
      {{"--features", "0"}, "--features: 0 is out of range; allowed: 1 to 64"},
      {{"--warp-scale", "1.5"}, "--warp-scale: 1.5 is not a whole number"},
      {{"--tileable", "maybe"}, "--tileable: 'maybe' is not a choice; allowed: on|off"},
  };
  for (const auto& c : cases) {
    const testing::AppRun r = exportWith(c.args);
    EXPECT_EQ(r.status, 2) << c.args[0] << ": " << r.err;
    EXPECT_NE(r.err.find(c.names), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir_ / "h.png")) << c.args[0];
  }
}

TEST_F(NoiseCli, ItsFlagsComeFromTheMetadataAndALoneToggleMeansOn) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--fractal", "ridged", "--warp", "0.3", "--tileable", "on"},
        std::vector<std::string>{"--fractal", "billow", "--tileable", "--warp-scale", "3"},
        std::vector<std::string>{"--tileable"}}) {
    const testing::AppRun r = exportWith(args);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(std::filesystem::exists(dir_ / "h.png"));
    std::filesystem::remove(dir_ / "h.png");
  }
}

}  // namespace
}  // namespace terrain
