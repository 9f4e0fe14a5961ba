// The stream-power solve (core/nodes/modifiers/stream_power_solve.cpp): soil
// creep against uplift, rho8's random diagonals, and the solve grid that
// gives an export its preview's valleys.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <numbers>
#include <string>
#include <utility>

#include "core/base/random.hpp"
#include "core/document/project.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/hydrology/flow_routing.hpp"
#include "core/nodes/modifiers/stream_power.hpp"
#include "tests/core/nodes/modifiers/stream_power_support.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/build_kind.hpp"
#include "tests/support/landform_metrics.hpp"

namespace terrain {
namespace {

using testing::docWith;

using testing::stream_power::erode;
using testing::stream_power::stage;
using testing::stream_power::values;

// Soil creep: with rivers too weak to matter, uplift against creep between
// two seas settles into the steady state of U + Kd h'' = 0, a parabola.
// The exact fixed point of the stage's steps (creep, then the rivers'
// step, which adds the uplift u) is u + u / (2 alpha) y (L - y) on the land
// rows, alpha = Kd dt / dx^2; the final rescale keeps its shape.
TEST(StreamPower, SoilCreepBendsAStripBetweenTwoSeasIntoItsSteadyParabola) {
  Heightfield strip(64, 64);
  strip.wraps = true;
  const RandomStream random(5, 9);
  for (int y = 0; y < strip.height; ++y) {
    for (int x = 0; x < strip.width; ++x) {
      const bool sea = y == 0 || y == strip.height - 1;
      const auto i = strip.index(x, y);
      strip.heights[i] = sea ? 0.0f : 0.3f + 0.05f * static_cast<float>(random.uniform(i));
    }
  }
  const World world{640.0, 2800.0};  // 10 m cells
  const double years = 1.0e5;
  const double kd = 0.01;
  const Heightfield out = erode(strip,
                                values({{"uplift", 1.0},
                                        {"erodibility", 0.01},
                                        {"diffusion", kd},
                                        {"steps", 1000},
                                        {"years-per-step", years},
                                        {"sea-level", 0.05},
                                        {"solve-size", 0},
                                        {"refine-steps", 0}}),
                                0, world);
  const double u = 1.0e-3 * years / world.heightRange;
  const double alpha = kd * years / (10.0 * 10.0);
  const auto expected = [&](int y) { return u + u / (2.0 * alpha) * y * (63 - y); };
  const double sea = 0.05;
  const double peak = static_cast<double>(computeStats(out).max);
  const double expectedPeak = expected(31);
  for (int y = 1; y < 63; ++y) {
    for (int x = 0; x < 64; x += 9) {
      const double shape = (static_cast<double>(out.at(x, y)) - sea) / (peak - sea);
      ASSERT_NEAR(shape, (expected(y) - sea) / (expectedPeak - sea), 2e-3) << x << "," << y;
    }
  }
}

// rho8 on a plane falling towards 30, 10 and 60 degrees: steepest descent
// over the grid's eight directions runs at 45 or 0 degrees, the random
// diagonal weights at the plane's own direction on average.
TEST(StreamPower, RandomDiagonalsLetWaterRunDownAPlaneInItsOwnDirection) {
  for (const double degrees : {30.0, 10.0, 60.0}) {
    const double theta = degrees * std::numbers::pi / 180.0;
    Heightfield plane(129, 129);
    for (int y = 0; y < plane.height; ++y)
      for (int x = 0; x < plane.width; ++x)
        plane.heights[plane.index(x, y)] =
            static_cast<float>(0.9 - 0.003 * (x * std::cos(theta) + y * std::sin(theta)));
    const auto meanDirection = [&](bool random) {
      FlowNetwork net(plane.width, plane.height, false, findOutlets(plane, 0.0f), [] {});
      if (random) net.randomiseDiagonals(7, Execution{2});
      net.route(plane.heights, Execution{1}, [] {});
      double dx = 0.0;
      double dy = 0.0;
      for (std::size_t i = 0; i < plane.size(); ++i) {
        const auto r = static_cast<std::size_t>(net.receivers()[i]);
        dx += static_cast<double>(static_cast<int>(r % 129) - static_cast<int>(i % 129));
        dy += static_cast<double>(static_cast<int>(r / 129) - static_cast<int>(i / 129));
      }
      return std::atan2(dy, dx) * 180.0 / std::numbers::pi;
    };
    EXPECT_NEAR(meanDirection(true), degrees, 2.0) << degrees;
    EXPECT_GT(std::abs(meanDirection(false) - degrees), 9.0) << degrees;
  }
}

// A document: the noise source of one 12 km world at `size` samples, eroded
// by rivers (the solve grid `solve`).
Document riverWorld(int size, std::uint64_t seed, std::string_view solve = "257") {
  Document doc = docWith("noise", {{"size", size}}, seed);
  doc.world = {12000.0, 2800.0};
  appendModifier(doc.graph, "stream-power");
  const auto grid = testing::paramIndex(stage(), "solve-size");
  chainModifier(doc.graph, chainModifierCount(doc.graph) - 1).values[grid] =
      parseValue(stage().params()[grid], solve);
  return doc;
}

// The export is solved on the very samples its preview has (the evaluator
// runs the graph at the solve size for it), then refined at its own size:
// the same valleys in the same places at 257, 1025 and 2049, unlike a
// solve on each map alone, where a river's choice between two spill
// points flips with the finer map's detail.
TEST(StreamPower, AnExportIsSolvedOnItsPreviewsGridAndRefined) {
  const Heightfield preview = testing::run(riverWorld(257, 5));
  const Heightfield export1025 = testing::run(riverWorld(1025, 5));
  const Heightfield otherWorld = testing::run(riverWorld(257, 6));
  // Measured: 0.990, 0.987 (2049); another seed 0.1; each map alone 0.87.
  EXPECT_GT(testing::agreement(preview, export1025), 0.97);
  EXPECT_LT(testing::agreement(otherWorld, export1025), 0.5);
  const Heightfield alone = testing::run(riverWorld(1025, 5, "map"));
  EXPECT_LT(testing::agreement(testing::run(riverWorld(257, 5, "map")), alone), 0.92);
  // The refinement carves the export's small valleys: Flint's concavity as
  // the preview's (0.50, 0.45, 0.43 measured; 0.11 without refining).
  const World world = riverWorld(257, 5).world;
  const auto expectConcavity = [&](const Heightfield& map) {
    const double theta = testing::concavity(map, world, 0.1);
    EXPECT_GT(theta, 0.35) << map.width;
    EXPECT_LT(theta, 0.6) << map.width;
  };
  expectConcavity(preview);
  expectConcavity(export1025);
  // 2049 is 1025's arithmetic on four times the cells, most of this test's
  // time (27 s under the sanitizers); there 1025 already takes the solve
  // and the refinement through every buffer, so 2049 runs optimised only.
  if (testing::kSanitized) return;
  const Heightfield export2049 = testing::run(riverWorld(2049, 5));
  EXPECT_GT(testing::agreement(preview, export2049), 0.97);
  expectConcavity(export2049);
}

TEST(StreamPower, TheSolveGridGivesTheSameBitsOnOneAndTwoThreads) {
  const Document doc = riverWorld(513, 3);  // solved at 257, refined at 513
  EXPECT_EQ(testing::run(doc, 1).heights, testing::run(doc, 2).heights);
}

// A project saved before the solve grid existed names neither parameter:
// it is solved on the map alone, unrefined, and keeps its bits (the v1
// corpus holds chains; this is a graph). Saved again, it says so.
TEST(StreamPower, AProjectWithoutTheSolveGridKeepsItsOldBits) {
  Document doc = riverWorld(129, 2);
  nlohmann::json file = nlohmann::json::parse(projectToJson(doc));
  const char* const newer[] = {"solve-size", "refine-steps", "diffusion", "flow-directions",
                               "spread-below"};
  for (auto& node : file.at("graph").at("nodes")) {
    for (const char* key : newer) node.at("params").erase(key);
  }
  const Document old = projectFromJson(file.dump());
  const GraphNode& rivers = *old.graph.find(old.graph.output);
  for (const char* key : newer) EXPECT_EQ(rivers.values[testing::paramIndex(stage(), key)], 0.0);
  Document before = riverWorld(129, 2, "map");
  for (const char* key : {"refine-steps", "diffusion", "flow-directions", "spread-below"})
    chainModifier(before.graph, chainModifierCount(before.graph) - 1)
        .values[testing::paramIndex(stage(), key)] = 0;
  EXPECT_EQ(testing::run(old).heights, testing::run(before).heights);
  EXPECT_NE(testing::run(old).heights, testing::run(doc).heights);
  EXPECT_NE(projectToJson(old).find("\"solve-size\": \"map\""), std::string::npos);
}

}  // namespace
}  // namespace terrain
