// The project file: a document survives it, an old file loads, and a broken,
// hostile or newer file is refused with a message naming the problem.
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
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

using testing::readAll;

void writeText(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// The message of the InputError that loading `text` throws ("" if none).
std::string refusal(const std::string& text) {
  try {
    projectFromJson(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_REFUSED(text, part)                                                \
  do {                                                                            \
    const std::string message_ = refusal(text);                                   \
    EXPECT_NE(message_.find(part), std::string::npos) << "message: " << message_; \
    EXPECT_EQ(message_.rfind("project: ", 0), 0u) << "message: " << message_;     \
  } while (false)

// A small valid project to break in one place at a time.
std::string validProject(const std::string& sourceParams = R"("size": 65, "roughness": 0.4)",
                         const std::string& extra = "") {
  return R"({"format": "terrain-explorer-project", "version": 1, "seed": "9",
  "source": {"stage": "diamond-square", "params": {)" +
         sourceParams + R"(}},
  "modifiers": [{"stage": "clamp", "params": {"low": 0.1}}])" +
         extra + "}";
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

TEST(Project, RefusesAWorldOutOfRangeNamingTheKeyAndTheRange) {
  const std::string base = projectToJson(defaultDocument());
  std::string json = base;
  json.replace(json.find(R"("height-range": 1200.0)"), 22, R"("height-range": -5)");
  const std::string message = refusal(json);
  EXPECT_NE(message.find("height-range"), std::string::npos) << message;
  EXPECT_NE(message.find("1 to 20000"), std::string::npos) << message;
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

TEST(Project, RefusesATruncatedFileNamingTheLine) {
  const std::string good = projectToJson(defaultDocument("midpoint"));
  const std::string cut = good.substr(0, good.size() / 2);
  const std::string message = refusal(cut);
  EXPECT_EQ(message.rfind("project: line ", 0), 0u) << message;
  EXPECT_NE(message.find("column"), std::string::npos) << message;
  EXPECT_REFUSED("", "empty");
  EXPECT_REFUSED("{\"format\": \"terrain-explorer-project\",\n  \"version\": 1,\n  oops}",
                 "line 3, column 3");
}

TEST(Project, RefusesAValueOfTheWrongTypeNamingWhere) {
  EXPECT_REFUSED(validProject(R"("roughness": "high")"),
                 "'source.params.roughness' must be a number, not a string");
  EXPECT_REFUSED(validProject(R"("scaling": 1)"), "'source.params.scaling' must be a name");
  EXPECT_REFUSED(validProject("", R"(, "look": {"water": true})"), "'look.water' must be a number");
  EXPECT_REFUSED(validProject("", R"(, "view": {"water-plane": 1})"),
                 "'view.water-plane' must be true or false");
  EXPECT_REFUSED(validProject("", R"(, "look": {"ramp": 3})"), "'look.ramp' must be");
  EXPECT_REFUSED(validProject("", R"(, "view": [1, 2])"), "'view' must be an object");
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": 1, "source": "ds"})",
                 "'source' must be an object");
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": 1, "seed": -4,
                  "source": {"stage": "midpoint"}})",
                 "'seed' must not be negative");
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": 1, "seed": "4x",
                  "source": {"stage": "midpoint"}})",
                 "'seed': '4x' is not an unsigned 64-bit integer");
  EXPECT_REFUSED("[1, 2, 3]", "expected a JSON object");
}

TEST(Project, RefusesOutOfRangeAndOffGridValues) {
  EXPECT_REFUSED(validProject(R"("roughness": 2)"),
                 "'source.params.roughness': 2 is out of range; allowed: 0 to 1");
  EXPECT_REFUSED(validProject(R"("scaling": "steep")"),
                 "'source.params.scaling': 'steep' is not a choice; allowed: fractal|article");
  EXPECT_REFUSED(validProject(R"("iterations": 2.5)"), "is not a whole number");
  EXPECT_REFUSED(validProject(R"("size": 100)"), "--size: 100 is not allowed for diamond-square");
  EXPECT_REFUSED(validProject(R"("roughness": 1e999)"), "'source.params.roughness': '1e999'");
  // A rule across parameters, from the stage's own validate().
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": 1,
                  "source": {"stage": "diamond-square"},
                  "modifiers": [{"stage": "clamp", "params": {"low": 0.9, "high": 0.2}}]})",
                 "--low: 0.9 is above --high 0.2");
}

TEST(Project, RefusesUnknownKeysNamingTheAllowedOnes) {
  EXPECT_REFUSED(validProject(R"("roughnes": 0.4)"),
                 "unknown key 'source.params.roughnes'; allowed: size, roughness, iterations, "
                 "scaling");
  EXPECT_REFUSED(validProject("", R"(, "colour": {})"), "unknown key 'colour'; allowed: format");
  EXPECT_REFUSED(validProject("", R"(, "look": {"sun": 3})"), "unknown key 'look.sun'");
  EXPECT_REFUSED(validProject("", R"(, "view": {"zoom": 3})"), "unknown key 'view.zoom'");
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": 1,
                  "source": {"stage": "diamond-square"},
                  "modifiers": [{"stage": "smooth", "on": true}]})",
                 "unknown key 'modifiers[0].on'; allowed: stage, enabled, params");
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": 1,
                  "source": {"stage": "perlin"}})",
                 "unknown stage 'perlin' in 'source.stage'; allowed: random-walk, midpoint");
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": 1,
                  "source": {"stage": "diamond-square"}, "modifiers": [{"stage": "erode"}]})",
                 "unknown stage 'erode' in 'modifiers[0].stage'; allowed: smooth, normalise");
}

TEST(Project, RefusesANewerVersionAndFilesThatAreNotProjects) {
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": 3,
                  "source": {"stage": "diamond-square"}, "hologram": {}})",
                 "project: version 3 is newer than this program's (2); update terrain-explorer");
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "source": {"stage": "midpoint"}})",
                 "no 'version'");
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": 0})", "version 0 does not");
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": -2})", "version -2");
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": "1"})",
                 "'version' must be a whole number");
  EXPECT_REFUSED(R"({"version": 1, "source": {"stage": "midpoint"}})",
                 "not a terrain-explorer project");
  EXPECT_REFUSED(R"({"view": "3d", "ramp": "earth"})", "not a terrain-explorer project");
}

TEST(Project, RefusesHugeAndDeeplyNestedInputBeforeParsingIt) {
  const std::string huge =
      validProject("", R"(, "look": {"ramp": ")" + std::string(100u << 20, 'a') + "\"}");
  const auto start = std::chrono::steady_clock::now();
  EXPECT_REFUSED(huge, "a project file is at most 1 MiB");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  EXPECT_REFUSED(std::string(100000, '[') + std::string(100000, ']'), "nested deeper than 16");
  // Brackets inside strings are text, not nesting.
  EXPECT_EQ(projectFromJson(validProject("", R"(, "look": {"ramp": "[[[[[[[[[[[[[[[[[[[[.png"})"))
                .look.ramp,
            "[[[[[[[[[[[[[[[[[[[[.png");
  EXPECT_REFUSED(validProject("", R"(, "look": {"ramp": ")" + std::string(5000, 'r') + "\"}"),
                 "'look.ramp': 5000 characters");
  std::string many = R"({"format": "terrain-explorer-project", "version": 1,
    "source": {"stage": "diamond-square"}, "modifiers": [)";
  for (int i = 0; i < 300; ++i) many += std::string(i ? "," : "") + R"({"stage": "clamp"})";
  EXPECT_REFUSED(many + "]}", "300 modifiers; at most 256");
}

// ---- text from the file is data (issue 37) ----

// True when no byte of the message is a control character (0x00-0x1f,
// 0x7f): nothing in it can drive a terminal or cut a line.
bool printable(const std::string& message) {
  return std::none_of(message.begin(), message.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7f;
  });
}

// nlohmann's own message for 1e999 named neither key nor line.
TEST(Project, ANumberBeyondADoubleNamesItsKeyAndItsLine) {
  EXPECT_REFUSED(validProject("\n    \"size\": 65,\n    \"roughness\": 1e999"),
                 "line 4, column 18: 'source.params.roughness': '1e999' is out of range");
  EXPECT_REFUSED(validProject(R"("roughness": -1e999)"), "'source.params.roughness': '-1e999'");
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": 1e999})",
                 "line 1, column 51: 'version': '1e999'");
  // The second entry of an array, inside an object inside an array.
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": 2,
  "graph": {"output": 1, "nodes": [{"id": 1, "type": "noise"},
    {"id": 2, "type": "noise", "position": [0, -1e999]}]}})",
                 "line 3, column 48: 'graph.nodes[1].position[1]': '-1e999' is out of range");
  // An integer too large for a double, and one too large for its key.
  const std::string digits = "1" + std::string(400, '0');
  const std::string longNumber = refusal(validProject(R"("size": )" + digits));
  EXPECT_NE(longNumber.find("line 2, column 60: 'source.params.size': '1000"), std::string::npos)
      << longNumber;
  EXPECT_NE(longNumber.find("(401 bytes) is out of range"), std::string::npos) << longNumber;
  EXPECT_REFUSED(validProject(R"("size": 18446744073709551616)"), "'source.params.size': 1.8");
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": 2,
  "graph": {"output": 1, "nodes": [{"id": 1, "type": "noise", "seed-offset": 4294967296}]}})",
                 "'graph.nodes[0].seed-offset' must be a whole number from 0 to 4294967295");
  EXPECT_REFUSED(R"({"format": "terrain-explorer-project", "version": 18446744073709551616})",
                 "'version' must be a whole number");
}

// A NUL ended the path the system opened: "secret.bin\0.r16" passed the
// extension check as .r16 and secret.bin was read as RAW16.
TEST(Project, APathWithAControlCharacterIsRefusedNamingTheKey) {
  const std::string chain = R"({"format": "terrain-explorer-project", "version": 1,
  "source": {"stage": "import", "params": {"file": "secret.bin\u0000.r16"}}})";
  EXPECT_REFUSED(chain,
                 "'source.params.file': 'secret.bin\\x00.r16' holds a control character "
                 "(\\x00 at byte 10)");
  const std::string graph = R"({"format": "terrain-explorer-project", "version": 2,
  "graph": {"output": 1, "nodes": [{"id": 1, "type": "import",
    "params": {"file": "dem\u001b[2J.tif"}}]}})";
  EXPECT_REFUSED(graph, "'graph.nodes[0].params.file': 'dem\\x1b[2J.tif' holds a control");
  EXPECT_REFUSED(validProject("", R"(, "look": {"ramp": "ramp\n.png"})"),
                 "'look.ramp': 'ramp\\n.png' holds a control character (\\n at byte 4)");
  EXPECT_REFUSED(validProject("", R"(, "look": {"ramp": "ramp\u007f.png"})"), "(\\x7f at byte 4)");
  // Not a control character: a path in any language, and a tab-free name.
  EXPECT_EQ(
      projectFromJson(validProject("", R"(, "look": {"ramp": "rampes/été ☀.png"})")).look.ramp,
      "rampes/été ☀.png");
}

// A 1 MB string was echoed whole; escape sequences reached the terminal.
TEST(Project, TextFromTheFileIsQuotedAsAShortEscapedExcerpt) {
  const std::string mega(1u << 20, 'x');
  const std::string hostile = "\\u001b]0;owned\\u0007\\u001b[2J\\r\\n\\u0000";
  const std::string unclosed = R"({"format": "terrain-explorer-project", "version": 1,
  "source": {"stage": "diamond-square", "params": {"scaling": ")";
  const std::vector<std::string> files = {
      validProject(R"("scaling": ")" + mega.substr(0, 1000000) + "\""),
      validProject("\"" + mega.substr(0, 1000000) + R"(": 1)"),
      R"({"format": "terrain-explorer-project", "version": 1, "source": {"stage": ")" +
          mega.substr(0, 1000000) + "\"}}",
      unclosed + mega.substr(0, 1000000),  // the last read text: the whole string
      validProject(R"("scaling": ")" + hostile + "\""),
      validProject("\"" + hostile + R"(": 1)"),
      R"({"format": "terrain-explorer-project", "version": 2,
  "graph": {"output": 1, "nodes": [{"id": 1, "type": ")" +
          hostile + R"("}]}})",
      unclosed + "\x1b[2J\x07\x01",  // raw control characters in the file
  };
  for (const std::string& file : files) {
    const std::string message = refusal(file);
    ASSERT_EQ(message.rfind("project: ", 0), 0u) << message.substr(0, 400);
    // At most kMaxQuotedBytes of the text, in a message of a few hundred bytes.
    EXPECT_LT(message.size(), 512u) << message.substr(0, 512);
    EXPECT_EQ(message.find(std::string(kMaxQuotedBytes + 1, 'x')), std::string::npos);
    EXPECT_TRUE(printable(message)) << message.substr(0, 400);
  }
  EXPECT_REFUSED(validProject(R"("scaling": ")" + mega.substr(0, 1000000) + "\""),
                 "...' (1000000 bytes) is not a choice");
  EXPECT_REFUSED(validProject(R"("scaling": ")" + hostile + "\""),
                 R"('source.params.scaling': '\x1b]0;owned\x07\x1b[2J\r\n\x00' is not a choice)");
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
