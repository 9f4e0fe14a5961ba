// The import source from the command line (issue 19): `--generator import
// --file PATH` exports the file's terrain with its world in the sidecar,
// flags that give the world win over the file's, and a file it cannot read
// is refused before anything is written (exit 2, one line naming it).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/raster_input.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir.hpp"

namespace terrain {
namespace {

class ImportCli : public testing::ScratchDirTest {
 protected:
  testing::AppRun exportWith(std::vector<std::string> args) const {
    args.insert(args.begin(), "export");
    return testing::runApp(args, dir_);
  }
  std::vector<float> readR32(const std::string& name) const {
    const std::string bytes = testing::readAll(dir_ / name);
    std::vector<float> values(bytes.size() / 4);
    std::memcpy(values.data(), bytes.data(), values.size() * 4);
    return values;
  }
};

TEST_F(ImportCli, AnElevationGridExportsWithItsWorld) {
  const std::string grid = testing::importSample("hills.asc");  // 33x33, 30 m cells
  ASSERT_EQ(
      exportWith({"--generator", "import", "--file", grid, "--size", "65", "--raw", path("h.r32")})
          .status,
      0);
  const Raster raster = readRaster(grid);
  const auto [low, high] = std::minmax_element(raster.values.begin(), raster.values.end());
  const auto sidecar = nlohmann::json::parse(testing::readAll(dir_ / "h.r32.json"));
  EXPECT_DOUBLE_EQ(sidecar.at("world-width-m").get<double>(), 32 * 30.0);
  EXPECT_NEAR(sidecar.at("height-range-m").at("max").get<double>(),
              static_cast<double>(*high - *low), 1e-3);
  // Every other map sample is a file sample: its elevation, read back.
  const std::vector<float> heights = readR32("h.r32");
  const double range = static_cast<double>(*high - *low);
  for (int y = 0; y < 33; ++y) {
    for (int x = 0; x < 33; ++x) {
      const double metres =
          static_cast<double>(heights[static_cast<std::size_t>(2 * y * 65 + 2 * x)]) * range +
          static_cast<double>(*low);
      ASSERT_NEAR(metres, static_cast<double>(raster.at(x, y)), 1e-4 * range) << x << "," << y;
    }
  }
  // A world given on the command line wins over the file's.
  ASSERT_EQ(exportWith({"--generator", "import", "--file", grid, "--world-width", "5000", "--raw",
                        path("w.r32")})
                .status,
            0);
  const auto given = nlohmann::json::parse(testing::readAll(dir_ / "w.r32.json"));
  EXPECT_DOUBLE_EQ(given.at("world-width-m").get<double>(), 5000.0);
  EXPECT_NEAR(given.at("height-range-m").at("max").get<double>(), range, 1e-3);
}

TEST_F(ImportCli, AFileItCannotReadIsRefusedBeforeAnythingIsWritten) {
  const std::string notes = TERRAIN_SOURCE_DIR "/README.md";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--file", path("missing.tif")}, "missing.tif' does not exist"},
      {{"--file", notes}, "README.md' is not a raster GDAL can read"},
      {{}, "import: no file given"},
  };
  for (const auto& [flags, said] : cases) {
    std::vector<std::string> args = {"--generator", "import"};
    args.insert(args.end(), flags.begin(), flags.end());
    args.insert(args.end(), {"--raw", path("x.r32")});
    const testing::AppRun r = exportWith(args);
    EXPECT_EQ(r.status, 2) << said;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
    EXPECT_EQ(testing::entriesOf(dir_).size(), 2u) << said;  // stdout.txt and stderr.txt only
  }
}

}  // namespace
}  // namespace terrain
