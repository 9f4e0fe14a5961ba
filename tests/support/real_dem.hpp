#pragma once
// A real elevation model to measure landforms against (issue 20): the USGS
// 3 arc-second DEM of the Jacksboro fault, Tennessee (a dissected plateau
// and ridges, 344 x 403 samples, 236..1076 m), which Debian ships in
// python-matplotlib-data as a NumPy archive. It is read here with GDAL's
// own zip reader and written as a GeoTIFF in degrees, so the tests bring it
// in through the import source like any DEM a designer opens.
#include <cpl_vsi.h>
#include <gdal.h>
#include <ogr_srs_api.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace terrain::testing {

inline const char* const kRealDemArchive =
    "/usr/share/matplotlib/mpl-data/sample_data/jacksboro_fault_dem.npz";

// A member of a NumPy archive: its header's dictionary and the bytes after it.
struct NpyArray {
  std::string header;
  std::vector<char> data;
};

inline NpyArray readNpy(const std::string& archive, const std::string& member) {
  // Braces: GDAL knows a zip by its extension, and .npz is not one it knows.
  const std::string path = "/vsizip/{" + archive + "}/" + member;
  VSILFILE* file = VSIFOpenL(path.c_str(), "rb");
  if (file == nullptr) throw std::runtime_error("cannot open " + path);
  std::vector<char> bytes;
  char buffer[65536];
  for (std::size_t got; (got = VSIFReadL(buffer, 1, sizeof buffer, file)) > 0;)
    bytes.insert(bytes.end(), buffer, buffer + got);
  VSIFCloseL(file);
  // Magic "\x93NUMPY", version 1.x: a little-endian uint16 header length at 8.
  if (bytes.size() < 10 || std::memcmp(bytes.data(), "\x93NUMPY", 6) != 0 || bytes[6] != 1)
    throw std::runtime_error(path + " is not a version 1 .npy array");
  const std::size_t headerLength = static_cast<unsigned char>(bytes[8]) |
                                   static_cast<std::size_t>(static_cast<unsigned char>(bytes[9]))
                                       << 8;
  if (10 + headerLength > bytes.size()) throw std::runtime_error(path + " is cut short");
  NpyArray out;
  out.header.assign(bytes.data() + 10, headerLength);
  out.data.assign(bytes.begin() + static_cast<std::ptrdiff_t>(10 + headerLength), bytes.end());
  return out;
}

inline double readNpyScalar(const std::string& archive, const std::string& member) {
  const NpyArray a = readNpy(archive, member);
  if (a.header.find("'<f8'") == std::string::npos || a.data.size() != sizeof(double))
    throw std::runtime_error(member + " is not one little-endian float64");
  double value = 0.0;
  std::memcpy(&value, a.data.data(), sizeof value);
  return value;
}

// Writes the DEM as a float GeoTIFF in WGS84 degrees, north up, at `path`.
// False when the archive is not installed.
inline bool writeRealDem(const std::string& path) {
  if (!std::filesystem::exists(kRealDemArchive)) return false;
  static std::once_flag registered;
  std::call_once(registered, [] { GDALAllRegister(); });
  const NpyArray elevation = readNpy(kRealDemArchive, "elevation.npy");
  // "{'descr': '<i2', 'fortran_order': False, 'shape': (344, 403), }"
  if (elevation.header.find("'<i2'") == std::string::npos ||
      elevation.header.find("'fortran_order': False") == std::string::npos ||
      elevation.header.find("(344, 403)") == std::string::npos)
    throw std::runtime_error("unexpected elevation.npy header: " + elevation.header);
  const int rows = 344;
  const int columns = 403;
  if (elevation.data.size() != static_cast<std::size_t>(rows * columns) * 2)
    throw std::runtime_error("elevation.npy holds the wrong number of samples");
  std::vector<float> metres(static_cast<std::size_t>(rows * columns));
  for (std::size_t i = 0; i < metres.size(); ++i) {
    std::int16_t sample = 0;
    std::memcpy(&sample, elevation.data.data() + 2 * i, 2);  // little-endian, as this machine
    metres[i] = static_cast<float>(sample);
  }
  // The archive names the northern edge ymin: its first row is the north.
  const double west = readNpyScalar(kRealDemArchive, "xmin.npy");
  const double north = readNpyScalar(kRealDemArchive, "ymin.npy");
  const double dx = readNpyScalar(kRealDemArchive, "dx.npy");
  const double dy = readNpyScalar(kRealDemArchive, "dy.npy");
  GDALDatasetH file = GDALCreate(GDALGetDriverByName("GTiff"), path.c_str(), columns, rows, 1,
                                 GDT_Float32, nullptr);
  if (file == nullptr) throw std::runtime_error("GDAL cannot write " + path);
  double geoTransform[6] = {west, dx, 0.0, north, 0.0, -dy};
  GDALSetGeoTransform(file, geoTransform);
  OGRSpatialReferenceH srs = OSRNewSpatialReference(nullptr);
  OSRImportFromEPSG(srs, 4326);
  OSRSetAxisMappingStrategy(srs, OAMS_TRADITIONAL_GIS_ORDER);
  GDALSetSpatialRef(file, srs);
  OSRDestroySpatialReference(srs);
  const CPLErr written = GDALRasterIO(GDALGetRasterBand(file, 1), GF_Write, 0, 0, columns, rows,
                                      metres.data(), columns, rows, GDT_Float32, 0, 0);
  GDALClose(file);
  if (written != CE_None) throw std::runtime_error("GDAL failed writing " + path);
  return true;
}

}  // namespace terrain::testing
