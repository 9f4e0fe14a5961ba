// The terrain mesh (core/mesh/terrain_mesh): the surface in metres, its
// normals and UVs, and what simplification keeps (the count, the error, the
// outline, no cracks). Its files: mesh_files_test.cpp.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/base/error.hpp"
#include "core/mesh/terrain_mesh.hpp"
#include "tests/core/mesh/mesh_test_support.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

using testing::kMeshWorld;
using testing::rough;

// A tilted plane: height = a * column + b * row (height units).
Heightfield plane(int w, int h, float a, float b) {
  Heightfield field(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) field.at(x, y) = 0.25f + a * float(x) + b * float(y);
  }
  return field;
}

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
  const TerrainMesh mesh = buildTerrainMesh(field, kMeshWorld, MeshOptions{});
  ASSERT_EQ(mesh.vertexCount(), 37u * 23u);
  EXPECT_EQ(mesh.triangleCount(), 36u * 22u * 2u);
  const double cell = metresPerCell(kMeshWorld, 37, false);
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
  const TerrainMesh mesh = buildTerrainMesh(field, kMeshWorld, MeshOptions{});
  const double cell = metresPerCell(kMeshWorld, 40, false);
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
  const TerrainMesh mesh = buildTerrainMesh(rough(33, 17), kMeshWorld, MeshOptions{});
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
  const TerrainMesh mesh = buildTerrainMesh(field, kMeshWorld, MeshOptions{});
  ASSERT_EQ(mesh.vertexCount(), 33u * 25u);
  EXPECT_EQ(mesh.triangleCount(), 32u * 24u * 2u);
  const auto vertex = [](int c, int r) { return Heightfield::cellCount(33, r) + std::size_t(c); };
  EXPECT_FLOAT_EQ(mesh.positions[3 * vertex(32, 0)], float(kMeshWorld.width));
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
  const TerrainMesh mesh = buildTerrainMesh(field, kMeshWorld, MeshOptions{6000, 0.0});
  const double cell = metresPerCell(kMeshWorld, 300, true);
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
  EXPECT_THROW(buildTerrainMesh(Heightfield(64, 1), kMeshWorld, MeshOptions{}), InputError);
  EXPECT_THROW(buildTerrainMesh(rough(8, 8), kMeshWorld, MeshOptions{0, -1.0}), InputError);
  EXPECT_THROW(buildTerrainMesh(rough(8, 8), kMeshWorld, MeshOptions{0, std::nan("")}), InputError);
}

// ---- simplification -------------------------------------------------------

TEST(TerrainMesh, SimplifiedMeshMeetsItsTriangleTarget) {
  const Heightfield field = rough(513, 513);
  for (const std::size_t target : {5000u, 20000u, 80000u}) {
    const TerrainMesh mesh = buildTerrainMesh(field, kMeshWorld, MeshOptions{target, 0.0});
    EXPECT_NEAR(double(mesh.triangleCount()), double(target), 0.05 * double(target)) << target;
  }
  // Sizes that are no multiple of the blocks: smaller blocks fill the rest.
  const TerrainMesh odd = buildTerrainMesh(rough(500, 300), kMeshWorld, MeshOptions{20000, 0.0});
  EXPECT_NEAR(double(odd.triangleCount()), 20000.0, 0.05 * 20000.0);
}

TEST(TerrainMesh, SimplifiedSurfaceStaysWithinTheErrorBound) {
  const Heightfield field = rough(513, 513);
  const double cell = metresPerCell(kMeshWorld, 513, false);
  for (const double bound : {1.0, 4.0, 16.0}) {
    const TerrainMesh mesh = buildTerrainMesh(field, kMeshWorld, MeshOptions{0, bound});
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
  const TerrainMesh mesh = buildTerrainMesh(field, kMeshWorld, MeshOptions{0, 1.0});
  EXPECT_LT(mesh.triangleCount(), 512u * 512u * 2u / 20u);
  const Coverage seen = cover(mesh, 513, 513, metresPerCell(kMeshWorld, 513, false));
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
  const TerrainMesh mesh = buildTerrainMesh(field, kMeshWorld, options);
  const int cols = field.width + (field.wraps ? 1 : 0);
  const int rows = field.height + (field.wraps ? 1 : 0);
  const double cell = metresPerCell(kMeshWorld, field.width, field.wraps);
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
  const TerrainMesh full = buildTerrainMesh(field, kMeshWorld, MeshOptions{});
  const TerrainMesh simple = buildTerrainMesh(field, kMeshWorld, MeshOptions{5000, 0.0});
  const double cell = metresPerCell(kMeshWorld, 300, false);
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
    const TerrainMesh one = buildTerrainMesh(field, kMeshWorld, options, Execution{1});
    const TerrainMesh two = buildTerrainMesh(field, kMeshWorld, options, Execution{2});
    EXPECT_EQ(one.positions, two.positions);
    EXPECT_EQ(one.normals, two.normals);
    EXPECT_EQ(one.uvs, two.uvs);
    EXPECT_EQ(one.indices, two.indices);
  }
}

}  // namespace
}  // namespace terrain
