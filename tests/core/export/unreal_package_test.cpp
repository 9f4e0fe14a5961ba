// --for unreal (issue 39 item 6) against Unreal's written rules: the sizes
// a landscape takes (Epic's landscape technical guide: 505, 1009, 2017,
// 4033, 8129 from one file), World Partition tiles named <base>_x<N>_y<M>
// as its importer parses them, the import dialog's scales and location from
// the documented formulas (X/Y = extent_m x 100 / (N - 1) cm, Z = range_m x
// 100 / 512, Z location at the middle of the range: value 32768 is 0), and
// one 8-bit greyscale weight map per paint layer. Read back with libpng.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/app_process.hpp"
#include "tests/support/export_run_fixture.hpp"
#include "tests/support/png_raw.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

class UnrealPackage : public testing::ExportRunTest {};

const char* const kLayers[] = {"grass", "rock", "sediment", "snow"};

TEST_F(UnrealPackage, SizesUnrealDoesNotTakeAreRefusedListingThoseItDoes) {
  const std::vector<std::vector<std::string>> refused = {
      {"--size", "1025", "--heightmap", path("u.png")},
      {"--size", "1025", "--engine-size", "unity-1025", "--heightmap", path("u.png")},
      {"--generator", "noise", "--size", "2049", "--tiles", "4x4", "--out-dir", path("t"), "--r16",
       "u.r16"},
  };
  for (std::vector<std::string> args : refused) {
    args.insert(args.end(), {"--for", "unreal"});
    const testing::AppRun r = run(args);
    EXPECT_EQ(r.status, 2) << args[1];
    EXPECT_NE(r.err.find("505, 1009, 2017, 4033 or 8129"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
    EXPECT_TRUE(empty()) << r.err;
  }
  const testing::AppRun other = run({"--size", "1025", "--engine-size", "unreal-1009",
                                     "--heightmap", path("u.png"), "--for", "cryengine"});
  EXPECT_EQ(other.status, 2);
  EXPECT_NE(other.err.find("unreal"), std::string::npos) << other.err;
  const testing::AppRun noHeightmap = run({"--size", "1025", "--engine-size", "unreal-1009",
                                           "--exr", path("u.exr"), "--for", "unreal"});
  EXPECT_EQ(noHeightmap.status, 2);
  EXPECT_NE(noHeightmap.err.find("--heightmap"), std::string::npos) << noHeightmap.err;
  const testing::AppRun unityNames =
      run({"--generator", "noise", "--size", "2017", "--tiles", "4x4", "--out-dir", path("t"),
           "--r16", "u.r16", "--tile-names", "unity", "--for", "unreal"});
  EXPECT_EQ(unityNames.status, 2);
  EXPECT_NE(unityNames.err.find("_x0_y0"), std::string::npos) << unityNames.err;
  EXPECT_TRUE(empty());
}

TEST_F(UnrealPackage, TheDialogsScalesAndLocationFollowTheDocumentedFormulas) {
  const testing::AppRun r =
      run({"--size", "1025", "--engine-size", "unreal-1009", "--world-width", "4000",
           "--height-range", "900", "--base-elevation", "-150", "--heightmap", path("u.png"),
           "--splat", path("s.png"), "--for", "unreal"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::ifstream in(path("u.png.json"));
  const Json sidecar = Json::parse(in);
  const int n = sidecar["width"];
  ASSERT_EQ(n, 1009);
  const double extent = sidecar["world-width-m"];
  const double low = sidecar["height-range-m"]["min"];
  const double range = double(sidecar["height-range-m"]["max"]) - low;
  EXPECT_EQ(low, -150.0);
  EXPECT_EQ(range, 900.0);
  const Json& unreal = sidecar["engines"]["unreal"];
  EXPECT_NEAR(unreal["xy-scale"].get<double>(), extent * 100.0 / (n - 1), 1e-9);
  EXPECT_NEAR(unreal["z-scale"].get<double>(), range * 100.0 / 512.0, 1e-9);
  // Unreal: Z (cm) = location + (value - 32768) / 128 x Z scale. Value 0
  // must land on the base elevation, 65535 on its top.
  const double location = unreal["location-z-cm"];
  const double zScale = unreal["z-scale"];
  const auto zOf = [&](double value) { return location + (value - 32768.0) / 128.0 * zScale; };
  EXPECT_NEAR(zOf(0.0), low * 100.0, 1e-6);
  EXPECT_NEAR(zOf(65535.0), (low + range) * 100.0, range * 100.0 / 65535.0);

  // One 8-bit greyscale map per paint layer, the splat's channel: the four
  // sum to 255 everywhere.
  const testing::RawPngImage splat = testing::readRawPng(path("s.png"));
  std::vector<testing::RawPngImage> layers;
  for (const char* layer : kLayers) {
    layers.push_back(testing::readRawPng(path(std::string("u_") + layer + ".png")));
    EXPECT_EQ(layers.back().width, n) << layer;
    EXPECT_EQ(layers.back().height, n) << layer;
    EXPECT_EQ(layers.back().bitDepth, 8) << layer;
    EXPECT_EQ(layers.back().colorType, PNG_COLOR_TYPE_GRAY) << layer;
  }
  std::set<unsigned> rockValues;
  for (int y = 0; y < n; y += 7) {
    for (int x = 0; x < n; x += 5) {
      unsigned sum = 0;
      for (int c = 0; c < 4; ++c) {
        const unsigned w = layers[std::size_t(c)].sample(x, y, 0);
        ASSERT_EQ(w, splat.sample(x, y, c)) << kLayers[c] << " at " << x << "," << y;
        sum += w;
      }
      ASSERT_EQ(sum, 255u) << x << "," << y;
      rockValues.insert(layers[1].sample(x, y, 0));
    }
  }
  EXPECT_GT(rockValues.size(), 10u) << "the rock layer varies over the map";
}

TEST_F(UnrealPackage, WorldPartitionTilesAreNamedAndSizedAsUnrealReadsThem) {
  const testing::AppRun r = run({"--generator", "noise", "--size", "2017", "--tiles", "4x4",
                                 "--out-dir", path("w"), "--r16", "land.r16", "--for", "unreal"});
  ASSERT_EQ(r.status, 0) << r.err;
  // Unreal's tiled import: <base>_x<column>_y<row>, one base, every tile.
  const std::regex unrealName(R"(^(.+)_x(\d+)_y(\d+)\.(r16|png)$)");
  std::map<std::string, std::set<std::pair<int, int>>> tilesOf;
  for (const auto& e : fs::directory_iterator(path("w"))) {
    const std::string name = e.path().filename().string();
    std::smatch m;
    if (!std::regex_match(name, m, unrealName)) continue;
    tilesOf[m[1].str() + "." + m[4].str()].insert({std::stoi(m[2]), std::stoi(m[3])});
    if (m[4] == "r16") {
      EXPECT_EQ(fs::file_size(e.path()), 505u * 505u * 2u) << name;
    } else {
      const testing::RawPngImage png = testing::readRawPng(e.path().string());
      EXPECT_EQ(png.width, 505) << name;
      EXPECT_EQ(png.height, 505) << name;
    }
  }
  std::set<std::pair<int, int>> all;
  for (int x = 0; x < 4; ++x) {
    for (int y = 0; y < 4; ++y) all.insert({x, y});
  }
  ASSERT_EQ(tilesOf.size(), 5u) << "the heightmap and four layers";
  EXPECT_EQ(tilesOf["land.r16"], all);
  for (const char* layer : kLayers) EXPECT_EQ(tilesOf[std::string("land_") + layer + ".png"], all);
}

}  // namespace
}  // namespace terrain
