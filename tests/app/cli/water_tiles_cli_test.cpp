// Water formats and tiled worlds from the command line (issue 40 review
// item 1): a world whose tiles are built in two stages has no whole
// world's water to cut, so its water formats are refused by flag before
// any tile, file or folder, with the bad-input status.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/app_process.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

class WaterTilesCli : public testing::ScratchDirTest {};

TEST_F(WaterTilesCli, ATwoStageWorldsWaterIsRefusedByFlagBeforeAnyFile) {
  const std::string tilesDir = path("tiles");
  const testing::AppRun r = testing::runApp(
      {"export", "--project", TERRAIN_SOURCE_DIR "/examples/eroded-high-ground.json", "--size",
       "4097", "--tiles", "2x2", "--out-dir", tilesDir, "--heightmap", "h.png", "--water-flow",
       "f.png"},
      dir_);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("--water-flow: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("two stages"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(tilesDir));
}

}  // namespace
}  // namespace terrain
