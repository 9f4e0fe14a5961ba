// The Scatter node's instances as files (issue 40 item 2): the glTF read
// back with tinygltf (one instanced mesh per species, its transforms the
// instances'), Unreal's CSV and our JSON read back row by row, and the
// CLI's tiles holding the world's instances, each in exactly one tile.
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <tuple>

#include "core/document/document.hpp"
#include "core/document/project.hpp"
#include "core/export/scatter_formats.hpp"
#include "core/graph/evaluator.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/scatter/scatter_species.hpp"
#include "tests/support/export_run_fixture.hpp"

namespace terrain {
namespace {

using Json = nlohmann::json;

class ScatterFormats : public testing::ExportRunTest {};

SpeciesList twoSpecies() {
  SpeciesRules oaks;
  oaks.name = "oaks";
  oaks.placing = {30.0, 6.0, 0.7, 1.4, 0.0, 360.0, 0.6};
  oaks.clearance = 4.0;
  SpeciesRules rocks;
  rocks.name = "rocks";
  rocks.shape = ScatterShape::Box;
  rocks.placing = {12.0, 8.0, 0.5, 2.0, -90.0, 90.0, 1.0};
  return {oaks, rocks};
}

Document scatterDocument(int size) {
  Document doc = defaultDocument("noise");
  setDocumentSize(doc, size);
  doc.world.width = 4096.0;
  doc.world.baseElevation = 120.0;
  const NodeId scatter = addNode(doc.graph, "scatter", 200.0f, 0.0f);
  connect(doc.graph, {doc.graph.output, 0}, {scatter, 0});
  doc.graph.find(scatter)->values[0] = speciesId(twoSpecies());
  return doc;
}

InstanceSet instancesOf(const Document& doc) {
  NodeId scatter = 0;
  for (const GraphNode& n : doc.graph.nodes) {
    if (n.type == "scatter") scatter = n.id;
  }
  return *evaluateGraph(doc.graph, {scatter, 1}, {doc.seed, doc.world}).instances();
}

template <class T>
T element(const tinygltf::Model& model, int accessorIndex, std::size_t i) {
  const tinygltf::Accessor& accessor = model.accessors[static_cast<std::size_t>(accessorIndex)];
  const tinygltf::BufferView& view =
      model.bufferViews[static_cast<std::size_t>(accessor.bufferView)];
  const auto& data = model.buffers[static_cast<std::size_t>(view.buffer)].data;
  T value;
  std::memcpy(&value, data.data() + view.byteOffset + accessor.byteOffset + i * sizeof(T),
              sizeof(T));
  return value;
}

// v turned by the unit quaternion q (x, y, z, w).
std::array<double, 3> turned(const std::array<double, 4>& q, const std::array<double, 3>& v) {
  const std::array<double, 3> u{q[0], q[1], q[2]};
  const double w = q[3];
  const auto cross = [](const std::array<double, 3>& a, const std::array<double, 3>& b) {
    return std::array<double, 3>{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                                 a[0] * b[1] - a[1] * b[0]};
  };
  const auto t = cross(u, v);
  const std::array<double, 3> t2{2 * t[0], 2 * t[1], 2 * t[2]};
  const auto c = cross(u, t2);
  return {v[0] + w * t2[0] + c[0], v[1] + w * t2[1] + c[1], v[2] + w * t2[2] + c[2]};
}

TEST(InstanceTurn, TheQuaternionStandsTheInstanceAlongItsUpAndTurnsItAboutIt) {
  ScatterInstance i;
  i.rotation = 0.7f;
  const double n = std::sqrt(0.09 + 0.16 + 1.0);
  i.upX = static_cast<float>(0.3 / n), i.upY = static_cast<float>(-0.4 / n);
  i.upZ = static_cast<float>(1.0 / n);
  const auto q = instanceQuaternion(i);
  const auto up = turned(q, {0.0, 0.0, 1.0});
  EXPECT_NEAR(up[0], i.upX, 1e-6);
  EXPECT_NEAR(up[1], i.upY, 1e-6);
  EXPECT_NEAR(up[2], i.upZ, 1e-6);
  // Upright, east turns towards south by the rotation.
  i.upX = 0.0f, i.upY = 0.0f, i.upZ = 1.0f;
  const auto east = turned(instanceQuaternion(i), {1.0, 0.0, 0.0});
  EXPECT_NEAR(east[0], std::cos(0.7), 1e-6);
  EXPECT_NEAR(east[1], std::sin(0.7), 1e-6);
}

TEST_F(ScatterFormats, TheGltfHoldsOneInstancedMeshPerSpeciesAtTheInstances) {
  const Document doc = scatterDocument(257);
  const InstanceSet set = instancesOf(doc);
  ASSERT_GT(set.instances.size(), 1000u);
  const std::string out = path("i.glb");
  writeInstancesGltf(out, set, doc.world);
  tinygltf::Model model;
  tinygltf::TinyGLTF loader;
  std::string err, warn;
  ASSERT_TRUE(loader.LoadBinaryFromFile(&model, &err, &warn, out)) << err;
  EXPECT_EQ(warn, "");
  ASSERT_EQ(model.nodes.size(), 2u);
  EXPECT_EQ(model.extensionsUsed, std::vector<std::string>{"EXT_mesh_gpu_instancing"});
  std::size_t k = 0;  // the instance of the set read next
  for (std::uint32_t species = 0; species < 2; ++species) {
    const tinygltf::Node& node = model.nodes[species];
    EXPECT_EQ(node.name, set.species[species].name);
    ASSERT_GE(node.mesh, 0);
    const auto ext = node.extensions.find("EXT_mesh_gpu_instancing");
    ASSERT_NE(ext, node.extensions.end());
    const tinygltf::Value& attributes = ext->second.Get("attributes");
    const int t = attributes.Get("TRANSLATION").GetNumberAsInt();
    const int r = attributes.Get("ROTATION").GetNumberAsInt();
    const int s = attributes.Get("SCALE").GetNumberAsInt();
    const std::size_t count = model.accessors[static_cast<std::size_t>(t)].count;
    ASSERT_GT(count, 100u) << species;
    for (std::size_t i = 0; i < count; ++i, ++k) {
      const ScatterInstance& want = set.instances[k];
      ASSERT_EQ(want.species, species);
      const auto p = element<std::array<float, 3>>(model, t, i);
      EXPECT_EQ(p[0], static_cast<float>(want.x));
      EXPECT_EQ(p[1],
                static_cast<float>(doc.world.baseElevation + static_cast<double>(want.height)));
      EXPECT_EQ(p[2], static_cast<float>(want.y));
      const auto scale = element<std::array<float, 3>>(model, s, i);
      EXPECT_EQ(scale[1], want.scale);
      // glTF's up (+Y) turned by the instance's rotation is its up vector
      // in glTF's axes (east, up, south).
      const auto q = element<std::array<float, 4>>(model, r, i);
      const auto d = [](float v) { return static_cast<double>(v); };
      const auto up = turned({d(q[0]), d(q[1]), d(q[2]), d(q[3])}, {0.0, 1.0, 0.0});
      ASSERT_NEAR(up[0], want.upX, 1e-5) << i;
      ASSERT_NEAR(up[1], want.upZ, 1e-5) << i;
      ASSERT_NEAR(up[2], want.upY, 1e-5) << i;
    }
  }
  EXPECT_EQ(k, set.instances.size());
}

TEST_F(ScatterFormats, TheCsvIsAnUnrealDataTableOfTransformsInCentimetres) {
  const Document doc = scatterDocument(129);
  const InstanceSet set = instancesOf(doc);
  ASSERT_GT(set.instances.size(), 100u);
  writeInstancesCsv(path("i.csv"), set, doc.world);
  std::ifstream in(path("i.csv"));
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "Name,Species,Transform");
  std::set<std::string> names;
  std::size_t k = 0;
  while (std::getline(in, line)) {
    ASSERT_LT(k, set.instances.size());
    const ScatterInstance& want = set.instances[k++];
    const std::string name = line.substr(0, line.find(','));
    EXPECT_TRUE(names.insert(name).second) << "a second row named " << name;
    const std::string rest = line.substr(name.size() + 1);
    EXPECT_EQ(rest.substr(0, rest.find(',')), set.species[want.species].name);
    double qx, qy, qz, qw, x, y, z, sx, sy, sz;
    const std::string transform = rest.substr(rest.find(',') + 1);
    ASSERT_EQ(std::sscanf(transform.c_str(),
                          "\"(Rotation=(X=%lf,Y=%lf,Z=%lf,W=%lf),Translation=(X=%lf,Y=%lf,Z=%lf),"
                          "Scale3D=(X=%lf,Y=%lf,Z=%lf))\"",
                          &qx, &qy, &qz, &qw, &x, &y, &z, &sx, &sy, &sz),
              10)
        << line;
    EXPECT_NEAR(x, want.x * 100.0, 6e-4);  // %.3f
    EXPECT_NEAR(y, want.y * 100.0, 6e-4);  // %.3f
    EXPECT_NEAR(z, (doc.world.baseElevation + static_cast<double>(want.height)) * 100.0,
                6e-4);  // %.3f
    EXPECT_FLOAT_EQ(static_cast<float>(sz), want.scale);
    const auto up = turned({qx, qy, qz, qw}, {0.0, 0.0, 1.0});
    EXPECT_NEAR(up[2], want.upZ, 1e-6);
  }
  EXPECT_EQ(k, set.instances.size());
}

TEST_F(ScatterFormats, TheJsonHoldsTheSpeciesAndEveryInstanceInMetres) {
  const Document doc = scatterDocument(129);
  const InstanceSet set = instancesOf(doc);
  writeInstancesJson(path("i.json"), set, doc.world);
  std::ifstream in(path("i.json"));
  const Json j = Json::parse(in);
  ASSERT_EQ(j["species"].size(), 2u);
  EXPECT_EQ(j["species"][1]["name"], "rocks");
  EXPECT_EQ(j["species"][1]["shape"], "box");
  ASSERT_EQ(j["instances"].size(), set.instances.size());
  for (std::size_t k = 0; k < set.instances.size(); ++k) {
    const Json& row = j["instances"][k];
    const ScatterInstance& want = set.instances[k];
    ASSERT_EQ(row[0].get<std::uint32_t>(), want.species);
    ASSERT_EQ(row[1].get<double>(), want.x);  // the same double, written round-trip
    ASSERT_EQ(row[2].get<double>(), want.y);
    ASSERT_EQ(row[3].get<double>(), doc.world.baseElevation + static_cast<double>(want.height));
  }
}

// Rows of the JSON files the CLI wrote, by place: [species, x, y] -> the row.
using Rows = std::map<std::tuple<int, double, double>, Json>;

Rows rowsOf(const std::string& file) {
  std::ifstream in(file);
  const Json j = Json::parse(in);
  Rows rows;
  for (const Json& row : j["instances"]) {
    rows.emplace(std::tuple{row[0].get<int>(), row[1].get<double>(), row[2].get<double>()}, row);
  }
  EXPECT_EQ(rows.size(), j["instances"].size()) << file << ": two rows at one place";
  return rows;
}

TEST_F(ScatterFormats, TheCliTilesHoldTheWorldsInstancesEachInOneTile) {
  const Document doc = scatterDocument(257);
  { std::ofstream(path("scatter.terrain.json")) << projectToJson(doc); }
  // The world made as its tiles are: one tile. The heightmap comes first,
  // so the tiles' sidecars are named after it, not the instances' file.
  testing::AppRun r = run({"--project", path("scatter.terrain.json"), "--tiles", "1x1", "--out-dir",
                           path("whole"), "--heightmap", "h.png", "--instances-json", "i.json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Rows world = rowsOf(path("whole/i_x0_y0.json"));
  ASSERT_GT(world.size(), 1000u);
  for (const int split : {2, 4}) {
    const std::string dir = "tiles" + std::to_string(split);
    const std::string tiles = std::to_string(split) + "x" + std::to_string(split);
    r = run({"--project", path("scatter.terrain.json"), "--tiles", tiles, "--out-dir", path(dir),
             "--heightmap", "h.png", "--instances-json", "i.json"});
    ASSERT_EQ(r.status, 0) << r.err;
    Rows joined;
    for (int y = 0; y < split; ++y) {
      for (int x = 0; x < split; ++x) {
        const std::string name =
            path(dir + "/i_x" + std::to_string(x) + "_y" + std::to_string(y) + ".json");
        for (auto& [place, row] : rowsOf(name)) {
          EXPECT_TRUE(joined.emplace(place, row).second) << "an instance in two tiles: " << name;
        }
      }
    }
    ASSERT_EQ(joined.size(), world.size()) << tiles;
    for (const auto& [place, row] : world) {
      const auto it = joined.find(place);
      ASSERT_NE(it, joined.end()) << tiles;
      EXPECT_EQ(it->second, row) << tiles;  // every number the same double
    }
  }
}

// Every enabled Scatter node's instances are written, merged as the view
// merges them (before, only the first node's: a second node's rocks were
// silently left out), and a switched-off one's are not.
TEST_F(ScatterFormats, EveryEnabledScatterNodesInstancesAreWrittenAndNoSwitchedOffOnes) {
  Document doc = scatterDocument(129);
  const NodeId first = doc.graph.nodes.back().id;
  SpeciesRules ferns;
  ferns.name = "ferns";
  ferns.shape = ScatterShape::Sphere;
  ferns.placing = {20.0, 5.0, 0.5, 1.0, 0.0, 360.0, 0.0};
  const NodeId second = addNode(doc.graph, "scatter", 200.0f, 200.0f);
  connect(doc.graph, {doc.graph.output, 0}, {second, 0});
  doc.graph.find(second)->values[0] = speciesId({ferns});
  const auto countOf = [&](NodeId id) {
    return evaluateGraph(doc.graph, {id, 1}, {doc.seed, doc.world}).instances()->instances.size();
  };
  const std::size_t firsts = countOf(first), seconds = countOf(second);
  ASSERT_GT(firsts, 10u);
  ASSERT_GT(seconds, 10u);
  { std::ofstream(path("two.terrain.json")) << projectToJson(doc); }
  testing::AppRun r =
      run({"--project", path("two.terrain.json"), "--instances-json", path("two.json")});
  ASSERT_EQ(r.status, 0) << r.err;
  Json j = Json::parse(std::ifstream(path("two.json")));
  ASSERT_EQ(j["species"].size(), 3u);
  EXPECT_EQ(j["species"][2]["name"], "ferns");
  EXPECT_EQ(j["instances"].size(), firsts + seconds);
  std::size_t fernRows = 0;
  for (const Json& row : j["instances"]) fernRows += row[0].get<int>() == 2 ? 1u : 0u;
  EXPECT_EQ(fernRows, seconds);

  doc.graph.find(first)->enabled = false;
  { std::ofstream(path("one.terrain.json")) << projectToJson(doc); }
  r = run({"--project", path("one.terrain.json"), "--instances-json", path("one.json")});
  ASSERT_EQ(r.status, 0) << r.err;
  j = Json::parse(std::ifstream(path("one.json")));
  ASSERT_EQ(j["species"].size(), 1u);
  EXPECT_EQ(j["species"][0]["name"], "ferns");
  EXPECT_EQ(j["instances"].size(), seconds);
}

TEST_F(ScatterFormats, AnInstancesPortIsNoMapForOutputNode) {
  const Document doc = scatterDocument(129);
  { std::ofstream(path("scatter.terrain.json")) << projectToJson(doc); }
  const std::string node = std::to_string(doc.graph.nodes.back().id);
  const testing::AppRun r = run({"--project", path("scatter.terrain.json"), "--output-node",
                                 node + ".instances", "--heightmap", path("h.png")});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("gives instances, not a map"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(path("h.png")));
}

TEST_F(ScatterFormats, AGraphWithoutAScatterIsRefusedBeforeAnyFile) {
  const testing::AppRun r = run({"--size", "129", "--instances-csv", "i.csv"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--instances-csv"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("no Scatter node"), std::string::npos) << r.err;
  EXPECT_TRUE(empty());
}

}  // namespace
}  // namespace terrain
