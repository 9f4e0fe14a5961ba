// Meshes as an engine receives them (issue 39 items 1-5), from the command
// line, read back from the bytes: a GLB reader written here from the glTF
// 2.0 specification (header, JSON chunk, BIN chunk, accessors) with
// nlohmann-json, OBJ line by line, and tinygltf where it loads the images
// the material names. Tiles meet at their seams, sit in place under their
// names, carry their textures, the error asked for bounds them and the
// sidecar says what was written, and everything stands on the base elevation.
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

#include "tests/support/app_process.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using Vec3 = std::array<double, 3>;

// A mesh as a file gives it: positions in the world (node translation
// added), triangles, and the JSON it came with (GLB only).
struct ReadMesh {
  std::vector<Vec3> positions;
  std::vector<std::uint32_t> indices;
  Json json;
};

std::string fileText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::uint32_t word(const std::string& bytes, std::size_t at) {
  std::uint32_t w = 0;
  std::memcpy(&w, bytes.data() + at, 4);
  return w;
}

// glTF 2.0 section 4.4: a 12-byte header ("glTF", 2, length), then chunks
// of (length, type, data): JSON first, BIN second.
ReadMesh readGlb(const std::string& path) {
  const std::string bytes = fileText(path);
  ReadMesh out;
  if (bytes.size() < 20 || word(bytes, 0) != 0x46546C67u || word(bytes, 4) != 2u ||
      word(bytes, 8) != bytes.size()) {
    ADD_FAILURE() << path << ": not a glTF 2 binary of its own length";
    return out;
  }
  const std::uint32_t jsonBytes = word(bytes, 12);
  EXPECT_EQ(word(bytes, 16), 0x4E4F534Au) << "JSON chunk first";
  out.json = Json::parse(bytes.substr(20, jsonBytes));
  const std::size_t binAt = 20 + jsonBytes;
  EXPECT_EQ(word(bytes, binAt + 4), 0x004E4942u) << "BIN chunk second";
  const std::size_t bin = binAt + 8;
  const Json& j = out.json;
  const Json& primitive = j["meshes"][0]["primitives"][0];
  const auto view = [&](int accessor) {
    const Json& a = j["accessors"][std::size_t(accessor)];
    const Json& v = j["bufferViews"][a["bufferView"].get<std::size_t>()];
    return std::pair{
        bin + v.value("byteOffset", std::size_t{0}) + a.value("byteOffset", std::size_t{0}),
        a["count"].get<std::size_t>()};
  };
  Vec3 translation = {0.0, 0.0, 0.0};
  if (j["nodes"][0].contains("translation")) {
    for (std::size_t k = 0; k < 3; ++k) translation[k] = j["nodes"][0]["translation"][k];
  }
  const auto [positionAt, vertices] = view(primitive["attributes"]["POSITION"].get<int>());
  for (std::size_t v = 0; v < vertices; ++v) {
    float p[3];
    std::memcpy(p, bytes.data() + positionAt + 12 * v, 12);
    out.positions.push_back({double(p[0]) + translation[0], double(p[1]) + translation[1],
                             double(p[2]) + translation[2]});
  }
  const auto [indexAt, indices] = view(primitive["indices"].get<int>());
  out.indices.resize(indices);
  std::memcpy(out.indices.data(), bytes.data() + indexAt, 4 * indices);
  return out;
}

// OBJ: "v x y z" (world positions) and "f a/a/a ..." (1-based).
ReadMesh readObj(const std::string& path) {
  std::ifstream in(path);
  ReadMesh out;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string tag;
    s >> tag;
    if (tag == "v") {
      Vec3 p;
      s >> p[0] >> p[1] >> p[2];
      out.positions.push_back(p);
    } else if (tag == "f") {
      for (int k = 0; k < 3; ++k) {
        std::string corner;
        s >> corner;
        out.indices.push_back(std::uint32_t(std::stoul(corner.substr(0, corner.find('/')))) - 1);
      }
    }
  }
  return out;
}

Json readJson(const std::string& path) {
  return Json::parse(fileText(path));
}

// The float32 heights a --raw output holds, row-major.
std::vector<float> readRaw(const std::string& path) {
  const std::string bytes = fileText(path);
  std::vector<float> out(bytes.size() / 4);
  std::memcpy(out.data(), bytes.data(), out.size() * 4);
  return out;
}

class MeshHandoff : public testing::ScratchDirTest {
 protected:
  testing::AppRun run(std::vector<std::string> args) const {
    args.insert(args.begin(), "export");
    args.push_back("--quiet");
    return testing::runApp(args, dir_);
  }
};

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

TEST_F(MeshHandoff, TheMaterialUsesTheImagesWrittenInTheSameRun) {
  const testing::AppRun r =
      run({"--size", "65", "--glb", path("t.glb"), "--obj", path("t.obj"), "--color", path("c.png"),
           "--normals", path("n.png"), "--splat", path("s.png")});
  ASSERT_EQ(r.status, 0) << r.err;
  const Json j = readGlb(path("t.glb")).json;
  ASSERT_EQ(j["materials"].size(), 1u);
  const Json& material = j["materials"][0];
  const auto imageOf = [&](const Json& textureInfo) {
    const Json& texture = j["textures"][textureInfo["index"].get<std::size_t>()];
    return j["images"][texture["source"].get<std::size_t>()]["uri"].get<std::string>();
  };
  EXPECT_EQ(imageOf(material["pbrMetallicRoughness"]["baseColorTexture"]), "c.png");
  EXPECT_EQ(material["pbrMetallicRoughness"]["metallicFactor"], 0.0);
  EXPECT_EQ(imageOf(material["normalTexture"]), "n.png");
  EXPECT_EQ(imageOf(material["extras"]["splatTexture"]), "s.png");
  EXPECT_EQ(j["meshes"][0]["primitives"][0]["material"], 0);

  // tinygltf resolves the URIs beside the file and decodes the images.
  tinygltf::Model model;
  tinygltf::TinyGLTF loader;
  std::string err, warn;
  ASSERT_TRUE(loader.LoadBinaryFromFile(&model, &err, &warn, path("t.glb"))) << err;
  ASSERT_EQ(model.images.size(), 3u);
  for (const tinygltf::Image& image : model.images) {
    EXPECT_EQ(image.width, 65) << image.uri;
    EXPECT_EQ(image.height, 65) << image.uri;
  }

  // The OBJ names its material library, which names the same images.
  const std::string obj = fileText(path("t.obj"));
  EXPECT_NE(obj.find("\nmtllib t.mtl\n"), std::string::npos);
  EXPECT_NE(obj.find("\nusemtl terrain\n"), std::string::npos);
  const std::string mtl = fileText(path("t.mtl"));
  EXPECT_NE(mtl.find("newmtl terrain\n"), std::string::npos) << mtl;
  EXPECT_NE(mtl.find("\nmap_Kd c.png\n"), std::string::npos) << mtl;
  EXPECT_NE(mtl.find("\nmap_Bump n.png\n"), std::string::npos) << mtl;

  // A DirectX normal map is not glTF's convention: left out, not misread.
  ASSERT_EQ(run({"--size", "65", "--glb", path("d.glb"), "--normals", path("d.png"),
                 "--normal-convention", "directx"})
                .status,
            0);
  EXPECT_FALSE(readGlb(path("d.glb")).json.contains("materials"));
  // With no image, no material: glTF's default.
  ASSERT_EQ(run({"--size", "65", "--glb", path("bare.glb")}).status, 0);
  EXPECT_FALSE(readGlb(path("bare.glb")).json.contains("materials"));
}

// The largest vertical distance between the mesh's surface and the heights
// at every grid point it covers, recomputed from the files.
double surfaceError(const ReadMesh& mesh, const std::vector<float>& heights, int side, double cell,
                    double base, double range) {
  double worst = 0.0;
  for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
    double x[3], y[3], z[3];
    for (std::size_t k = 0; k < 3; ++k) {
      const Vec3& p = mesh.positions[mesh.indices[t + k]];
      x[k] = p[0] / cell;
      y[k] = p[1];
      z[k] = p[2] / cell;
    }
    const double area = (x[1] - x[0]) * (z[2] - z[0]) - (z[1] - z[0]) * (x[2] - x[0]);
    // The grid points the triangle may cover, kept on the grid.
    const int c0 = std::max(0, int(std::floor(std::min({x[0], x[1], x[2]}))));
    const int c1 = std::min(side - 1, int(std::ceil(std::max({x[0], x[1], x[2]}))));
    const int r0 = std::max(0, int(std::floor(std::min({z[0], z[1], z[2]}))));
    const int r1 = std::min(side - 1, int(std::ceil(std::max({z[0], z[1], z[2]}))));
    for (int r = r0; r <= r1; ++r) {
      for (int c = c0; c <= c1; ++c) {
        double w[3];
        bool inside = true;
        for (std::size_t k = 0; k < 3; ++k) {
          const std::size_t a = (k + 1) % 3, b = (k + 2) % 3;
          w[k] = ((x[b] - x[a]) * (r - z[a]) - (z[b] - z[a]) * (c - x[a])) / area;
          inside = inside && w[k] >= -1e-9;
        }
        if (!inside) continue;
        const double surface = w[0] * y[0] + w[1] * y[1] + w[2] * y[2];
        const double ground = base + double(heights[std::size_t(r * side + c)]) * range;
        worst = std::max(worst, std::fabs(surface - ground));
      }
    }
  }
  return worst;
}

TEST_F(MeshHandoff, TheErrorAloneBoundsTheMeshAndTheSidecarSaysWhatWasWritten) {
  const std::vector<std::string> world = {"--size", "257"};
  const auto exportWith = [&](const std::string& name, std::vector<std::string> extra) {
    std::vector<std::string> args = world;
    args.insert(args.end(), {"--raw", path(name + ".r32"), "--glb", path(name + ".glb")});
    args.insert(args.end(), extra.begin(), extra.end());
    const testing::AppRun r = run(args);
    EXPECT_EQ(r.status, 0) << r.err;
  };
  exportWith("default", {});
  // This rough ground (1200 m of relief over 256 cells) needs tens of metres
  // before simplifying saves much.
  exportWith("within80", {"--mesh-error", "80"});
  const ReadMesh fine = readGlb(path("default.glb"));
  const ReadMesh coarse = readGlb(path("within80.glb"));
  // 257 x 257 is under the default million triangles: the full grid. The
  // error given alone simplifies.
  EXPECT_EQ(fine.indices.size() / 3, 256u * 256u * 2u);
  EXPECT_LT(coarse.indices.size() / 3, fine.indices.size() / 3 / 4);

  const std::vector<float> heights = readRaw(path("within80.r32"));
  const double cell = 8192.0 / 256.0;
  const double measured = surfaceError(coarse, heights, 257, cell, 0.0, 1200.0);
  EXPECT_LE(measured, 80.0 + 1e-3);
  EXPECT_GT(measured, 10.0) << "simplified, so it strays somewhat";

  const Json sidecar = readJson(path("within80.r32.json"));
  const Json& mesh = sidecar["files"][1];
  ASSERT_EQ(mesh["format"], "glb");
  EXPECT_EQ(mesh["written"]["triangles"].get<double>(), double(coarse.indices.size() / 3));
  EXPECT_EQ(mesh["written"]["vertices"].get<double>(), double(coarse.positions.size()));
  EXPECT_NEAR(mesh["written"]["max-vertical-error-m"].get<double>(), measured, 1e-3);
  EXPECT_EQ(readJson(path("default.r32.json"))["files"][1]["written"]["max-vertical-error-m"], 0.0)
      << "the full grid is the heights";
}

TEST_F(MeshHandoff, MeshesHeightsAndSidecarShareTheBaseElevation) {
  const testing::AppRun r =
      run({"--size", "65", "--base-elevation", "500", "--raw", path("h.r32"), "--glb",
           path("t.glb"), "--obj", path("t.obj"), "--mesh-triangles", "0"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Json sidecar = readJson(path("h.r32.json"));
  const double low = sidecar["height-range-m"]["min"];
  const double high = sidecar["height-range-m"]["max"];
  EXPECT_EQ(low, 500.0);
  EXPECT_EQ(high, 1700.0);
  const std::vector<float> heights = readRaw(path("h.r32"));
  for (const ReadMesh& mesh : {readGlb(path("t.glb")), readObj(path("t.obj"))}) {
    ASSERT_EQ(mesh.positions.size(), heights.size());
    // Full grid, row-major: vertex i stands on sample i.
    double worst = 0.0;
    for (std::size_t i = 0; i < heights.size(); ++i) {
      EXPECT_GE(mesh.positions[i][1], low - 1e-3);
      EXPECT_LE(mesh.positions[i][1], high + 1e-3);
      worst = std::max(worst,
                       std::fabs(mesh.positions[i][1] - (low + double(heights[i]) * (high - low))));
    }
    EXPECT_LT(worst, 1e-3) << "metres";
  }
}

}  // namespace
}  // namespace terrain
