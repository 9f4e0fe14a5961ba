// The project file: a document survives it, an old file loads and takes
// the stages' defaults, and a save replaces the file whole or not at all.
// What the file may not hold: project_refusals_test.cpp.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/document/project.hpp"
#include "core/nodes/registry.hpp"
#include "tests/core/document/project_support.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

using testing::readAll;
using testing::refusal;
using testing::validProject;

void writeText(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

TEST(Project, EverySourceAndModifierSurvivesARoundTrip) {
  for (const SourceStage* source : sources()) {
    Document doc =
        source->articlePreset() ? articleDocument(source->key()) : defaultDocument(source->key());
    for (const ModifierStage* m : modifiers()) {
      if (!source->profile() || m->appliesToProfiles()) {
        appendModifier(doc.graph, defaultModifier(m->key()));
      }
    }
    EXPECT_EQ(projectFromJson(projectToJson(doc)), doc) << source->key();
  }
}

TEST(Project, KeepsTheSeedTheLookAndTheViewExactly) {
  Document doc = defaultDocument("coastline");
  doc.seed = 18446744073709551615ULL;  // no JSON double holds it
  doc.look.water = 0.1 + 0.2;          // 0.30000000000000004
  doc.look.ramp = "ramps/évening.png";
  doc.look.hillshade = HillshadeChoice::Off;
  doc.look.sunAzimuth = 12.345678901234567;
  doc.look.sunElevation = 1.0;
  doc.look.relief = 5.0;
  doc.view.kind = ViewKind::Mesh;
  doc.view.row = 1.0 / 3.0;
  doc.view.exaggeration = 0.02;
  doc.view.waterPlane = false;
  doc.world.width = 1.0 / 3.0 * 3000.0;
  doc.world.heightRange = 2500.5;
  appendModifier(doc.graph, "smooth");
  chainModifier(doc.graph, chainModifierCount(doc.graph) - 1).enabled = false;
  const std::string json = projectToJson(doc);
  EXPECT_EQ(projectFromJson(json), doc) << json;
  // Written by name: the seed as a string, choices and view kind as words.
  EXPECT_NE(json.find(R"("seed": "18446744073709551615")"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("hillshade": "off")"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("mode": "classes")"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("kind": "3d")"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("enabled": false)"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("height-range": 2500.5)"), std::string::npos) << json;
}

TEST(Project, TheSplatOverlayIsSavedByNameAndOlderOverlaysKeepTheirMeaning) {
  Document doc = defaultDocument();
  doc.view.overlay = MapOverlay::Splat;
  const std::string json = projectToJson(doc);
  EXPECT_NE(json.find(R"("overlay": "splat")"), std::string::npos) << json;
  EXPECT_EQ(projectFromJson(json), doc);
  // A file written before the splat overlay existed names the masks as it did.
  doc.view.overlay = MapOverlay::Deposition;
  const std::string older = projectToJson(doc);
  ASSERT_NE(older.find(R"("overlay": "deposition")"), std::string::npos) << older;
  EXPECT_EQ(projectFromJson(older).view.overlay, MapOverlay::Deposition);
  std::string unknown = older;
  unknown.replace(unknown.find(R"("deposition")"), 12, R"("sparkle")");
  EXPECT_NE(refusal(unknown).find("splat"), std::string::npos) << refusal(unknown);
}

TEST(Project, AVersionOneFileWrittenByHandLoads) {
  const Document doc = loadProject(TERRAIN_SOURCE_DIR "/tests/core/data/project-v1.json");
  EXPECT_EQ(doc.seed, 18446744073709551557ULL);
  const SourceStage& ds = sourceStage("diamond-square");
  ASSERT_EQ(chainSource(doc.graph).type, "diamond-square");
  EXPECT_EQ(chainSource(doc.graph).values[*ds.indexOf("size")], 257);
  EXPECT_EQ(chainSource(doc.graph).values[*ds.indexOf("roughness")], 0.45);
  // Not in the file: the stage's default.
  EXPECT_EQ(chainSource(doc.graph).values[*ds.indexOf("iterations")],
            ds.defaults()[*ds.indexOf("iterations")]);
  ASSERT_EQ(chainModifierCount(doc.graph), 4u);
  EXPECT_EQ(chainModifier(doc.graph, 0).type, "smooth");
  EXPECT_EQ(chainModifier(doc.graph, 0).values, ParamValues{3});
  EXPECT_EQ(chainModifier(doc.graph, 1).type, "terrace");
  EXPECT_FALSE(chainModifier(doc.graph, 1).enabled);
  EXPECT_EQ(chainModifier(doc.graph, 1).values[*modifierStage("terrace").indexOf("steps")], 12);
  EXPECT_EQ(chainModifier(doc.graph, 1).values[*modifierStage("terrace").indexOf("offset")], 0.0);
  EXPECT_EQ(chainModifier(doc.graph, 2).type, "curve");
  EXPECT_TRUE(chainModifier(doc.graph, 2).enabled);  // "enabled" left out: on
  EXPECT_EQ(chainModifier(doc.graph, 2).values[*modifierStage("curve").indexOf("at-50")], 0.35);
  EXPECT_EQ(chainModifier(doc.graph, 3).values, (ParamValues{0.2, 0.9}));
  EXPECT_EQ(doc.look.water, 0.25);
  EXPECT_EQ(doc.look.ramp, "grayscale");
  EXPECT_EQ(doc.look.hillshade, HillshadeChoice::Off);
  EXPECT_EQ(doc.look.sunAzimuth, 270);
  EXPECT_EQ(doc.look.sunElevation, 30);
  EXPECT_EQ(doc.look.relief, 1.5);
  EXPECT_EQ(doc.view.kind, ViewKind::Mesh);
  EXPECT_EQ(doc.view.row, ViewState{}.row);  // left out: the default
  EXPECT_EQ(doc.view.exaggeration, 0.4);
  EXPECT_FALSE(doc.view.waterPlane);
}

TEST(Project, MissingParametersTakeTheStagesDefaults) {
  const Document doc = projectFromJson(validProject(R"("size": 65)"));
  const SourceStage& ds = sourceStage("diamond-square");
  ParamValues expected = ds.defaults();
  expected[ds.sizeIndex()] = 65;
  EXPECT_EQ(chainSource(doc.graph).values, expected);
  EXPECT_EQ(chainOf(doc.graph).modifiers.at(0).values, (ParamValues{0.1, 1.0}));
  // No look in the file: the look that suits the source.
  EXPECT_EQ(doc.look, defaultDocument("diamond-square").look);
}

TEST(Project, AcceptsTheSeedAsAWholeNumberToo) {
  std::string text = validProject();
  text.replace(text.find(R"("9")"), 3, "12345678901234567890");
  EXPECT_EQ(projectFromJson(text).seed, 12345678901234567890ULL);
}

TEST(Project, SaveThenLoadGivesTheSameDocument) {
  const testing::ScratchDir dir;
  Document doc = articleDocument("diamond-square");
  appendModifier(doc.graph, "terrace");
  const std::string path = (dir.path() / "island.terrain.json").string();
  saveProject(path, doc);
  EXPECT_EQ(loadProject(path), doc);
  EXPECT_EQ(readAll(path), projectToJson(doc));
}

TEST(Project, AFailedSaveLeavesTheExistingFileAsItWas) {
  const testing::ScratchDir dir;
  const fs::path path = dir.path() / "keep.json";
  const Document original = defaultDocument("rectangles");
  saveProject(path.string(), original);
  const std::string before = readAll(path);
  Document bad = original;
  bad.look.ramp = "ramp-\xff\xfe.png";  // not UTF-8: JSON cannot hold it
  try {
    saveProject(path.string(), bad);
    FAIL() << "a ramp path that is not UTF-8 was saved";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("not valid UTF-8"), std::string::npos) << e.what();
  }
  Document invalid = original;
  invalid.look.water = 7;
  EXPECT_THROW(saveProject(path.string(), invalid), InputError);
  EXPECT_EQ(readAll(path), before);
  // No temporary file left behind.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator{}), 1);
}

TEST(Project, SavingWhereNoFileCanBeNamesThePathAndWhy) {
  const testing::ScratchDir dir;
  const std::string missing = (dir.path() / "no-such-dir" / "p.json").string();
  try {
    saveProject(missing, defaultDocument());
    FAIL() << "saved into a directory that does not exist";
  } catch (const IoError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(missing), std::string::npos) << message;
    EXPECT_NE(message.find("No such file or directory"), std::string::npos) << message;
  }
  EXPECT_THROW(saveProject(dir.path().string(), defaultDocument()), IoError);
}

TEST(Project, LoadRefusesWhatIsNotAProjectFileNamingThePath) {
  const testing::ScratchDir dir;
  const std::string missing = (dir.path() / "nope.json").string();
  try {
    loadProject(missing);
    FAIL();
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot read '" + missing + "'"), std::string::npos)
        << e.what();
  }
  auto loadMessage = [](const std::string& path) -> std::string {
    try {
      loadProject(path);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_NE(loadMessage(dir.path().string()).find("is a directory"), std::string::npos);
  EXPECT_NE(loadMessage("/dev/null").find("'/dev/null': is not a regular file"), std::string::npos);
  // A FIFO with no writer: refused at once, not waited on.
  const std::string fifo = (dir.path() / "pipe.json").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_NE(loadMessage(fifo).find("is not a regular file"), std::string::npos);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  // Over the cap, even when the text would be fine.
  const fs::path big = dir.path() / "big.json";
  writeText(big, validProject() + std::string(kMaxProjectBytes, ' '));
  EXPECT_NE(loadMessage(big.string()).find("larger than a project file can be"), std::string::npos);
  // Broken content: the path, then the place in the file.
  const fs::path broken = dir.path() / "broken.json";
  writeText(broken, "{\n  \"format\": \"terrain-explorer-project\",\n  \"version\": 1,,\n}");
  EXPECT_EQ(loadMessage(broken.string()).rfind("project '" + broken.string() + "': line 3", 0), 0u)
      << loadMessage(broken.string());
}

}  // namespace
}  // namespace terrain
