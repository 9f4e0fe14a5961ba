#pragma once
// Heightmaps and elevation data read from files (issue 19): the import
// source's input. GDAL reads GeoTIFF, SRTM .hgt, ASCII grids, USGS DEM, PNG
// and VRT mosaics of them, confined by core/io/raster_files.hpp; RAW16 (.r16,
// .raw) and float32 raw (.r32) have no header and are read here; OpenEXR
// through OpenEXR.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace terrain {

struct Raster {
  int width = 0;   // the file's samples west to east
  int height = 0;  // the file's samples north to south
  // The samples held, row-major from the north-west, no-data filled: all of
  // the file, or the window [heldX0, heldX0 + heldWidth) x [heldY0, ...).
  std::vector<float> values;
  int heldX0 = 0;
  int heldY0 = 0;
  int heldWidth = 0;
  int heldHeight = 0;
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

  // The sample at (x, y) of the file; it must be held.
  float at(int x, int y) const {
    return values[static_cast<std::size_t>(y - heldY0) * static_cast<std::size_t>(heldWidth) +
                  static_cast<std::size_t>(x - heldX0)];
  }
};

// Larger files are refused before they are read (1 GiB of samples).
inline constexpr std::int64_t kMaxRasterSamples = std::int64_t{1} << 28;

// The raster in `path`. fileWidth: a headerless raw file's width in
// samples (0: square, the side from the byte count). Throws InputError
// naming the file and what is wrong: missing, unreadable, not a raster,
// truncated, too large, smaller than 2x2, no data at all.
Raster readRaster(const std::string& path, int fileWidth = 0);

// Only the samples [x0, x0 + width) x [y0, y0 + height) of a file GDAL
// reads (a tile of a large DEM or a mosaic reads just its part), with the
// same values and header as readRaster's. nullopt when the file is not one
// GDAL reads here (raw, OpenEXR) or the window holds a no-data sample,
// whose fill depends on the rest of the file: read it whole then. Throws
// as readRaster does.
std::optional<Raster> readRasterWindow(const std::string& path, int x0, int y0, int width,
                                       int height);

// readRaster without the samples (values empty, held 0x0): the size,
// format, cell size and whether the values are elevations, from the
// header where the format has one. Throws as readRaster does.
Raster readRasterHeader(const std::string& path, int fileWidth = 0);

// Whether the file is read as a headerless raw file (.r16, .raw, .r32),
// whose width --file-width may give.
bool isHeaderlessRaw(const std::string& path);

// readRaster, kept for the next call with the same file unchanged (its
// size and modification time): a slider change or the next tile does not
// read it again. Thread-safe.
std::shared_ptr<const Raster> loadRaster(const std::string& path, int fileWidth = 0);

}  // namespace terrain
