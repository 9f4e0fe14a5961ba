// Tiled export from the command line (issue 9): the files and the manifest,
// shared edges in the written RAW16, one tile alone against the full run,
// re-runs that skip complete tiles, GNU parallel with two local workers,
// interruption, and bad input refused before anything is written.
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/app_process.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

class TiledExport : public testing::ScratchDirTest {
 protected:
  testing::AppRun run(std::vector<std::string> args) const {
    args.insert(args.begin(), "export");
    return testing::runApp(args, dir_);
  }
  // A 513 noise world (ridged, warped) in 2x2 tiles of 257 into `out`.
  std::vector<std::string> world(const std::string& out, std::vector<std::string> more = {}) const {
    std::vector<std::string> args = {
        "--generator", "noise",   "--size", "513",   "--fractal",   "ridged",
        "--warp",      "0.3",     "--seed", "21",    "--tiles",     "2x2",
        "--out-dir",   path(out), "--r16",  "w.r16", "--heightmap", "w.png"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }
  std::set<std::string> filesIn(const std::string& sub) const {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_ / sub)) {
      names.insert(e.path().filename().string());
    }
    return names;
  }
};

// Sets the value after `flag` in args.
void setFlag(std::vector<std::string>& args, const std::string& flag, const std::string& value) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == flag) args[i + 1] = value;
  }
}

std::vector<std::uint16_t> readR16(const std::string& file) {
  const std::string bytes = testing::readAll(file);
  std::vector<std::uint16_t> out(bytes.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = static_cast<std::uint16_t>(static_cast<unsigned char>(bytes[2 * i]) |
                                        (static_cast<unsigned char>(bytes[2 * i + 1]) << 8));
  }
  return out;
}

TEST_F(TiledExport, TheManifestListsExactlyTheFilesWritten) {
  const testing::AppRun r = run(world("tiles"));
  ASSERT_EQ(r.status, 0) << r.err;
  const Json manifest = Json::parse(testing::readAll(path("tiles/w.json")));
  EXPECT_EQ(manifest["format"], "terrain-explorer-tiles");
  EXPECT_EQ(manifest["world-size"], 513);
  EXPECT_EQ(manifest["grid"]["tile-width"], 257);
  EXPECT_DOUBLE_EQ(manifest["metres-per-cell"].get<double>(), 16.0);
  ASSERT_TRUE(manifest["height-scale"].contains("raw-high"));
  std::set<std::string> listed = {"w.json"};
  ASSERT_EQ(manifest["tiles"].size(), 4U);
  for (const Json& tile : manifest["tiles"]) {
    for (const Json& file : tile["files"]) listed.insert(file.get<std::string>());
    listed.insert(tile["sidecar"].get<std::string>());
  }
  EXPECT_EQ(listed, filesIn("tiles"));  // nothing missing, nothing extra, no temporaries
  EXPECT_TRUE(listed.count("w_x1_y0.r16") == 1 && listed.count("w_x0_y1.png") == 1);
  // Each tile's sidecar places it in the world and scales it as one map.
  const Json sidecar = Json::parse(testing::readAll(path("tiles/w_x1_y1.json")));
  EXPECT_EQ(sidecar["tile"]["x0"], 256);
  EXPECT_EQ(sidecar["tile"]["y0"], 256);
  EXPECT_EQ(sidecar["width"], 257);
  EXPECT_DOUBLE_EQ(sidecar["metres-per-cell"].get<double>(), 16.0);
  EXPECT_EQ(sidecar["tile"]["fingerprint"], manifest["fingerprint"]);
}

// The written RAW16 tiles share their edges, and each is the window of the
// world written as a single 1x1 tile, byte for byte.
TEST_F(TiledExport, WrittenTilesShareEdgesAndAreWindowsOfTheWholeWorld) {
  ASSERT_EQ(run(world("tiles", {"--overlap", "3"})).status, 0);
  std::vector<std::string> whole = world("whole", {"--overlap", "3"});
  setFlag(whole, "--tiles", "1x1");
  const testing::AppRun r = run(whole);
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::uint16_t> all = readR16(path("whole/w_x0_y0.r16"));
  ASSERT_EQ(all.size(), 519U * 519U);  // 513 + 2 x 3
  for (int row = 0; row < 2; ++row) {
    for (int column = 0; column < 2; ++column) {
      const std::string name =
          "tiles/w_x" + std::to_string(column) + "_y" + std::to_string(row) + ".r16";
      const std::vector<std::uint16_t> tile = readR16(path(name));
      ASSERT_EQ(tile.size(), 263U * 263U) << name;
      for (int y = 0; y < 263; ++y) {
        for (int x = 0; x < 263; ++x) {
          const int wx = column * 256 + x;  // both start 3 samples before their first
          const int wy = row * 256 + y;
          ASSERT_EQ(tile[static_cast<std::size_t>(y * 263 + x)],
                    all[static_cast<std::size_t>(wy * 519 + wx)])
              << name << " at " << x << "," << y;
        }
      }
    }
  }
  // Tile (0,0)'s last column without overlap is tile (1,0)'s first.
  const std::vector<std::uint16_t> left = readR16(path("tiles/w_x0_y0.r16"));
  const std::vector<std::uint16_t> right = readR16(path("tiles/w_x1_y0.r16"));
  for (int y = 3; y < 260; ++y) {
    ASSERT_EQ(left[static_cast<std::size_t>(y * 263 + 259)],
              right[static_cast<std::size_t>(y * 263 + 3)]);
  }
}

TEST_F(TiledExport, OneTileAloneIsTheSameBytesAndAReRunSkipsCompleteTiles) {
  ASSERT_EQ(run(world("full")).status, 0);
  const testing::AppRun alone = run(world("alone", {"--tile", "1,1"}));
  ASSERT_EQ(alone.status, 0) << alone.err;
  EXPECT_EQ(filesIn("alone"),
            (std::set<std::string>{"w.json", "w_x1_y1.json", "w_x1_y1.png", "w_x1_y1.r16"}));
  for (const char* name : {"w_x1_y1.r16", "w_x1_y1.png", "w_x1_y1.json", "w.json"}) {
    EXPECT_EQ(testing::readAll(path(std::string("alone/") + name)),
              testing::readAll(path(std::string("full/") + name)))
        << name;
  }
  // Again: every tile is complete, nothing is rewritten.
  const auto before = fs::last_write_time(path("full/w_x0_y0.r16"));
  const testing::AppRun again = run(world("full"));
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(testing::countLines(again.out), 5) << again.out;
  EXPECT_NE(again.out.find("w_x1_y1: complete already, skipped"), std::string::npos) << again.out;
  EXPECT_EQ(fs::last_write_time(path("full/w_x0_y0.r16")), before);
  // Another seed is another world: its tiles are made anew.
  const std::string old = testing::readAll(path("full/w_x0_y0.r16"));
  std::vector<std::string> other = world("full");
  setFlag(other, "--seed", "22");
  const testing::AppRun changed = run(other);
  ASSERT_EQ(changed.status, 0) << changed.err;
  EXPECT_EQ(changed.out.find("skipped"), std::string::npos) << changed.out;
  EXPECT_NE(testing::readAll(path("full/w_x0_y0.r16")), old);
  // A tile whose file went missing is made again.
  fs::remove(path("full/w_x1_y0.png"));
  const testing::AppRun repaired = run(other);
  EXPECT_NE(repaired.out.find("w_x1_y0: 257x257"), std::string::npos) << repaired.out;
  EXPECT_TRUE(fs::exists(path("full/w_x1_y0.png")));
}

// The README's GNU parallel recipe, with two local workers instead of
// --sshloginfile: the same bytes as one process making every tile.
TEST_F(TiledExport, GnuParallelWithTwoWorkersMakesTheSameWorld) {
  ASSERT_EQ(::system("command -v parallel >/dev/null 2>&1"), 0)
      << "GNU parallel is missing: ./dev.sh deps installs Debian's 'parallel'";
  ASSERT_EQ(run(world("one")).status, 0);
  std::string command =
      "parallel --will-cite --halt now,fail=1 -j2 " + std::string(TERRAIN_EXPLORER_BIN) + " export";
  for (const std::string& arg : world("farm", {"--quiet"})) command += " '" + arg + "'";
  command += " --tile {} ::: 0 1 2 3 > " + path("parallel.txt") + " 2>&1";
  ASSERT_EQ(::system(command.c_str()), 0) << testing::readAll(path("parallel.txt"));
  EXPECT_EQ(filesIn("farm"), filesIn("one"));
  for (const std::string& name : filesIn("one")) {
    EXPECT_EQ(testing::readAll(path("farm/" + name)), testing::readAll(path("one/" + name)))
        << name;
  }
}

TEST_F(TiledExport, AnInterruptedTileLeavesNoTemporaryAndNoPartialTile) {
  // A 2049 world of 1025 tiles at 16 octaves: long enough to be stopped.
  const std::vector<std::string> args = {
      "export", "--generator", "noise",   "--size",    "8193",      "--iterations", "16",
      "--warp", "0.5",         "--tiles", "8x8",       "--out-dir", path("big"),    "--r16",
      "w.r16",  "--exr",       "w.exr",   "--threads", "1"};
  const testing::StartedApp app = testing::startApp(args, dir_);
  ASSERT_TRUE(app.error.empty()) << app.error;
  // Wait until the first tile is on disk, then stop it.
  for (int i = 0; i < 400 && !fs::exists(path("big/w_x0_y0.json")); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  ::kill(app.pid, SIGTERM);
  const testing::AppRun r = testing::waitApp(app);
  EXPECT_EQ(r.signal, SIGTERM) << "exit " << r.status << ": " << r.err;
  for (const std::string& name : filesIn("big")) {
    EXPECT_NE(name.front(), '.') << "a temporary was left: " << name;
  }
  // A tile whose sidecar is written is complete: its r16 and exr are there.
  int complete = 0;
  for (const std::string& name : filesIn("big")) {
    if (!name.ends_with(".json")) continue;
    const std::string stem = name.substr(0, name.size() - 5);
    EXPECT_TRUE(fs::exists(path("big/" + stem + ".r16"))) << stem;
    EXPECT_TRUE(fs::exists(path("big/" + stem + ".exr"))) << stem;
    ++complete;
  }
  EXPECT_GE(complete, 1);
  EXPECT_LT(complete, 64) << "it ran to the end before it was stopped";
}

// A world four times the map cap: one tile of gradient noise alone, and one
// of diamond-square under thermal erosion in two stages; the manifest says
// how each was built.
TEST_F(TiledExport, OneTileOfAWorldLargerThanAnyMap) {
  const testing::AppRun noise =
      run({"--generator", "noise", "--size", "65537", "--iterations", "8", "--tiles", "64x64",
           "--tile", "40,21", "--out-dir", path("noise"), "--r16", "w.r16", "--quiet"});
  ASSERT_EQ(noise.status, 0) << noise.err;
  EXPECT_EQ(fs::file_size(path("noise/w_x40_y21.r16")), 1025U * 1025U * 2U);
  const Json windowed = Json::parse(testing::readAll(path("noise/w.json")));
  EXPECT_EQ(windowed["build"].get<std::string>().rfind("windowed", 0), 0U);
  EXPECT_EQ(windowed["tiles"].size(), 4096U);
  EXPECT_EQ(windowed["graph"]["nodes"][0]["params"]["size"], 65537);
  const testing::AppRun eroded =
      run({"--generator", "diamond-square", "--size", "65537", "--stage", "thermal", "--iterations",
           "10", "--tiles", "256x256", "--tile", "3", "--out-dir", path("ds"), "--r16", "w.r16",
           "--mask", "wear=w-wear.png", "--quiet"});
  ASSERT_EQ(eroded.status, 0) << eroded.err;
  EXPECT_EQ(fs::file_size(path("ds/w_x3_y0.r16")), 257U * 257U * 2U);
  EXPECT_TRUE(fs::exists(path("ds/w-wear_x3_y0.png")));
  const Json twoStage = Json::parse(testing::readAll(path("ds/w.json")));
  EXPECT_NE(twoStage["build"].get<std::string>().find("two-stage"), std::string::npos);
  EXPECT_NE(twoStage["build"].get<std::string>().find("1025"), std::string::npos);
}

TEST_F(TiledExport, BadTileRequestsAreRefusedBeforeAnythingIsWritten) {
  struct Case {
    std::vector<std::string> more;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"--tile", "4"}, "allowed: 0 to 3, or COLUMN,ROW"},
      {{"--overlap", "257"}, "allowed: 0 to 256"},
      {{"--engine-size", "unity-513"}, "--engine-size: does not apply with --tiles"},
      {{"--no-sidecar"}, "--no-sidecar: does not apply with --tiles"},
      {{"--tile-names", "godot"}, "allowed: unreal (Name_x0_y0) or unity (Name_X_Z)"},
      {{"--obj", "../w.obj"}, "must be a plain file name"},
      {{"--raw", "w.r16"}, "give each output its own name"},
  };
  for (const Case& c : cases) {
    const testing::AppRun r = run(world("bad", c.more));
    EXPECT_EQ(r.status, 2) << c.message;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(testing::countLines(r.err), 1) << r.err;
    EXPECT_FALSE(fs::exists(path("bad"))) << c.message;
  }
  const testing::AppRun split = run({"--generator", "noise", "--size", "513", "--tiles", "3x2",
                                     "--out-dir", path("bad"), "--r16", "w.r16"});
  EXPECT_EQ(split.status, 2);
  EXPECT_NE(split.err.find("counts that do: 1, 2, 4, 8"), std::string::npos) << split.err;
  const testing::AppRun huge = run({"--generator", "rectangles", "--size", "32768", "--tiles",
                                    "7x7", "--out-dir", path("bad"), "--r16", "w.r16"});
  EXPECT_EQ(huge.status, 2);
  EXPECT_NE(huge.err.find("cannot compute a window of its world, so every tile computes the "
                          "whole world, which must then be at most"),
            std::string::npos)
      << huge.err;
  const testing::AppRun noDir = run({"--generator", "noise", "--tiles", "2x2", "--r16", "w.r16"});
  EXPECT_EQ(noDir.status, 2);
  EXPECT_NE(noDir.err.find("needs --out-dir"), std::string::npos) << noDir.err;
  const testing::AppRun stray = run({"--generator", "noise", "--tile", "0", "--r16", path("w")});
  EXPECT_EQ(stray.status, 2);
  EXPECT_NE(stray.err.find("applies with --tiles"), std::string::npos) << stray.err;
  EXPECT_FALSE(fs::exists(path("bad")));
}

}  // namespace
}  // namespace terrain
