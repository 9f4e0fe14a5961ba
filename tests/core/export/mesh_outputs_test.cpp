// The files a mesh export writes beside the mesh are outputs like any other
// (issue 39 follow-ups, issue 37 items 2 and 7): an OBJ's .mtl is checked
// against the document's inputs and the other outputs before anything is
// computed, listed in the sidecar and the tile manifest, and holds only
// names MTL can say; the sidecar says which mesh option decided the detail.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/app_process.hpp"
#include "tests/support/export_run_fixture.hpp"
#include "tests/support/files.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

Json readJson(const std::string& path) {
  return Json::parse(testing::readAll(path));
}

class MeshOutputs : public testing::ExportRunTest {
 protected:
  bool contains(const std::string& text, const std::string& part) const {
    return text.find(part) != std::string::npos;
  }
};

TEST_F(MeshOutputs, TheMaterialLibraryNeverReplacesAnInputOrAnotherOutput) {
  ASSERT_EQ(run({"--size", "65", "--save-project", path("p.json")}).status, 0);
  const std::string project = testing::readAll(path("p.json"));
  // t.mtl is the project, spelled through a symlink.
  fs::create_symlink(path("p.json"), path("t.mtl"));
  const testing::AppRun refused =
      run({"--project", path("p.json"), "--obj", path("t.obj"), "--color", path("c.png")});
  EXPECT_EQ(refused.status, 2) << refused.err;
  EXPECT_TRUE(contains(refused.err, "--obj's material library")) << refused.err;
  EXPECT_TRUE(contains(refused.err, "--project")) << refused.err;
  EXPECT_EQ(testing::readAll(path("p.json")), project);
  EXPECT_TRUE(fs::is_symlink(path("t.mtl")));
  // Refused before anything was computed or written.
  EXPECT_FALSE(fs::exists(path("t.obj")));
  EXPECT_FALSE(fs::exists(path("c.png")));

  // Another output on the .mtl's path would be replaced by it.
  const testing::AppRun clash = run({"--size", "65", "--obj", path("u.obj"), "--color",
                                     path("c.png"), "--save-project", path("u.mtl")});
  EXPECT_EQ(clash.status, 2) << clash.err;
  EXPECT_TRUE(contains(clash.err, "material library")) << clash.err;
  EXPECT_FALSE(fs::exists(path("u.obj")));
  EXPECT_FALSE(fs::exists(path("u.mtl")));

  // In a tiled export too: each tile's .mtl against the inputs.
  fs::create_directories(path("w"));
  fs::create_symlink(path("p.json"), path("w/t_x1_y0.mtl"));
  const testing::AppRun tiled = run({"--project", path("p.json"), "--size", "129", "--tiles", "2x2",
                                     "--out-dir", path("w"), "--obj", "t.obj", "--color", "c.png"});
  EXPECT_EQ(tiled.status, 2) << tiled.err;
  EXPECT_TRUE(contains(tiled.err, "material library")) << tiled.err;
  EXPECT_FALSE(fs::exists(path("w/t_x0_y0.obj")));
  EXPECT_EQ(testing::readAll(path("p.json")), project);
}

TEST_F(MeshOutputs, TheSidecarAndTheManifestListTheMaterialLibrary) {
  ASSERT_EQ(run({"--size", "65", "--obj", path("t.obj"), "--color", path("c.png")}).status, 0);
  const Json sidecar = readJson(path("t.obj.json"));
  ASSERT_EQ(sidecar["files"][0]["format"], "obj");
  EXPECT_EQ(sidecar["files"][0]["companions"], Json::array({"t.mtl"}));
  EXPECT_TRUE(contains(testing::readAll(path("t.mtl")), "\nmap_Kd c.png\n"));
  // With no image there is no library, and none listed.
  ASSERT_EQ(run({"--size", "65", "--obj", path("bare.obj")}).status, 0);
  EXPECT_FALSE(readJson(path("bare.obj.json"))["files"][0].contains("companions"));
  EXPECT_FALSE(fs::exists(path("bare.mtl")));

  const std::vector<std::string> tiled = {
      "--size", "129",   "--tiles", "2x2",     "--out-dir", path("w"),      "--obj",
      "t.obj",  "--glb", "t.glb",   "--color", "c.png",     "--world-gltf", "world.gltf"};
  ASSERT_EQ(run(tiled).status, 0);
  const Json manifest = readJson(path("w/t.json"));
  EXPECT_EQ(manifest["world-gltf"], "world.gltf");
  ASSERT_EQ(manifest["tiles"].size(), 4u);
  for (const Json& tile : manifest["tiles"]) {
    const std::string stem = tile["sidecar"].get<std::string>().substr(0, 7);  // t_x1_y0
    const Json files = tile["files"];
    EXPECT_NE(std::find(files.begin(), files.end(), stem + ".mtl"), files.end()) << files;
    EXPECT_TRUE(fs::is_regular_file(path("w/" + stem + ".mtl")));
    EXPECT_EQ(readJson(path("w/" + stem + ".json"))["files"][0]["companions"],
              Json::array({stem + ".mtl"}));
  }
  // A tile whose .mtl is gone is not complete: a second run makes it again.
  fs::remove(path("w/t_x1_y1.mtl"));
  const auto before = fs::last_write_time(path("w/t_x0_y0.obj"));
  ASSERT_EQ(run(tiled).status, 0);
  EXPECT_TRUE(fs::is_regular_file(path("w/t_x1_y1.mtl")));
  EXPECT_EQ(fs::last_write_time(path("w/t_x0_y0.obj")), before) << "complete tiles are kept";
}

TEST_F(MeshOutputs, NamesMtlCannotHoldAreRefusedBeforeAnythingIsWritten) {
  // MTL has no quoting: "mtllib my t.mtl" names two libraries.
  const testing::AppRun spacedMesh =
      run({"--size", "65", "--obj", path("my t.obj"), "--color", path("c.png")});
  EXPECT_EQ(spacedMesh.status, 2) << spacedMesh.err;
  EXPECT_TRUE(contains(spacedMesh.err, "--obj")) << spacedMesh.err;
  EXPECT_TRUE(contains(spacedMesh.err, "'my t.mtl'")) << spacedMesh.err;
  EXPECT_EQ(std::count(spacedMesh.err.begin(), spacedMesh.err.end(), '\n'), 1) << "one line";
  EXPECT_FALSE(fs::exists(path("c.png")));

  const testing::AppRun spacedImage =
      run({"--size", "65", "--obj", path("t.obj"), "--normals", path("n 1.png")});
  EXPECT_EQ(spacedImage.status, 2) << spacedImage.err;
  EXPECT_TRUE(contains(spacedImage.err, "--normals")) << spacedImage.err;
  EXPECT_TRUE(contains(spacedImage.err, "'n 1.png'")) << spacedImage.err;
  EXPECT_FALSE(fs::exists(path("t.obj")));

  // The splat map is named in the library too (in a comment, which a
  // newline would end).
  EXPECT_EQ(run({"--size", "65", "--obj", path("t.obj"), "--splat", path("s 1.png")}).status, 2);
  // The same names are fine where no library names them: a GLB's URIs are
  // percent-encoded, and an OBJ with no image has no library.
  const testing::AppRun plain = run({"--size", "65", "--obj", path("my t.obj")});
  EXPECT_EQ(plain.status, 0) << plain.err;
  const testing::AppRun glb =
      run({"--size", "65", "--glb", path("my t.glb"), "--color", path("c 1.png")});
  EXPECT_EQ(glb.status, 0) << glb.err;
}

TEST_F(MeshOutputs, TheSidecarSaysWhichOptionDecidedTheMesh) {
  const auto entry = [&](const std::string& name, std::vector<std::string> extra) {
    std::vector<std::string> args = {"--size", "129", "--glb", path(name + ".glb")};
    args.insert(args.end(), extra.begin(), extra.end());
    const testing::AppRun r = run(args);
    EXPECT_EQ(r.status, 0) << r.err;
    return readJson(path(name + ".glb.json"))["files"][0];
  };
  const Json byError = entry("error", {"--mesh-error", "20"});
  EXPECT_EQ(byError["decided-by"], "mesh-error");
  EXPECT_FALSE(byError["options"].contains("mesh-triangles")) << byError;
  EXPECT_EQ(byError["ignored-options"], Json::array({"mesh-triangles"}));
  EXPECT_EQ(byError["options"]["mesh-error"], "20");

  const Json byCount = entry("count", {"--mesh-triangles", "5000"});
  EXPECT_EQ(byCount["decided-by"], "mesh-triangles");
  EXPECT_FALSE(byCount["options"].contains("mesh-error")) << byCount;
  EXPECT_LE(byCount["written"]["triangles"].get<double>(), 5000.0 * 1.1);

  // Both given: the error wins, as the option's help says.
  const Json both = entry("both", {"--mesh-triangles", "5000", "--mesh-error", "20"});
  EXPECT_EQ(both["decided-by"], "mesh-error");
  EXPECT_EQ(both["written"]["triangles"], byError["written"]["triangles"]);

  EXPECT_EQ(entry("grid", {"--mesh-triangles", "0"})["decided-by"], "full-grid");
}

}  // namespace
}  // namespace terrain
