#pragma once
// What GDAL may read (issue 37): the one place that decides it. A project
// or a DEM may come from anyone, so GDAL is given only local regular files
// that this program checked first, through a fixed set of raster drivers:
// GeoTIFF (and COG), SRTM .hgt, ASCII grid, USGS DEM, PNG and VRT mosaics.
// Nothing network-backed (no HTTP, WMS, WCS, /vsicurl/), no /vsi path, no
// plugin, no VRT raw band or Python pixel function, and a VRT names only
// files that pass the same checks, a bounded number of them, nested a
// bounded depth.
#include <cstddef>
#include <string>
#include <vector>

#include "core/base/error.hpp"

namespace terrain {

// A VRT may name VRTs, which may name VRTs: at most this many VRT files on
// one chain from the file given (nesting multiplies the reads).
inline constexpr int kMaxVrtDepth = 3;
// Files named by every VRT on the way, counted each time they are named.
inline constexpr std::size_t kMaxRasterSources = 4096;
// A VRT is an XML text; a larger one is not a mosaic a designer made.
inline constexpr std::size_t kMaxVrtBytes = std::size_t{16} << 20;

// The GDAL drivers registered and allowed, by short name, nullptr-ended
// (GDALOpenEx's allowed-drivers list).
const char* const* allowedGdalDrivers();

// Registers the allowed drivers and sets GDAL's configuration (no plugins,
// no network, no Python) once per process, before the first open.
void useGdal();

// The file `path` and every file it makes GDAL read (a VRT's sources, and
// theirs), absolute, the given file first, each once; a file a VRT names
// that does not exist is left out (a read that needs it fails then).
// Throws InputError naming the file (and the VRT that named it) when one is
// not a regular file outside /proc, /sys and /dev (/dev/shm allowed), is
// spelled as a /vsi path, a URL or another GDAL connection string
// ("GTIFF_DIR:1:x.tif"), has a sibling GDAL may open that is not a regular
// file (a FIFO named "dem.tif.aux.xml"), or when a VRT has a raw or Python
// band, nests deeper than kMaxVrtDepth or names more than kMaxRasterSources
// files.
std::vector<std::string> rasterFiles(const std::string& path);

// What checkGdalFileList throws: bad input (exit 2) of its own kind, so a
// fuzzer tells the last line of defence from the checks before it.
class UnapprovedRasterFile : public InputError {
 public:
  using InputError::InputError;
};

// After GDAL opened `path`: every file it lists as read (GDALGetFileList's
// `fileList`) is one of `approved` (rasterFiles') or a sidecar beside one
// ("dem.tif.aux.xml"); else UnapprovedRasterFile naming it. A second line of
// defence, should these checks and GDAL ever read a VRT differently.
void checkGdalFileList(const char* const* fileList, const std::vector<std::string>& approved,
                       const std::string& path);

// Whether the file starts as a GDAL virtual raster (an XML <VRTDataset>).
bool isVrtFile(const std::string& path);

}  // namespace terrain
