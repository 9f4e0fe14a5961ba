#include "core/io/raster_input.hpp"

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfInputFile.h>
#include <cpl_error.h>
#include <cpl_string.h>
#include <gdal.h>
#include <ogr_srs_api.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <mutex>
#include <numbers>
#include <optional>
#include <stdexcept>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/io/raster_files.hpp"

namespace terrain {
namespace {

[[noreturn]] void refuse(const std::string& path, const std::string& why) {
  throw InputError("import: " + excerpt(path) + " " + why);
}

std::string lowerExtension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

void checkSize(const std::string& path, std::int64_t width, std::int64_t height) {
  if (width < 2 || height < 2) {
    refuse(path, "is " + std::to_string(width) + "x" + std::to_string(height) +
                     " samples; a heightmap needs at least 2x2");
  }
  if (width * height > kMaxRasterSamples) {
    refuse(path, "is " + std::to_string(width) + "x" + std::to_string(height) +
                     " samples, more than the " + std::to_string(kMaxRasterSamples) +
                     " an import reads (1 GiB); cut it with gdal_translate -srcwin first");
  }
}

// Headerless little-endian samples: the width given, or the side of the
// square the byte count makes.
Raster readRaw(const std::string& path, int fileWidth, int bytesPerSample) {
  std::error_code ec;
  const std::uintmax_t bytes = std::filesystem::file_size(path, ec);
  if (ec) refuse(path, "cannot be read: " + ec.message());
  const std::uintmax_t samples = bytes / static_cast<std::uintmax_t>(bytesPerSample);
  if (bytes % static_cast<std::uintmax_t>(bytesPerSample) != 0 || samples == 0) {
    refuse(path, "holds " + std::to_string(bytes) + " bytes, not whole " +
                     std::to_string(bytesPerSample) + "-byte samples");
  }
  std::int64_t width = fileWidth;
  if (width == 0) {
    width = static_cast<std::int64_t>(std::llround(std::sqrt(static_cast<double>(samples))));
    if (static_cast<std::uintmax_t>(width * width) != samples) {
      refuse(path, "holds " + std::to_string(samples) +
                       " samples, not a square; give its width with --file-width");
    }
  } else if (samples % static_cast<std::uintmax_t>(width) != 0) {
    refuse(path, "holds " + std::to_string(samples) + " samples, not rows of " +
                     std::to_string(width) + " (--file-width)");
  }
  const auto height = static_cast<std::int64_t>(samples / static_cast<std::uintmax_t>(width));
  checkSize(path, width, height);
  std::vector<unsigned char> data(static_cast<std::size_t>(bytes));
  std::ifstream in(path, std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(bytes))) {
    refuse(path, "could not be read to its end");
  }
  Raster r;
  r.width = static_cast<int>(width);
  r.height = static_cast<int>(height);
  r.values.resize(static_cast<std::size_t>(samples));
  for (std::size_t i = 0; i < r.values.size(); ++i) {
    const unsigned char* b = data.data() + i * static_cast<std::size_t>(bytesPerSample);
    if (bytesPerSample == 2) {
      r.values[i] = static_cast<float>(b[0] | (b[1] << 8)) / 65535.0f;
    } else {
      std::uint32_t bits = 0;
      for (int k = 3; k >= 0; --k) bits = (bits << 8) | b[k];
      r.values[i] = std::bit_cast<float>(bits);
    }
  }
  r.format = bytesPerSample == 2 ? "RAW16" : "float32 raw";
  return r;
}

// The first channel of an OpenEXR file (our own exports write "Y").
Raster readExr(const std::string& path) {
  try {
    Imf::InputFile file(path.c_str());
    const Imath::Box2i box = file.header().dataWindow();
    const std::int64_t width = box.max.x - box.min.x + 1;
    const std::int64_t height = box.max.y - box.min.y + 1;
    checkSize(path, width, height);
    const Imf::ChannelList& channels = file.header().channels();
    if (channels.begin() == channels.end()) refuse(path, "has no channels");
    const char* name = channels.findChannel("Y") != nullptr ? "Y" : channels.begin().name();
    Raster r;
    r.width = static_cast<int>(width);
    r.height = static_cast<int>(height);
    r.values.resize(static_cast<std::size_t>(width * height));
    Imf::FrameBuffer frame;
    char* origin =
        reinterpret_cast<char*>(r.values.data()) -
        (static_cast<std::ptrdiff_t>(box.min.x) + static_cast<std::ptrdiff_t>(box.min.y) * width) *
            static_cast<std::ptrdiff_t>(sizeof(float));
    frame.insert(name, Imf::Slice(Imf::FLOAT, origin, sizeof(float),
                                  sizeof(float) * static_cast<std::size_t>(width)));
    file.setFrameBuffer(frame);
    file.readPixels(box.min.y, box.max.y);
    r.format = "OpenEXR";
    return r;
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    refuse(path, std::string("is not an OpenEXR file it can read: ") + e.what());
  }
}

// Metres per degree of latitude and of longitude at `latitude` (WGS84).
void metresPerDegree(double latitude, double& alongLatitude, double& alongLongitude) {
  const double phi = latitude * std::numbers::pi / 180.0;
  alongLatitude = 111132.954 - 559.822 * std::cos(2.0 * phi) + 1.175 * std::cos(4.0 * phi);
  alongLongitude = 111412.84 * std::cos(phi) - 93.5 * std::cos(3.0 * phi);
}

// The cell size in metres from the geotransform: a projected raster's
// units are metres, a geographic one's degrees at its centre's latitude.
void readCellSize(GDALDatasetH dataset, Raster& r) {
  double gt[6];
  if (GDALGetGeoTransform(dataset, gt) != CE_None) return;
  if (gt[2] != 0.0 || gt[4] != 0.0 || gt[1] == 0.0 || gt[5] == 0.0) return;  // rotated
  double dx = std::abs(gt[1]);
  double dy = std::abs(gt[5]);
  OGRSpatialReferenceH srs = GDALGetSpatialRef(dataset);
  if (srs != nullptr && OSRIsGeographic(srs)) {
    const double centreLatitude = gt[3] + gt[5] * r.height / 2.0;
    double perLat = 0.0;
    double perLon = 0.0;
    metresPerDegree(centreLatitude, perLat, perLon);
    dx *= perLon;
    dy *= perLat;
  } else if (srs != nullptr) {
    dx *= OSRGetLinearUnits(srs, nullptr);  // feet to metres, say
    dy *= OSRGetLinearUnits(srs, nullptr);
  }
  r.cellWidth = dx;
  r.cellHeight = dy;
}

// No-data samples become NaN (filled later), and so does every sample that
// is not a finite number, declared or not, or that the band's scale and
// offset carry past float's range; the others are scaled and offset as the
// band declares.
void applyNoDataScaleAndOffset(GDALRasterBandH band, std::vector<float>& values) {
  int hasNoData = 0;
  const double noData = GDALGetRasterNoDataValue(band, &hasNoData);
  const double scale = GDALGetRasterScale(band, nullptr);
  const double offset = GDALGetRasterOffset(band, nullptr);
  for (float& v : values) {
    const auto scaled = static_cast<float>(static_cast<double>(v) * scale + offset);
    const bool noDataHere = hasNoData != 0 && static_cast<double>(v) == noData;
    v = noDataHere || !std::isfinite(scaled) ? std::numeric_limits<float>::quiet_NaN() : scaled;
  }
}

// An open GDAL dataset, its errors quiet (they become the one line a
// refusal says, not stderr's) until it closes.
class GdalFile {
 public:
  explicit GdalFile(const std::string& path) {
    useGdal();
    // Every file it will read checked first; GDAL is given the checked
    // absolute path, so no spelling of it reads as a URL.
    const std::vector<std::string> approved = rasterFiles(path);
    CPLPushErrorHandler(CPLQuietErrorHandler);
    CPLErrorReset();
    dataset_ = GDALOpenEx(approved.front().c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY,
                          allowedGdalDrivers(), nullptr, nullptr);
    if (dataset_ == nullptr) {
      const std::string why = CPLGetLastErrorMsg();
      CPLPopErrorHandler();
      refuse(path,
             "is not a raster GDAL can read here (GeoTIFF, SRTM .hgt, ASCII grid, USGS "
             "DEM, PNG or a VRT of them)" +
                 (why.empty() ? "" : ": " + excerpt(why)));
    }
    if (GDALGetRasterCount(dataset_) < 1) {
      close();
      refuse(path, "has no raster band");
    }
    char** listed = GDALGetFileList(dataset_);
    try {
      checkGdalFileList(listed, approved, path);
    } catch (...) {
      CSLDestroy(listed);
      close();
      throw;
    }
    CSLDestroy(listed);
  }
  ~GdalFile() { close(); }
  GdalFile(const GdalFile&) = delete;
  GdalFile& operator=(const GdalFile&) = delete;
  GDALDatasetH dataset() const { return dataset_; }
  GDALRasterBandH band() const { return GDALGetRasterBand(dataset_, 1); }

 private:
  void close() {
    if (dataset_ == nullptr) return;
    GDALClose(dataset_);
    dataset_ = nullptr;
    CPLPopErrorHandler();
  }
  GDALDatasetH dataset_ = nullptr;
};

// Whether the band declares a scale or an offset.
bool declaresScaleOrOffset(GDALRasterBandH band) {
  int hasScale = 0;
  int hasOffset = 0;
  (void)GDALGetRasterScale(band, &hasScale);
  (void)GDALGetRasterOffset(band, &hasOffset);
  return hasScale != 0 || hasOffset != 0;
}

// An 8- or 16-bit image without a place on Earth is a heightmap: 0..max is
// 0..1. Anything else is elevation data. The header alone says which.
Raster gdalHeader(const std::string& path, const GdalFile& file) {
  Raster r;
  checkSize(path, GDALGetRasterXSize(file.dataset()), GDALGetRasterYSize(file.dataset()));
  r.width = GDALGetRasterXSize(file.dataset());
  r.height = GDALGetRasterYSize(file.dataset());
  r.format = GDALGetDriverShortName(GDALGetDatasetDriver(file.dataset()));
  readCellSize(file.dataset(), r);
  const GDALDataType type = GDALGetRasterDataType(file.band());
  r.elevations = !((type == GDT_Byte || type == GDT_UInt16) && r.cellWidth == 0.0 &&
                   !declaresScaleOrOffset(file.band()));
  return r;
}

// The samples of the window [x0, x0 + width) x [y0, y0 + height), scaled as
// the band says, no-data as NaN; an image's 0..max as 0..1.
void readGdalSamples(const std::string& path, const GdalFile& file, Raster& r, int x0, int y0,
                     int width, int height) {
  r.heldX0 = x0;
  r.heldY0 = y0;
  r.heldWidth = width;
  r.heldHeight = height;
  r.values.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  if (GDALRasterIO(file.band(), GF_Read, x0, y0, width, height, r.values.data(), width, height,
                   GDT_Float32, 0, 0) != CE_None) {
    refuse(path, "could not be read: " + excerpt(CPLGetLastErrorMsg()));
  }
  applyNoDataScaleAndOffset(file.band(), r.values);
  if (!r.elevations) {
    const float top = GDALGetRasterDataType(file.band()) == GDT_Byte ? 255.0f : 65535.0f;
    for (float& v : r.values) v /= top;
  }
}

Raster readWithGdal(const std::string& path) {
  const GdalFile file(path);
  Raster r = gdalHeader(path, file);
  readGdalSamples(path, file, r, 0, 0, r.width, r.height);
  return r;
}

std::size_t cellIndex(int x, int y, int width) {
  return static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
         static_cast<std::size_t>(x);
}

// No-data cells take the mean of the known cells around them, coarser and
// coarser until every one has a value (push-pull): smooth, no spikes, the
// same for every call.
int fillNoData(std::vector<float>& values, int width, int height) {
  int missing = 0;
  for (const float v : values) missing += std::isnan(v) ? 1 : 0;
  if (missing == 0) return 0;
  if (missing == width * height) return -1;
  const int w2 = (width + 1) / 2;
  const int h2 = (height + 1) / 2;
  std::vector<float> coarse(static_cast<std::size_t>(w2) * static_cast<std::size_t>(h2));
  for (int y = 0; y < h2; ++y) {
    for (int x = 0; x < w2; ++x) {
      double sum = 0.0;
      int count = 0;
      for (int dy = 0; dy < 2; ++dy) {
        for (int dx = 0; dx < 2; ++dx) {
          const int fx = std::min(2 * x + dx, width - 1);
          const int fy = std::min(2 * y + dy, height - 1);
          const float v = values[cellIndex(fx, fy, width)];
          if (!std::isnan(v)) {
            sum += static_cast<double>(v);
            ++count;
          }
        }
      }
      coarse[cellIndex(x, y, w2)] =
          count > 0 ? static_cast<float>(sum / count) : std::numeric_limits<float>::quiet_NaN();
    }
  }
  fillNoData(coarse, w2, h2);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      float& v = values[cellIndex(x, y, width)];
      if (std::isnan(v)) v = coarse[cellIndex(x / 2, y / 2, w2)];
    }
  }
  return missing;
}

bool readByGdal(const std::string& path) {
  return !isHeaderlessRaw(path) && lowerExtension(path) != ".exr";
}

// A local regular file, checked as GDAL's files are (core/io/raster_files.hpp);
// a file GDAL reads is checked where it is opened (GdalFile).
void checkFile(const std::string& path) {
  if (path.empty()) throw InputError("import: no file given; choose a heightmap or DEM file");
  if (!readByGdal(path)) (void)rasterFiles(path);
}

}  // namespace

bool isHeaderlessRaw(const std::string& path) {
  const std::string ext = lowerExtension(path);
  return ext == ".r16" || ext == ".raw" || ext == ".r32";
}

Raster readRaster(const std::string& path, int fileWidth) {
  checkFile(path);
  const std::string ext = lowerExtension(path);
  Raster r = ext == ".r16" || ext == ".raw" ? readRaw(path, fileWidth, 2)
             : ext == ".r32"                ? readRaw(path, fileWidth, 4)
             : ext == ".exr"                ? readExr(path)
                                            : readWithGdal(path);
  if (ext == ".r32" || ext == ".exr") {
    // Heights as an export writes them, 0..1, or elevations (metres); a
    // sample that is not a finite number is no data, filled as GDAL's are.
    for (float& v : r.values) {
      if (!std::isfinite(v)) {
        v = std::numeric_limits<float>::quiet_NaN();
      } else if (v < 0.0f || v > 1.0f) {
        r.elevations = true;
      }
    }
  }
  r.heldWidth = r.width;
  r.heldHeight = r.height;
  r.filledCells = fillNoData(r.values, r.width, r.height);
  if (r.filledCells < 0) refuse(path, "holds no data at all (every sample is its no-data value)");
  return r;
}

std::optional<Raster> readRasterWindow(const std::string& path, int x0, int y0, int width,
                                       int height) {
  checkFile(path);
  if (!readByGdal(path)) return std::nullopt;
  const GdalFile file(path);
  Raster r = gdalHeader(path, file);
  if (x0 < 0 || y0 < 0 || width < 1 || height < 1 || x0 + width > r.width ||
      y0 + height > r.height) {
    throw std::invalid_argument("readRasterWindow: the window is not inside the file");
  }
  readGdalSamples(path, file, r, x0, y0, width, height);
  for (const float v : r.values) {
    if (std::isnan(v)) return std::nullopt;
  }
  return r;
}

Raster readRasterHeader(const std::string& path, int fileWidth) {
  checkFile(path);
  if (!readByGdal(path)) {
    Raster r = *loadRaster(path, fileWidth);  // r32 and EXR: the values say what they are
    r.values = {};
    r.heldWidth = r.heldHeight = 0;
    return r;
  }
  const GdalFile file(path);
  return gdalHeader(path, file);
}

std::shared_ptr<const Raster> loadRaster(const std::string& path, int fileWidth) {
  struct Key {
    std::string path;
    int fileWidth;
    std::uintmax_t bytes;
    std::filesystem::file_time_type modified;
  };
  static std::mutex mutex;
  static std::optional<Key> lastKey;
  static std::shared_ptr<const Raster> last;
  std::error_code ec;
  Key key{path, fileWidth, std::filesystem::file_size(path, ec),
          std::filesystem::last_write_time(path, ec)};
  if (ec) {
    return std::make_shared<const Raster>(readRaster(path, fileWidth));  // says what is wrong
  }
  const std::lock_guard lock(mutex);
  if (lastKey && lastKey->path == key.path && lastKey->fileWidth == key.fileWidth &&
      lastKey->bytes == key.bytes && lastKey->modified == key.modified) {
    return last;
  }
  last = std::make_shared<const Raster>(readRaster(path, fileWidth));
  lastKey = key;
  return last;
}

}  // namespace terrain
