// The document a designer starts from: defaults that suit each source, and
// the "as in the article" documents that set what each article showed.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/document/project.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/nodes/registry.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

// A document is more than valid: it generates a terrain of its source's
// size, heights in [0, 1] and not flat, the same bits twice, and it
// survives the project file unchanged.
void expectMakesItsTerrain(const Document& doc, int size) {
  const Heightfield field = runPipeline(doc);
  EXPECT_EQ(std::max(field.width, field.height), size) << chainSource(doc.graph).type;
  const auto [low, high] = std::ranges::minmax_element(field.heights);
  ASSERT_NE(low, field.heights.end()) << chainSource(doc.graph).type;
  EXPECT_GE(*low, 0.0f) << chainSource(doc.graph).type;
  EXPECT_LE(*high, 1.0f) << chainSource(doc.graph).type;
  EXPECT_LT(*low, *high) << chainSource(doc.graph).type << ": flat";
  EXPECT_EQ(runPipeline(doc).heights, field.heights)
      << chainSource(doc.graph).type << ": not deterministic";
  EXPECT_EQ(projectFromJson(projectToJson(doc)), doc) << chainSource(doc.graph).type;
}

TEST(Document, EachArticleButtonSetsTheArticlesSourceSizeAndView) {
  struct Expected {
    const char* source;
    int size;
    ViewKind view;
    bool waterPlane;
  };
  for (const Expected& e : {Expected{"random-walk", 640, ViewKind::Side, false},
                            Expected{"midpoint", 513, ViewKind::Side, false},
                            Expected{"coastline", 128, ViewKind::Map, false},
                            Expected{"rectangles", 128, ViewKind::Mesh, false},
                            Expected{"diamond-square", 513, ViewKind::Mesh, true}}) {
    const Document doc = articleDocument(e.source);
    const SourceStage& source = sourceStage(e.source);
    EXPECT_EQ(chainSource(doc.graph).type, e.source);
    EXPECT_EQ(source.size(chainSource(doc.graph).values), e.size) << e.source;
    EXPECT_EQ(doc.view.kind, e.view) << e.source;
    EXPECT_EQ(doc.view.waterPlane, e.waterPlane) << e.source;
    EXPECT_TRUE(chainOf(doc.graph).modifiers.empty())
        << e.source << ": the article is the source alone";
    EXPECT_NO_THROW(validate(doc)) << e.source;
    expectMakesItsTerrain(doc, e.size);
  }
}

TEST(Document, DefaultsSuitTheSourceAndValidate) {
  for (const SourceStage* source : sources()) {
    const Document doc = testing::makingDocument(source->key());
    EXPECT_NO_THROW(validate(doc)) << source->key();
    expectMakesItsTerrain(doc, source->size(chainSource(doc.graph).values));
    EXPECT_EQ(doc.look.water, source->defaultWater()) << source->key();
    EXPECT_EQ(doc.view.kind, source->profile() ? ViewKind::Side : ViewKind::Map);
  }
  // The random walk starts smoothed and stretched back to the full range.
  const Document walk = defaultDocument("random-walk");
  ASSERT_EQ(chainModifierCount(walk.graph), 2U);
  EXPECT_EQ(chainModifier(walk.graph, 0).type, "smooth");
  EXPECT_EQ(chainModifier(walk.graph, 1).type, "normalise");
}

TEST(Document, TheLooksAutoChoicesFollowTheMapKind) {
  Document coast = defaultDocument("coastline");
  EXPECT_TRUE(isClassMap(coast));
  EXPECT_TRUE(isAppletSeaAndLand(coast));
  EXPECT_EQ(resolvedRampName(coast), "coastline");
  EXPECT_FALSE(resolvedHillshade(coast));
  const SourceStage& source = sourceStage("coastline");
  chainSource(coast.graph).values[*source.indexOf("classes")] = 5;
  EXPECT_TRUE(isAppletSeaAndLand(coast)) << "the applet's start holds only sea and land";
  chainSource(coast.graph).values[*source.indexOf("start")] = 1;  // random
  EXPECT_FALSE(isAppletSeaAndLand(coast));
  EXPECT_EQ(resolvedRampName(coast), "earth");
  coast.look.hillshade = HillshadeChoice::On;
  EXPECT_TRUE(resolvedHillshade(coast));
  const Document ds = defaultDocument("diamond-square");
  EXPECT_FALSE(isClassMap(ds));
  EXPECT_TRUE(resolvedHillshade(ds));
  EXPECT_EQ(defaultFileStem(ds), "diamond-square-s1-513");
}

// Exported files are named for what they hold: a chain's source (a linear
// graph) or "graph", an engine size's side, not the map's it was cut from,
// and a graph's node when it is not the terrain.
TEST(Document, AFileStemNamesTheSideWrittenAndTheNodeExported) {
  const Document ds = defaultDocument("diamond-square");
  EXPECT_EQ(defaultFileStem(ds, 1009), "diamond-square-s1-1009");
  Document graph = ds;
  addNode(graph.graph, "noise", 0.0f, 300.0f);  // not a chain any more
  graph.seed = 7;
  EXPECT_EQ(defaultFileStem(graph), "graph-s7-513");
  EXPECT_EQ(defaultFileStem(graph, 2017), "graph-s7-2017");
  const NodeId source = graph.graph.nodes.front().id;
  EXPECT_EQ(defaultFileStem(graph, 0, source),
            "graph-node" + std::to_string(source) + "-diamond-square-s7-513");
}

TEST(Document, UnknownSourcesAreRefusedNamingTheKnownOnes) {
  try {
    defaultDocument("perlin");
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("diamond-square"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace terrain
