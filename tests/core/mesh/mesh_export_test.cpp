// The terrain mesh (core/terrain_mesh) and its OBJ and GLB writers
// (core/mesh_export): the surface in metres, its normals and UVs, what
// simplification keeps (the count, the error, the outline, no cracks), and
// the files read back by an independent loader.
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
#include "core/nodes/sources/diamond_square.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

using terrain::testing::readAll;

// Rough terrain: diamond-square (roughness 0.3) cropped to w x h.
Heightfield rough(int w, int h, int size = 513) {
  DiamondSquareParams params;
  params.size = size;
  const Heightfield full = generateDiamondSquare(params, 7, testing::control());
  Heightfield field(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) field.at(x, y) = full.at(x, y);
  }
  return field;
}

// A tilted plane: height = a * column + b * row (height units).
Heightfield plane(int w, int h, float a, float b) {
  Heightfield field(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) field.at(x, y) = 0.25f + a * float(x) + b * float(y);
  }
  return field;
}

const World kWorld{8192.0, 1200.0};

struct GridPoint {
  int c;
  int r;
};

// The grid point under vertex v (positions are column * cell, row * cell).
GridPoint gridPointOf(const TerrainMesh& mesh, std::size_t v, double cell) {
  return {static_cast<int>(std::lround(static_cast<double>(mesh.positions[3 * v]) / cell)),
          static_cast<int>(std::lround(static_cast<double>(mesh.positions[3 * v + 2]) / cell))};
}

// What the mesh's surface says at every grid point of a cols x rows grid.
struct Coverage {
  std::vector<double> height;  // metres, interpolated in the covering triangle
  std::vector<int> triangles;  // how many triangles cover the point (edges count twice)
  double area = 0.0;           // the triangles' area seen from above, cells
  int downFacing = 0;          // triangles whose front faces down
};

Coverage cover(const TerrainMesh& mesh, int cols, int rows, double cell) {
  Coverage out;
  out.height.assign(Heightfield::cellCount(cols, rows), std::nan(""));
  out.triangles.assign(out.height.size(), 0);
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    GridPoint p[3];
    double y[3];
    for (int k = 0; k < 3; ++k) {
      const std::uint32_t v = mesh.indices[3 * t + std::size_t(k)];
      p[k] = gridPointOf(mesh, v, cell);
      y[k] = static_cast<double>(mesh.positions[3 * v + 1]);
    }
    // Twice the signed area in (column, row): negative is counter-clockwise from above.
    const long twice =
        long(p[1].c - p[0].c) * (p[2].r - p[0].r) - long(p[1].r - p[0].r) * (p[2].c - p[0].c);
    if (twice >= 0) ++out.downFacing;
    out.area += std::fabs(double(twice)) / 2.0;
    const int c0 = std::min({p[0].c, p[1].c, p[2].c});
    const int c1 = std::max({p[0].c, p[1].c, p[2].c});
    const int r0 = std::min({p[0].r, p[1].r, p[2].r});
    const int r1 = std::max({p[0].r, p[1].r, p[2].r});
    for (int r = r0; r <= r1; ++r) {
      for (int c = c0; c <= c1; ++c) {
        double w[3];
        bool inside = true;
        for (int k = 0; k < 3; ++k) {
          const GridPoint& a = p[(k + 1) % 3];
          const GridPoint& b = p[(k + 2) % 3];
          const long edge = long(b.c - a.c) * (r - a.r) - long(b.r - a.r) * (c - a.c);
          w[k] = double(edge) / double(twice);
          inside = inside && w[k] >= 0.0;
        }
        if (!inside) continue;
        const std::size_t i = Heightfield::cellCount(cols, r) + std::size_t(c);
        out.height[i] = w[0] * y[0] + w[1] * y[1] + w[2] * y[2];
        ++out.triangles[i];
      }
    }
  }
  return out;
}

// Undirected edges and how many triangles use each.
std::map<std::pair<std::uint32_t, std::uint32_t>, int> edgeUses(const TerrainMesh& mesh) {
  std::map<std::pair<std::uint32_t, std::uint32_t>, int> uses;
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    for (std::size_t k = 0; k < 3; ++k) {
      const std::uint32_t a = mesh.indices[3 * t + k];
      const std::uint32_t b = mesh.indices[3 * t + (k + 1) % 3];
      ++uses[{std::min(a, b), std::max(a, b)}];
    }
  }
  return uses;
}

// ---- the surface ----------------------------------------------------------

TEST(TerrainMesh, FullResolutionHasTwoTrianglesPerCellAtTheFieldsHeights) {
  const Heightfield field = rough(37, 23);
  const TerrainMesh mesh = buildTerrainMesh(field, kWorld, MeshOptions{});
  ASSERT_EQ(mesh.vertexCount(), 37u * 23u);
  EXPECT_EQ(mesh.triangleCount(), 36u * 22u * 2u);
  const double cell = metresPerCell(kWorld, 37, false);
  for (int r = 0; r < 23; ++r) {
    for (int c = 0; c < 37; ++c) {
      const std::size_t v = field.index(c, r);
      ASSERT_FLOAT_EQ(mesh.positions[3 * v], float(c * cell));
      ASSERT_FLOAT_EQ(mesh.positions[3 * v + 1],
                      float(static_cast<double>(field.at(c, r)) * 1200.0));
      ASSERT_FLOAT_EQ(mesh.positions[3 * v + 2], float(r * cell));
    }
  }
  const Coverage seen = cover(mesh, 37, 23, cell);
  EXPECT_EQ(seen.downFacing, 0);
  EXPECT_DOUBLE_EQ(seen.area, 36.0 * 22.0);
}

TEST(TerrainMesh, NormalsOfAPlaneAreItsAnalyticNormal) {
  const float a = 0.004f;
  const float b = -0.0025f;
  const Heightfield field = plane(40, 30, a, b);
  const TerrainMesh mesh = buildTerrainMesh(field, kWorld, MeshOptions{});
  const double cell = metresPerCell(kWorld, 40, false);
  // Rise per metre east and south; the surface y = f(x, z) has normal (-fx, 1, -fz).
  const double east = static_cast<double>(a) * 1200.0 / cell;
  const double south = static_cast<double>(b) * 1200.0 / cell;
  const double norm = std::sqrt(east * east + 1.0 + south * south);
  for (std::size_t v = 0; v < mesh.vertexCount(); ++v) {  // edges included: one-sided there
    ASSERT_NEAR(mesh.normals[3 * v], -east / norm, 1e-5) << v;
    ASSERT_NEAR(mesh.normals[3 * v + 1], 1.0 / norm, 1e-5) << v;
    ASSERT_NEAR(mesh.normals[3 * v + 2], -south / norm, 1e-5) << v;
  }
}

TEST(TerrainMesh, UvsRunZeroToOneWithTheNorthEdgeAtVZero) {
  const TerrainMesh mesh = buildTerrainMesh(rough(33, 17), kWorld, MeshOptions{});
  const auto uv = [&](int c, int r) {
    const std::size_t v = Heightfield::cellCount(33, r) + std::size_t(c);
    return std::pair(mesh.uvs[2 * v], mesh.uvs[2 * v + 1]);
  };
  // Row 0 is the north edge (z = 0, north is -Z) and the PNG's first row (v = 0).
  EXPECT_EQ(uv(0, 0), std::pair(0.0f, 0.0f));
  EXPECT_EQ(uv(32, 0), std::pair(1.0f, 0.0f));
  EXPECT_EQ(uv(0, 16), std::pair(0.0f, 1.0f));
  EXPECT_EQ(uv(32, 16), std::pair(1.0f, 1.0f));
  EXPECT_FLOAT_EQ(uv(16, 8).first, 0.5f);
  EXPECT_FLOAT_EQ(uv(16, 8).second, 0.5f);
  EXPECT_EQ(mesh.positions[2], 0.0f);
  EXPECT_GT(mesh.positions[3 * Heightfield::cellCount(33, 16) + 2], 0.0f);  // south is +Z
}

TEST(TerrainMesh, AWrappingMapCoversTheWholeWorldAndTiles) {
  Heightfield field = rough(32, 24);
  field.wraps = true;
  const TerrainMesh mesh = buildTerrainMesh(field, kWorld, MeshOptions{});
  ASSERT_EQ(mesh.vertexCount(), 33u * 25u);
  EXPECT_EQ(mesh.triangleCount(), 32u * 24u * 2u);
  const auto vertex = [](int c, int r) { return Heightfield::cellCount(33, r) + std::size_t(c); };
  EXPECT_FLOAT_EQ(mesh.positions[3 * vertex(32, 0)], float(kWorld.width));
  for (int r = 0; r < 25; ++r) {  // the seam copies column 0, normals across it included
    for (std::size_t k = 0; k < 3; ++k) {
      if (k != 0) {
        ASSERT_EQ(mesh.positions[3 * vertex(32, r) + k], mesh.positions[3 * vertex(0, r) + k]);
      }
      ASSERT_EQ(mesh.normals[3 * vertex(32, r) + k], mesh.normals[3 * vertex(0, r) + k]);
    }
  }
}

TEST(TerrainMesh, ASimplifiedWrappingMapStillTiles) {
  Heightfield field = rough(300, 200);  // no multiple of the blocks either way
  field.wraps = true;
  const TerrainMesh mesh = buildTerrainMesh(field, kWorld, MeshOptions{6000, 0.0});
  const double cell = metresPerCell(kWorld, 300, true);
  std::set<int> west, east, north, south;
  for (std::size_t v = 0; v < mesh.vertexCount(); ++v) {
    const GridPoint p = gridPointOf(mesh, v, cell);
    if (p.c == 0) west.insert(p.r);
    if (p.c == 300) east.insert(p.r);
    if (p.r == 0) north.insert(p.c);
    if (p.r == 200) south.insert(p.c);
  }
  EXPECT_EQ(west, east);
  EXPECT_EQ(north, south);
  EXPECT_LT(west.size(), 201u);  // simplified along the seam too
}

TEST(TerrainMesh, AProfileOrABadErrorIsRefused) {
  EXPECT_THROW(buildTerrainMesh(Heightfield(64, 1), kWorld, MeshOptions{}), InputError);
  EXPECT_THROW(buildTerrainMesh(rough(8, 8), kWorld, MeshOptions{0, -1.0}), InputError);
  EXPECT_THROW(buildTerrainMesh(rough(8, 8), kWorld, MeshOptions{0, std::nan("")}), InputError);
}

// ---- simplification -------------------------------------------------------

TEST(TerrainMesh, SimplifiedMeshMeetsItsTriangleTarget) {
  const Heightfield field = rough(513, 513);
  for (const std::size_t target : {5000u, 20000u, 80000u}) {
    const TerrainMesh mesh = buildTerrainMesh(field, kWorld, MeshOptions{target, 0.0});
    EXPECT_NEAR(double(mesh.triangleCount()), double(target), 0.05 * double(target)) << target;
  }
  // Sizes that are no multiple of the blocks: smaller blocks fill the rest.
  const TerrainMesh odd = buildTerrainMesh(rough(500, 300), kWorld, MeshOptions{20000, 0.0});
  EXPECT_NEAR(double(odd.triangleCount()), 20000.0, 0.05 * 20000.0);
}

TEST(TerrainMesh, SimplifiedSurfaceStaysWithinTheErrorBound) {
  const Heightfield field = rough(513, 513);
  const double cell = metresPerCell(kWorld, 513, false);
  for (const double bound : {1.0, 4.0, 16.0}) {
    const TerrainMesh mesh = buildTerrainMesh(field, kWorld, MeshOptions{0, bound});
    const Coverage seen = cover(mesh, 513, 513, cell);
    double worst = 0.0;
    for (int r = 0; r < 513; ++r) {
      for (int c = 0; c < 513; ++c) {
        const double h = seen.height[field.index(c, r)];
        ASSERT_FALSE(std::isnan(h)) << c << "," << r;
        worst = std::max(worst, std::fabs(h - double(field.at(c, r)) * 1200.0));
      }
    }
    EXPECT_LE(worst, bound + 1e-3) << mesh.triangleCount() << " triangles";
  }
}

TEST(TerrainMesh, SmoothGroundNeedsAFractionOfTheTriangles) {
  Heightfield field(513, 513);
  for (int y = 0; y < 513; ++y) {
    for (int x = 0; x < 513; ++x) {
      field.at(x, y) = 0.5f + 0.2f * std::sin(float(x) / 40.0f) * std::cos(float(y) / 55.0f);
    }
  }
  const TerrainMesh mesh = buildTerrainMesh(field, kWorld, MeshOptions{0, 1.0});
  EXPECT_LT(mesh.triangleCount(), 512u * 512u * 2u / 20u);
  const Coverage seen = cover(mesh, 513, 513, metresPerCell(kWorld, 513, false));
  double worst = 0.0;
  for (std::size_t i = 0; i < field.size(); ++i) {
    worst = std::max(worst, std::fabs(seen.height[i] - double(field.heights[i]) * 1200.0));
  }
  EXPECT_LE(worst, 1.0 + 1e-3);
}

// Every grid point is covered, the triangles tile the map exactly once
// (their area is the map's, none faces down), every edge inside is shared by
// two triangles and every edge used once lies on the map's outline, which
// the corners and those edges cover whole.
void expectWholeRectangleWithoutCracks(const Heightfield& field, const MeshOptions& options) {
  const TerrainMesh mesh = buildTerrainMesh(field, kWorld, options);
  const int cols = field.width + (field.wraps ? 1 : 0);
  const int rows = field.height + (field.wraps ? 1 : 0);
  const double cell = metresPerCell(kWorld, field.width, field.wraps);
  ASSERT_LT(mesh.triangleCount(), std::size_t(cols - 1) * std::size_t(rows - 1) * 2);
  const Coverage seen = cover(mesh, cols, rows, cell);
  EXPECT_EQ(seen.downFacing, 0);
  EXPECT_DOUBLE_EQ(seen.area, double(cols - 1) * double(rows - 1));
  EXPECT_EQ(std::count(seen.triangles.begin(), seen.triangles.end(), 0), 0);
  int corners = 0;
  for (std::size_t v = 0; v < mesh.vertexCount(); ++v) {
    const GridPoint p = gridPointOf(mesh, v, cell);
    corners += (p.c == 0 || p.c == cols - 1) && (p.r == 0 || p.r == rows - 1);
  }
  EXPECT_EQ(corners, 4);
  double outline = 0.0;  // cells of outline covered by edges used once
  for (const auto& [edge, uses] : edgeUses(mesh)) {
    const GridPoint a = gridPointOf(mesh, edge.first, cell);
    const GridPoint b = gridPointOf(mesh, edge.second, cell);
    const bool onOutline = (a.c == b.c && (a.c == 0 || a.c == cols - 1)) ||
                           (a.r == b.r && (a.r == 0 || a.r == rows - 1));
    ASSERT_EQ(uses, onOutline ? 1 : 2) << a.c << "," << a.r << " - " << b.c << "," << b.r;
    if (onOutline) outline += std::abs(a.c - b.c) + std::abs(a.r - b.r);
  }
  EXPECT_EQ(outline, 2.0 * (cols - 1) + 2.0 * (rows - 1));
}

TEST(TerrainMesh, OutlineStaysTheFullRectangleWithoutCracks) {
  expectWholeRectangleWithoutCracks(rough(513, 513), MeshOptions{20000, 0.0});
  expectWholeRectangleWithoutCracks(rough(513, 513), MeshOptions{0, 2.0});
  // Whole blocks and a remainder strip east and south.
  expectWholeRectangleWithoutCracks(rough(300, 270), MeshOptions{8000, 0.0});
  expectWholeRectangleWithoutCracks(rough(500, 300), MeshOptions{20000, 0.0});
  expectWholeRectangleWithoutCracks(rough(127, 45), MeshOptions{0, 8.0});  // small blocks only
  Heightfield torus = rough(256, 256);
  torus.wraps = true;
  expectWholeRectangleWithoutCracks(torus, MeshOptions{6000, 0.0});
}

TEST(TerrainMesh, SimplifiedVerticesKeepTheirFullResolutionAttributes) {
  const Heightfield field = rough(300, 270);
  const TerrainMesh full = buildTerrainMesh(field, kWorld, MeshOptions{});
  const TerrainMesh simple = buildTerrainMesh(field, kWorld, MeshOptions{5000, 0.0});
  const double cell = metresPerCell(kWorld, 300, false);
  for (std::size_t v = 0; v < simple.vertexCount(); ++v) {
    const GridPoint p = gridPointOf(simple, v, cell);
    const std::size_t f = field.index(p.c, p.r);
    for (std::size_t k = 0; k < 3; ++k) {
      ASSERT_EQ(simple.positions[3 * v + k], full.positions[3 * f + k]);
      ASSERT_EQ(simple.normals[3 * v + k], full.normals[3 * f + k]);
    }
    ASSERT_EQ(simple.uvs[2 * v], full.uvs[2 * f]);
    ASSERT_EQ(simple.uvs[2 * v + 1], full.uvs[2 * f + 1]);
  }
}

TEST(TerrainMesh, SameMeshForOneAndTwoThreads) {
  const Heightfield field = rough(513, 513);
  for (const MeshOptions options : {MeshOptions{}, MeshOptions{20000, 0.0}, MeshOptions{0, 3.0}}) {
    const TerrainMesh one = buildTerrainMesh(field, kWorld, options, Execution{1});
    const TerrainMesh two = buildTerrainMesh(field, kWorld, options, Execution{2});
    EXPECT_EQ(one.positions, two.positions);
    EXPECT_EQ(one.normals, two.normals);
    EXPECT_EQ(one.uvs, two.uvs);
    EXPECT_EQ(one.indices, two.indices);
  }
}

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
  const TerrainMesh mesh = buildTerrainMesh(rough(129, 97), kWorld, MeshOptions{3000, 0.0});
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
  EXPECT_FLOAT_EQ(float(p.maxValues[0]), float(kWorld.width));
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
  writeGlb(out, buildTerrainMesh(field, kWorld, MeshOptions{}), options);
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
  const TerrainMesh mesh = buildTerrainMesh(rough(129, 97), kWorld, MeshOptions{3000, 0.0});
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
  const TerrainMesh one = buildTerrainMesh(field, kWorld, options, Execution{1});
  const TerrainMesh two = buildTerrainMesh(field, kWorld, options, Execution{2});
  writeObj(path("one.obj"), one, Execution{1});
  writeObj(path("two.obj"), two, Execution{2});
  writeGlb(path("one.glb"), one);
  writeGlb(path("two.glb"), two);
  EXPECT_EQ(readAll(path("one.obj")), readAll(path("two.obj")));
  EXPECT_EQ(readAll(path("one.glb")), readAll(path("two.glb")));
}

TEST_F(MeshFiles, AFailedWriteKeepsTheOldFileAndLeavesNoTemporary) {
  const TerrainMesh mesh = buildTerrainMesh(rough(129, 129), kWorld, MeshOptions{});
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
  const TerrainMesh mesh = buildTerrainMesh(rough(9, 9), kWorld, MeshOptions{});
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
