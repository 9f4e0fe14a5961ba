// The import source (issue 19): files GDAL itself writes (GeoTIFF in metres
// and in degrees, SRTM .hgt, 8- and 16-bit PNG) and raw files written byte
// by byte here are read back at their sample points exactly, set the world
// from their georeference, fill no-data smoothly, resample without steps,
// tile as windows of their world, and bad files are refused by name.
#include <cpl_conv.h>
#include <gdal.h>
#include <gdal_utils.h>
#include <gtest/gtest.h>
#include <ogr_srs_api.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/text_ids.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/export/tiles.hpp"
#include "core/io/raster_input.hpp"
#include "core/nodes/sources/import.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

using Elevation = std::function<double(int x, int y)>;

struct GdalFile {
  std::string driver = "GTiff";
  GDALDataType type = GDT_Float32;
  int width = 65;
  int height = 65;
  double geoTransform[6] = {500000.0, 30.0, 0.0, 5100000.0, 0.0, -30.0};
  int epsg = 32632;  // UTM 32N, metres; 0: no place on Earth
  std::optional<double> noData;
};

// A raster written by GDAL: a MEM dataset copied by the format's driver,
// which is how GDAL writes PNG and .hgt.
void writeWithGdal(const std::string& path, const GdalFile& spec, const Elevation& elevation) {
  static std::once_flag registered;
  std::call_once(registered, [] { GDALAllRegister(); });
  GDALDatasetH mem =
      GDALCreate(GDALGetDriverByName("MEM"), "", spec.width, spec.height, 1, spec.type, nullptr);
  ASSERT_NE(mem, nullptr);
  if (spec.epsg != 0) {
    GDALSetGeoTransform(mem, const_cast<double*>(spec.geoTransform));
    OGRSpatialReferenceH srs = OSRNewSpatialReference(nullptr);
    OSRImportFromEPSG(srs, spec.epsg);
    OSRSetAxisMappingStrategy(srs, OAMS_TRADITIONAL_GIS_ORDER);
    GDALSetSpatialRef(mem, srs);
    OSRDestroySpatialReference(srs);
  }
  GDALRasterBandH band = GDALGetRasterBand(mem, 1);
  if (spec.noData) GDALSetRasterNoDataValue(band, *spec.noData);
  std::vector<double> values(static_cast<std::size_t>(spec.width * spec.height));
  for (int y = 0; y < spec.height; ++y) {
    for (int x = 0; x < spec.width; ++x)
      values[static_cast<std::size_t>(y * spec.width + x)] = elevation(x, y);
  }
  ASSERT_EQ(GDALRasterIO(band, GF_Write, 0, 0, spec.width, spec.height, values.data(), spec.width,
                         spec.height, GDT_Float64, 0, 0),
            CE_None);
  GDALDatasetH out = GDALCreateCopy(GDALGetDriverByName(spec.driver.c_str()), path.c_str(), mem,
                                    FALSE, nullptr, nullptr, nullptr);
  ASSERT_NE(out, nullptr) << CPLGetLastErrorMsg();
  GDALClose(out);
  GDALClose(mem);
}

double hills(int x, int y) {
  return 812.0 + 400.0 * std::sin(x * 0.21) * std::cos(y * 0.13) + 3.0 * x - 2.0 * y;
}

Document importing(const std::string& path, int size, std::string_view fit = "crop") {
  Document doc = defaultDocument("import");
  testing::setParam(doc, "size", size);
  const SourceStage& source = sourceStage("import");
  chainSource(doc.graph).values[*source.indexOf("file")] = textId(path);
  chainSource(doc.graph).values[*source.indexOf("fit")] = parseValue(source.params()[2], fit);
  ImportChoice choice = chooseImportFile(chainSource(doc.graph).values, doc.world);
  chainSource(doc.graph).values = std::move(choice.values);
  doc.world = choice.world;
  return doc;
}

void setRange(Document& doc, double low, double high) {
  testing::setParam(doc, "elevation-low", low);
  testing::setParam(doc, "elevation-high", high);
}

class Import : public testing::ScratchDirTest {};

TEST_F(Import, AGeoTiffInMetresSetsTheWorldAndGivesItsElevationsAtItsSamples) {
  const std::string file = path("dem.tif");
  writeWithGdal(file, {}, hills);
  double low = hills(0, 0);
  double high = low;
  for (int y = 0; y < 65; ++y) {
    for (int x = 0; x < 65; ++x) {
      low = std::min(low, hills(x, y));
      high = std::max(high, hills(x, y));
    }
  }
  for (const int size : {65, 129}) {
    const Document doc = importing(file, size);
    EXPECT_DOUBLE_EQ(doc.world.width, 64 * 30.0);  // 64 cells of 30 m
    EXPECT_NEAR(doc.world.heightRange, high - low, 1e-3);
    const Heightfield map = runPipeline(doc);
    const int step = (size - 1) / 64;  // map samples per file sample
    for (int y = 0; y < 65; ++y) {
      for (int x = 0; x < 65; ++x) {
        const double metres =
            static_cast<double>(map.at(x * step, y * step)) * doc.world.heightRange + low;
        ASSERT_NEAR(metres, static_cast<double>(static_cast<float>(hills(x, y))),
                    2e-4 * (high - low))
            << size << " at " << x << "," << y;
      }
    }
  }
}

TEST_F(Import, DegreesBecomeMetresAtTheRastersLatitude) {
  // An SRTM 3 arc-second tile written by GDAL's own .hgt driver: 1201
  // samples over one degree, at 46-47 N.
  const std::string file = path("N46E007.hgt");
  GdalFile spec;
  spec.driver = "SRTMHGT";
  spec.type = GDT_Int16;
  spec.width = spec.height = 1201;
  spec.epsg = 4326;
  const double cell = 1.0 / 1200.0;
  const double gt[6] = {7.0 - cell / 2, cell, 0.0, 47.0 + cell / 2, 0.0, -cell};
  std::copy(gt, gt + 6, spec.geoTransform);
  writeWithGdal(file, spec, [](int x, int y) { return 1500.0 + x - 0.5 * y; });
  const Raster raster = readRaster(file);
  EXPECT_EQ(raster.format, "SRTMHGT");
  EXPECT_TRUE(raster.elevations);
  // One degree of longitude at 46.5 N is 76.7 km, of latitude 111.2 km.
  EXPECT_NEAR(raster.cellWidth * 1200.0, 76'717.0, 80.0);
  EXPECT_NEAR(raster.cellHeight * 1200.0, 111'190.0, 120.0);
  EXPECT_EQ(raster.at(1200, 0), 2700.0f);
  const Document doc = importing(file, 257);
  EXPECT_NEAR(doc.world.width, raster.cellWidth * 1200.0, 1e-6);
  EXPECT_NEAR(doc.world.heightRange, 1200.0 + 600.0, 1e-3);
}

TEST_F(Import, NoDataIsFilledFromItsNeighboursNotLeftAsSpikes) {
  const std::string file = path("holes.tif");
  GdalFile spec;
  spec.noData = -32768.0;
  const auto withHole = [](int x, int y) {
    const bool hole = (x - 30) * (x - 30) + (y - 20) * (y - 20) < 36 || (x == 50 && y == 50);
    return hole ? -32768.0 : 1000.0 + 2.0 * x + y;
  };
  writeWithGdal(file, spec, withHole);
  const Raster raster = readRaster(file);
  EXPECT_EQ(raster.filledCells, 110);  // the disc of radius 6 and one cell
  for (const float v : raster.values) {
    ASSERT_GE(v, 1000.0f);
    ASSERT_LE(v, 1000.0f + 2 * 64 + 64);
  }
  // The filled cells lie within the known ground around them: no spikes.
  // The disc's ring spans x 23..37, y 13..27; the lone cell's, 49..51.
  for (int y = 14; y <= 26; ++y) {
    for (int x = 24; x <= 36; ++x) {
      ASSERT_GE(raster.at(x, y), 1000.0f + 2 * 23 + 13) << x << "," << y;
      ASSERT_LE(raster.at(x, y), 1000.0f + 2 * 37 + 27) << x << "," << y;
    }
  }
  EXPECT_GE(raster.at(50, 50), 1000.0f + 2 * 49 + 49);
  EXPECT_LE(raster.at(50, 50), 1000.0f + 2 * 51 + 51);
  const Document doc = importing(file, 65);
  EXPECT_NEAR(doc.world.heightRange, 2.0 * 64 + 64, 1e-3);  // the no-data value is not data
}

TEST_F(Import, ImagesAndRawFilesAreHeightsAsTheyAre) {
  const auto ramp = [](int x, int y) { return (x * 997 + y * 131) % 65536; };
  writeWithGdal(path("h16.png"), {"PNG", GDT_UInt16, 33, 33, {}, 0, {}}, ramp);
  writeWithGdal(path("h8.png"), {"PNG", GDT_Byte, 33, 33, {}, 0, {}},
                [](int x, int y) { return (x * 7 + y) % 256; });
  {
    std::ofstream raw(path("h.r16"), std::ios::binary);
    for (int y = 0; y < 33; ++y) {
      for (int x = 0; x < 33; ++x) {
        const auto v = static_cast<std::uint16_t>(ramp(x, y));
        raw.put(static_cast<char>(v & 0xff)).put(static_cast<char>(v >> 8));
      }
    }
  }
  for (const char* name : {"h16.png", "h.r16"}) {
    const Raster r = readRaster(path(name));
    EXPECT_FALSE(r.elevations) << name;
    const Heightfield map = runPipeline(importing(path(name), 33));
    for (int y = 0; y < 33; ++y) {
      for (int x = 0; x < 33; ++x) {
        ASSERT_EQ(map.at(x, y), static_cast<float>(ramp(x, y)) / 65535.0f) << name;
      }
    }
  }
  const Heightfield eight = runPipeline(importing(path("h8.png"), 33));
  EXPECT_EQ(eight.at(5, 3), static_cast<float>((5 * 7 + 3) % 256) / 255.0f);
  // A map the explorer exported as float32 raw comes back bit for bit.
  Document noise = defaultDocument("noise");
  testing::setParam(noise, "size", 65);
  const Heightfield original = runPipeline(noise);
  {
    std::ofstream raw(path("n.r32"), std::ios::binary);
    raw.write(reinterpret_cast<const char*>(original.heights.data()),
              static_cast<std::streamsize>(original.heights.size() * sizeof(float)));
  }
  EXPECT_EQ(runPipeline(importing(path("n.r32"), 65)).heights, original.heights);
}

TEST_F(Import, ResamplingIsSmoothAndExactOnALinearSlope) {
  // Catmull-Rom reproduces a plane: a 9x9 slope at 257 is the plane itself,
  // every map sample at its place in the file (32 map samples per file
  // sample), with no steps and no shift.
  writeWithGdal(path("slope.tif"), {"GTiff", GDT_Float32, 9, 9, {}, 0, {}},
                [](int x, int y) { return 100.0 + 10.0 * x + 5.0 * y; });
  const Document doc = importing(path("slope.tif"), 257);
  ASSERT_EQ(testing::param(doc, "elevation-low"), 100.0);
  ASSERT_EQ(testing::param(doc, "elevation-high"), 220.0);
  const Heightfield map = runPipeline(doc);
  for (int y = 0; y < 257; ++y) {
    for (int x = 0; x < 257; ++x) {
      const double metres = 10.0 * x / 32.0 + 5.0 * y / 32.0;  // above the lowest, 100 m
      ASSERT_NEAR(static_cast<double>(map.at(x, y)), metres / 120.0, 1e-6) << x << "," << y;
    }
  }
}

TEST_F(Import, TilesOfAnImportedWorldAreItsWindowsOnAnyThreads) {
  writeWithGdal(path("dem.tif"), {}, hills);
  const Document doc = importing(path("dem.tif"), 129);
  const TileGrid whole = testing::tileGrid(129, 1, 1);
  const TileGrid grid = testing::tileGrid(129, 2, 2, 3);
  const TilePlan plan = planTiles(doc, grid);
  ASSERT_EQ(plan.build, TileBuild::Windowed);
  const Heightfield world = buildTile(doc, whole, planTiles(doc, whole), {0, 0}).field;
  EXPECT_EQ(world.heights, runPipeline(doc).heights);
  for (const TileIndex t : {TileIndex{0, 0}, TileIndex{1, 1}}) {
    const Tile one = buildTile(doc, grid, plan, t, PipelineControl{Execution{1}, nullptr, {}});
    const Tile two = buildTile(doc, grid, plan, t, PipelineControl{Execution{2}, nullptr, {}});
    EXPECT_EQ(one.field.heights, two.field.heights);
    EXPECT_EQ(one.field.heights, cutWindow(world, tileWindow(grid, t)).heights);
  }
}

TEST_F(Import, ChoosingAFileWritesItsRangeWhichGivesTheSameBitsAndWorld) {
  writeWithGdal(path("dem.tif"), {}, hills);
  Document doc = importing(path("dem.tif"), 129);
  const Raster file = readRaster(path("dem.tif"));
  const auto [low, high] = std::minmax_element(file.values.begin(), file.values.end());
  EXPECT_EQ(testing::param(doc, "elevation-low"), static_cast<double>(*low));
  EXPECT_EQ(testing::param(doc, "elevation-high"), static_cast<double>(*high));
  const Heightfield chosen = runPipeline(doc);
  Document automatic = doc;
  setRange(automatic, 0.0, 0.0);  // the file's own range, read whole
  EXPECT_EQ(runPipeline(automatic).heights, chosen.heights);
  const World world = importedWorld(chainSource(automatic.graph).values, World{});
  EXPECT_EQ(world.heightRange, doc.world.heightRange);
  EXPECT_EQ(world.baseElevation, doc.world.baseElevation);

  // A narrower range: its metres are heights 0..1, the ground beyond cut flat.
  const double from = static_cast<double>(*low) + 100.0;
  const double to = static_cast<double>(*high) - 200.0;
  setRange(doc, from, to);
  const Heightfield cut = runPipeline(doc);
  EXPECT_EQ(importedWorld(chainSource(doc.graph).values, World{}).heightRange, to - from);
  EXPECT_EQ(importedWorld(chainSource(doc.graph).values, World{}).baseElevation, from);
  int flat = 0;
  for (int y = 0; y < 65; ++y) {
    for (int x = 0; x < 65; ++x) {
      const double metres = static_cast<double>(static_cast<float>(hills(x, y)));
      const double expected = std::clamp((metres - from) / (to - from), 0.0, 1.0);
      ASSERT_NEAR(static_cast<double>(cut.at(2 * x, 2 * y)), expected, 1e-6) << x << "," << y;
      flat += expected == 0.0 || expected == 1.0 ? 1 : 0;
    }
  }
  EXPECT_GT(flat, 20);
  setRange(doc, to, from);
  EXPECT_NE(testing::inputErrorOf([&] { runPipeline(doc); })
                .find("elevation-high (" + formatValue(sourceStage("import").params()[5], from) +
                      " m) must be above elevation-low"),
            std::string::npos);
}

// A mosaic of 3x3 GeoTIFFs as one GDAL virtual raster, the way continents
// of DEM tiles are served: a tile of the world reads only its part, so with
// the far corner's file gone it still computes, bit for bit its window of
// the world, while the whole world is refused naming what is missing.
TEST_F(Import, ATileOfAMosaicReadsOnlyItsWindow) {
  std::vector<std::string> parts;
  for (int j = 0; j < 3; ++j) {
    for (int i = 0; i < 3; ++i) {
      GdalFile spec;
      spec.width = spec.height = 30;
      spec.geoTransform[0] = 500000.0 + 30.0 * 30 * i;
      spec.geoTransform[3] = 5100000.0 - 30.0 * 30 * j;
      spec.noData = -9999.0;
      parts.push_back(path("part" + std::to_string(i) + std::to_string(j) + ".tif"));
      writeWithGdal(parts.back(), spec, [&](int x, int y) {
        // One no-data sample in the north-east part, under tile (1, 0) only:
        // a window over it reads the whole file.
        return i == 2 && j == 0 && x == 20 && y == 10 ? -9999.0 : hills(30 * i + x, 30 * j + y);
      });
    }
  }
  std::vector<const char*> names;
  for (const std::string& p : parts) names.push_back(p.c_str());
  int usageError = 0;
  GDALDatasetH vrt = GDALBuildVRT(path("mosaic.vrt").c_str(), static_cast<int>(names.size()),
                                  nullptr, names.data(), nullptr, &usageError);
  ASSERT_NE(vrt, nullptr) << CPLGetLastErrorMsg();
  GDALClose(vrt);
  const Document doc = importing(path("mosaic.vrt"), 129);
  EXPECT_DOUBLE_EQ(doc.world.width, 89 * 30.0);
  const TileGrid grid = testing::tileGrid(129, 2, 2, 3);
  const TilePlan plan = planTiles(doc, grid);
  ASSERT_EQ(plan.build, TileBuild::Windowed);
  const Heightfield world = runPipeline(doc);
  const Tile east = buildTile(doc, grid, plan, {1, 0});  // over the no-data sample
  EXPECT_EQ(east.field.heights, cutWindow(world, tileWindow(grid, {1, 0})).heights);

  // Another name for the same mosaic (the whole file is not kept from before).
  std::filesystem::copy_file(path("mosaic.vrt"), path("mosaic-again.vrt"));
  std::filesystem::remove(parts.back());  // the south-east corner
  Document again = doc;
  chainSource(again.graph).values[*sourceStage("import").indexOf("file")] =
      textId(path("mosaic-again.vrt"));
  const Tile corner = buildTile(again, grid, planTiles(again, grid), {0, 0});
  EXPECT_EQ(corner.field.heights, cutWindow(world, tileWindow(grid, {0, 0})).heights);
  const std::string refusal = testing::inputErrorOf([&] { runPipeline(again); });
  EXPECT_NE(refusal.find("mosaic-again.vrt' could not be read"), std::string::npos) << refusal;
  EXPECT_NE(refusal.find("part22.tif"), std::string::npos) << refusal;
}

TEST_F(Import, ACroppedFileIsItsCentralSquareAndStretchKeepsItAll) {
  writeWithGdal(path("wide.tif"), {"GTiff", GDT_Float32, 97, 65, {}, 0, {}},
                [](int x, int y) { return x + 10.0 * y; });
  const Heightfield crop = runPipeline(importing(path("wide.tif"), 65, "crop"));
  const Heightfield stretch = runPipeline(importing(path("wide.tif"), 65, "stretch"));
  // crop: columns 16..80 (low 16); stretch: columns 0..96 (low 0), 1.5 a
  // sample; both rows 0..64.
  const auto file = [](const Heightfield& map, int x, int y, double low, double high) {
    return static_cast<double>(map.at(x, y)) * (high - low) + low;
  };
  EXPECT_NEAR(file(crop, 0, 0, 16.0, 80.0 + 640.0), 16.0, 1e-3);
  EXPECT_NEAR(file(crop, 64, 64, 16.0, 80.0 + 640.0), 80.0 + 640.0, 1e-3);
  EXPECT_NEAR(file(stretch, 64, 0, 0.0, 96.0 + 640.0), 96.0, 1e-3);
  EXPECT_NEAR(file(stretch, 2, 10, 0.0, 96.0 + 640.0), 3.0 + 100.0, 1e-3);
  // A range no world holds is refused by name.
  writeWithGdal(path("tall.tif"), {"GTiff", GDT_Float32, 9, 9, {}, 0, {}},
                [](int x, int) { return x * 5000.0; });
  EXPECT_NE(testing::inputErrorOf([&] {
              (void)importing(path("tall.tif"), 9);
            }).find("'" + path("tall.tif") + "' spans 40000"),
            std::string::npos);
}

TEST_F(Import, ARawFilesWidthIsItsRows) {
  {
    std::ofstream raw(path("strip.r16"), std::ios::binary);
    for (int i = 0; i < 24; ++i)
      raw.put(static_cast<char>(i * 100 % 256)).put(static_cast<char>(i));
  }
  EXPECT_EQ(readRaster(path("strip.r16"), 6).width, 6);
  EXPECT_EQ(readRaster(path("strip.r16"), 4).height, 6);
  Document doc = defaultDocument("import");
  testing::setParam(doc, "size", 9);
  testing::setParam(doc, "file", textId(path("strip.r16")));
  testing::setParam(doc, "fit", 1.0);  // stretch: all of it
  testing::setParam(doc, "file-width", 6);
  const Heightfield six = runPipeline(doc);
  testing::setParam(doc, "file-width", 4);
  EXPECT_NE(runPipeline(doc).heights, six.heights);
}

TEST_F(Import, BadFilesAreRefusedNamingTheFileAndWhy) {
  const auto refused = [&](const std::string& file, int fileWidth = 0) {
    return testing::inputErrorOf([&] { (void)readRaster(file, fileWidth); });
  };
  EXPECT_NE(refused(path("missing.tif")).find("missing.tif' does not exist"), std::string::npos);
  std::ofstream(path("notes.tif")) << "not a raster at all\n";
  EXPECT_NE(refused(path("notes.tif")).find("is not a raster GDAL can read"), std::string::npos);
  std::ofstream(path("odd.r16")) << "abc";
  EXPECT_NE(refused(path("odd.r16")).find("not whole 2-byte samples"), std::string::npos);
  std::ofstream(path("wide.r16")) << std::string(2 * 6, '\0');
  EXPECT_NE(refused(path("wide.r16")).find("not a square; give its width with --file-width"),
            std::string::npos);
  EXPECT_EQ(readRaster(path("wide.r16"), 3).height, 2);
  std::ofstream(path("one.r32")) << std::string(4, '\0');
  EXPECT_NE(refused(path("one.r32")).find("at least 2x2"), std::string::npos);
  EXPECT_NE(refused("").find("no file given"), std::string::npos);
  EXPECT_NE(refused(dir_.string()).find("is a directory"), std::string::npos);
  // Through the pipeline: the same message, before any map exists.
  EXPECT_NE(testing::inputErrorOf([&] {
              runPipeline(importing(path("notes.tif"), 65));
            }).find("notes.tif"),
            std::string::npos);
}

}  // namespace
}  // namespace terrain
