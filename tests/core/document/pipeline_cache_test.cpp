// The window's Pipeline keeps every stage's result: a change re-runs only
// from the first stage it touches, the look and the view run nothing, and
// what comes from the cache is bit for bit what runPipeline makes.
#include <gtest/gtest.h>

#include "core/document/pipeline.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

using testing::checksum;
using testing::docWith;
using testing::setParam;
using testing::withSmooth;

// Diamond-square 129 with four modifiers: smooth, terrace, curve, clamp.
Document fiveStages() {
  Document doc = withSmooth(docWith("diamond-square", {{"size", 129}}, 7), 2);
  for (const char* key : {"terrace", "curve", "clamp"}) appendModifier(doc.graph, key);
  setParam(chainModifier(doc.graph, 1), "steps", 6);
  setParam(chainModifier(doc.graph, 3), "high", 0.8);
  return doc;
}

void expectSameBits(const Heightfield& cached, const Document& doc) {
  const Heightfield fresh = runPipeline(doc);
  ASSERT_EQ(cached.width, fresh.width);
  ASSERT_EQ(cached.height, fresh.height);
  EXPECT_EQ(checksum(cached), checksum(fresh));
}

TEST(PipelineCache, TheFirstRunRunsEveryStageAndMatchesRunPipeline) {
  Pipeline pipeline;
  const Document doc = fiveStages();
  const auto field = pipeline.run(doc);
  EXPECT_EQ(pipeline.stagesRunLastTime(), 5);
  expectSameBits(*field, doc);
}

TEST(PipelineCache, AModifierChangeRerunsFromThatModifierToTheEnd) {
  const Document start = fiveStages();
  // One new value for each modifier, in stack order.
  const std::pair<const char*, double> edits[] = {
      {"passes", 3}, {"steps", 4}, {"at-50", 0.6}, {"low", 0.1}};
  for (std::size_t m = 0; m < chainModifierCount(start.graph); ++m) {
    Pipeline pipeline;
    pipeline.run(start);
    Document doc = start;
    GraphNode& changed = chainModifier(doc.graph, m);
    setParam(changed, edits[m].first, edits[m].second);
    ASSERT_NE(changed, chainModifier(start.graph, m));
    const auto field = pipeline.run(doc);
    const int fromHereToTheEnd = static_cast<int>(chainModifierCount(start.graph) - m);
    EXPECT_EQ(pipeline.stagesRunLastTime(), fromHereToTheEnd) << "changed " << changed.type;
    expectSameBits(*field, doc);
  }
}

TEST(PipelineCache, SwitchingAModifierOffRerunsOnlyTheStagesAfterIt) {
  Pipeline pipeline;
  Document doc = fiveStages();
  pipeline.run(doc);
  chainModifier(doc.graph, 2).enabled = false;  // curve: clamp now reads terrace's result
  const auto field = pipeline.run(doc);
  EXPECT_EQ(pipeline.stagesRunLastTime(), 1);
  expectSameBits(*field, doc);
}

TEST(PipelineCache, TheLookAndTheViewRunNothing) {
  Pipeline pipeline;
  Document doc = fiveStages();
  const auto before = pipeline.run(doc);
  doc.look.water = 0.55;
  doc.look.ramp = "grayscale";
  doc.look.hillshade = HillshadeChoice::On;
  doc.look.sunAzimuth = 90.0;
  doc.view.kind = ViewKind::Mesh;
  doc.view.exaggeration = 0.6;
  const auto after = pipeline.run(doc);
  EXPECT_EQ(pipeline.stagesRunLastTime(), 0);
  EXPECT_EQ(after.get(), before.get()) << "the same heights, not a copy";
  expectSameBits(*after, doc);
}

TEST(PipelineCache, AWorldChangeRerunsTheModifiersNotTheSource) {
  Pipeline pipeline;
  Document doc = fiveStages();
  pipeline.run(doc);
  doc.world.width = 1000.0;
  pipeline.run(doc);
  EXPECT_EQ(pipeline.stagesRunLastTime(), 4) << "every modifier may measure in metres";
  doc.world.heightRange = 50.0;
  const auto field = pipeline.run(doc);
  EXPECT_EQ(pipeline.stagesRunLastTime(), 4);
  expectSameBits(*field, doc);
}

TEST(PipelineCache, ANewSeedRunsEveryStage) {
  Pipeline pipeline;
  Document doc = fiveStages();
  const auto first = pipeline.run(doc);
  doc.seed = 8;
  const auto second = pipeline.run(doc);
  EXPECT_EQ(pipeline.stagesRunLastTime(), 5);
  EXPECT_NE(checksum(*first), checksum(*second));
  expectSameBits(*second, doc);
}

TEST(PipelineCache, ASourceChangeRunsEveryStage) {
  Pipeline pipeline;
  Document doc = fiveStages();
  pipeline.run(doc);
  setParam(doc, "roughness", 0.8);
  const auto field = pipeline.run(doc);
  EXPECT_EQ(pipeline.stagesRunLastTime(), 5);
  expectSameBits(*field, doc);
}

TEST(PipelineCache, GoingBackToAnEarlierDocumentGivesItsBitsAgain) {
  // What undo does: the cache must not hand back the newer result.
  Pipeline pipeline;
  const Document a = fiveStages();
  Document b = a;
  setParam(chainModifier(b.graph, 1), "steps", 3);
  const std::uint64_t first = checksum(*pipeline.run(a));
  pipeline.run(b);
  EXPECT_EQ(checksum(*pipeline.run(a)), first);
  EXPECT_EQ(pipeline.stagesRunLastTime(), 3);  // terrace, curve, clamp
}

}  // namespace
}  // namespace terrain
