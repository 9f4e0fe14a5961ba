// Version 2 of the project file: a graph document survives it, every
// version-1 file of the corpus still opens and gives the bits it gave, and
// a broken graph is refused naming the place in the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/document/project.hpp"
#include "core/graph/node_registry.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/files.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

const fs::path kCorpus = TERRAIN_SOURCE_DIR "/tests/core/data/project-v1";

ParamValues valuesOf(std::string_view type, std::map<std::string, double> set) {
  const NodeType& t = nodeType(type);
  ParamValues values = t.defaults();
  for (const auto& [key, value] : set) values[*t.indexOf(key)] = value;
  return values;
}

// Mountains where a broad noise mask is high, plains elsewhere, terraces on
// the high ground only.
Document graphDocument() {
  Document doc = defaultDocument();
  doc.graph = chainGraph({chainOf(doc.graph).source, {}});
  doc.seed = 31;
  Graph g;
  g.nodes = {{1, "noise", valuesOf("noise", {{"size", 65}, {"roughness", 0.7}}), true, 0, 0},
             {2, "noise", valuesOf("noise", {{"size", 65}, {"roughness", 0.1}}), true, 0, 160},
             {3, "noise", valuesOf("noise", {{"size", 65}, {"features", 1}}), true, 0, 320},
             {4, "blend", {}, true, 240, 160},
             {5, "height-mask", valuesOf("height-mask", {{"low", 0.5}}), true, 480, 240},
             {6, "terrace", nodeType("terrace").defaults(), false, 720, 160}};
  g.edges = {{{2, 0}, {4, 0}}, {{1, 0}, {4, 1}}, {{3, 0}, {4, 2}},
             {{4, 0}, {5, 0}}, {{4, 0}, {6, 0}}, {{5, 0}, {6, 1}}};
  g.output = 6;
  doc.graph = g;
  return doc;
}

std::string refusal(const std::string& text) {
  try {
    projectFromJson(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// The file of graphDocument() with one edit to its JSON.
template <class Edit>
std::string brokenGraph(Edit edit) {
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(projectToJson(graphDocument()));
  edit(j);
  return j.dump(1);
}

TEST(ProjectGraph, AGraphDocumentSurvivesTheFileAsVersionTwo) {
  Document doc = graphDocument();
  doc.graph.nodes[5].enabled = true;
  doc.graph.nodes[1].x = -37.5f;
  doc.graph.pinned = 5;
  doc.look.water = 0.2;
  doc.world.heightRange = 1800;
  const std::string text = projectToJson(doc);
  EXPECT_NE(text.find("\"version\": 2"), std::string::npos);
  EXPECT_EQ(text.find("\"source\""), std::string::npos);
  const Document back = projectFromJson(text);
  EXPECT_EQ(back, doc);
  EXPECT_EQ(testing::checksum(runPipeline(back)), testing::checksum(runPipeline(doc)));
}

// The document holds a graph only: a chain is written as the linear graph
// it is, and read back the same.
TEST(ProjectGraph, AChainIsWrittenAsTheVersionTwoGraphItIs) {
  const Document chain = defaultDocument("random-walk");  // a source and two modifiers
  const std::string text = projectToJson(chain);
  EXPECT_NE(text.find("\"version\": 2"), std::string::npos) << text;
  EXPECT_NE(text.find("\"graph\""), std::string::npos) << text;
  EXPECT_EQ(text.find("\"source\""), std::string::npos) << text;
  EXPECT_EQ(text.find("\"modifiers\""), std::string::npos) << text;
  const Document read = projectFromJson(text);
  EXPECT_EQ(read, chain);
  EXPECT_TRUE(isLinear(read.graph));
  EXPECT_EQ(runPipeline(read).heights, runPipeline(chain).heights);
}

// Each file's bits as recorded ("file checksum" per line): for the v1
// corpus, by the program that wrote version 1 (before graphs).
std::map<std::string, std::uint64_t> recordedChecksums(const fs::path& file) {
  std::map<std::string, std::uint64_t> sums;
  std::istringstream lines(testing::readAll(file));
  std::string name;
  std::string hex;
  while (lines >> name >> hex) sums[name] = std::stoull(hex, nullptr, 16);
  return sums;
}

TEST(ProjectGraph, EveryVersionOneFileOfTheCorpusGivesTheBitsItGave) {
  const auto sums = recordedChecksums(kCorpus / "checksums.txt");
  int files = 0;
  for (const auto& entry : fs::directory_iterator(kCorpus)) {
    if (entry.path().extension() != ".json") continue;
    const std::string name = entry.path().filename().string();
    ++files;
    const std::string text = testing::readAll(entry.path());
    ASSERT_NE(text.find("\"version\": 1"), std::string::npos) << name;
    const Document doc = loadProject(entry.path().string());
    EXPECT_TRUE(isLinear(doc.graph)) << name << ": a version-1 file is a chain";
    const std::uint64_t sum = testing::checksum(runPipeline(doc));
    const auto recorded = sums.find(name);
    if (recorded == sums.end()) {
      ADD_FAILURE() << name << " has no recorded checksum; it gives " << std::hex << sum;
      continue;
    }
    EXPECT_EQ(sum, recorded->second) << name << std::hex << ": now " << sum;
    // Saved again it is the same chain, now as the version-2 graph it is.
    const std::string saved = projectToJson(doc);
    EXPECT_NE(saved.find("\"version\": 2"), std::string::npos) << name;
    EXPECT_EQ(projectFromJson(saved), doc) << name;
    EXPECT_EQ(testing::checksum(runPipeline(projectFromJson(saved))), sum) << name;
  }
  EXPECT_EQ(files, static_cast<int>(sums.size()));
  EXPECT_GE(files, 10);
}

const fs::path kExamples = TERRAIN_SOURCE_DIR "/examples";

// The examples are the version-2 corpus: each file's bits as recorded when
// it was pinned (tests/core/data/examples-checksums.txt), so a change to
// how a graph is read, or to what a node makes, shows here, which a round
// trip through the same reader and writer cannot show.
TEST(ProjectGraph, EveryExampleGraphGivesTheBitsItGave) {
  const auto sums = recordedChecksums(TERRAIN_SOURCE_DIR "/tests/core/data/examples-checksums.txt");
  int files = 0;
  for (const auto& entry : fs::directory_iterator(kExamples)) {
    if (entry.path().extension() != ".json") continue;
    const std::string name = entry.path().filename().string();
    ++files;
    ASSERT_NE(testing::readAll(entry.path()).find("\"version\": 2"), std::string::npos) << name;
    const Document doc = loadProject(entry.path().string());
    EXPECT_EQ(projectFromJson(projectToJson(doc)), doc) << name;
    // At 257 (all five 0.9 s in Release, 1.8 s at the files' own 513):
    // the same nodes read from the same file.
    Document smaller = doc;
    setDocumentSize(smaller, 257);
    const std::uint64_t sum = testing::checksum(runPipeline(smaller));
    const auto recorded = sums.find(name);
    if (recorded == sums.end()) {
      ADD_FAILURE() << name << " has no recorded checksum; it gives " << std::hex << sum;
      continue;
    }
    EXPECT_EQ(sum, recorded->second) << name << std::hex << ": now " << sum;
  }
  EXPECT_EQ(files, static_cast<int>(sums.size()));
  EXPECT_GE(files, 5);
}

TEST(ProjectGraph, ABrokenGraphIsRefusedNamingThePlace) {
  using Json = nlohmann::ordered_json;
  struct Case {
    std::string text;
    std::string said;
  };
  const Case cases[] = {
      {brokenGraph([](Json& j) { j["graph"]["nodes"][3]["type"] = "mix"; }),
       "unknown node type 'mix' in 'graph.nodes[3].type'; allowed: "},
      {brokenGraph([](Json& j) { j["graph"]["links"][0]["to"]["port"] = "c"; }),
       "'graph.links[0].to.port': blend has no input 'c'; its inputs: a, b, mask"},
      {brokenGraph([](Json& j) { j["graph"]["links"][1]["from"]["node"] = 9; }),
       "'graph.links[1].from.node': there is no node 9"},
      {brokenGraph([](Json& j) { j["graph"]["nodes"][1]["id"] = 1; }),
       "'graph.nodes[1].id': two nodes have the id 1"},
      {brokenGraph([](Json& j) { j["graph"]["nodes"][1]["id"] = -4; }),
       "'graph.nodes[1].id' must be a node id"},
      {brokenGraph([](Json& j) { j["graph"]["output"] = 12; }),
       "'graph.output': there is no node 12"},
      {brokenGraph([](Json& j) { j["graph"]["output"] = 5; }),
       "node 5 (height-mask) gives no heights"},
      {brokenGraph([](Json& j) { j["graph"]["nodes"][0]["params"]["roughness"] = 3; }),
       "'graph.nodes[0].params.roughness': 3 is out of range"},
      {brokenGraph([](Json& j) {
         j["graph"]["nodes"][0]["position"] = {1, "2"};
       }),
       "'graph.nodes[0].position' must be [x, y]"},
      {brokenGraph([](Json& j) {
         j["graph"]["links"][3]["to"] = {{"node", 4}, {"port", "a"}};
       }),
       "2 edges end at its input 'a'"},
      {brokenGraph([](Json& j) {  // the terrace's result back into the blend: a cycle
         j["graph"]["links"][0]["from"]["node"] = 6;
       }),
       "cycle"},
      {brokenGraph([](Json& j) {  // the height mask into the blend's 'a' heights
         j["graph"]["links"][0]["from"] = {{"node", 5}, {"port", "mask"}};
       }),
       "cannot feed the heights input 'a'"},
      {brokenGraph([](Json& j) { j["graph"]["nodes"][1]["params"]["size"] = 129; }),
       "node 2 (noise) makes a 129 map and node 1 (noise) a 65 one"},
      {brokenGraph([](Json& j) {
         j["graph"]["nodes"][0] = {{"id", 1}, {"type", "midpoint"}};
       }),
       "1D profile"},
      {brokenGraph([](Json& j) { j["version"] = 1; }),
       "'graph' needs version 2; this file says version 1"},
      {brokenGraph([](Json& j) {
         j["source"] = {{"stage", "noise"}};
       }),
       "a chain ('source', 'modifiers') or a 'graph', not both"},
      {brokenGraph([](Json& j) { j["graph"].erase("output"); }), "'graph' has no 'output'"},
      {brokenGraph([](Json& j) { j["graph"]["wires"] = Json::array(); }),
       "unknown key 'graph.wires'; allowed: output, pinned, nodes, links"},
  };
  for (const Case& c : cases) {
    const std::string message = refusal(c.text);
    EXPECT_NE(message.find(c.said), std::string::npos) << "message: " << message;
    EXPECT_EQ(message.rfind("project: ", 0), 0u) << message;
  }
}

TEST(ProjectGraph, AFileWithTooManyNodesIsRefusedBeforeItIsRead) {
  const std::string many = brokenGraph([](nlohmann::ordered_json& j) {
    auto& nodes = j["graph"]["nodes"];
    for (NodeId id = 7; id < 7 + kMaxProjectNodes; ++id) {
      auto node = nodes[0];
      node["id"] = id;
      nodes.push_back(node);
    }
  });
  EXPECT_NE(refusal(many).find("entries; at most 256"), std::string::npos) << refusal(many);
}

}  // namespace
}  // namespace terrain
