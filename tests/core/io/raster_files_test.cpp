// What GDAL may read (issue 37): only local regular files this program
// checked, as rasters. Each hostile VRT below was read before: a raw band
// of /etc/passwd or /proc/self/environ became heights byte for byte, a FIFO
// or /vsistdin/ hung the import, six nested VRTs took minutes, /dev/urandom
// gave a new terrain each run. Each is now refused at once by name, and a
// plain mosaic still reads.
#include <gdal.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cctype>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/text_ids.hpp"
#include "core/document/document.hpp"
#include "core/document/document_inputs.hpp"
#include "core/document/pipeline.hpp"
#include "core/io/raster_files.hpp"
#include "core/io/raster_input.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

class RasterFiles : public testing::ScratchDirTest {
 protected:
  // A VRT of one 33x33 band whose sources are `sources` (XML elements).
  std::string vrt(const std::string& name, const std::string& sources,
                  const std::string& bandClass = "") const {
    std::ofstream(path(name)) << "<VRTDataset rasterXSize=\"33\" rasterYSize=\"33\">\n"
                              << "  <VRTRasterBand dataType=\"Float32\" band=\"1\""
                              << (bandClass.empty() ? "" : " subClass=\"" + bandClass + "\"")
                              << ">\n"
                              << sources << "  </VRTRasterBand>\n</VRTDataset>\n";
    return path(name);
  }
  static std::string simpleSource(const std::string& file, bool relative = false) {
    return "    <SimpleSource><SourceFilename relativeToVRT=\"" +
           std::string(relative ? "1" : "0") + "\">" + file +
           "</SourceFilename><SourceBand>1</SourceBand>"
           "<SrcRect xOff=\"0\" yOff=\"0\" xSize=\"33\" ySize=\"33\"/>"
           "<DstRect xOff=\"0\" yOff=\"0\" xSize=\"33\" ySize=\"33\"/></SimpleSource>\n";
  }
  // The refusal readRaster gives, and that it came at once.
  std::string refusal(const std::string& file) const {
    const auto start = std::chrono::steady_clock::now();
    const std::string why = testing::inputErrorOf([&] { (void)readRaster(file); });
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5.0)
        << file;
    return why;
  }
};

TEST_F(RasterFiles, AVrtOfTheSampleGridReadsAsTheGridItself) {
  std::filesystem::copy_file(testing::importSample("hills.asc"), path("hills.asc"));
  const std::string mosaic = vrt("mosaic.vrt", simpleSource("hills.asc", true));
  const Raster direct = readRaster(path("hills.asc"));
  const Raster through = readRaster(mosaic);
  EXPECT_EQ(through.values, direct.values);
  const std::vector<std::string> files = rasterFiles(mosaic);
  ASSERT_EQ(files.size(), 2U);
  EXPECT_EQ(files[1], std::filesystem::canonical(path("hills.asc")).string());
}

TEST_F(RasterFiles, ARawBandNeverReadsAFilesBytesAsHeights) {
  const std::string band =
      "    <SourceFilename relativetoVRT=\"0\">/etc/passwd</SourceFilename>\n"
      "    <ImageOffset>0</ImageOffset><PixelOffset>4</PixelOffset><LineOffset>132</LineOffset>\n";
  for (const std::string secret : {"/etc/passwd", "/proc/self/environ"}) {
    std::string text = band;
    text.replace(text.find("/etc/passwd"), 11, secret);
    const std::string why = refusal(vrt("raw.vrt", text, "VRTRawRasterBand"));
    EXPECT_NE(why.find("'VRTRawRasterBand' band"), std::string::npos) << why;
  }
}

TEST_F(RasterFiles, SourcesThatAreNotRegularFilesOnDiskAreRefusedAtOnce) {
  ASSERT_EQ(::mkfifo(path("pipe.tif").c_str(), 0600), 0);
  const struct {
    std::string source;
    std::string why;
  } cases[] = {
      {path("pipe.tif"), "is a FIFO"},
      {"/dev/zero", "is a character device"},
      {"/dev/urandom", "is a character device"},
      {"/proc/self/environ", "is a system file under /proc"},
      {"/vsistdin/", "is a GDAL virtual file system path"},
      {"/vsicurl/http://127.0.0.1:9/dem.tif", "is a GDAL virtual file system path"},
      {"http://127.0.0.1:9/dem.tif", "is a URL"},
      {"vrt://" + testing::importSample("hills.asc"), "is a URL"},
      {"GTIFF_DIR:1:/etc/passwd", "reads as a GDAL connection string"},
      {"&lt;VRTDataset rasterXSize=\"1\"/&gt;", "holds '<', which GDAL reads as XML"},
      // A mosaic's missing part fails the read that needs it, not the check.
      {path("missing.tif"), "could not be read"},
      {dir_.string(), "is a directory"},
  };
  for (const auto& c : cases) {
    const std::string why = refusal(vrt("bad.vrt", simpleSource(c.source)));
    EXPECT_NE(why.find(c.why), std::string::npos) << c.source << ": " << why;
    EXPECT_NE(why.find(c.why == "could not be read" ? c.source : "named by '" + path("bad.vrt")),
              std::string::npos)
        << why;
  }
  // The file given, too.
  EXPECT_NE(refusal(path("pipe.tif")).find("is a FIFO"), std::string::npos);
  EXPECT_NE(refusal("/dev/urandom").find("is a character device"), std::string::npos);
  EXPECT_NE(refusal("/proc/self/environ").find("system file under /proc"), std::string::npos);
}

// Each way GDAL could read a VRT apart from these checks, found by review:
// element names in any case, relativeToVRT as a number, XML inside a name,
// a URL behind relativeToVRT, a sidecar beside a link.
TEST_F(RasterFiles, TheChecksReadAVrtAsGdalDoes) {
  const std::string lowerRaw =
      "<VRTDataset rasterXSize=\"33\" rasterYSize=\"33\"><vrtrasterband dataType=\"Float32\" "
      "band=\"1\" subclass=\"vrtrawrasterband\"><sourcefilename>/proc/self/environ"
      "</sourcefilename></vrtrasterband></VRTDataset>";
  std::ofstream(path("lower.vrt")) << lowerRaw;
  EXPECT_NE(refusal(path("lower.vrt")).find("'vrtrawrasterband' band"), std::string::npos);
  std::string lowerSource = simpleSource("/dev/zero");
  for (const std::string tag : {"SourceFilename", "SimpleSource"}) {
    for (std::size_t at = 0; (at = lowerSource.find(tag, at)) != std::string::npos;) {
      std::string lowered = tag;
      for (char& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      lowerSource.replace(at, tag.size(), lowered);
    }
  }
  EXPECT_NE(refusal(vrt("lower-source.vrt", lowerSource)).find("is a character device"),
            std::string::npos);
  const std::string inline_ =
      "x &lt;VRTDataset rasterXSize=\"1\" rasterYSize=\"1\"&gt;&lt;/VRTDataset&gt;";
  EXPECT_NE(refusal(vrt("inline.vrt", simpleSource(inline_, true))).find("holds '<'"),
            std::string::npos);
  EXPECT_NE(refusal(vrt("url.vrt", simpleSource("vrt://evil.vrt", true))).find("is a URL"),
            std::string::npos);
  // relativeToVRT="01" is relative, as GDAL's atoi reads it: from the VRT's
  // folder, wherever the program runs.
  std::filesystem::copy_file(testing::importSample("hills.asc"), path("hills.asc"));
  std::string relative = simpleSource("hills.asc", true);
  relative.replace(relative.find("\"1\""), 3, "\"01\"");
  const std::string mosaic = vrt("relative.vrt", relative);
  EXPECT_EQ(readRaster(mosaic).values, readRaster(path("hills.asc")).values);
  // A FIFO sidecar beside a link, where GDAL looks for it.
  std::filesystem::create_directory(path("links"));
  std::filesystem::create_symlink(path("hills.asc"), path("links/dem.asc"));
  ASSERT_EQ(::mkfifo(path("links/dem.prj").c_str(), 0600), 0);
  EXPECT_NE(refusal(path("links/dem.asc")).find("'dem.prj' beside it, which is a FIFO"),
            std::string::npos);
}

// A VRT named again is counted, not read again: 4,000 names of one 2 MB
// VRT are one parse, not 8 GB of XML.
TEST_F(RasterFiles, AVrtNamedManyTimesIsReadOnce) {
  std::string padding(2 << 20, ' ');
  std::ofstream(path("empty.vrt"))
      << "<VRTDataset rasterXSize=\"33\" rasterYSize=\"33\">" << padding << "</VRTDataset>";
  std::string many;
  for (int i = 0; i < 4000; ++i) many += simpleSource("empty.vrt", true);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(rasterFiles(vrt("many.vrt", many)).size(), 2U);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5.0);
}

TEST_F(RasterFiles, NestingAndSourceCountsAreBounded) {
  std::filesystem::copy_file(testing::importSample("hills.asc"), path("level0.asc"));
  // Each level names the one below twice: six levels were minutes of reads.
  std::string below = "level0.asc";
  for (int level = 1; level <= 6; ++level) {
    const std::string name = "level" + std::to_string(level) + ".vrt";
    vrt(name, simpleSource(below, true) + simpleSource(below, true));
    below = name;
    const std::string top = path(name);
    if (level <= kMaxVrtDepth) {
      EXPECT_NO_THROW((void)readRaster(top)) << level;
    } else {
      const std::string why = refusal(top);
      EXPECT_NE(why.find("nested more than " + std::to_string(kMaxVrtDepth)), std::string::npos)
          << why;
    }
  }
  std::string many;
  for (std::size_t i = 0; i <= kMaxRasterSources; ++i) many += simpleSource("level0.asc", true);
  const std::string why = refusal(vrt("many.vrt", many));
  EXPECT_NE(why.find("more than " + std::to_string(kMaxRasterSources)), std::string::npos) << why;
}

TEST_F(RasterFiles, CodeAndOtherKindsOfVrtAreRefused) {
  const std::string python =
      "    <PixelFunctionLanguage>Python</PixelFunctionLanguage>\n"
      "    <PixelFunctionType>f</PixelFunctionType>\n"
      "    <PixelFunctionCode><![CDATA[\ndef f(*a, **k):\n  pass\n]]></PixelFunctionCode>\n";
  EXPECT_NE(refusal(vrt("py.vrt", python, "VRTDerivedRasterBand")).find("Python pixel function"),
            std::string::npos);
  std::ofstream(path("warped.vrt"))
      << "<VRTDataset rasterXSize=\"2\" rasterYSize=\"2\" subClass=\"VRTWarpedDataset\">"
         "<GDALWarpOptions><SourceDataset>/etc/passwd</SourceDataset></GDALWarpOptions>"
         "</VRTDataset>";
  EXPECT_NE(refusal(path("warped.vrt")).find("'VRTWarpedDataset' VRT"), std::string::npos);
  std::ofstream(path("broken.vrt")) << "<VRTDataset rasterXSize=\"2\"><VRTRasterBand";
  EXPECT_NE(refusal(path("broken.vrt")).find("is not a VRT GDAL can read"), std::string::npos);
}

TEST_F(RasterFiles, ASidecarThatIsAFifoIsRefusedInsteadOfHanging) {
  std::filesystem::copy_file(testing::importSample("hills.asc"), path("hills.asc"));
  ASSERT_EQ(::mkfifo(path("hills.prj").c_str(), 0600), 0);
  const std::string why = refusal(path("hills.asc"));
  EXPECT_NE(why.find("'hills.prj' beside it, which is a FIFO"), std::string::npos) << why;
}

TEST_F(RasterFiles, ANonFiniteElevationIsNoDataFilledFromItsNeighbours) {
  // A GeoTIFF in metres without a no-data value whose samples hold +inf,
  // -inf and NaN: none may reach the heights.
  useGdal();  // the program's drivers only: GTiff among them
  std::vector<float> elevations(25);
  for (int i = 0; i < 25; ++i) elevations[static_cast<std::size_t>(i)] = 100.0f + float(i % 5);
  elevations[12] = std::numeric_limits<float>::infinity();
  elevations[16] = -std::numeric_limits<float>::infinity();
  elevations[8] = std::numeric_limits<float>::quiet_NaN();
  GDALDatasetH tif = GDALCreate(GDALGetDriverByName("GTiff"), path("inf.tif").c_str(), 5, 5, 1,
                                GDT_Float32, nullptr);
  ASSERT_NE(tif, nullptr);
  const double geo[6] = {500000.0, 30.0, 0.0, 5100000.0, 0.0, -30.0};
  GDALSetGeoTransform(tif, const_cast<double*>(geo));
  ASSERT_EQ(GDALRasterIO(GDALGetRasterBand(tif, 1), GF_Write, 0, 0, 5, 5, elevations.data(), 5, 5,
                         GDT_Float32, 0, 0),
            CE_None);
  GDALClose(tif);
  const Raster r = readRaster(path("inf.tif"));
  EXPECT_EQ(r.filledCells, 3);
  for (const float v : r.values) {
    EXPECT_TRUE(std::isfinite(v));
    EXPECT_GE(v, 100.0f);
    EXPECT_LE(v, 104.0f);
  }
  // Every way to the map, with and without a range given, stays finite.
  Document doc = defaultDocument("import");
  testing::setParam(doc, "size", 9);
  testing::setParam(doc, "file", textId(path("inf.tif")));
  for (const double high : {0.0, 500.0}) {
    testing::setParam(doc, "elevation-high", high);
    for (const float h : runPipeline(doc).heights) ASSERT_TRUE(std::isfinite(h));
  }
}

TEST_F(RasterFiles, ADocumentsImportedFilesAreEveryFileItsRastersRead) {
  std::filesystem::copy_file(testing::importSample("hills.asc"), path("hills.asc"));
  const std::string mosaic = vrt("mosaic.vrt", simpleSource("hills.asc", true));
  Document doc = defaultDocument("import");
  testing::setParam(doc, "file", textId(mosaic));
  const std::vector<DocumentInput> inputs = importedFiles(doc);
  ASSERT_EQ(inputs.size(), 2U);
  EXPECT_EQ(inputs[0].path, mosaic);
  EXPECT_EQ(inputs[1].path, std::filesystem::canonical(path("hills.asc")).string());
  EXPECT_TRUE(importedFiles(defaultDocument("diamond-square")).empty());
}

}  // namespace
}  // namespace terrain
