// --for blender (issue 39 item 6): the world glTF read by Blender's own
// glTF importer, run headless (Debian's blender package), and what it built
// checked against the tile manifest: one object per tile, named as the
// tile, placed where the tile lies (glTF +X east, +Y up, +Z south becomes
// Blender's +X east, +Z up, -Y south), spanning the tile's metres, with the
// colour map as its material's image. Skipped where Blender (and the
// python3-numpy its importer needs) is not installed: neither is among
// dev.sh's packages.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/app_process.hpp"
#include "tests/support/export_run_fixture.hpp"
#include "tests/support/files.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

bool haveBlender() {
  return std::system("command -v blender >/dev/null 2>&1") == 0;
}

// Imports `gltf` into an empty scene and prints each mesh object's name,
// location, world-space bounds and its materials' image files as one JSON line.
// Debian 12's Blender 3.4 glTF importer asks numpy for np.bool, which its
// numpy 1.24 no longer has (an alias of bool): given back here.
constexpr const char* kReadBack = R"py(
import bpy, json, os, sys
try:
    import numpy
except ImportError:
    print("READBACK-NO-NUMPY")
    sys.exit(0)
numpy.bool = bool
path = sys.argv[sys.argv.index("--") + 1]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=path)
objects = []
for o in bpy.context.scene.objects:
    if o.type != "MESH":
        continue
    points = [o.matrix_world @ v.co for v in o.data.vertices]
    images = []
    for m in o.data.materials:
        if m and m.node_tree:
            images += [os.path.basename(n.image.filepath) for n in m.node_tree.nodes
                       if n.type == "TEX_IMAGE" and n.image]
    objects.append({"name": o.name, "location": list(o.location),
                    "min": [min(p[i] for p in points) for i in range(3)],
                    "max": [max(p[i] for p in points) for i in range(3)],
                    "images": sorted(images)})
print("READBACK " + json.dumps(objects))
)py";

class BlenderPackage : public testing::ExportRunTest {};

TEST_F(BlenderPackage, BlendersImporterPlacesEveryTileOfTheWorldGltfWhereTheManifestDoes) {
  if (!haveBlender()) GTEST_SKIP() << "blender not installed";
  const testing::AppRun r =
      run({"--generator", "noise", "--size", "257", "--world-width", "1024", "--base-elevation",
           "100", "--height-range", "500", "--tiles", "2x2", "--out-dir", path("t"), "--glb",
           "w.glb", "--for", "blender"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Json manifest = Json::parse(testing::readAll(path("t/w.json")));
  ASSERT_EQ(manifest.value("world-gltf", ""), "w.gltf");
  std::ofstream(path("read_back.py")) << kReadBack;
  const std::string command = "blender -b --factory-startup --python " + path("read_back.py") +
                              " -- " + path("t/w.gltf") + " > " + path("blender.txt") + " 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << testing::readAll(path("blender.txt"));
  const std::string log = testing::readAll(path("blender.txt"));
  if (log.find("READBACK-NO-NUMPY") != std::string::npos) {
    GTEST_SKIP() << "blender's glTF importer needs python3-numpy, not installed";
  }
  const std::size_t at = log.find("READBACK ");
  ASSERT_NE(at, std::string::npos) << log;
  const Json objects = Json::parse(log.substr(at + 9, log.find('\n', at) - at - 9));

  const double cell = manifest["metres-per-cell"];
  const double low = manifest["height-range-m"]["min"];
  const double high = manifest["height-range-m"]["max"];
  const Json& tiles = manifest["tiles"];
  ASSERT_EQ(objects.size(), tiles.size());
  for (const Json& tile : tiles) {
    const std::string name = fs::path(tile["sidecar"].get<std::string>()).stem().string();
    SCOPED_TRACE(name);
    const auto found = std::ranges::find_if(
        objects, [&](const Json& o) { return o["name"].get<std::string>() == name; });
    ASSERT_NE(found, objects.end());
    const Json& o = *found;
    const double east = tile["x0"].get<double>() * cell;
    const double south = tile["y0"].get<double>() * cell;
    const double across = (tile["width"].get<double>() - 1.0) * cell;
    const double down = (tile["height"].get<double>() - 1.0) * cell;
    // Blender's location in metres; its bounds, float vertices, within a millimetre.
    EXPECT_NEAR(o["location"][0].get<double>(), east, 1e-3);
    EXPECT_NEAR(o["location"][1].get<double>(), -south, 1e-3);
    EXPECT_NEAR(o["location"][2].get<double>(), 0.0, 1e-3);
    EXPECT_NEAR(o["min"][0].get<double>(), east, 1e-3);
    EXPECT_NEAR(o["max"][0].get<double>(), east + across, 1e-3);
    EXPECT_NEAR(o["max"][1].get<double>(), -south, 1e-3);
    EXPECT_NEAR(o["min"][1].get<double>(), -(south + down), 1e-3);
    EXPECT_GE(o["min"][2].get<double>(), low - 1e-3);
    EXPECT_LE(o["max"][2].get<double>(), high + 1e-3);
    EXPECT_GT(o["max"][2].get<double>() - o["min"][2].get<double>(), 10.0) << "not flat";
    // The material's images are this tile's colour and normal maps.
    std::string color;
    for (const Json& file : tile["files"]) {
      if (file.get<std::string>().find("_color") != std::string::npos) color = file;
    }
    ASSERT_FALSE(color.empty()) << tile["files"].dump();
    EXPECT_NE(std::ranges::find(o["images"], Json(color)), o["images"].end()) << o["images"].dump();
  }
}

// The GLB's JSON chunk (glTF 2.0: a 12-byte header, then the chunk's length,
// its type, its bytes).
Json glbJson(const std::string& path) {
  const std::string bytes = testing::readAll(path);
  std::uint32_t length = 0;
  std::memcpy(&length, bytes.data() + 12, 4);
  return Json::parse(bytes.substr(20, length));
}

TEST_F(BlenderPackage, AMapsMeshComesWithItsColourAndNormalMapsAsItsMaterial) {
  const testing::AppRun r = run({"--size", "129", "--glb", path("a.glb"), "--for", "blender"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Json gltf = glbJson(path("a.glb"));
  ASSERT_EQ(gltf["materials"].size(), 1u);
  const Json& material = gltf["materials"][0];
  const auto uriOf = [&](const Json& textureRef) {
    const Json& texture = gltf["textures"][textureRef["index"].get<std::size_t>()];
    return gltf["images"][texture["source"].get<std::size_t>()]["uri"].get<std::string>();
  };
  EXPECT_EQ(uriOf(material["pbrMetallicRoughness"]["baseColorTexture"]), "a_color.png");
  EXPECT_EQ(uriOf(material["normalTexture"]), "a_normals.png");
  EXPECT_TRUE(fs::is_regular_file(path("a_color.png")));
  EXPECT_TRUE(fs::is_regular_file(path("a_normals.png")));
}

TEST_F(BlenderPackage, WhatBlenderCannotReadIsRefusedInOneLineBeforeAnyFile) {
  const std::vector<std::vector<std::string>> refused = {
      {"--size", "129", "--exr", path("a.exr")},
      {"--size", "129", "--glb", path("a.glb"), "--normals", path("n.png"), "--normal-convention",
       "directx"},
  };
  const std::vector<std::string> says = {"--glb", "directx"};
  for (std::size_t i = 0; i < refused.size(); ++i) {
    std::vector<std::string> args = refused[i];
    args.insert(args.end(), {"--for", "blender"});
    const testing::AppRun r = run(args);
    EXPECT_EQ(r.status, 2) << says[i];
    EXPECT_NE(r.err.find(says[i]), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
    EXPECT_TRUE(empty()) << r.err;
  }
}

}  // namespace
}  // namespace terrain
