// Tiled meshes as an engine receives them (issue 39 items 1-5), from the
// command line, read back from the bytes (mesh_readers.hpp): tiles meet
// vertex for vertex at their seams at every mesh option, sit in place
// under their names, and the world glTF holds every tile from its own files.
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/core/mesh/mesh_readers.hpp"
#include "tests/support/export_run_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using testing::Json;
using testing::MeshHandoff;
using testing::readGlb;
using testing::readJson;
using testing::ReadMesh;
using testing::readObj;
using testing::readRaw;
using testing::Vec3;

// Rough enough that a simplified tile keeps few of its edge samples unless
// its outline is locked: 2x2 tiles of 65 samples from a 129 world.
const std::vector<std::string> kTiledWorld = {"--size", "129", "--tiles", "2x2", "--seed", "5"};

// World positions on a line: x (or z) == at, keyed by the other horizontal
// coordinate in whole centimetres.
std::map<long, Vec3> onLine(const ReadMesh& mesh, std::size_t axis, double at) {
  std::map<long, Vec3> out;
  for (const Vec3& p : mesh.positions) {
    if (std::fabs(p[axis] - at) < 1e-3) out[std::lround(p[2 - axis] * 100.0)] = p;
  }
  return out;
}

// Every sample along the seam is a vertex on both sides, at the same place.
void expectSeamMeets(const ReadMesh& a, const ReadMesh& b, std::size_t axis, double at,
                     std::size_t samples, const std::string& what) {
  const std::map<long, Vec3> left = onLine(a, axis, at);
  const std::map<long, Vec3> right = onLine(b, axis, at);
  EXPECT_EQ(left.size(), samples) << what;
  ASSERT_EQ(left.size(), right.size()) << what;
  double step = 0.0;
  for (const auto& [key, p] : left) {
    const auto other = right.find(key);
    ASSERT_NE(other, right.end()) << what << ": a vertex at " << key << " cm has no partner";
    for (std::size_t k = 0; k < 3; ++k) step = std::max(step, std::fabs(p[k] - other->second[k]));
  }
  EXPECT_LE(step, 1e-3) << what << ": the largest step across the seam, metres";
}

TEST_F(MeshHandoff, TiledMeshesMeetVertexForVertexAtEveryMeshOption) {
  // metres per cell: 8192 m over 128 cells.
  const double cell = 8192.0 / 128.0;
  const std::vector<std::vector<std::string>> options = {
      {}, {"--mesh-triangles", "400"}, {"--mesh-error", "60"}, {"--mesh-error", "150"}};
  for (const auto& option : options) {
    const std::string out = path("tiles" + std::to_string(&option - options.data()));
    std::vector<std::string> args = kTiledWorld;
    for (const std::string& a :
         {std::string("--out-dir"), out, std::string("--glb"), std::string("t.glb"),
          std::string("--obj"), std::string("t.obj")}) {
      args.push_back(a);
    }
    args.insert(args.end(), option.begin(), option.end());
    const testing::AppRun r = run(args);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string what = option.empty() ? "defaults" : option[0] + " " + option[1];
    for (const bool glb : {true, false}) {
      const auto read = [&](int x, int y) {
        const std::string name = "t_x" + std::to_string(x) + "_y" + std::to_string(y);
        return glb ? readGlb(out + "/" + name + ".glb") : readObj(out + "/" + name + ".obj");
      };
      const ReadMesh nw = read(0, 0), ne = read(1, 0), sw = read(0, 1), se = read(1, 1);
      const std::string kind = what + (glb ? " (glb)" : " (obj)");
      // The east-west seam at x = 64 cells, the north-south one at z = 64.
      expectSeamMeets(nw, ne, 0, 64 * cell, 65, kind + " north tiles");
      expectSeamMeets(sw, se, 0, 64 * cell, 65, kind + " south tiles");
      expectSeamMeets(nw, sw, 2, 64 * cell, 65, kind + " west tiles");
      expectSeamMeets(ne, se, 2, 64 * cell, 65, kind + " east tiles");
      if (!option.empty()) {
        // Simplified inside: fewer vertices than the 65 x 65 grid.
        EXPECT_LT(nw.positions.size(), 65u * 65u * 3u / 4u) << kind;
      }
    }
  }
}

TEST_F(MeshHandoff, EachTileIsNamedAndTranslatedToItsPlaceInMetres) {
  std::vector<std::string> args = kTiledWorld;
  for (const std::string& a :
       {std::string("--out-dir"), path("w"), std::string("--glb"), std::string("t.glb"),
        std::string("--obj"), std::string("t.obj"), std::string("--overlap"), std::string("2")}) {
    args.push_back(a);
  }
  const testing::AppRun r = run(args);
  ASSERT_EQ(r.status, 0) << r.err;
  const Json manifest = readJson(path("w/t.json"));
  const double cell = manifest["metres-per-cell"];
  ASSERT_EQ(manifest["tiles"].size(), 4u);
  for (const Json& tile : manifest["tiles"]) {
    const std::string name = fs::path(tile["sidecar"].get<std::string>()).stem().string();
    const int x0 = tile["x0"];
    const int y0 = tile["y0"];
    const ReadMesh glb = readGlb(path("w/" + name + ".glb"));
    const Json& node = glb.json["nodes"][0];
    EXPECT_EQ(node["name"], name);
    EXPECT_EQ(glb.json["meshes"][0]["name"], name);
    if (x0 == 0 && y0 == 0) {
      EXPECT_FALSE(node.contains("translation")) << "the north-west tile sits at the origin";
    } else {
      ASSERT_TRUE(node.contains("translation")) << name;
      EXPECT_DOUBLE_EQ(node["translation"][0].get<double>(), x0 * cell) << name;
      EXPECT_EQ(node["translation"][1].get<double>(), 0.0) << name;
      EXPECT_DOUBLE_EQ(node["translation"][2].get<double>(), y0 * cell) << name;
    }
    // OBJ has no transform: its vertices are in the world, starting at the
    // tile's first sample (overlap included).
    const ReadMesh obj = readObj(path("w/" + name + ".obj"));
    double west = 1e300, north = 1e300;
    for (const Vec3& p : obj.positions) {
      west = std::min(west, p[0]);
      north = std::min(north, p[2]);
    }
    EXPECT_NEAR(west, x0 * cell, 1e-3) << name;
    EXPECT_NEAR(north, y0 * cell, 1e-3) << name;
    std::ifstream text(path("w/" + name + ".obj"));
    std::string line;
    bool named = false;
    while (std::getline(text, line)) named = named || line == "o " + name;
    EXPECT_TRUE(named) << name << ": OBJ's object is the tile's name";
  }
}

TEST_F(MeshHandoff, TheWorldGltfHoldsEveryTileInPlaceFromTheTilesOwnFiles) {
  std::vector<std::string> args = kTiledWorld;
  for (const std::string& a :
       {std::string("--out-dir"), path("w"), std::string("--glb"), std::string("t.glb"),
        std::string("--color"), std::string("c.png"), std::string("--world-gltf"),
        std::string("world.gltf"), std::string("--mesh-triangles"), std::string("500")}) {
    args.push_back(a);
  }
  const testing::AppRun r = run(args);
  ASSERT_EQ(r.status, 0) << r.err;
  tinygltf::Model model;
  tinygltf::TinyGLTF loader;
  std::string err, warn;
  ASSERT_TRUE(loader.LoadASCIIFromFile(&model, &err, &warn, path("w/world.gltf"))) << err;
  ASSERT_EQ(model.scenes.size(), 1u);
  ASSERT_EQ(model.scenes[0].nodes.size(), 4u);
  ASSERT_EQ(model.nodes.size(), 4u);
  ASSERT_EQ(model.images.size(), 4u);
  std::uintmax_t glbBytes = 0;
  for (const tinygltf::Node& node : model.nodes) {
    // The node as the tile's own file has it, and the tile's positions read
    // through the world file's accessor into the tile's .glb.
    const ReadMesh tile = readGlb(path("w/" + node.name + ".glb"));
    glbBytes += fs::file_size(path("w/" + node.name + ".glb"));
    const Json& own = tile.json["nodes"][0];
    EXPECT_EQ(node.name, own["name"]);
    std::vector<double> translation = {0.0, 0.0, 0.0};
    if (own.contains("translation")) translation = own["translation"].get<std::vector<double>>();
    const std::vector<double> placed =
        node.translation.empty() ? std::vector<double>(3, 0.0) : node.translation;
    EXPECT_EQ(placed, translation) << node.name;
    const tinygltf::Primitive& primitive = model.meshes[std::size_t(node.mesh)].primitives.at(0);
    const tinygltf::Accessor& a = model.accessors[std::size_t(primitive.attributes.at("POSITION"))];
    ASSERT_EQ(a.count, tile.positions.size()) << node.name;
    const tinygltf::BufferView& view = model.bufferViews[std::size_t(a.bufferView)];
    const auto& data = model.buffers[std::size_t(view.buffer)].data;
    for (std::size_t v = 0; v < a.count; v += 7) {
      float p[3];
      std::memcpy(p, data.data() + view.byteOffset + a.byteOffset + 12 * v, 12);
      for (std::size_t k = 0; k < 3; ++k) {
        ASSERT_EQ(double(p[k]) + translation[k], tile.positions[v][k]) << node.name;
      }
    }
    const tinygltf::Material& m = model.materials[std::size_t(primitive.material)];
    const tinygltf::Texture& texture =
        model.textures[std::size_t(m.pbrMetallicRoughness.baseColorTexture.index)];
    EXPECT_EQ(model.images[std::size_t(texture.source)].uri,
              "c" + node.name.substr(1) + ".png");  // t_x1_y0 drapes c_x1_y0
  }
  // It names the tiles' files, it does not copy them.
  EXPECT_LT(fs::file_size(path("w/world.gltf")), glbBytes / 4);

  // Without --glb there is nothing to name.
  std::vector<std::string> bad = kTiledWorld;
  for (const std::string& a :
       {std::string("--out-dir"), path("v"), std::string("--r16"), std::string("t.r16"),
        std::string("--world-gltf"), std::string("world.gltf")}) {
    bad.push_back(a);
  }
  const testing::AppRun refused = run(bad);
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("--world-gltf"), std::string::npos) << refused.err;
  EXPECT_FALSE(fs::exists(path("v")));
}

}  // namespace
}  // namespace terrain
