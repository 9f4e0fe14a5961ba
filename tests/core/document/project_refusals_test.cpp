// The project file refused: a broken, hostile or newer file, values of the
// wrong type or out of range, unknown keys, huge or deeply nested input,
// each with a message naming the problem; and text from the file quoted as
// data (issue 37). What a file keeps: project_test.cpp.
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

TEST(Project, RefusesAWorldOutOfRangeNamingTheKeyAndTheRange) {
  const std::string base = projectToJson(defaultDocument());
  std::string json = base;
  json.replace(json.find(R"("height-range": 1200.0)"), 22, R"("height-range": -5)");
  const std::string message = refusal(json);
  EXPECT_NE(message.find("height-range"), std::string::npos) << message;
  EXPECT_NE(message.find("1 to 20000"), std::string::npos) << message;
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

}  // namespace
}  // namespace terrain
