// A graph project through `terrain-explorer export`: the example graphs
// export the evaluator's bits, --output-node writes a mask or an inner
// terrain, --node-param and --size reach the nodes, and what a graph cannot
// take is refused by name. Files are read back by independent readers.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/document/pipeline.hpp"
#include "core/document/project.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/node_type.hpp"
#include "core/graph/window_evaluation.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/files.hpp"
#include "tests/support/png_raw.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

const std::string kExamples = TERRAIN_SOURCE_DIR "/examples/";

class GraphCli : public testing::ScratchDirTest {
 protected:
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  testing::AppRun exportWith(std::vector<std::string> args) const {
    args.insert(args.begin(), "export");
    return testing::runApp(args, dir_);
  }

  // Exit 2, one line on stderr containing every part, no file written.
  void expectRefused(const std::vector<std::string>& args, const std::vector<std::string>& said) {
    std::string joined;
    for (const std::string& arg : args) joined += arg + " ";
    const testing::AppRun r = exportWith(args);
    EXPECT_EQ(r.status, 2) << joined << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    for (const std::string& part : said) {
      EXPECT_NE(r.err.find(part), std::string::npos) << "stderr: " << r.err;
    }
    // Only the run's own stdout.txt and stderr.txt.
    EXPECT_EQ(testing::entriesOf(dir_).size(), 2u) << joined;
  }

  // A little-endian float32 raw file, read without our reader.
  std::vector<float> readR32(const std::string& name) const {
    const std::string bytes = testing::readAll(dir_ / name);
    std::vector<float> values(bytes.size() / 4);
    std::memcpy(values.data(), bytes.data(), values.size() * 4);
    return values;
  }
};

// The example at 129 (a smaller map of the same graph), as a document.
Document example(const std::string& name) {
  Document doc = loadProject(kExamples + name);
  setDocumentSize(doc, 129);
  return doc;
}

TEST_F(GraphCli, EveryExampleExportsTheBitsTheEvaluatorGives) {
  for (const std::string name :
       {"mountains-and-plains.json", "eroded-high-ground.json", "mesa-in-hills.json"}) {
    const testing::AppRun r = exportWith(
        {"--project", kExamples + name, "--size", "129", "--raw", path("h.r32"), "--threads", "2"});
    ASSERT_EQ(r.status, 0) << name << ": " << r.err;
    const Document doc = example(name);
    ASSERT_FALSE(isLinear(doc.graph)) << name;
    PipelineControl oneThread;
    oneThread.exec.threads = 1;
    EXPECT_EQ(readR32("h.r32"), runPipeline(doc, oneThread).heights) << name;
    const auto sidecar = nlohmann::json::parse(testing::readAll(dir_ / "h.r32.json"));
    EXPECT_EQ(sidecar.at("graph").at("nodes").size(), doc.graph.nodes.size()) << name;
    EXPECT_FALSE(sidecar.contains("source")) << name;
  }
}

TEST_F(GraphCli, OutputNodeWritesAMaskAsAGreyscaleField) {
  // Node 4 of eroded-high-ground multiplies the height and slope masks.
  const std::string project = kExamples + "eroded-high-ground.json";
  ASSERT_EQ(exportWith({"--project", project, "--size", "129", "--output-node", "4.mask", "--raw",
                        path("m.r32"), "--heightmap", path("m.png")})
                .status,
            0);
  const Document doc = example("eroded-high-ground.json");
  const Heightfield mask = runPipeline(doc, PortRef{4, 0});
  EXPECT_EQ(readR32("m.r32"), mask.heights);
  int selected = 0;
  int unselected = 0;
  for (const float m : mask.heights) {
    selected += m == 1.0f;
    unselected += m == 0.0f;
  }
  EXPECT_GT(selected, 0);  // the mask is not all one value
  EXPECT_GT(unselected, 0);
  const testing::RawPngImage png = testing::readRawPng(path("m.png"));
  ASSERT_EQ(png.width, 129);
  EXPECT_EQ(png.bitDepth, 16);
  EXPECT_EQ(png.colorType, PNG_COLOR_TYPE_GRAY);
  for (int y = 0; y < 129; y += 7) {
    for (int x = 0; x < 129; x += 5) {
      const double expected = static_cast<double>(mask.at(x, y)) * 65535.0;
      EXPECT_NEAR(png.sample(x, y, 0), expected, 1.0) << x << "," << y;
    }
  }
  const auto sidecar = nlohmann::json::parse(testing::readAll(dir_ / "m.r32.json"));
  EXPECT_EQ(
      sidecar.at("output-node"),
      (nlohmann::json{{"node", 4}, {"type", "combine-masks"}, {"port", "mask"}, {"kind", "mask"}}));
  // An inner terrain: the blend before the thermal pass of mesa-in-hills.
  ASSERT_EQ(exportWith({"--project", kExamples + "mesa-in-hills.json", "--size", "129",
                        "--output-node", "6", "--raw", path("b.r32")})
                .status,
            0);
  EXPECT_EQ(readR32("b.r32"), runPipeline(example("mesa-in-hills.json"), PortRef{6, 0}).heights);
}

TEST_F(GraphCli, NodeParamAndSizeReachTheNodes) {
  const std::string project = kExamples + "mesa-in-hills.json";
  ASSERT_EQ(exportWith({"--project", project, "--size", "65", "--node-param", "3.steps=7",
                        "--save-project", path("p.json")})
                .status,
            0);
  const Document saved = loadProject(path("p.json"));
  ASSERT_FALSE(isLinear(saved.graph));
  EXPECT_EQ(documentSize(saved), 65);
  for (const GraphNode& node : saved.graph.nodes) {
    const NodeType& type = typeOf(node);
    if (node.type == "noise") {
      EXPECT_EQ(node.values[*type.indexOf("size")], 65.0) << node.id;
    }
    if (node.type == "terrace") {
      EXPECT_EQ(node.values[*type.indexOf("steps")], 7.0);
    }
  }
}

TEST_F(GraphCli, WhatAGraphCannotTakeIsRefusedByName) {
  const std::string project = kExamples + "mesa-in-hills.json";
  expectRefused({"--project", project, "--node-param", "12.steps=3", "--raw", path("h.r32")},
                {"--node-param: '12' is not a node of the graph; its nodes: 1 (noise), 8 (curve)"});
  expectRefused({"--project", project, "--node-param", "3.stairs=3", "--raw", path("h.r32")},
                {"node 3 (terrace) has no parameter 'stairs'", "--steps"});
  expectRefused({"--project", project, "--node-param", "3.steps", "--raw", path("h.r32")},
                {"expected NODE.KEY=VALUE"});
  expectRefused({"--project", project, "--node-param", "3.steps=999", "--raw", path("h.r32")},
                {"999"});
  expectRefused({"--project", project, "--roughness", "0.3", "--raw", path("h.r32")},
                {"--roughness: the document is a graph", "--node-param NODE.roughness=VALUE"});
  expectRefused({"--project", project, "--stage", "smooth", "--raw", path("h.r32")},
                {"--stage: the document is a graph"});
  expectRefused({"--project", project, "--size", "1", "--raw", path("h.r32")}, {"--size: 1"});
  expectRefused({"--project", project, "--output-node", "5", "--color", path("c.png")},
                {"--color: node 5 gives a mask", "--heightmap, --r16, --raw or --exr"});
  expectRefused({"--project", project, "--output-node", "5.heights", "--raw", path("h.r32")},
                {"node 5 (height-mask) has no output 'heights'; its outputs: mask"});
  expectRefused({"--project", project, "--tiles", "2x2", "--size", "1048577", "--out-dir",
                 path("t"), "--raw", "w.r32"},
                {"--tiles: tiles of 524289 samples", "larger than a map may be"});
  // A chain is a linear graph: its nodes are named as any graph's.
  expectRefused({"--generator", "noise", "--output-node", "2", "--raw", path("h.r32")},
                {"--output-node: '2' is not a node of the graph; its nodes: 1 (noise)"});
  expectRefused({"--generator", "noise", "--node-param", "1.size=1", "--raw", path("h.r32")},
                {"--size: 1"});
}

// Each tile's float32 file against the same window of `whole` (width x width).
void expectTilesAreWindows(const std::vector<std::vector<float>>& tiles, int tileSide,
                           const std::vector<float>& whole, int width) {
  for (std::size_t t = 0; t < tiles.size(); ++t) {
    ASSERT_EQ(tiles[t].size(), static_cast<std::size_t>(tileSide * tileSide)) << t;
    const int x0 = static_cast<int>(t % 2) * (tileSide - 1);
    const int y0 = static_cast<int>(t / 2) * (tileSide - 1);
    for (int y = 0; y < tileSide; ++y) {
      for (int x = 0; x < tileSide; ++x) {
        ASSERT_EQ(tiles[t][static_cast<std::size_t>(y * tileSide + x)],
                  whole[static_cast<std::size_t>((y0 + y) * width + x0 + x)])
            << "tile " << t << " at " << x << "," << y;
      }
    }
  }
}

TEST_F(GraphCli, AGraphProjectExportsInTilesThatAreWindowsOfItsWorld) {
  // Per-cell and neighbourhood nodes only: each tile computed alone.
  const std::string highlands = kExamples + "tileable-highlands.json";
  ASSERT_EQ(exportWith({"--project", highlands, "--size", "257", "--tiles", "2x2", "--out-dir",
                        path("t"), "--raw", "w.r32", "--threads", "2"})
                .status,
            0);
  ASSERT_EQ(exportWith({"--project", highlands, "--size", "257", "--tiles", "1x1", "--out-dir",
                        path("one"), "--raw", "w.r32"})
                .status,
            0);
  std::vector<std::vector<float>> tiles;
  for (const char* name : {"t/w_x0_y0.r32", "t/w_x1_y0.r32", "t/w_x0_y1.r32", "t/w_x1_y1.r32"}) {
    tiles.push_back(readR32(name));
  }
  expectTilesAreWindows(tiles, 129, readR32("one/w_x0_y0.r32"), 257);
  const auto manifest = nlohmann::json::parse(testing::readAll(dir_ / "t/w.json"));
  EXPECT_EQ(manifest.at("build").get<std::string>().rfind("windowed", 0), 0u) << manifest["build"];
  EXPECT_EQ(manifest.at("graph").at("nodes").size(), 10u);
  EXPECT_FALSE(manifest.contains("source"));
  // Per node, in the order they run: what each needs of the world.
  std::map<int, nlohmann::json> nodes;
  for (const auto& node : manifest.at("nodes")) nodes[node.at("id").get<int>()] = node;
  ASSERT_EQ(nodes.size(), 10u);
  EXPECT_EQ(nodes[10].at("locality"), "per cell");
  EXPECT_EQ(nodes[10].at("halo-cells"), 0);
  EXPECT_EQ(nodes[6].at("locality"), "neighbourhood");
  // Blur 400 m at 62.5 m cells: three boxes of 6; the grow (60 m, 1 cell)
  // and the slope (1) read the blend, which reads the blur.
  EXPECT_EQ(nodes[6].at("reach-cells"), 3 * 6);
  EXPECT_EQ(nodes[6].at("halo-cells"), 1 + 1);
  EXPECT_EQ(nodes[4].at("halo-cells"), 1 + 1 + 18);
  EXPECT_TRUE(nodes[1].at("scale").contains("raw-high"));

  // Thermal erosion needs the whole map: every tile cuts the whole world,
  // which is the plain export's terrain.
  const std::string plains = kExamples + "mountains-and-plains.json";
  ASSERT_EQ(exportWith({"--project", plains, "--size", "257", "--tiles", "2x2", "--out-dir",
                        path("p"), "--raw", "w.r32"})
                .status,
            0);
  ASSERT_EQ(exportWith({"--project", plains, "--size", "257", "--raw", path("whole.r32")}).status,
            0);
  tiles.clear();
  for (const char* name : {"p/w_x0_y0.r32", "p/w_x1_y0.r32", "p/w_x0_y1.r32", "p/w_x1_y1.r32"}) {
    tiles.push_back(readR32(name));
  }
  expectTilesAreWindows(tiles, 129, readR32("whole.r32"), 257);
  const auto wholeManifest = nlohmann::json::parse(testing::readAll(dir_ / "p/w.json"));
  EXPECT_NE(wholeManifest.at("build").get<std::string>().find(
                "whole world: every tile computes the whole world and cuts its window (Thermal "
                "erosion (node 7) needs the whole map)"),
            std::string::npos)
      << wholeManifest["build"];
}

TEST_F(GraphCli, AMaskNodeExportsInTilesAndTheFilesSayWhichNode) {
  // Node 4 of eroded-high-ground: height and slope masks, windowed though
  // the terrain below it erodes.
  ASSERT_EQ(
      exportWith({"--project", kExamples + "eroded-high-ground.json", "--size", "257",
                  "--output-node", "4", "--tiles", "2x2", "--out-dir", path("m"), "--raw", "m.r32"})
          .status,
      0);
  const auto manifest = nlohmann::json::parse(testing::readAll(dir_ / "m/m.json"));
  EXPECT_EQ(manifest.at("build").get<std::string>().rfind("windowed", 0), 0u);
  EXPECT_EQ(manifest.at("output-node").at("kind"), "mask");
  EXPECT_EQ(manifest.at("nodes").size(), 4u);  // only what the mask depends on
  const auto sidecar = nlohmann::json::parse(testing::readAll(dir_ / "m/m_x1_y1.json"));
  EXPECT_EQ(sidecar.at("output-node").at("node"), 4);
  EXPECT_EQ(sidecar.at("output-node").at("type"), "combine-masks");
  // The files hold node 4's mask: the world's as the window path makes it
  // (tiles share the noise's raw range, not the map's own minimum and
  // maximum), cut into the four tiles.
  Document doc = loadProject(kExamples + "eroded-high-ground.json");
  setDocumentSize(doc, 257);
  const NodeContext context{doc.seed, doc.world};
  const WorldWindow whole{257, false, metresPerCell(doc.world, 257, false), {0, 0, 257, 257}};
  const PortValue mask = evaluateWindow(doc.graph, {4, 0}, context, whole);
  std::vector<std::vector<float>> tiles;
  for (const char* name : {"m/m_x0_y0.r32", "m/m_x1_y0.r32", "m/m_x0_y1.r32", "m/m_x1_y1.r32"}) {
    tiles.push_back(readR32(name));
  }
  expectTilesAreWindows(tiles, 129, mask->heights, 257);
  // And that is the product of its two inputs, the height and slope masks,
  // selecting some of the world, not all of it.
  const PortValue high = evaluateWindow(doc.graph, {2, 0}, context, whole);
  const PortValue steep = evaluateWindow(doc.graph, {3, 0}, context, whole);
  int selected = 0;
  for (std::size_t i = 0; i < mask->size(); ++i) {
    ASSERT_EQ(mask->heights[i], high->heights[i] * steep->heights[i]) << i;
    selected += mask->heights[i] > 0.0f;
  }
  EXPECT_GT(selected, 0);
  EXPECT_LT(selected, static_cast<int>(mask->size()));
}

TEST_F(GraphCli, HelpListsEveryNodeTypeWithItsPorts) {
  const testing::AppRun r = exportWith({"--help"});
  ASSERT_EQ(r.status, 0);
  for (const std::string line :
       {"blend: Blend\n", "inputs: a (heights), b (heights), mask (mask); outputs: heights",
        "combine-masks: Combine masks\n", "invert-mask: Invert mask\n",
        "erosion-mask: Erosion mask\n", "curvature-mask: Curvature mask\n",
        "blur-mask: Blur mask\n", "grow-mask: Grow / shrink mask\n", "  --distance VALUE\n",
        "height-mask: Height mask\n", "slope-mask: Slope mask\n", "  --softness VALUE\n",
        "inputs: in (heights), mask (mask, optional)", "--output-node NODE[.PORT]",
        "--node-param NODE.KEY=VALUE"}) {
    EXPECT_NE(r.out.find(line), std::string::npos) << line;
  }
}

}  // namespace
}  // namespace terrain
