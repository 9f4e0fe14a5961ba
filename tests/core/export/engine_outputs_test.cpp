// The engine-facing outputs from the command line: meshes, masks, the
// splat map and engine sizes, each read back, and their bad input refused
// before any file is written.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "tests/support/app_process.hpp"
#include "tests/support/png_raw.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

class EngineOutputs : public testing::ScratchDirTest {
 protected:
  testing::AppRun run(std::vector<std::string> args) const {
    args.insert(args.begin(), "export");
    return testing::runApp(args, dir_);
  }
  bool nothingWritten() const {
    for (const auto& e : fs::directory_iterator(dir_)) {
      const std::string name = e.path().filename().string();
      if (name != "stdout.txt" && name != "stderr.txt") return false;
    }
    return true;
  }
};

int objFaces(const std::string& file) {
  std::ifstream in(file);
  std::string line;
  int faces = 0;
  while (std::getline(in, line)) faces += line.rfind("f ", 0) == 0 ? 1 : 0;
  return faces;
}

TEST_F(EngineOutputs, MeshesAreSimplifiedToTheAskedTriangleCount) {
  const testing::AppRun r = run({"--size", "257", "--obj", path("t.obj"), "--glb", path("t.glb"),
                                 "--mesh-triangles", "5000", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  const int faces = objFaces(path("t.obj"));
  EXPECT_NEAR(faces, 5000, 250);
  EXPECT_GT(fs::file_size(path("t.glb")), 5000U * 3U * 4U) << "indices alone";
  // 0 is the full grid: two triangles per cell.
  ASSERT_EQ(run({"--size", "65", "--obj", path("f.obj"), "--mesh-triangles", "0"}).status, 0);
  EXPECT_EQ(objFaces(path("f.obj")), 64 * 64 * 2);
}

TEST_F(EngineOutputs, AMeshOptionWithoutAMeshIsRefusedNamingBothMeshFormats) {
  const testing::AppRun r =
      run({"--size", "65", "--raw", path("t.r32"), "--mesh-triangles", "100"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--obj FILE.obj or --glb FILE.glb"), std::string::npos) << r.err;
  EXPECT_TRUE(nothingWritten());
}

TEST_F(EngineOutputs, ErosionMasksNeedAnErosionStageAndSayWhichBeforeWriting) {
  const testing::AppRun refused =
      run({"--size", "65", "--r16", path("t.r16"), "--mask", "flow=" + path("f.png")});
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("stream-power"), std::string::npos) << refused.err;
  EXPECT_TRUE(nothingWritten()) << "the r16 before it is not written either";

  const testing::AppRun r =
      run({"--size", "65", "--stage", "stream-power", "--mask", "flow=" + path("f.png"),
           "--mask-slope", path("s.png"), "--mask-bits", "16", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* name : {"f.png", "s.png"}) {
    const testing::RawPngImage png = testing::readRawPng(path(name));
    EXPECT_EQ(png.width, 65) << name;
    EXPECT_EQ(png.bitDepth, 16) << name;
  }
  // The outlets (the map's edges) gather the most water.
  const testing::RawPngImage flow = testing::readRawPng(path("f.png"));
  unsigned edgeMax = 0;
  for (int x = 0; x < 65; ++x) edgeMax = std::max(edgeMax, flow.sample(x, 64, 0));
  EXPECT_GT(edgeMax, flow.sample(32, 32, 0));

  const testing::AppRun bad = run({"--size", "65", "--mask", "height=" + path("h.png")});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("slope|flow|wear|deposition"), std::string::npos) << bad.err;
}

TEST_F(EngineOutputs, TheSplatMapsFourWeightsSumToOneInEveryPixel) {
  ASSERT_EQ(
      run({"--size", "129", "--stage", "droplets", "--splat", path("s.png"), "--quiet"}).status, 0);
  const testing::RawPngImage png = testing::readRawPng(path("s.png"));
  ASSERT_EQ(png.bitDepth, 8);
  ASSERT_EQ(png.colorType, PNG_COLOR_TYPE_RGB_ALPHA);
  unsigned rock = 0;
  for (int y = 0; y < png.height; ++y) {
    for (int x = 0; x < png.width; ++x) {
      unsigned sum = 0;
      for (int c = 0; c < 4; ++c) sum += png.sample(x, y, c);
      ASSERT_EQ(sum, 255U) << x << "," << y;
      rock += png.sample(x, y, 1);
    }
  }
  EXPECT_GT(rock, 0U) << "diamond-square's steep slopes are rock somewhere";
}

nlohmann::json sidecarOf(const std::string& file) {
  std::ifstream in(file + ".json");
  return nlohmann::json::parse(in);
}

TEST_F(EngineOutputs, EngineSizesCropOrResampleTheNextSizeTheSourceMakes) {
  ASSERT_EQ(
      run({"--size", "513", "--engine-size", "unreal-1009", "--r16", path("c.r16"), "--quiet"})
          .status,
      0);
  EXPECT_EQ(fs::file_size(path("c.r16")), 1009U * 1009U * 2U);
  const nlohmann::json crop = sidecarOf(path("c.r16"));
  EXPECT_EQ(crop["width"], 1009);
  EXPECT_NE(crop["engine-size"].get<std::string>().find("generated at 1025, cropped"),
            std::string::npos)
      << crop["engine-size"];
  // Cropping keeps the cells: metres per cell as at 1025.
  EXPECT_DOUBLE_EQ(crop["metres-per-cell"].get<double>(), 8192.0 / 1024.0);

  ASSERT_EQ(run({"--engine-size", "unity-257", "--fit", "resample", "--generator", "coastline",
                 "--r16", path("r.r16"), "--quiet"})
                .status,
            0);
  const nlohmann::json resampled = sidecarOf(path("r.r16"));
  EXPECT_EQ(resampled["width"], 257);
  EXPECT_DOUBLE_EQ(resampled["world-width-m"].get<double>(), 8192.0) << "the whole world kept";
  EXPECT_NE(resampled["engine-size"].get<std::string>().find("generated at 512, resampled"),
            std::string::npos);
}

TEST_F(EngineOutputs, BadEngineSizesAndFitsAreRefusedNamingWhatIsAllowed) {
  const testing::AppRun size = run({"--engine-size", "unreal-1000", "--r16", path("x.r16")});
  EXPECT_EQ(size.status, 2);
  EXPECT_NE(size.err.find("unreal-1009"), std::string::npos) << size.err;
  const testing::AppRun fit =
      run({"--engine-size", "unity-513", "--fit", "stretch", "--r16", path("x.r16")});
  EXPECT_EQ(fit.status, 2);
  EXPECT_NE(fit.err.find("crop, resample"), std::string::npos) << fit.err;
  const testing::AppRun alone = run({"--fit", "crop", "--r16", path("x.r16")});
  EXPECT_EQ(alone.status, 2);
  EXPECT_NE(alone.err.find("--engine-size"), std::string::npos) << alone.err;
  const testing::AppRun profile =
      run({"--generator", "midpoint", "--engine-size", "unity-513", "--raw", path("x.r32")});
  EXPECT_EQ(profile.status, 2) << profile.err;
  EXPECT_TRUE(nothingWritten());
}

}  // namespace
}  // namespace terrain
