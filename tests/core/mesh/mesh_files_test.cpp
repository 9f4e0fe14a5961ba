// The terrain mesh's OBJ and GLB writers (core/mesh/mesh_export): the
// files read back by an independent loader (tinygltf) and line by line,
// the same bytes on any thread count, and a failed write that keeps the
// old file. The surface itself: terrain_mesh_test.cpp.
#include <sys/resource.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/base/error.hpp"
#include "core/export/heightmap_files.hpp"
#include "core/mesh/mesh_export.hpp"
#include "core/mesh/terrain_mesh.hpp"
#include "tests/core/mesh/mesh_test_support.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

using terrain::testing::readAll;
using testing::kMeshWorld;
using testing::rough;

// ---- files ----------------------------------------------------------------

class MeshFiles : public testing::ScratchDirTest {};

template <class T>
T element(const tinygltf::Model& model, int accessorIndex, std::size_t i) {
  const tinygltf::Accessor& accessor = model.accessors[std::size_t(accessorIndex)];
  const tinygltf::BufferView& view = model.bufferViews[std::size_t(accessor.bufferView)];
  const auto& data = model.buffers[std::size_t(view.buffer)].data;
  T value;
  std::memcpy(&value, data.data() + view.byteOffset + accessor.byteOffset + i * sizeof(T),
              sizeof(T));
  return value;
}

TEST_F(MeshFiles, GlbReadsBackWithTinygltf) {
  const TerrainMesh mesh = buildTerrainMesh(rough(129, 97), kMeshWorld, MeshOptions{3000, 0.0});
  const std::string out = path("terrain.glb");
  writeGlb(out, mesh);
  tinygltf::Model model;
  tinygltf::TinyGLTF loader;
  std::string err;
  std::string warn;
  ASSERT_TRUE(loader.LoadBinaryFromFile(&model, &err, &warn, out)) << err;
  EXPECT_EQ(err, "");
  EXPECT_EQ(warn, "");
  EXPECT_EQ(model.asset.version, "2.0");
  EXPECT_EQ(model.asset.generator, "Terrain Explorer");
  ASSERT_EQ(model.scenes.size(), 1u);
  ASSERT_EQ(model.nodes.size(), 1u);
  ASSERT_EQ(model.meshes.size(), 1u);
  ASSERT_EQ(model.meshes[0].primitives.size(), 1u);
  const tinygltf::Primitive& primitive = model.meshes[0].primitives[0];
  EXPECT_EQ(primitive.mode, TINYGLTF_MODE_TRIANGLES);
  const int position = primitive.attributes.at("POSITION");
  const int normal = primitive.attributes.at("NORMAL");
  const int uv = primitive.attributes.at("TEXCOORD_0");
  for (const int a : {position, normal, uv}) {
    EXPECT_EQ(model.accessors[std::size_t(a)].count, mesh.vertexCount());
    EXPECT_EQ(model.accessors[std::size_t(a)].componentType, TINYGLTF_COMPONENT_TYPE_FLOAT);
  }
  const tinygltf::Accessor& indices = model.accessors[std::size_t(primitive.indices)];
  EXPECT_EQ(indices.count, mesh.indices.size());
  EXPECT_EQ(indices.componentType, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT);
  // min and max are the positions' exact bounds.
  const tinygltf::Accessor& p = model.accessors[std::size_t(position)];
  ASSERT_EQ(p.minValues.size(), 3u);
  ASSERT_EQ(p.maxValues.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    float low = mesh.positions[k];
    float high = low;
    for (std::size_t i = k; i < mesh.positions.size(); i += 3) {
      low = std::min(low, mesh.positions[i]);
      high = std::max(high, mesh.positions[i]);
    }
    EXPECT_EQ(float(p.minValues[k]), low) << k;
    EXPECT_EQ(float(p.maxValues[k]), high) << k;
  }
  EXPECT_EQ(p.minValues[0], 0.0);
  EXPECT_FLOAT_EQ(float(p.maxValues[0]), float(kMeshWorld.width));
  using Vec3 = std::array<float, 3>;
  using Vec2 = std::array<float, 2>;
  for (const std::size_t v : {std::size_t{0}, mesh.vertexCount() - 1}) {
    EXPECT_EQ(element<Vec3>(model, position, v),
              (Vec3{mesh.positions[3 * v], mesh.positions[3 * v + 1], mesh.positions[3 * v + 2]}));
    EXPECT_EQ(element<Vec3>(model, normal, v),
              (Vec3{mesh.normals[3 * v], mesh.normals[3 * v + 1], mesh.normals[3 * v + 2]}));
    EXPECT_EQ(element<Vec2>(model, uv, v), (Vec2{mesh.uvs[2 * v], mesh.uvs[2 * v + 1]}));
  }
  for (std::size_t i = 0; i < mesh.indices.size(); i += 997) {
    ASSERT_EQ(element<std::uint32_t>(model, primitive.indices, i), mesh.indices[i]);
  }
  EXPECT_TRUE(model.materials.empty());
}

TEST_F(MeshFiles, GlbDrapesTheColourMapAsItsTexture) {
  const Heightfield field = rough(65, 65);
  writeMapPng(path("terrain-color.png"), field, ColorRamp::earth(), 0.3f, true);
  const std::string out = path("terrain.glb");
  GlbOptions options;
  options.colorTexture = "terrain-color.png";
  writeGlb(out, buildTerrainMesh(field, kMeshWorld, MeshOptions{}), options);
  tinygltf::Model model;
  tinygltf::TinyGLTF loader;
  std::string err;
  std::string warn;
  ASSERT_TRUE(loader.LoadBinaryFromFile(&model, &err, &warn, out)) << err;
  ASSERT_EQ(model.materials.size(), 1u);
  EXPECT_EQ(model.materials[0].pbrMetallicRoughness.baseColorTexture.index, 0);
  EXPECT_EQ(model.meshes[0].primitives[0].material, 0);
  ASSERT_EQ(model.images.size(), 1u);
  EXPECT_EQ(model.images[0].uri, "terrain-color.png");
  EXPECT_EQ(model.images[0].width, 65);  // the loader found and decoded it
  ASSERT_EQ(model.samplers.size(), 1u);
  EXPECT_EQ(model.samplers[0].wrapS, TINYGLTF_TEXTURE_WRAP_CLAMP_TO_EDGE);
}

// A small OBJ reader: v, vt, vn and f lines, numbers by from_chars.
struct ObjFile {
  std::vector<std::vector<float>> v, vt, vn;
  std::vector<std::array<std::array<long, 3>, 3>> f;
};

ObjFile parseObj(const std::string& text) {
  ObjFile obj;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string tag;
    words >> tag;
    std::vector<std::string> rest{std::istream_iterator<std::string>(words), {}};
    if (tag == "v" || tag == "vt" || tag == "vn") {
      std::vector<float> values;
      for (const std::string& w : rest) {
        float value = 0.0f;
        const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), value);
        EXPECT_TRUE(ec == std::errc() && end == w.data() + w.size()) << line;
        values.push_back(value);
      }
      (tag == "v" ? obj.v : tag == "vt" ? obj.vt : obj.vn).push_back(values);
    } else if (tag == "f") {
      EXPECT_EQ(rest.size(), 3u) << line;
      std::array<std::array<long, 3>, 3> face{};
      for (std::size_t k = 0; k < 3 && k < rest.size(); ++k) {
        std::sscanf(rest[k].c_str(), "%ld/%ld/%ld", &face[k][0], &face[k][1], &face[k][2]);
      }
      obj.f.push_back(face);
    } else {
      // Comments, the object's name and its material library.
      EXPECT_TRUE(tag.empty() || tag[0] == '#' || tag == "o" || tag == "mtllib" || tag == "usemtl")
          << line;
    }
  }
  return obj;
}

TEST_F(MeshFiles, ObjReadsBackLineByLine) {
  const TerrainMesh mesh = buildTerrainMesh(rough(129, 97), kMeshWorld, MeshOptions{3000, 0.0});
  const std::string out = path("terrain.obj");
  writeObj(out, mesh);
  const ObjFile obj = parseObj(readAll(out));
  ASSERT_EQ(obj.v.size(), mesh.vertexCount());
  ASSERT_EQ(obj.vt.size(), mesh.vertexCount());
  ASSERT_EQ(obj.vn.size(), mesh.vertexCount());
  ASSERT_EQ(obj.f.size(), mesh.triangleCount());
  for (std::size_t i = 0; i < mesh.vertexCount(); ++i) {
    ASSERT_EQ(obj.v[i], (std::vector<float>{mesh.positions[3 * i], mesh.positions[3 * i + 1],
                                            mesh.positions[3 * i + 2]}));
    ASSERT_EQ(obj.vn[i], (std::vector<float>{mesh.normals[3 * i], mesh.normals[3 * i + 1],
                                             mesh.normals[3 * i + 2]}));
    // OBJ's v runs up from the image's bottom row.
    ASSERT_EQ(obj.vt[i], (std::vector<float>{mesh.uvs[2 * i], 1.0f - mesh.uvs[2 * i + 1]}));
  }
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    for (std::size_t k = 0; k < 3; ++k) {
      const long oneBased = long(mesh.indices[3 * t + k]) + 1;
      ASSERT_EQ(obj.f[t][k], (std::array<long, 3>{oneBased, oneBased, oneBased}));
    }
  }
}

TEST_F(MeshFiles, SameBytesForOneAndTwoThreads) {
  const Heightfield field = rough(513, 513);
  const MeshOptions options{20000, 0.0};
  const TerrainMesh one = buildTerrainMesh(field, kMeshWorld, options, Execution{1});
  const TerrainMesh two = buildTerrainMesh(field, kMeshWorld, options, Execution{2});
  writeObj(path("one.obj"), one, Execution{1});
  writeObj(path("two.obj"), two, Execution{2});
  writeGlb(path("one.glb"), one);
  writeGlb(path("two.glb"), two);
  EXPECT_EQ(readAll(path("one.obj")), readAll(path("two.obj")));
  EXPECT_EQ(readAll(path("one.glb")), readAll(path("two.glb")));
}

TEST_F(MeshFiles, AFailedWriteKeepsTheOldFileAndLeavesNoTemporary) {
  const TerrainMesh mesh = buildTerrainMesh(rough(129, 129), kMeshWorld, MeshOptions{});
  for (const std::string name : {"terrain.obj", "terrain.glb"}) {
    const std::string out = path(name);
    std::ofstream(out) << "precious";
    // A file-size limit stops the write halfway ("File too large"), as
    // `ulimit -f` does for the CLI.
    rlimit old{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit small = old;
    small.rlim_cur = 64 * 1024;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
    try {
      if (name.ends_with(".obj")) {
        writeObj(out, mesh);
      } else {
        writeGlb(out, mesh);
      }
      ADD_FAILURE() << "expected IoError for " << out;
    } catch (const IoError& e) {
      EXPECT_NE(std::string(e.what()).find(out), std::string::npos) << e.what();
    }
    ::setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, oldHandler);
    EXPECT_EQ(readAll(out), "precious");
    EXPECT_EQ(entries(), std::vector<std::string>{name});
    fs::remove(out);
  }
}

TEST_F(MeshFiles, MissingDirectoryIsAnIoErrorNamingThePath) {
  const TerrainMesh mesh = buildTerrainMesh(rough(9, 9), kMeshWorld, MeshOptions{});
  for (const std::string& out : {path("no/such/terrain.obj"), path("no/such/terrain.glb")}) {
    try {
      if (out.ends_with(".obj")) {
        writeObj(out, mesh);
      } else {
        writeGlb(out, mesh);
      }
      ADD_FAILURE() << "expected IoError for " << out;
    } catch (const IoError& e) {
      EXPECT_NE(std::string(e.what()).find(out), std::string::npos) << e.what();
    }
  }
  EXPECT_TRUE(entries().empty());
}

}  // namespace
}  // namespace terrain
