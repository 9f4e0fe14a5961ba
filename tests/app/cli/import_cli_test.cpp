// The import source from the command line (issue 19): `--generator import
// --file PATH` exports the file's terrain with its world in the sidecar,
// flags that give the world win over the file's, and a file it cannot read
// is refused before anything is written (exit 2, one line naming it).
#include <cpl_error.h>
#include <gdal.h>
#include <gdal_utils.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/base/text_ids.hpp"
#include "core/document/document.hpp"
#include "core/document/project.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_type.hpp"
#include "core/io/raster_input.hpp"
#include "core/nodes/sources/import.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

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
  // The real elevations: height 0 is the lowest sample, height 1 the highest.
  EXPECT_NEAR(sidecar.at("height-range-m").at("min").get<double>(), static_cast<double>(*low),
              1e-3);
  EXPECT_NEAR(sidecar.at("height-range-m").at("max").get<double>(), static_cast<double>(*high),
              1e-3);
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
  EXPECT_NEAR(given.at("height-range-m").at("max").get<double>(), static_cast<double>(*high), 1e-3);
}

// The sea at 0 m of the file's elevation, as the window sets it (issue
// 38 item 2): a grid reaching 20 m below the sea floods its lowest ground,
// one all above it has no water, and --water still says otherwise.
TEST_F(ImportCli, TheSeaIsAtZeroMetresOfTheFilesElevation) {
  const auto gridFrom = [&](int lowest) {
    const std::string file = path("grid" + std::to_string(lowest) + ".asc");
    std::string text = "ncols 8\nnrows 8\nxllcorner 0\nyllcorner 0\ncellsize 100\n";
    for (int i = 0; i < 64; ++i) text += std::to_string(lowest + i) + (i % 8 == 7 ? "\n" : " ");
    std::ofstream(file) << text;
    return file;
  };
  const auto waterOf = [&](int lowest, std::vector<std::string> more) {
    const std::string project = path("p" + std::to_string(lowest) + ".json");
    std::vector<std::string> args = {"--generator",    "import", "--file", gridFrom(lowest),
                                     "--size",         "33",     "--raw",  path("h.r32"),
                                     "--save-project", project};
    args.insert(args.end(), more.begin(), more.end());
    EXPECT_EQ(exportWith(args).status, 0);
    return loadProject(project).look.water;
  };
  EXPECT_NEAR(waterOf(-20, {}), 20.0 / 63.0, 1e-9);
  EXPECT_EQ(waterOf(100, {}), 0.0);
  EXPECT_EQ(waterOf(-20, {"--water", "0.5"}), 0.5);
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

// A graph project keeps the world it saved; a --node-param that gives its
// import node another file brings that file's world, unless a world flag
// is given too.
TEST_F(ImportCli, AGraphsImportNodeGivenAnotherFileBringsItsWorld) {
  Document doc = testing::makingDocument("import");
  doc.world.width = 4321.0;
  doc.world.heightRange = 765.0;
  const std::string project = path("dem.json");
  saveProject(project, doc);
  const auto sidecarWorld = [&](const std::string& name) {
    const auto j = nlohmann::json::parse(testing::readAll(dir_ / (name + ".json")));
    const auto& range = j.at("height-range-m");
    return std::pair{j.at("world-width-m").get<double>(),
                     range.at("max").get<double>() - range.at("min").get<double>()};
  };
  ASSERT_EQ(exportWith({"--project", project, "--raw", path("kept.r32")}).status, 0);
  EXPECT_EQ(sidecarWorld("kept.r32"), (std::pair{4321.0, 765.0}));

  const std::string ridge = testing::importSample("ridge.asc");
  ASSERT_EQ(exportWith({"--project", project, "--node-param", "1.file=" + ridge, "--raw",
                        path("ridge.r32")})
                .status,
            0);
  ParamValues values = doc.graph.find(1)->values;
  values[*importSource().indexOf("file")] = textId(ridge);
  const World expected = importedWorld(values, doc.world);
  EXPECT_NE(expected.width, 4321.0);
  EXPECT_EQ(sidecarWorld("ridge.r32"), (std::pair{expected.width, expected.heightRange}));

  ASSERT_EQ(exportWith({"--project", project, "--node-param", "1.file=" + ridge, "--world-width",
                        "2000", "--raw", path("given.r32")})
                .status,
            0);
  EXPECT_EQ(sidecarWorld("given.r32"), (std::pair{2000.0, expected.heightRange}));
}

// The tile farm's way with a DEM served as a mosaic (a GDAL virtual raster
// of many files): the project saved from the import holds the elevations'
// range, so a tile reads only the files under it. With the far corner's
// file gone, tile 0,0 still exports, the same bits as with it, and the
// whole world is refused naming the missing file.
TEST_F(ImportCli, ATileOfAProjectedMosaicReadsOnlyTheFilesUnderIt) {
  static std::once_flag registered;
  std::call_once(registered, [] { GDALAllRegister(); });
  std::vector<std::string> parts;
  for (const int y0 : {0, 17}) {  // hills.asc (33x33) cut in four by GDAL
    for (const int x0 : {0, 17}) {
      const std::string part =
          path("part" + std::to_string(x0) + "_" + std::to_string(y0) + ".tif");
      GDALDatasetH grid = GDALOpen(testing::importSample("hills.asc").c_str(), GA_ReadOnly);
      const std::vector<std::string> args = {"-srcwin", std::to_string(x0), std::to_string(y0),
                                             std::to_string(x0 == 0 ? 17 : 16),
                                             std::to_string(y0 == 0 ? 17 : 16)};
      std::vector<char*> argv;
      for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      GDALTranslateOptions* options = GDALTranslateOptionsNew(argv.data(), nullptr);
      GDALDatasetH out = GDALTranslate(part.c_str(), grid, options, nullptr);
      ASSERT_NE(out, nullptr) << CPLGetLastErrorMsg();
      GDALClose(out);
      GDALTranslateOptionsFree(options);
      GDALClose(grid);
      parts.push_back(part);
    }
  }
  std::vector<const char*> names;
  for (const std::string& p : parts) names.push_back(p.c_str());
  GDALDatasetH vrt = GDALBuildVRT(path("hills.vrt").c_str(), static_cast<int>(names.size()),
                                  nullptr, names.data(), nullptr, nullptr);
  ASSERT_NE(vrt, nullptr) << CPLGetLastErrorMsg();
  GDALClose(vrt);

  ASSERT_EQ(exportWith({"--generator", "import", "--file", path("hills.vrt"), "--size", "65",
                        "--save-project", path("hills.json")})
                .status,
            0);
  const std::vector<std::string> tile = {
      "--project", path("hills.json"), "--tiles", "4x4", "--tile", "0,0", "--raw", "t.r32"};
  auto withDir = [&](std::vector<std::string> args, const std::string& dir) {
    args.insert(args.end(), {"--out-dir", path(dir)});
    return exportWith(args);
  };
  ASSERT_EQ(withDir(tile, "before").status, 0);
  std::filesystem::remove(parts.back());
  const testing::AppRun after = withDir(tile, "after");
  ASSERT_EQ(after.status, 0) << after.err;
  EXPECT_EQ(testing::readAll(dir_ / "after" / "t_x0_y0.r32"),
            testing::readAll(dir_ / "before" / "t_x0_y0.r32"));
  const testing::AppRun whole =
      exportWith({"--project", path("hills.json"), "--raw", path("w.r32")});
  EXPECT_EQ(whole.status, 2);
  EXPECT_NE(whole.err.find("part17_17.tif"), std::string::npos) << whole.err;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "w.r32"));
}

}  // namespace
}  // namespace terrain
