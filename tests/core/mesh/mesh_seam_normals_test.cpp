// Tiles shade alike along their seams (issue 39, the last lighting crack):
// a vertex on a seam is one world sample, and both tiles give it the
// normal the whole world gives it, read back by readers no one here wrote
// (tinygltf for GLB, libpng for the normal maps) and OBJ's own text.
// Before, each tile took one-sided differences at its edges, so the two
// sides of a seam disagreed wherever the ground bends.
#include <gtest/gtest.h>
#include <png.h>
#include <tiny_gltf.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/export_run_fixture.hpp"

namespace terrain {
namespace {

using Vec3 = std::array<double, 3>;

// Vertices keyed by their world place in whole centimetres (x, z), with
// their normals: a tile's own positions plus its node's translation.
using Normals = std::map<std::pair<long, long>, Vec3>;

std::pair<long, long> placeOf(double x, double z) {
  return {std::lround(x * 100.0), std::lround(z * 100.0)};
}

// Float vec3 accessor data by tinygltf's own parse of the GLB.
std::vector<Vec3> vec3s(const tinygltf::Model& model, int accessor) {
  const tinygltf::Accessor& a = model.accessors.at(std::size_t(accessor));
  const tinygltf::BufferView& view = model.bufferViews.at(std::size_t(a.bufferView));
  const auto& data = model.buffers.at(std::size_t(view.buffer)).data;
  const std::size_t stride = view.byteStride != 0 ? view.byteStride : 12;
  std::vector<Vec3> out(a.count);
  for (std::size_t v = 0; v < a.count; ++v) {
    float f[3];
    std::memcpy(f, data.data() + view.byteOffset + a.byteOffset + stride * v, 12);
    out[v] = {double(f[0]), double(f[1]), double(f[2])};
  }
  return out;
}

Normals glbNormals(const std::string& path) {
  tinygltf::Model model;
  tinygltf::TinyGLTF loader;
  std::string err, warn;
  EXPECT_TRUE(loader.LoadBinaryFromFile(&model, &err, &warn, path)) << path << ": " << err;
  Normals out;
  if (model.nodes.empty()) return out;
  const tinygltf::Node& node = model.nodes[0];
  const std::vector<double> t =
      node.translation.empty() ? std::vector<double>(3, 0.0) : node.translation;
  const tinygltf::Primitive& primitive = model.meshes.at(std::size_t(node.mesh)).primitives.at(0);
  const std::vector<Vec3> positions = vec3s(model, primitive.attributes.at("POSITION"));
  const std::vector<Vec3> normals = vec3s(model, primitive.attributes.at("NORMAL"));
  for (std::size_t v = 0; v < positions.size(); ++v) {
    out[placeOf(positions[v][0] + t[0], positions[v][2] + t[2])] = normals[v];
  }
  return out;
}

// OBJ: "v x y z" in world places and "vn" in the same order (its faces use
// one number for v, vt and vn).
Normals objNormals(const std::string& path) {
  std::ifstream in(path);
  std::vector<Vec3> v;
  std::vector<Vec3> vn;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string tag;
    s >> tag;
    Vec3 p{};
    if (tag == "v" || tag == "vn") {
      s >> p[0] >> p[1] >> p[2];
      (tag == "v" ? v : vn).push_back(p);
    }
  }
  EXPECT_EQ(v.size(), vn.size()) << path;
  Normals out;
  for (std::size_t i = 0; i < v.size() && i < vn.size(); ++i)
    out[placeOf(v[i][0], v[i][2])] = vn[i];
  return out;
}

// A 16-bit RGB PNG by libpng's simplified reader: rows of 3 samples a pixel.
struct Rgb16 {
  int width = 0;
  int height = 0;
  std::vector<std::uint16_t> samples;
  std::array<std::uint16_t, 3> at(int x, int y) const {
    const std::size_t i = (std::size_t(y) * std::size_t(width) + std::size_t(x)) * 3;
    return {samples[i], samples[i + 1], samples[i + 2]};
  }
};
Rgb16 readRgb16(const std::string& path) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  Rgb16 out;
  if (png_image_begin_read_from_file(&image, path.c_str()) == 0) {
    ADD_FAILURE() << path << ": " << image.message;
    return out;
  }
  image.format = PNG_FORMAT_LINEAR_RGB;  // 16 bits a sample, as written
  out.width = int(image.width);
  out.height = int(image.height);
  out.samples.resize(PNG_IMAGE_SIZE(image) / 2);
  EXPECT_NE(png_image_finish_read(&image, nullptr, out.samples.data(), 0, nullptr), 0) << path;
  return out;
}

double gap(const Vec3& a, const Vec3& b) {
  return std::max({std::fabs(a[0] - b[0]), std::fabs(a[1] - b[1]), std::fabs(a[2] - b[2])});
}

class TileSeamNormals : public testing::ExportRunTest {};

// 8192 m over 128 cells, seed 5: ground that bends at every seam.
constexpr double kCell = 8192.0 / 128.0;
const std::vector<std::string> kWorld = {"--size", "129", "--seed", "5"};

TEST_F(TileSeamNormals, BothSidesOfEverySeamCarryTheWorldsNormalInGlbAndObj) {
  // The world whole, full grid: the normal every tile must give each sample.
  std::vector<std::string> whole = kWorld;
  whole.insert(whole.end(), {"--glb", path("whole.glb")});
  ASSERT_EQ(run(whole).status, 0);
  const Normals world = glbNormals(path("whole.glb"));
  ASSERT_EQ(world.size(), 129u * 129u);
  for (const int tiles : {2, 4}) {
    for (const bool simplified : {false, true}) {
      const std::string dir = path("t" + std::to_string(tiles) + (simplified ? "s" : "f"));
      std::vector<std::string> args = kWorld;
      for (const std::string& a :
           {std::string("--tiles"), std::to_string(tiles) + "x" + std::to_string(tiles),
            std::string("--out-dir"), dir, std::string("--glb"), std::string("t.glb"),
            std::string("--obj"), std::string("t.obj")}) {
        args.push_back(a);
      }
      if (simplified) args.insert(args.end(), {"--mesh-error", "60"});
      const testing::AppRun r = run(args);
      ASSERT_EQ(r.status, 0) << r.err;
      const int side = 128 / tiles;  // cells a tile
      for (const bool glb : {true, false}) {
        const std::string what = std::to_string(tiles) + "x" + std::to_string(tiles) +
                                 (simplified ? " simplified" : " full grid") +
                                 (glb ? " glb" : " obj");
        // Every tile's outline vertex against the world's normal there
        // (and so against its neighbour's: both equal the one world).
        std::size_t checked = 0;
        double worst = 0.0;
        std::size_t seamPairs = 0;
        double seamWorst = 0.0;
        std::map<std::pair<long, long>, Vec3> seen;  // seam vertices met so far
        for (int row = 0; row < tiles; ++row) {
          for (int column = 0; column < tiles; ++column) {
            const std::string name =
                dir + "/t_x" + std::to_string(column) + "_y" + std::to_string(row);
            const Normals tile = glb ? glbNormals(name + ".glb") : objNormals(name + ".obj");
            for (const auto& [place, normal] : tile) {
              const double x = double(place.first) / 100.0 / kCell;
              const double z = double(place.second) / 100.0 / kCell;
              const bool outline = x == column * side || x == (column + 1) * side ||
                                   z == row * side || z == (row + 1) * side;
              if (!outline) continue;
              const auto same = world.find(place);
              ASSERT_NE(same, world.end()) << what << ": no world sample at " << x << ", " << z;
              worst = std::max(worst, gap(normal, same->second));
              ++checked;
              const auto [met, fresh] = seen.emplace(place, normal);
              if (!fresh) {
                seamWorst = std::max(seamWorst, gap(normal, met->second));
                ++seamPairs;
              }
            }
          }
        }
        // Each tile's whole outline is kept, simplified or not.
        EXPECT_EQ(checked, std::size_t(tiles * tiles * 4 * side)) << what;
        // Seam vertices: interior lines each shared by two tiles (corners by four).
        EXPECT_GE(seamPairs, std::size_t(2 * (tiles - 1) * 128)) << what;
        EXPECT_EQ(seamWorst, 0.0) << what << ": the two sides of a seam differ";
        // The tile's metres per cell may round apart from the world's in
        // the last bits; a one-sided normal misses by far more.
        EXPECT_LE(worst, 1e-5) << what << ": an outline normal is not the world's";
      }
    }
  }
}

TEST_F(TileSeamNormals, NormalMapsOfNeighbouringTilesAgreeAlongTheirSharedEdge) {
  // The whole map's normal map: what each tile's edge pixels must hold.
  std::vector<std::string> whole = kWorld;
  whole.insert(whole.end(), {"--normals", path("whole.png"), "--normal-bits", "16"});
  ASSERT_EQ(run(whole).status, 0);
  const Rgb16 world = readRgb16(path("whole.png"));
  ASSERT_EQ(world.width, 129);
  for (const int tiles : {2, 4}) {
    const std::string dir = path("n" + std::to_string(tiles));
    std::vector<std::string> args = kWorld;
    for (const std::string& a :
         {std::string("--tiles"), std::to_string(tiles) + "x" + std::to_string(tiles),
          std::string("--out-dir"), dir, std::string("--normals"), std::string("n.png"),
          std::string("--normal-bits"), std::string("16")}) {
      args.push_back(a);
    }
    const testing::AppRun r = run(args);
    ASSERT_EQ(r.status, 0) << r.err;
    const int side = 128 / tiles;
    std::size_t differing = 0;
    int worstStep = 0;  // 16-bit steps between a tile's pixel and the world's
    std::size_t seamPixels = 0;
    for (int row = 0; row < tiles; ++row) {
      for (int column = 0; column < tiles; ++column) {
        const auto read = [&](int c, int rw) {
          return readRgb16(dir + "/n_x" + std::to_string(c) + "_y" + std::to_string(rw) + ".png");
        };
        const Rgb16 tile = read(column, row);
        ASSERT_EQ(tile.width, side + 1);
        // Every pixel is the world's at its place, the edges included.
        for (int y = 0; y <= side; ++y) {
          for (int x = 0; x <= side; ++x) {
            const auto a = tile.at(x, y);
            const auto b = world.at(column * side + x, row * side + y);
            for (std::size_t k = 0; k < 3; ++k) {
              worstStep = std::max(worstStep, std::abs(int(a[k]) - int(b[k])));
            }
          }
        }
        if (column + 1 < tiles) {
          const Rgb16 east = read(column + 1, row);
          for (int y = 0; y <= side; ++y, ++seamPixels) {
            if (tile.at(side, y) != east.at(0, y)) ++differing;
          }
        }
        if (row + 1 < tiles) {
          const Rgb16 south = read(column, row + 1);
          for (int x = 0; x <= side; ++x, ++seamPixels) {
            if (tile.at(x, side) != south.at(x, 0)) ++differing;
          }
        }
      }
    }
    EXPECT_EQ(seamPixels, std::size_t(2 * tiles * (tiles - 1) * (side + 1)));
    EXPECT_EQ(differing, 0u) << tiles << "x" << tiles << ": seam pixels that differ";
    // A tile's heights lie on its source's shared range, within 1e-5 of
    // the whole map's own normalisation (TileExport tests), so its normals
    // agree to a few steps of 65535; a one-sided edge strays by hundreds.
    EXPECT_LE(worstStep, 16) << tiles << "x" << tiles << ": a pixel unlike the world's";
  }
}

}  // namespace
}  // namespace terrain
