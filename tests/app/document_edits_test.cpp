// The window's document edits without a window (app/document_edits.hpp):
// the commit rule that makes a slider drag one undo step, undo and redo as
// the loop does them.
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

}  // namespace
}  // namespace terrain::app
