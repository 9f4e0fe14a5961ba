// The graph as a value: a document's chain is a graph that gives the bits
// the chain gave, and a broken graph is refused naming the node and why.
#include "core/graph/graph.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include <string>

#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/document/presets.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/node_registry.hpp"
#include "core/nodes/registry.hpp"
#include "core/strokes/strokes.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

using testing::checksum;

NodeContext contextOf(const Document& doc) {
  return {doc.seed, doc.world};
}

// The chain run by hand, with no graph and no evaluator: the source's
// generate, then each enabled modifier's apply on what the last gave.
Heightfield plainLoop(const Document& doc) {
  const RunControl control;
  const Chain chain = chainOf(doc.graph);
  Heightfield field =
      sourceStage(chain.source.key).generate(doc.seed, chain.source.values, control);
  for (const ModifierSettings& m : chain.modifiers) {
    if (!m.enabled) continue;
    field = modifierStage(m.key).apply(std::move(field), {doc.seed, doc.world}, m.values, control);
  }
  return field;
}

// runPipeline is itself the evaluator on the chain's graph, so the claim
// is checked against the plain loop, not against itself.
void expectChainGivesThePlainLoopsBits(const Document& doc) {
  const Heightfield plain = plainLoop(doc);
  const PortValue graph = evaluateGraph(chainGraph(chainOf(doc.graph)), contextOf(doc));
  ASSERT_TRUE(graph);
  EXPECT_EQ(graph->width, plain.width);
  EXPECT_EQ(graph->height, plain.height);
  EXPECT_EQ(checksum(*graph), checksum(plain));
  EXPECT_EQ(checksum(runPipeline(doc)), checksum(plain));
  EXPECT_EQ(graph->erosion != nullptr, plain.erosion != nullptr);
  if (graph->erosion && plain.erosion) {
    EXPECT_EQ(graph->erosion->flow, plain.erosion->flow);
    EXPECT_EQ(graph->erosion->wear, plain.erosion->wear);
  }
}

TEST(Graph, EverySourcesDefaultDocumentAsAGraphGivesThePlainLoopsBits) {
  for (const SourceStage* source : sources()) {
    SCOPED_TRACE(std::string(source->key()));
    Document doc = testing::makingDocument(source->key());
    if (!source->profile()) testing::setParam(doc, "size", source->snapSize(129));
    doc.seed = 11;
    expectChainGivesThePlainLoopsBits(doc);
  }
}

TEST(Graph, EveryChainLandformPresetAsAGraphGivesThePlainLoopsBits) {
  for (const LandformPreset& preset : landformPresets()) {
    SCOPED_TRACE(std::string(preset.key));
    Document doc = preset.build();
    if (!isLinear(doc.graph)) continue;  // built as a graph (Alpine): no chain to compare
    testing::setParam(doc, "size", sourceStage(chainSource(doc.graph).type).snapSize(129));
    expectChainGivesThePlainLoopsBits(doc);
  }
}

TEST(Graph, ADisabledModifierPassesItsInputOn) {
  Document doc = defaultDocument("diamond-square");
  testing::setParam(doc, "size", 129);
  doc.graph = chainGraph(
      {chainOf(doc.graph).source, {defaultModifier("terrace"), defaultModifier("smooth")}});
  chainModifier(doc.graph, 0).enabled = false;
  expectChainGivesThePlainLoopsBits(doc);
  const Graph graph = doc.graph;
  ASSERT_EQ(graph.nodes.size(), 3u);
  EXPECT_FALSE(graph.nodes[1].enabled);
  EXPECT_EQ(graph.output, graph.nodes.back().id);
  // The disabled terrace gives its input on untouched, and what it was
  // given: the source's heights.
  const NodeContext context = contextOf(doc);
  const std::uint64_t source = checksum(*evaluateGraph(graph, {1, 0}, context));
  EXPECT_EQ(checksum(*evaluateGraph(graph, {2, 0}, context)), source);
  // Enabled, it would have changed them (so the check above can fail).
  Graph terraced = graph;
  terraced.nodes[1].enabled = true;
  EXPECT_NE(checksum(*evaluateGraph(terraced, {2, 0}, context)), source);
}

TEST(Graph, IsAValueComparedWhole) {
  Document doc = defaultDocument("noise");
  doc.graph = chainGraph({chainOf(doc.graph).source, {defaultModifier("smooth")}});
  const Graph a = doc.graph;
  Graph b = a;
  EXPECT_EQ(a, b);
  b.nodes[1].values[0] += 1;
  EXPECT_NE(a, b);
  b = a;
  b.edges[0].to.port = 1;
  EXPECT_NE(a, b);
}

// ---- refusals -----------------------------------------------------------

Graph twoNodes() {  // noise -> smooth
  Graph g;
  g.nodes.push_back({1, "noise", nodeType("noise").defaults(), true});
  g.nodes.push_back({2, "smooth", nodeType("smooth").defaults(), true});
  g.edges.push_back({{1, 0}, {2, 0}});
  g.output = 2;
  return g;
}

std::string refusal(const Graph& g) {
  try {
    validate(g);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Graph, ABrokenGraphIsRefusedNamingTheNodeAndWhy) {
  EXPECT_EQ(refusal(twoNodes()), "");
  struct Case {
    std::string what;
    void (*breakIt)(Graph&);
    std::vector<std::string> said;
  };
  const Case cases[] = {
      {"unknown type",
       [](Graph& g) { g.nodes[1].type = "smoosh"; },
       {"node 2 (smoosh)", "unknown node type", "blend"}},
      {"value out of range",
       [](Graph& g) { g.nodes[1].values[0] = 1e9; },
       {"node 2 (smooth)", "--passes"}},
      {"too few values",
       [](Graph& g) { g.nodes[1].values.clear(); },
       {"node 2 (smooth)", "0 values"}},
      {"required input open",
       [](Graph& g) { g.edges.clear(); },
       {"node 2 (smooth)", "'in' is not connected"}},
      {"two edges into a port",
       [](Graph& g) { g.edges.push_back(g.edges[0]); },
       {"node 2 (smooth)", "2 edges", "'in'"}},
      {"missing node", [](Graph& g) { g.edges[0].from.node = 9; }, {"node 9 does not exist"}},
      {"port that is not there",
       [](Graph& g) { g.edges[0].to.port = 5; },
       {"node 2 (smooth) has no input 5"}},
      {"cycle",
       [](Graph& g) {
         g.nodes.push_back({3, "smooth", nodeType("smooth").defaults(), true});
         g.edges.push_back({{2, 0}, {3, 0}});
         g.edges.push_back({{3, 0}, {2, 1}});  // smooth 3 into smooth 2's mask
       },
       {"cycle"}},
      {"mask into heights",
       [](Graph& g) {
         g.nodes.push_back({3, "height-mask", nodeType("height-mask").defaults(), true});
         g.edges.push_back({{1, 0}, {3, 0}});
         g.edges[0].from = {3, 0};  // the mask into smooth's heights
       },
       {"the mask 'mask' of node 3 (height-mask)", "heights input 'in' of node 2 (smooth)"}},
      {"missing output", [](Graph& g) { g.output = 7; }, {"output is node 7"}},
      {"duplicate id", [](Graph& g) { g.nodes[1].id = 1; }, {"two nodes have the id 1"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    Graph g = twoNodes();
    c.breakIt(g);
    const std::string message = refusal(g);
    ASSERT_NE(message, "");
    for (const std::string& part : c.said) {
      EXPECT_NE(message.find(part), std::string::npos) << "'" << message << "' lacks " << part;
    }
  }
}

TEST(Graph, AHeightsOutputMayFeedAMaskInput) {
  Graph g = twoNodes();
  g.edges.push_back({{1, 0}, {2, 1}});  // the noise itself limits the smoothing
  EXPECT_EQ(refusal(g), "");
}

TEST(Graph, EveryNodeTypeHasAKeyPortsAndValidDefaults) {
  ASSERT_GE(nodeTypes().size(), sources().size() + modifiers().size() + 4);
  for (const NodeType* type : nodeTypes()) {
    SCOPED_TRACE(std::string(type->key()));
    EXPECT_EQ(findNodeType(type->key()), type);
    EXPECT_FALSE(type->title().empty());
    EXPECT_FALSE(type->help().empty());
    EXPECT_FALSE(type->outputs().empty());
    EXPECT_NO_THROW(type->validate(type->defaults()));
    EXPECT_EQ(type->defaults().size(), type->params().size());
    // A descriptor that forgets its run function would only fail when run:
    // every node runs, and a tile computes a per-cell node without inputs
    // from its window alone.
    EXPECT_TRUE(type->descriptor().run);
    if (type->inputs().empty() && type->locality(type->defaults()) == Locality::PerCell) {
      EXPECT_TRUE(type->descriptor().runWindow);
    }
    // The project file names ports by key: unique on each side.
    for (const auto ports : {type->inputs(), type->outputs()}) {
      for (std::size_t i = 0; i < ports.size(); ++i) {
        for (std::size_t j = i + 1; j < ports.size(); ++j) EXPECT_NE(ports[i].key, ports[j].key);
      }
    }
  }
  EXPECT_THROW(nodeType("nope"), InputError);
}

bool holdsStrokes(const ParamInfo& info) {
  return info.type == ParamType::Strokes && info.codec == strokesParam({}, {}, {}, {}).codec;
}

// A value of the parameter other than its default, within its range (up
// to `max`, the node's dynamic maximum for its defaults).
// Strokes: one across the middle of a 3 km world, in a mode the node takes.
// Another text form (a Scatter's species): another list.
double anotherValue(const NodeType& type, const ParamInfo& info, double value, double max) {
  if (info.type == ParamType::Strokes && !holdsStrokes(info)) {
    return info.codec->parse(
        R"([{"name": "pines", "density": 900, "spacing": 3},
            {"name": "rocks", "shape": "box", "density": 300, "spacing": 5}])");
  }
  if (info.type == ParamType::Strokes) {
    for (const StrokeMode mode : {StrokeMode::Raise, StrokeMode::Paint, StrokeMode::Path}) {
      Stroke stroke;
      stroke.mode = mode;
      stroke.radius = 400.0;
      stroke.points = {{500.0, 1500.0}, {2500.0, 1400.0}};
      ParamValues values = type.defaults();
      values[0] = strokesId({stroke});
      try {
        type.validate(values);
        return values[0];
      } catch (const InputError&) {
      }
    }
  }
  if (info.type == ParamType::Choice || info.type == ParamType::Toggle) {
    return value + 1.0 <= info.max ? value + 1.0 : info.min;
  }
  const double other = value < max ? (value + max) / 2.0 : (info.min + value) / 2.0;
  return info.type == ParamType::Integer ? std::round(other) : other;
}

// The graph's own nodes (the stages have StageRegistry's test): every
// parameter changes the result, on real inputs.
TEST(Graph, EveryParameterOfEveryGraphNodeChangesItsResult) {
  Document doc = defaultDocument("diamond-square");
  testing::setParam(doc, "size", 129);
  doc.graph = chainGraph({chainOf(doc.graph).source, {defaultModifier("stream-power")}});
  const PortValue a = makePort(runPipeline(doc));
  doc.seed = 2;
  doc.graph = chainGraph({chainOf(doc.graph).source, {}});
  const PortValue b = makePort(runPipeline(doc));
  const PortValue mask =
      nodeType("height-mask").run({a}, {}, nodeType("height-mask").defaults(), {})[0];
  World world;
  world.width = 3000.0;
  world.heightRange = 900.0;
  for (const NodeType* type : nodeTypes()) {
    if (findSource(type->key()) != nullptr || findModifier(type->key()) != nullptr) continue;
    // Eroded ground first, then raw ground (pits and basins: what a
    // parameter of lakes acts on): a parameter must change one of them.
    std::vector<PortValue> inputs;
    std::vector<PortValue> rawFirst;
    for (const PortInfo& port : type->inputs()) {
      inputs.push_back(port.kind == PortKind::Mask ? mask : inputs.empty() ? a : b);
      rawFirst.push_back(port.kind == PortKind::Mask ? mask : rawFirst.empty() ? b : a);
    }
    // A node with strokes (a river's course) starts with one, so that its
    // other parameters have something to act on; the strokes change back.
    ParamValues defaults = type->defaults();
    for (std::size_t i = 0; i < defaults.size(); ++i) {
      if (holdsStrokes(type->params()[i])) {
        defaults[i] = anotherValue(*type, type->params()[i], defaults[i], 0.0);
      }
    }
    // All of its outputs: a parameter may act on one of them only (the
    // water node's wetness distance on its wetness).
    const auto run = [&](const ParamValues& values) {
      std::vector<float> cells;
      for (const std::vector<PortValue>* in : {&inputs, &rawFirst}) {
        try {
          for (const PortValue& out : type->run(*in, NodeContext{1, world}, values, {})) {
            if (const auto& set = out.instances()) {  // a Scatter's: where each stands
              for (const ScatterInstance& i : set->instances) {
                cells.insert(cells.end(), {static_cast<float>(i.x), static_cast<float>(i.y),
                                           i.scale, i.rotation, i.upZ});
              }
              continue;
            }
            cells.insert(cells.end(), out->heights.begin(), out->heights.end());
          }
        } catch (const InputError&) {
          // Raw ground lacks what some nodes read (an erosion mask's maps).
          if (in == &inputs) throw;
        }
      }
      return cells;
    };
    const auto reference = run(defaults);
    for (std::size_t i = 0; i < defaults.size(); ++i) {
      ParamValues changed = defaults;
      changed[i] =
          holdsStrokes(type->params()[i])
              ? noStrokesId()
              : anotherValue(*type, type->params()[i], defaults[i], type->dynamicMax(i, defaults));
      EXPECT_NE(run(changed), reference)
          << type->key() << " --" << type->params()[i].key << " " << changed[i];
    }
  }
}

}  // namespace
}  // namespace terrain
