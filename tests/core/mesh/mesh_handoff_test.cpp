// A mesh as an engine receives it (issue 39 items 1-5), from the command
// line, read back from the bytes (mesh_readers.hpp) and by tinygltf where
// it loads the images the material names: it carries the run's textures,
// the error asked for bounds it and the sidecar says what was written, and
// mesh, heights and sidecar stand on the same base elevation. Tiles:
// mesh_tiles_test.cpp.
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
  const std::string obj = testing::readAll(path("t.obj"));
  EXPECT_NE(obj.find("\nmtllib t.mtl\n"), std::string::npos);
  EXPECT_NE(obj.find("\nusemtl terrain\n"), std::string::npos);
  const std::string mtl = testing::readAll(path("t.mtl"));
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
