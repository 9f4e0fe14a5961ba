#pragma once
// Heightmaps and elevation data read from files (issue 19): the import
// source's input. GDAL reads GeoTIFF, SRTM .hgt, ASCII grids, USGS DEM,
// PNG and every raster format it knows; RAW16 (.r16, .raw) and float32 raw
// (.r32) have no header and are read here; OpenEXR through OpenEXR.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace terrain {

struct Raster {
  int width = 0;              // samples west to east
  int height = 0;             // samples north to south
  std::vector<float> values;  // row-major from the north-west; no-data filled
  // Metres: the values are elevations (a DEM: the import scales its
  // minimum..maximum to heights 0..1 and the world's height range);
  // otherwise they are heights already (an image's 0..1, RAW16, a float
  // file whose every value is within 0..1, as an export writes it).
  bool elevations = false;
  // Metres between samples, west-east and north-south, when the file says
  // (a geographic raster's degrees converted at its centre's latitude).
  double cellWidth = 0.0;
  double cellHeight = 0.0;
  int filledCells = 0;  // no-data cells filled from their neighbours
  std::string format;   // "GTiff", "PNG", "RAW16", "float32 raw", "OpenEXR"

  float at(int x, int y) const {
    return values[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                  static_cast<std::size_t>(x)];
  }
};

// Larger files are refused before they are read (1 GiB of samples).
inline constexpr std::int64_t kMaxRasterSamples = std::int64_t{1} << 28;

// The raster in `path`. fileWidth: a headerless raw file's width in
// samples (0: square, the side from the byte count). Throws InputError
// naming the file and what is wrong: missing, unreadable, not a raster,
// truncated, too large, smaller than 2x2, no data at all.
Raster readRaster(const std::string& path, int fileWidth = 0);

// Whether the file is read as a headerless raw file (.r16, .raw, .r32),
// whose width --file-width may give.
bool isHeaderlessRaw(const std::string& path);

// readRaster, kept for the next call with the same file unchanged (its
// size and modification time): a slider change or the next tile does not
// read it again. Thread-safe.
std::shared_ptr<const Raster> loadRaster(const std::string& path, int fileWidth = 0);

}  // namespace terrain
