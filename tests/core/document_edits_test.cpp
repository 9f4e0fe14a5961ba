// The window's document edits without a window (app/document_edits.hpp):
// the commit rule that makes a slider drag one undo step, undo and redo as
// the loop does them, and the --actions steps and their refusals.
#include <gtest/gtest.h>

#include "app/document_edits.hpp"
#include "core/error.hpp"
#include "tests/core/test_support.hpp"

namespace terrain::app {
namespace {

using terrain::testing::param;
using terrain::testing::setParam;

Document start() {
  return defaultDocument("diamond-square");
}

TEST(CommitRule, ASliderDragIsOneStepCommittedOnRelease) {
  const Document before = start();
  History history(before);
  Document doc = before;
  // Thirty frames of dragging roughness up, the slider held throughout.
  for (int frame = 1; frame <= 30; ++frame) {
    setParam(doc, "roughness", 0.5 + 0.01 * frame);
    EXPECT_FALSE(commitFinishedEdit(history, doc, /*editing=*/true));
  }
  EXPECT_EQ(history.size(), 1U) << "nothing is a step while the slider is held";
  EXPECT_TRUE(commitFinishedEdit(history, doc, /*editing=*/false));  // released
  EXPECT_FALSE(commitFinishedEdit(history, doc, false)) << "the next idle frame adds nothing";
  EXPECT_EQ(history.size(), 2U);
  EXPECT_TRUE(undoRedo(doc, history, /*undo=*/true));
  EXPECT_EQ(doc, before) << "one undo takes back the whole drag";
}

TEST(CommitRule, UndoDuringADragTakesBackTheDragSoFar) {
  const Document before = start();
  History history(before);
  Document doc = before;
  setParam(doc, "roughness", 0.9);  // held: not committed yet
  EXPECT_TRUE(undoRedo(doc, history, /*undo=*/true));
  EXPECT_EQ(doc, before);
  EXPECT_TRUE(undoRedo(doc, history, /*undo=*/false));
  EXPECT_DOUBLE_EQ(param(doc, "roughness"), 0.9) << "and redo brings it back";
}

TEST(CommitRule, NextSeedTwiceUndoneTwiceAndRedoneIsOneNextSeed) {
  History history(start());
  Document doc = start();
  for (int i = 0; i < 2; ++i) {
    doc.seed = nextSeed(doc.seed);
    EXPECT_TRUE(commitFinishedEdit(history, doc, false));
  }
  undoRedo(doc, history, true);
  undoRedo(doc, history, true);
  EXPECT_EQ(doc, start());
  EXPECT_FALSE(undoRedo(doc, history, true)) << "nothing before the start";
  undoRedo(doc, history, false);
  Document once = start();
  once.seed = nextSeed(once.seed);
  EXPECT_EQ(doc, once);
}

TEST(NextSeed, IsDeterministicSixDigitsAndNeverTheSameSeed) {
  EXPECT_EQ(nextSeed(42), nextSeed(42));
  std::uint64_t seed = 1;
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t next = nextSeed(seed);
    EXPECT_NE(next, seed);
    EXPECT_LT(next, 1000000U);
    seed = next;
  }
}

TEST(ScriptSteps, ParseEveryKindInOrder) {
  const auto steps = parseScript(
      "next-seed,set:roughness=0.9,set:water=0.4,stage:terrace,undo,redo,"
      "save:a.json,open:b.json",
      start());
  using Kind = ScriptStep::Kind;
  ASSERT_EQ(steps.size(), 8U);
  const Kind kinds[] = {Kind::NextSeed, Kind::Set,  Kind::Set,  Kind::Stage,
                        Kind::Undo,     Kind::Redo, Kind::Save, Kind::Open};
  for (std::size_t i = 0; i < steps.size(); ++i) EXPECT_EQ(steps[i].kind, kinds[i]) << i;
  EXPECT_EQ(steps[1].key, "roughness");
  EXPECT_EQ(steps[1].value, "0.9");
  EXPECT_EQ(steps[3].key, "terrace");
  EXPECT_EQ(steps[6].value, "a.json");
}

TEST(ScriptSteps, SetAndStageEditTheDocumentAsThePanelDoes) {
  Document doc = start();
  const auto steps = parseScript(
      "set:roughness=0.9,set:water=0.4,set:scaling=article,"
      "stage:clamp",
      doc);
  for (const ScriptStep& step : steps) applyEdit(doc, step);
  EXPECT_DOUBLE_EQ(param(doc, "roughness"), 0.9);
  EXPECT_DOUBLE_EQ(doc.look.water, 0.4);
  EXPECT_DOUBLE_EQ(param(doc, "scaling"), 1.0);
  ASSERT_EQ(doc.modifiers.size(), start().modifiers.size() + 1);
  EXPECT_EQ(doc.modifiers.back(), defaultModifier("clamp"));
}

// Each bad list is refused at parse time, with the step in the message.
TEST(ScriptSteps, BadStepsAreRefusedNamingTheStep) {
  const std::pair<const char*, const char*> bad[] = {
      {"", "empty"},
      {"jump", "'jump' is not a step"},
      {"undo,,redo", "'' is not a step"},
      {"undo:3", "'undo:3' is not a step"},
      {"set:roughness", "'set:roughness' is not a step"},
      {"set:=3", "'set:=3' is not a step"},
      {"set:roughness=high", "not a number"},
      {"set:roughness=7", "roughness"},
      {"set:roughness=nan", "roughness"},
      {"set:size=1000", "size"},
      {"set:fizz=1", "'fizz' is not a parameter of diamond-square"},
      {"stage:blur", "blur"},
      {"save:", "'save:' is not a step"},
      {"next-seed,open:", "'open:' is not a step"},
  };
  for (const auto& [list, expected] : bad) {
    try {
      parseScript(list, start());
      ADD_FAILURE() << "accepted '" << list << "'";
    } catch (const InputError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("--actions"), std::string::npos) << message;
      EXPECT_NE(message.find(expected), std::string::npos) << list << " -> " << message;
    }
  }
}

}  // namespace
}  // namespace terrain::app
