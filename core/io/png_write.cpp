// Writing PNGs without libpng: the chunks are framed here and the pixels
// compressed by core/io/deflate.hpp in bands of rows, on every thread, so a
// 4097^2 16-bit heightmap takes a fraction of libpng's time (see
// tests/bench/png_bench.cpp). Checksums come from libdeflate. The bytes
// depend only on the image, never on the thread count.
#include <libdeflate.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "core/base/error.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/deflate.hpp"
#include "core/io/png_io.hpp"

namespace terrain {
namespace {

// A band's filtered bytes: big enough that each band's Huffman header and
// sync flush cost nothing, small enough to keep a few bands per thread in
// flight. Bands are cut by this alone, never by the thread count.
constexpr std::size_t kBandBytes = std::size_t{256} << 10;
constexpr std::size_t kBandsInFlight = 16;
constexpr std::int64_t kMaxPngSide = 0x7fffffff;

// PNG filter types (PNG spec 9.2) this writer chooses from.
enum Filter : std::uint8_t { kSub = 1, kUp = 2, kPaeth = 4 };

int bitDepth(PngFormat format) {
  return format == PngFormat::Gray16 || format == PngFormat::Rgb16 ? 16 : 8;
}
int colorType(PngFormat format) {  // PNG spec 11.2.2
  switch (format) {
    case PngFormat::Gray16:
    case PngFormat::Gray8:
      return 0;  // greyscale
    case PngFormat::Rgba8:
      return 6;  // truecolour with alpha
    default:
      return 2;  // truecolour
  }
}

// The Paeth predictor (PNG spec 9.4), without branches so loops vectorise.
inline int paeth(int a, int b, int c) {
  const int pa = std::abs(b - c);
  const int pb = std::abs(a - c);
  const int pc = std::abs(a + b - 2 * c);
  return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

// How far a filtered byte is from zero, read as signed (v or 256 - v):
// libpng's heuristic for a row's filter; smaller sums compress better.
inline std::uint32_t cost(std::uint8_t v) {
  return std::min(v, static_cast<std::uint8_t>(-v));
}

struct RowFilter {
  std::size_t bytes;  // per row, without the filter byte
  std::size_t bpp;    // bytes per pixel
  std::array<std::vector<std::uint8_t>, 3> candidates;

  RowFilter(std::size_t rowBytes, std::size_t pixelBytes) : bytes(rowBytes), bpp(pixelBytes) {
    for (auto& c : candidates) c.resize(rowBytes);
  }

  // Writes the filter byte and the filtered row to out (bytes + 1): Up,
  // Paeth or Sub, whichever has the smallest cost, in that order on ties.
  // One loop per filter, so each vectorises.
  void apply(const std::uint8_t* row, const std::uint8_t* above, std::uint8_t* out) {
    std::uint8_t* up = candidates[0].data();
    std::uint8_t* pa = candidates[1].data();
    std::uint8_t* sub = candidates[2].data();
    std::array<std::uint32_t, 3> sums{};
    for (std::size_t i = 0; i < bytes; ++i) {
      up[i] = static_cast<std::uint8_t>(row[i] - above[i]);
      sums[0] += cost(up[i]);
    }
    for (std::size_t i = 0; i < bpp; ++i) {  // no left neighbour: Paeth predicts above, Sub 0
      pa[i] = up[i];
      sub[i] = row[i];
    }
    for (std::size_t i = bpp; i < bytes; ++i) {
      pa[i] = static_cast<std::uint8_t>(row[i] - paeth(row[i - bpp], above[i], above[i - bpp]));
    }
    for (std::size_t i = bpp; i < bytes; ++i) {
      sub[i] = static_cast<std::uint8_t>(row[i] - row[i - bpp]);
    }
    for (std::size_t i = 0; i < bytes; ++i) {
      sums[1] += cost(pa[i]);
      sums[2] += cost(sub[i]);
    }
    const auto best =
        static_cast<std::size_t>(std::min_element(sums.begin(), sums.end()) - sums.begin());
    constexpr std::array<std::uint8_t, 3> kTypes = {kUp, kPaeth, kSub};
    out[0] = kTypes[best];
    std::memcpy(out + 1, candidates[best].data(), bytes);
  }
};

struct Band {
  int firstRow = 0;
  int rows = 0;
  std::vector<std::uint8_t> filtered;    // rows * (rowBytes + 1)
  std::vector<std::uint8_t> compressed;  // deflate blocks
};

// Makes, filters and compresses one band. The row above the band is made
// again here, so bands need nothing from each other.
void encodeBand(Band& band, const PngRowSource& source, std::size_t rowBytes, std::size_t bpp,
                bool last) {
  RowFilter filter(rowBytes, bpp);
  std::vector<std::uint8_t> above(rowBytes, 0);
  std::vector<std::uint8_t> row(rowBytes);
  if (band.firstRow > 0) source(band.firstRow - 1, above.data());
  band.filtered.resize(static_cast<std::size_t>(band.rows) * (rowBytes + 1));
  for (int r = 0; r < band.rows; ++r) {
    source(band.firstRow + r, row.data());
    filter.apply(row.data(), above.data(),
                 band.filtered.data() + static_cast<std::size_t>(r) * (rowBytes + 1));
    std::swap(row, above);
  }
  band.compressed.clear();
  deflateBand(band.filtered, last, band.compressed);
}

void putBigEndian(std::uint8_t* out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out[i] = static_cast<std::uint8_t>(v >> (24 - 8 * i));
}

// One chunk whose data is the concatenation of `parts`.
void writeChunk(AtomicFile& file, std::string_view type,
                std::initializer_list<std::span<const std::uint8_t>> parts) {
  std::size_t length = 0;
  for (auto p : parts) length += p.size();
  if (length > 0x7fffffffu) throw IoError(file.describe("a PNG chunk over 2 GiB"));
  std::array<std::uint8_t, 8> head{};
  putBigEndian(head.data(), static_cast<std::uint32_t>(length));
  std::memcpy(head.data() + 4, type.data(), 4);
  std::uint32_t crc = libdeflate_crc32(0, head.data() + 4, 4);
  file.write(head.data(), head.size());
  for (auto p : parts) {
    crc = libdeflate_crc32(crc, p.data(), p.size());
    file.write(p.data(), p.size());
  }
  std::array<std::uint8_t, 4> tail{};
  putBigEndian(tail.data(), crc);
  file.write(tail.data(), tail.size());
}

}  // namespace

int pngBytesPerPixel(PngFormat format) {
  switch (format) {
    case PngFormat::Gray16:
      return 2;
    case PngFormat::Rgb8:
      return 3;
    case PngFormat::Rgb16:
      return 6;
    case PngFormat::Gray8:
      return 1;
    case PngFormat::Rgba8:
      return 4;
  }
  return 0;
}

void writePng(AtomicFile& file, int width, int height, PngFormat format, const PngRowSource& source,
              const Execution& exec) {
  if (width <= 0 || height <= 0 || width > kMaxPngSide || height > kMaxPngSide) {
    throw IoError(
        file.describe("image size " + std::to_string(width) + "x" + std::to_string(height)));
  }
  const auto bpp = static_cast<std::size_t>(pngBytesPerPixel(format));
  const std::size_t rowBytes = static_cast<std::size_t>(width) * bpp;
  const int rowsPerBand =
      static_cast<int>(std::clamp<std::size_t>(kBandBytes / (rowBytes + 1), 1, 1 << 20));

  static constexpr std::uint8_t kSignature[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  file.write(kSignature, sizeof kSignature);
  std::array<std::uint8_t, 13> header{};
  putBigEndian(header.data(), static_cast<std::uint32_t>(width));
  putBigEndian(header.data() + 4, static_cast<std::uint32_t>(height));
  header[8] = static_cast<std::uint8_t>(bitDepth(format));
  header[9] = static_cast<std::uint8_t>(colorType(format));
  // [10..12]: deflate, adaptive filtering, no interlace: all 0
  writeChunk(file, "IHDR", {header});

  // One zlib stream (RFC 1950) across the IDAT chunks, one chunk per band:
  // header 78 01 (deflate, 32 KiB window, fastest), the bands' blocks, the
  // Adler-32 of the filtered bytes.
  static constexpr std::uint8_t kZlibHeader[] = {0x78, 0x01};
  std::uint32_t adler = 1;
  std::vector<Band> bands(kBandsInFlight);
  for (int first = 0; first < height;) {
    std::size_t count = 0;
    for (; count < bands.size() && first < height; ++count) {
      bands[count].firstRow = first;
      bands[count].rows = std::min(rowsPerBand, height - first);
      first += bands[count].rows;
    }
    const bool endsImage = first >= height;
    parallelFor(exec, 0, static_cast<std::int64_t>(count), 1,
                [&](std::int64_t begin, std::int64_t end) {
                  for (auto b = begin; b < end; ++b) {
                    const bool last = endsImage && b + 1 == static_cast<std::int64_t>(count);
                    encodeBand(bands[static_cast<std::size_t>(b)], source, rowBytes, bpp, last);
                  }
                });
    for (std::size_t b = 0; b < count; ++b) {
      const Band& band = bands[b];
      adler = libdeflate_adler32(adler, band.filtered.data(), band.filtered.size());
      const bool opens = band.firstRow == 0;
      const bool closes = endsImage && b + 1 == count;
      std::array<std::uint8_t, 4> trailer{};
      putBigEndian(trailer.data(), adler);
      writeChunk(file, "IDAT",
                 {std::span<const std::uint8_t>(kZlibHeader, opens ? 2 : 0), band.compressed,
                  std::span<const std::uint8_t>(trailer.data(), closes ? 4 : 0)});
    }
  }
  writeChunk(file, "IEND", {});
}

void writePngFile(const std::string& path, int width, int height, PngFormat format,
                  const PngRowSource& source, const Execution& exec) {
  writeFileAtomically(
      path, [&](AtomicFile& file) { writePng(file, width, height, format, source, exec); });
}

void writePngRgb8(const std::string& path, const RgbImage& image) {
  const auto stride = static_cast<std::size_t>(image.width) * 3;
  writePngFile(path, image.width, image.height, PngFormat::Rgb8, [&](int y, std::uint8_t* out) {
    std::memcpy(out, image.pixels.data() + static_cast<std::size_t>(y) * stride, stride);
  });
}

void writePngGray16(const std::string& path, int width, int height,
                    const std::vector<std::uint16_t>& values) {
  if (values.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) {
    throw IoError("cannot write '" + path + "': sample count does not match the size");
  }
  writePngFile(path, width, height, PngFormat::Gray16, [&](int y, std::uint8_t* out) {
    const std::uint16_t* src =
        values.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(width);
    for (int x = 0; x < width; ++x) {
      out[2 * x] = static_cast<std::uint8_t>(src[x] >> 8);  // PNG is big-endian
      out[2 * x + 1] = static_cast<std::uint8_t>(src[x] & 0xFF);
    }
  });
}

}  // namespace terrain
