// The mask nodes that reach over a distance in metres (blur, grow/shrink,
// curvature) and the erosion mask: each does what its name promises, keeps
// its distance in the world's metres at any map size, and gives the same
// bits on one and two threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <memory>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/world.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/graph/node_registry.hpp"
#include "core/look/masks.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

ParamValues valuesOf(std::string_view type,
                     std::initializer_list<std::pair<const char*, double>> set) {
  const NodeType& t = nodeType(type);
  ParamValues values = t.defaults();
  for (const auto& [key, value] : set) values.at(*t.indexOf(key)) = value;
  return values;
}

PortValue runNode(std::string_view type, PortValue input, const ParamValues& values,
                  World world = {}, int threads = 0) {
  RunControl control;
  control.exec.threads = threads;
  return nodeType(type).run({std::move(input)}, NodeContext{5, world}, values, control)[0];
}

// A field of `size` whose value at (x, y) is f(u, v), u and v in [0, 1].
template <class F>
PortValue fieldOf(int size, const F& f) {
  auto field = std::make_shared<Heightfield>(size, size);
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      field->at(x, y) = f(x / double(size - 1), y / double(size - 1));
    }
  }
  return field;
}

World worldOf(double width, double heightRange = 1200.0) {
  World world;
  world.width = width;
  world.heightRange = heightRange;
  return world;
}

TEST(GrowMask, GrowsASquareByTheDistanceInMetresAndShrinkUndoesIt) {
  // 65 cells over 640 m: 10 m per cell; 30 m is 3 cells.
  const World world = worldOf(640.0);
  const PortValue dot = fieldOf(65, [](double u, double v) {
    return std::abs(u - 0.5) < 1e-9 && std::abs(v - 0.5) < 1e-9 ? 1.0f : 0.0f;
  });
  const PortValue grown =
      runNode("grow-mask", dot, valuesOf("grow-mask", {{"distance", 30.0}}), world);
  for (int y = 0; y < 65; ++y) {
    for (int x = 0; x < 65; ++x) {
      const bool inside = std::abs(x - 32) <= 3 && std::abs(y - 32) <= 3;
      ASSERT_EQ(grown->at(x, y), inside ? 1.0f : 0.0f) << x << "," << y;
    }
  }
  const PortValue back =
      runNode("grow-mask", grown, valuesOf("grow-mask", {{"distance", -30.0}}), world);
  EXPECT_EQ(back->heights, dot->heights);
  // The same 30 m on a map twice as fine is 6 cells.
  const PortValue fineDot = fieldOf(129, [](double u, double v) {
    return std::abs(u - 0.5) < 1e-9 && std::abs(v - 0.5) < 1e-9 ? 1.0f : 0.0f;
  });
  const PortValue fine =
      runNode("grow-mask", fineDot, valuesOf("grow-mask", {{"distance", 30.0}}), world);
  EXPECT_EQ(std::count(fine->heights.begin(), fine->heights.end(), 1.0f), 13 * 13);
}

TEST(BlurMask, SpreadsAnEdgeOverItsRadiusInMetresAndKeepsConstants) {
  const World world = worldOf(2560.0);  // 129 cells: 20 m per cell
  const PortValue one = fieldOf(129, [](double, double) { return 1.0f; });
  EXPECT_EQ(runNode("blur-mask", one, valuesOf("blur-mask", {{"radius", 200.0}}), world)->heights,
            one->heights);
  const auto edge = [](double u, double) { return u < 0.5 ? 0.0f : 1.0f; };
  auto profile = [&](int size, double x) {  // the blurred edge at x metres
    const PortValue blurred = runNode("blur-mask", fieldOf(size, edge),
                                      valuesOf("blur-mask", {{"radius", 200.0}}), world);
    const double cell = metresPerCell(world, size, false);
    return blurred->at(static_cast<int>(std::lround(x / cell)), size / 2);
  };
  // Monotone across the edge, a half-way value at it, near 0 and 1 two
  // radii away; the same at 129 and 257 cells within a cell's worth.
  EXPECT_LT(profile(129, 1280.0 - 400.0), 0.05f);
  EXPECT_GT(profile(129, 1280.0 + 400.0), 0.95f);
  EXPECT_NEAR(profile(129, 1280.0), 0.5, 0.1);
  for (const double x : {1000.0, 1200.0, 1360.0, 1500.0}) {
    EXPECT_NEAR(profile(129, x), profile(257, x), 0.06) << x;
  }
  EXPECT_EQ(
      runNode("blur-mask", fieldOf(129, edge), valuesOf("blur-mask", {{"radius", 0.0}}), world)
          ->heights,
      fieldOf(129, edge)->heights);
}

TEST(CurvatureMask, FindsTheCrestOfAHillAndTheFloorOfAValleyInMetres) {
  const World world = worldOf(2560.0, 400.0);
  const auto hill = [](double u, double v) {
    const double r2 = (u - 0.5) * (u - 0.5) + (v - 0.5) * (v - 0.5);
    return static_cast<float>(0.2 + 0.6 * std::exp(-r2 / 0.01));
  };
  const PortValue h = fieldOf(129, hill);
  const PortValue convex = runNode(
      "curvature-mask", h, valuesOf("curvature-mask", {{"radius", 100.0}, {"depth", 5.0}}), world);
  const PortValue concave =
      runNode("curvature-mask", h,
              valuesOf("curvature-mask", {{"shape", 1}, {"radius", 100.0}, {"depth", 5.0}}), world);
  EXPECT_EQ(convex->at(64, 64), 1.0f);  // the crest
  EXPECT_EQ(concave->at(64, 64), 0.0f);
  EXPECT_EQ(convex->at(5, 5), 0.0f);  // flat ground far away: neither
  EXPECT_LT(concave->at(5, 5), 1e-4f);
  // The foot of the hill (about 1.4 of its width from the top) is concave.
  EXPECT_GT(concave->at(64 + 18, 64), 0.0f);
  // Measured in metres: the same map at a tenth of the height range stands
  // a tenth as far above its ring, so less is selected.
  const PortValue flatter =
      runNode("curvature-mask", h, valuesOf("curvature-mask", {{"radius", 100.0}, {"depth", 5.0}}),
              worldOf(2560.0, 40.0));
  double sum = 0.0;
  double sumFlatter = 0.0;
  for (std::size_t i = 0; i < h->size(); ++i) {
    sum += static_cast<double>(convex->heights[i]);
    sumFlatter += static_cast<double>(flatter->heights[i]);
  }
  EXPECT_LT(sumFlatter, 0.5 * sum);
}

// The flow mask as its help says, from the recorded drainage: the log of
// the cells drained, 1 for the whole map.
std::vector<float> expectedFlowMask(const std::vector<float>& flow) {
  std::vector<float> out;
  for (const float cells : flow) {
    const double drained = std::max(0.0, static_cast<double>(cells));
    out.push_back(static_cast<float>(
        std::min(1.0, std::log(1.0 + drained) / std::log(1.0 + static_cast<double>(flow.size())))));
  }
  return out;
}

// The wear mask: wear over the 99th percentile of the cells worn at all
// (found here by sorting them), 1 above it.
std::vector<float> expectedWearMask(const std::vector<float>& wear) {
  std::vector<float> worn;
  std::copy_if(wear.begin(), wear.end(), std::back_inserter(worn), [](float w) { return w > 0; });
  std::sort(worn.begin(), worn.end());
  const float top = worn.at(static_cast<std::size_t>(static_cast<double>(worn.size() - 1) * 0.99));
  std::vector<float> out;
  for (const float w : wear) out.push_back(std::clamp(w / top, 0.0f, 1.0f));
  return out;
}

TEST(ErosionMask, ReadsTheMapsTheErosionUpstreamRecorded) {
  Document doc = defaultDocument("diamond-square");
  testing::setParam(doc, "size", 129);
  doc.graph = chainGraph({chainOf(doc.graph).source, {defaultModifier("stream-power")}});
  const PortValue eroded = makePort(runPipeline(doc));
  ASSERT_TRUE(eroded->erosion);
  const ErosionMaps& maps = *eroded->erosion;
  for (const auto& [map, expected] :
       {std::pair{0.0, expectedFlowMask(maps.flow)}, std::pair{1.0, expectedWearMask(maps.wear)}}) {
    const PortValue mask =
        runNode("erosion-mask", eroded, valuesOf("erosion-mask", {{"map", map}}), doc.world);
    ASSERT_EQ(mask->heights.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
      ASSERT_NEAR(mask->heights[i], expected[i], 1e-6f) << "map " << map << ", cell " << i;
    }
    const auto [lo, hi] = std::minmax_element(mask->heights.begin(), mask->heights.end());
    EXPECT_LT(*lo, *hi);  // it selects something, and not everything
  }
  doc.graph = chainGraph({chainOf(doc.graph).source, {}});
  try {
    runNode("erosion-mask", makePort(runPipeline(doc)), nodeType("erosion-mask").defaults());
    ADD_FAILURE() << "a terrain no erosion ran on has no flow";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("no stage recorded flow"), std::string::npos) << e.what();
  }
}

TEST(MaskNodes, GiveTheSameBitsOnOneAndTwoThreads) {
  Document doc = defaultDocument("noise");
  testing::setParam(doc, "size", 257);
  doc.graph = chainGraph({chainOf(doc.graph).source, {defaultModifier("droplets")}});
  const PortValue terrain = makePort(runPipeline(doc));
  const World world = worldOf(3000.0, 900.0);
  for (const auto& [type, values] :
       {std::pair{"grow-mask", valuesOf("grow-mask", {{"distance", 60.0}})},
        std::pair{"grow-mask", valuesOf("grow-mask", {{"distance", -60.0}})},
        std::pair{"blur-mask", valuesOf("blur-mask", {{"radius", 80.0}})},
        std::pair{"curvature-mask", nodeType("curvature-mask").defaults()},
        std::pair{"erosion-mask", valuesOf("erosion-mask", {{"map", 2.0}})}}) {
    const PortValue one = runNode(type, terrain, values, world, 1);
    const PortValue two = runNode(type, terrain, values, world, 2);
    EXPECT_EQ(testing::checksum(*one), testing::checksum(*two)) << type;
    EXPECT_NE(one->heights, terrain->heights) << type;
  }
}

}  // namespace
}  // namespace terrain
