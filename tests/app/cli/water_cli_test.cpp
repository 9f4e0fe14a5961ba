// The water node's maps through `terrain-explorer export --output-node`:
// each port (lakes, rivers, depth, wetness, the flow map's two channels) is
// written as a field the evaluator gives, read back without our reader.
#include <gtest/gtest.h>

#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/document/pipeline.hpp"
#include "core/document/project.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_registry.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

class WaterCli : public testing::ScratchDirTest {
 protected:
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::vector<float> readR32(const std::string& name) const {
    const std::string bytes = testing::readAll(dir_ / name);
    std::vector<float> values(bytes.size() / 4);
    std::memcpy(values.data(), bytes.data(), values.size() * 4);
    return values;
  }
};

TEST_F(WaterCli, EveryWaterMapExportsAsTheEvaluatorGivesIt) {
  Document doc = loadProject(TERRAIN_SOURCE_DIR "/examples/mountains-and-plains.json");
  setDocumentSize(doc, 129);
  const NodeId terrain = doc.graph.output;
  const NodeId water = addNode(doc.graph, "water", 0.0f, 0.0f);
  connect(doc.graph, {terrain, 0}, {water, 0});
  setOutput(doc.graph, water);
  saveProject(path("p.json"), doc);
  const NodeType& type = nodeType("water");
  int wet = 0;
  for (std::uint32_t port = 0; port < type.outputs().size(); ++port) {
    const std::string key(type.outputs()[port].key);
    const testing::AppRun r =
        testing::runApp({"export", "--project", path("p.json"), "--output-node",
                         std::to_string(water) + "." + key, "--raw", path(key + ".r32")},
                        dir_);
    ASSERT_EQ(r.status, 0) << key << ": " << r.err;
    const Heightfield expected = runPipeline(doc, PortRef{water, port});
    EXPECT_EQ(readR32(key + ".r32"), expected.heights) << key;
    const auto sidecar = nlohmann::json::parse(testing::readAll(dir_ / (key + ".r32.json")));
    EXPECT_EQ(sidecar.at("output-node").at("port"), key);
    if (key == "lake" || key == "sea") {
      for (const float v : expected.heights) wet += v > 0.0f;
    }
  }
  EXPECT_GT(wet, 0);  // the world holds water: the maps are not all zero
}

}  // namespace
}  // namespace terrain
