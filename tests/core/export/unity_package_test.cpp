// --for unity (issue 39 item 6) against Unity's written rules: a terrain's
// heightmap resolution is 2^n + 1 (33 .. 4097, its Terrain settings' list);
// Import Raw reads 16-bit samples in the "Windows" (little-endian) byte
// order and puts the file's first row at Z = 0, with Z pointing north, so
// the file holds the south row first (unless Flip Vertically is ticked,
// which the package does not ask for); the Terrain Tools' batch import
// reads tiles named Name_X_Z, X east and Z north from 0. Read back here by
// those rules alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
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

// Unity's Import Raw, 16-bit, Windows byte order: heights[z][x], z = 0 the
// file's first row.
std::vector<std::uint16_t> readUnityRaw(const std::string& path) {
  const std::string bytes = testing::readAll(path);
  std::vector<std::uint16_t> out(bytes.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = static_cast<std::uint16_t>(static_cast<unsigned char>(bytes[2 * i]) |
                                        static_cast<unsigned char>(bytes[2 * i + 1]) << 8);
  }
  return out;
}

// Our float32 heights, north row first.
std::vector<float> readR32(const std::string& path) {
  const std::string bytes = testing::readAll(path);
  std::vector<float> out(bytes.size() / 4);
  std::memcpy(out.data(), bytes.data(), out.size() * 4);
  return out;
}

std::uint16_t asRaw16(float h) {
  return static_cast<std::uint16_t>(std::lround(std::clamp(h, 0.0f, 1.0f) * 65535.0f));
}

class UnityPackage : public testing::ExportRunTest {};

TEST_F(UnityPackage, ResolutionsUnityDoesNotTakeAreRefusedListingThoseItDoes) {
  const std::vector<std::vector<std::string>> refused = {
      {"--size", "1025", "--engine-size", "unreal-1009", "--r16", path("u.raw")},
      {"--generator", "noise", "--size", "1024", "--r16", path("u.raw")},
      {"--generator", "noise", "--size", "2017", "--tiles", "4x4", "--tile-names", "unity",
       "--out-dir", path("t"), "--r16", "u.raw"},
  };
  for (std::vector<std::string> args : refused) {
    args.insert(args.end(), {"--for", "unity"});
    const testing::AppRun r = run(args);
    EXPECT_EQ(r.status, 2) << args[1];
    EXPECT_NE(r.err.find("33, 65, 129, 257, 513, 1025, 2049 or 4097"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
    EXPECT_TRUE(empty()) << r.err;
  }
  const testing::AppRun noRaw =
      run({"--size", "129", "--heightmap", path("u.png"), "--for", "unity"});
  EXPECT_EQ(noRaw.status, 2);
  EXPECT_NE(noRaw.err.find("--r16"), std::string::npos) << noRaw.err;
  const testing::AppRun unrealNames = run({"--size", "257", "--tiles", "2x2", "--out-dir",
                                           path("t"), "--r16", "u.raw", "--for", "unity"});
  EXPECT_EQ(unrealNames.status, 2);
  EXPECT_NE(unrealNames.err.find("Name_X_Z"), std::string::npos) << unrealNames.err;
  EXPECT_TRUE(empty());
}

TEST_F(UnityPackage, TheRawIsLittleEndianSouthRowFirstAndTheSidecarHasTheTerrainsSize) {
  const testing::AppRun r =
      run({"--size", "129", "--base-elevation", "200", "--height-range", "900", "--r16",
           path("u.raw"), "--raw", path("u.r32"), "--for", "unity"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::uint16_t> unity = readUnityRaw(path("u.raw"));
  const std::vector<float> heights = readR32(path("u.r32"));
  ASSERT_EQ(unity.size(), 129u * 129u);
  ASSERT_EQ(heights.size(), unity.size());
  // Unity's row z (z = 0 south) is our row 128 - z from the north.
  std::size_t differing = 0;
  for (std::size_t z = 0; z < 129; ++z) {
    for (std::size_t x = 0; x < 129; ++x) {
      if (unity[z * 129 + x] != asRaw16(heights[(128 - z) * 129 + x])) ++differing;
    }
  }
  EXPECT_EQ(differing, 0u);
  // Not symmetric, so the order is seen: the north and south rows differ.
  EXPECT_FALSE(std::equal(unity.begin(), unity.begin() + 129, unity.end() - 129));

  const Json sidecar = Json::parse(testing::readAll(path("u.raw.json")));
  EXPECT_EQ(sidecar["files"][0]["row-order"], "bottom-first");
  EXPECT_EQ(sidecar["files"][0]["byte-order"], "little-endian");
  const Json& u = sidecar["engines"]["unity"];
  EXPECT_EQ(u["heightmap-resolution"], 129);
  EXPECT_EQ(u["terrain-width-m"], sidecar["world-width-m"]);
  EXPECT_EQ(u["terrain-length-m"], sidecar["world-length-m"]);
  EXPECT_DOUBLE_EQ(u["terrain-height-m"].get<double>(), 900.0);
  EXPECT_DOUBLE_EQ(u["position-y-m"].get<double>(), 200.0);
}

TEST_F(UnityPackage, TilesAreNamedAsTheTerrainToolsReadThemAndMeetWhereUnityPutsThem) {
  // Each tile's float heights too (north row first), to read its RAW16 against.
  const testing::AppRun r =
      run({"--generator", "noise", "--size", "257", "--tiles", "2x2", "--tile-names", "unity",
           "--out-dir", path("t"), "--r16", "u.raw", "--raw", "u.r32", "--for", "unity"});
  ASSERT_EQ(r.status, 0) << r.err;
  // The Terrain Tools' rule: the name ends in _X_Z, X east and Z north from 0.
  const std::regex name(R"(u_(\d+)_(\d+)\.raw)");
  std::vector<std::vector<std::uint16_t>> tiles(4);  // by X + 2 Z
  for (const auto& entry : fs::directory_iterator(path("t"))) {
    std::smatch m;
    const std::string file = entry.path().filename().string();
    if (!std::regex_match(file, m, name)) continue;
    const auto at = std::size_t(std::stoi(m[1]) + 2 * std::stoi(m[2]));
    ASSERT_LT(at, 4u) << file;
    tiles[at] = readUnityRaw(entry.path().string());
    const std::vector<float> heights =
        readR32(path("t/" + file.substr(0, file.size() - 4) + ".r32"));
    ASSERT_EQ(tiles[at].size(), 129u * 129u) << file;
    ASSERT_EQ(heights.size(), 129u * 129u) << file;
    std::size_t differing = 0;
    for (std::size_t z = 0; z < 129; ++z) {
      for (std::size_t x = 0; x < 129; ++x) {
        if (tiles[at][z * 129 + x] != asRaw16(heights[(128 - z) * 129 + x])) ++differing;
      }
    }
    EXPECT_EQ(differing, 0u) << file << ": south row first";
  }
  for (const auto& tile : tiles) ASSERT_EQ(tile.size(), 129u * 129u) << "four tiles";
  // Placed by their names as Unity places them, neighbours share their edge
  // samples: X 0's east column is X 1's west one, Z 0's north row (z = 128)
  // Z 1's south row (z = 0).
  const auto sample = [&](int x, int z, std::size_t cx, std::size_t cz) {
    return tiles[std::size_t(x + 2 * z)][cz * 129 + cx];
  };
  std::size_t apart = 0;
  for (std::size_t i = 0; i < 129; ++i) {
    for (int k = 0; k < 2; ++k) {
      if (sample(0, k, 128, i) != sample(1, k, 0, i)) ++apart;
      if (sample(k, 0, i, 128) != sample(k, 1, i, 0)) ++apart;
    }
  }
  EXPECT_EQ(apart, 0u);
}

}  // namespace
}  // namespace terrain
