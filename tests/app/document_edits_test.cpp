// The window's document edits without a window (app/document_edits.hpp):
// the commit rule that makes a slider drag one undo step, undo and redo as
// the loop does them.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "app/document_edits.hpp"
#include "core/base/error.hpp"
#include "core/document/presets.hpp"
#include "core/document/project.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/nodes/registry.hpp"
#include "core/nodes/sources/import.hpp"
#include "core/nodes/stage.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/scratch_dir.hpp"

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

// Issue 38: Ctrl+Z undoes document edits only. A view switch, a new row,
// exaggeration or overlay and a pin are no steps: one undo after them takes
// back the parameter change before them, and leaves the view and the pin as
// they are on screen; redo brings the change back, still in that view.
TEST(CommitRule, ViewSwitchesAndPinsAreNoStepsAndUndoKeepsThem) {
  const Document before = loadProject(TERRAIN_SOURCE_DIR "/examples/mesa-in-hills.json");
  ASSERT_FALSE(isLinear(before.graph));
  ASSERT_NE(before.graph.find(3), nullptr);
  History history(before);
  Document doc = before;
  doc.seed = nextSeed(doc.seed);  // the edit
  EXPECT_TRUE(commitFinishedEdit(history, doc, false));
  const Document edited = doc;
  doc.view.kind = doc.view.kind == ViewKind::Mesh ? ViewKind::Map : ViewKind::Mesh;
  EXPECT_FALSE(commitFinishedEdit(history, doc, false)) << "a view switch is a step";
  doc.view.overlay = MapOverlay::Slope;
  doc.view.row = 0.25;
  doc.view.exaggeration = 0.5;
  EXPECT_FALSE(commitFinishedEdit(history, doc, false)) << "the view's settings are a step";
  pinNode(doc.graph, 3);
  EXPECT_FALSE(commitFinishedEdit(history, doc, false)) << "a pin is a step";
  EXPECT_EQ(history.size(), 2U);
  const ViewState looked = doc.view;

  EXPECT_TRUE(undoRedo(doc, history, /*undo=*/true));
  EXPECT_EQ(doc.seed, before.seed) << "the first undo takes back the edit";
  EXPECT_EQ(doc.view, looked) << "and leaves the view";
  EXPECT_EQ(doc.graph.pinned, 3U) << "and the pin";
  Document expected = before;
  expected.view = looked;
  pinNode(expected.graph, 3);
  EXPECT_EQ(doc, expected) << "nothing else differs from before the edit";
  EXPECT_FALSE(undoRedo(doc, history, true)) << "nothing before the start";

  EXPECT_TRUE(undoRedo(doc, history, /*undo=*/false));
  EXPECT_EQ(doc.seed, edited.seed);
  EXPECT_EQ(doc.view, looked);
  EXPECT_EQ(doc.graph.pinned, 3U);
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

// An ASCII grid of 8 x 8 cells `cell` metres wide, in `dir`, its
// elevations lowest + 0 .. lowest + 63 metres.
std::string gridOfCells(const terrain::testing::ScratchDir& dir, const std::string& cell,
                        int lowest = 0) {
  const std::string grid =
      (dir.path() / ("cells-" + cell + "-" + std::to_string(lowest) + ".asc")).string();
  std::ofstream asc(grid);
  asc << "ncols 8\nnrows 8\nxllcorner 0\nyllcorner 0\ncellsize " << cell << "\n";
  for (int i = 0; i < 64; ++i) asc << lowest + i << (i % 8 == 7 ? "\n" : " ");
  return grid;
}

// The window said validate's "--world-width: 7000000000 is out of range", a
// flag its user never typed, for a file whose cells make no world.
TEST(ImportEdit, AFileWhoseCellsMakeNoWorldKeepsTheWorldsWidthAndSaysWhyInThePanelsWords) {
  const terrain::testing::ScratchDir dir;
  const SourceStage& source = importSource();
  const std::size_t file = *source.indexOf("file");
  for (const char* cell : {"1e9", "1e-9"}) {
    Document doc = defaultDocument("import");
    const ParamValues before = chainSource(doc.graph).values;
    const double width = doc.world.width;
    const std::string grid = gridOfCells(dir, cell);
    chainSource(doc.graph).values[file] = parseValue(source.params()[file], grid);
    const std::string note = takeImportEdit(before, chainSource(doc.graph).values, doc);
    EXPECT_NE(note.find("import: '" + grid + "' is georeferenced "), std::string::npos) << note;
    EXPECT_NE(note.find("the world keeps its width"), std::string::npos) << note;
    EXPECT_EQ(note.find("--"), std::string::npos) << "no flag in the window: " << note;
    EXPECT_EQ(doc.world.width, width);
    EXPECT_NO_THROW(validate(doc)) << "the file is imported at the world's width";
    EXPECT_EQ(chainSource(doc.graph).values[*source.indexOf("elevation-high")], 63.0)
        << "its elevations' range is taken";
  }
  // A file whose cells make a world takes its width, and no note.
  Document doc = defaultDocument("import");
  const ParamValues before = chainSource(doc.graph).values;
  chainSource(doc.graph).values[file] = parseValue(source.params()[file], gridOfCells(dir, "100"));
  const double width = doc.world.width;
  EXPECT_EQ(takeImportEdit(before, chainSource(doc.graph).values, doc), "");
  EXPECT_NE(doc.world.width, width);
  EXPECT_EQ(doc.world.width, importedWorld(chainSource(doc.graph).values, World{}).width);
}

// Issue 38: an imported DEM opened flooded (the water level stayed the
// default 0.3 of its range). The sea is at 0 m of elevation: no water
// when the ground is all above it, exactly the ground below 0 m when some
// is; and the 3D view shows it at true scale.
TEST(ImportEdit, TheSeaIsAtZeroMetresAndTheViewAtTrueScale) {
  const terrain::testing::ScratchDir dir;
  const SourceStage& source = importSource();
  const std::size_t file = *source.indexOf("file");
  for (const int lowest : {100, -20}) {
    Document doc = defaultDocument("import");
    const ParamValues before = chainSource(doc.graph).values;
    chainSource(doc.graph).values[file] =
        parseValue(source.params()[file], gridOfCells(dir, "100", lowest));
    ASSERT_EQ(takeImportEdit(before, chainSource(doc.graph).values, doc), "");
    EXPECT_DOUBLE_EQ(doc.view.exaggeration, doc.world.heightRange / doc.world.width);
    const Heightfield field = terrain::testing::run(doc);
    const auto water = static_cast<float>(doc.look.water);
    int belowZero = 0;
    int wrong = 0;  // a centimetre or more from 0 m, on the wrong side of the water
    for (const float h : field.heights) {
      const double metres = elevationOf(doc.world, static_cast<double>(h));
      belowZero += metres < 0.0 ? 1 : 0;
      if ((metres < -0.01 && !(h < water)) || (metres > 0.01 && h < water)) ++wrong;
    }
    EXPECT_EQ(wrong, 0) << "lowest " << lowest;
    if (lowest > 0) {
      EXPECT_EQ(belowZero, 0) << "the ground is all above the sea: no water";
    } else {
      EXPECT_GT(belowZero, 0);
    }
  }
}

// A file it cannot read changes nothing of the world, and the note says why
// (it was swallowed, the status line's the only word of it).
TEST(ImportEdit, AFileItCannotReadLeavesTheWorldAndTheNoteSaysWhy) {
  const SourceStage& source = importSource();
  const std::size_t file = *source.indexOf("file");
  Document doc = defaultDocument("import");
  const World world = doc.world;
  const ParamValues before = chainSource(doc.graph).values;
  chainSource(doc.graph).values[file] = parseValue(source.params()[file], "/nonexistent/dem.tif");
  const std::string note = takeImportEdit(before, chainSource(doc.graph).values, doc);
  EXPECT_NE(note.find("/nonexistent/dem.tif"), std::string::npos) << note;
  EXPECT_EQ(doc.world, world);
}

// Issue 38 item 9: a preset click showed the old terrain in the new look for
// seconds (Canyon mesa flooded by Islands' sea). The view keeps the look of
// the terrain on screen until the new terrain's draft lands.
TEST(LookHold, APresetsLookWaitsForItsTerrainAndALookChangedAloneShowsAtOnce) {
  const Document canyon = landformDocument("canyon-mesa");
  const Document islands = landformDocument("islands");
  ASSERT_NE(canyon.look, islands.look);
  ASSERT_FALSE(sameTerrain(canyon, islands));

  // The click: Islands asked for, Canyon mesa on screen.
  auto held = holdLook(std::nullopt, canyon.look, islands, canyon, &canyon);
  ASSERT_TRUE(held);
  EXPECT_EQ(held->shown, canyon.look);
  // Frames go on while it generates (now requested): still held.
  held = holdLook(held, islands.look, islands, islands, &canyon);
  ASSERT_TRUE(held);
  EXPECT_EQ(held->shown, canyon.look);
  // Islands' draft lands: its own look at once.
  EXPECT_FALSE(holdLook(held, islands.look, islands, islands, &islands));
  // The designer moves the water level before it lands: that shows.
  Document wetter = islands;
  wetter.look.water += 0.1;
  EXPECT_FALSE(holdLook(held, islands.look, wetter, islands, &canyon));

  // A look changed alone while a terrain is on its way shows at once.
  Document reseeded = canyon;
  reseeded.seed += 1;
  Document lowered = reseeded;
  lowered.look.water -= 0.1;
  EXPECT_FALSE(holdLook(std::nullopt, reseeded.look, lowered, reseeded, &canyon));
  // A terrain changed alone has no look to hold; nor does an empty view.
  EXPECT_FALSE(holdLook(std::nullopt, canyon.look, reseeded, canyon, &canyon));
  EXPECT_FALSE(holdLook(std::nullopt, canyon.look, islands, canyon, nullptr));
}

}  // namespace
}  // namespace terrain::app
