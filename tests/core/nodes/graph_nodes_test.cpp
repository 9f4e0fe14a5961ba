// The graph's own nodes and the masked modifiers, run directly: a blend
// with mask 0 is a and with 1 is b, each combine does what its name says,
// the masks select what they promise (the slope in the world's metres), and
// every one gives the same bits on one and two threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/node_registry.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

using testing::checksum;

PortValue constant(int size, float value) {
  auto field = std::make_shared<Heightfield>(size, size);
  std::fill(field->heights.begin(), field->heights.end(), value);
  return field;
}

// A real terrain: diamond-square at `size`.
PortValue terrainOf(int size, std::uint64_t seed = 3) {
  Document doc = defaultDocument("diamond-square");
  testing::setParam(doc, "size", size);
  doc.seed = seed;
  return makePort(runPipeline(doc));
}

ParamValues valuesOf(std::string_view type,
                     std::initializer_list<std::pair<const char*, double>> set) {
  const NodeType& t = nodeType(type);
  ParamValues values = t.defaults();
  for (const auto& [key, value] : set) values.at(*t.indexOf(key)) = value;
  return values;
}

PortValue runNode(std::string_view type, std::vector<PortValue> inputs, const ParamValues& values,
                  int threads = 0, World world = {}) {
  RunControl control;
  control.exec.threads = threads;
  return nodeType(type).run(inputs, NodeContext{5, world}, values, control)[0];
}

TEST(BlendNode, MaskZeroIsAMaskOneIsBAndHalfIsTheMean) {
  const PortValue a = terrainOf(65, 1);
  const PortValue b = terrainOf(65, 2);
  const ParamValues none = nodeType("blend").defaults();
  EXPECT_EQ(runNode("blend", {a, b, constant(65, 0.0f)}, none)->heights, a->heights);
  EXPECT_EQ(runNode("blend", {a, b, constant(65, 1.0f)}, none)->heights, b->heights);
  const PortValue half = runNode("blend", {a, b, constant(65, 0.5f)}, none);
  for (std::size_t i = 0; i < a->size(); ++i) {
    ASSERT_NEAR(half->heights[i], (a->heights[i] + b->heights[i]) / 2, 1e-6f) << i;
  }
  EXPECT_THROW(runNode("blend", {a, terrainOf(129), constant(65, 0.0f)}, none), InputError);
}

TEST(CombineNode, EachOperationDoesWhatItSaysAndStaysInTheRange) {
  const PortValue a = constant(9, 0.6f);
  const PortValue b = constant(9, 0.5f);
  auto at = [&](const char* operation, double amount) {
    const auto& names = nodeType("combine").params()[0].choices;
    const double index =
        static_cast<double>(std::find(names.begin(), names.end(), operation) - names.begin());
    return runNode("combine", {a, b},
                   valuesOf("combine", {{"operation", index}, {"amount", amount}}))
        ->heights[40];
  };
  EXPECT_FLOAT_EQ(at("add", 0.5), 0.85f);
  EXPECT_FLOAT_EQ(at("add", 1.0), 1.0f);  // 1.1 clamped
  EXPECT_FLOAT_EQ(at("subtract", 1.0), 0.1f);
  EXPECT_FLOAT_EQ(at("multiply", 1.0), 0.3f);
  EXPECT_FLOAT_EQ(at("min", 1.0), 0.5f);
  EXPECT_FLOAT_EQ(at("max", 1.0), 0.6f);
  for (const char* op : {"add", "subtract", "multiply", "min", "max"}) {
    EXPECT_FLOAT_EQ(at(op, 0.0), 0.6f) << op << ": amount 0 leaves a";
  }
}

TEST(HeightMaskNode, SelectsTheBandWithSoftEdges) {
  const PortValue terrain = terrainOf(129);
  const PortValue hard =
      runNode("height-mask", {terrain},
              valuesOf("height-mask", {{"low", 0.4}, {"high", 0.7}, {"softness", 0.0}}));
  for (std::size_t i = 0; i < terrain->size(); ++i) {
    const float h = terrain->heights[i];
    ASSERT_EQ(hard->heights[i], h >= 0.4f && h < 0.7f ? 1.0f : 0.0f) << h;
  }
  const PortValue soft =
      runNode("height-mask", {terrain},
              valuesOf("height-mask", {{"low", 0.4}, {"high", 1.0}, {"softness", 0.1}}));
  std::vector<std::size_t> order(terrain->size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return terrain->heights[x] < terrain->heights[y];
  });
  for (std::size_t k = 1; k < order.size(); ++k) {  // higher ground never less selected
    ASSERT_GE(soft->heights[order[k]], soft->heights[order[k - 1]]);
  }
  EXPECT_EQ(soft->heights[order.back()], 1.0f);
  EXPECT_EQ(soft->heights[order.front()], 0.0f);
}

TEST(SlopeMaskNode, MeasuresInTheWorldsMetres) {
  const PortValue terrain = terrainOf(129);
  const ParamValues steep = valuesOf("slope-mask", {{"low", 20.0}, {"softness", 2.0}});
  auto selected = [&](double heightRange) {
    const PortValue mask = runNode("slope-mask", {terrain}, steep, 0, World{8192.0, heightRange});
    return std::accumulate(mask->heights.begin(), mask->heights.end(), 0.0);
  };
  const double low = selected(600.0);
  const double high = selected(1200.0);
  EXPECT_GT(low, 0.0);
  EXPECT_GT(high, 1.5 * low) << "twice the height range is steeper and selects more";
  EXPECT_EQ(runNode("slope-mask", {constant(65, 0.5f)}, steep)->heights,
            std::vector<float>(65 * 65, 0.0f))
      << "flat ground is not steep";
}

TEST(MaskedModifier, MaskZeroKeepsTheInputMaskOneIsTheModifier) {
  const PortValue terrain = terrainOf(65);
  const ParamValues terrace = nodeType("terrace").defaults();
  const PortValue full = runNode("terrace", {terrain, nullptr}, terrace);
  EXPECT_NE(full->heights, terrain->heights);
  EXPECT_EQ(runNode("terrace", {terrain, constant(65, 1.0f)}, terrace)->heights, full->heights);
  EXPECT_EQ(runNode("terrace", {terrain, constant(65, 0.0f)}, terrace)->heights, terrain->heights);
  // The high ground only: below the mask's band nothing moves.
  const PortValue high =
      runNode("height-mask", {terrain}, valuesOf("height-mask", {{"low", 0.6}, {"softness", 0.0}}));
  const PortValue masked = runNode("terrace", {terrain, high}, terrace);
  for (std::size_t i = 0; i < terrain->size(); ++i) {
    ASSERT_EQ(masked->heights[i],
              terrain->heights[i] < 0.6f ? terrain->heights[i] : full->heights[i]);
  }
  EXPECT_THROW(runNode("terrace", {terrain, constant(33, 1.0f)}, terrace), InputError);
}

// Steep AND high: multiply and min select where both masks do, max where
// either does; add and subtract stay within 0..1. Invert is 1 - m.
TEST(MaskOperations, CombineAndInvertDoWhatTheirNamesSay) {
  const PortValue terrain = terrainOf(65);
  const PortValue high = runNode("height-mask", {terrain}, valuesOf("height-mask", {{"low", 0.5}}));
  World steepWorld;
  steepWorld.heightRange = 4000;
  const PortValue steep =
      runNode("slope-mask", {terrain}, valuesOf("slope-mask", {{"low", 40.0}}), 0, steepWorld);
  auto combined = [&](double operation) {
    return runNode("combine-masks", {high, steep},
                   valuesOf("combine-masks", {{"operation", operation}}));
  };
  const PortValue product = combined(0);
  const PortValue lower = combined(1);
  const PortValue either = combined(2);
  const PortValue sum = combined(3);
  const PortValue without = combined(4);
  int both = 0;
  for (std::size_t i = 0; i < terrain->size(); ++i) {
    const float h = high->heights[i];
    const float s = steep->heights[i];
    ASSERT_EQ(product->heights[i], h * s);
    ASSERT_EQ(lower->heights[i], std::min(h, s));
    ASSERT_EQ(either->heights[i], std::max(h, s));
    ASSERT_EQ(sum->heights[i], std::min(h + s, 1.0f));
    ASSERT_EQ(without->heights[i], std::max(h - s, 0.0f));
    both += h == 1.0f && s == 1.0f;
  }
  EXPECT_GT(both, 0);  // the test selects something
  const PortValue inverted = runNode("invert-mask", {high}, {});
  for (std::size_t i = 0; i < terrain->size(); ++i) {
    ASSERT_EQ(inverted->heights[i], 1.0f - high->heights[i]);
  }
  EXPECT_THROW(
      runNode("combine-masks", {high, constant(33, 1.0f)}, nodeType("combine-masks").defaults()),
      InputError);
}

// Mountains and plains by a mask, erosion only on steep high ground: the
// same bits on one and two threads.
TEST(GraphNodes, AGraphOfEveryNewNodeGivesTheSameBitsOnOneAndTwoThreads) {
  Graph g;
  auto add = [&](NodeId id, std::string_view type, ParamValues values) {
    g.nodes.push_back({id, std::string(type), std::move(values), true});
  };
  add(1, "noise", valuesOf("noise", {{"size", 129}}));
  add(2, "diamond-square", valuesOf("diamond-square", {{"size", 129}}));
  add(3, "height-mask", valuesOf("height-mask", {{"low", 0.3}, {"high", 0.8}}));
  add(4, "blend", {});
  add(5, "slope-mask", valuesOf("slope-mask", {{"low", 10.0}}));
  add(6, "thermal", nodeType("thermal").defaults());
  add(7, "combine", valuesOf("combine", {{"operation", 4}, {"amount", 0.5}}));
  g.edges = {{{1, 0}, {3, 0}}, {{1, 0}, {4, 0}}, {{2, 0}, {4, 1}},
             {{3, 0}, {4, 2}}, {{4, 0}, {5, 0}}, {{4, 0}, {6, 0}},
             {{5, 0}, {6, 1}}, {{6, 0}, {7, 0}}, {{2, 0}, {7, 1}}};
  g.output = 7;
  PipelineControl one;
  one.exec.threads = 1;
  PipelineControl two;
  two.exec.threads = 2;
  const NodeContext context{9, World{}};
  const PortValue a = evaluateGraph(g, context, one);
  const PortValue b = evaluateGraph(g, context, two);
  EXPECT_EQ(checksum(*a), checksum(*b));
  const auto [lo, hi] = std::minmax_element(a->heights.begin(), a->heights.end());
  EXPECT_GE(*lo, 0.0f);
  EXPECT_LE(*hi, 1.0f);
  EXPECT_LT(*lo, *hi);
}

}  // namespace
}  // namespace terrain
