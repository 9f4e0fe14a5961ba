#pragma once
// PNG reading and writing with libpng. Every libpng error is caught (its
// longjmp never crosses a C++ frame with destructors) and turned into an
// IoError / InputError naming the file, with nothing leaked.
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/color.hpp"

namespace terrain {

enum class PngFormat : std::uint8_t {
  Gray16,  // 16-bit greyscale; rows are big-endian (PNG byte order)
  Rgb8,    // 8-bit RGB
};

int pngBytesPerPixel(PngFormat format);

// Streams one image row by row into an open stream (typically an
// AtomicFile's), so no whole-image buffer is needed. `path` only names the
// file in messages. Throws IoError on any libpng or write failure.
class PngRowWriter {
 public:
  PngRowWriter(std::FILE* stream, const std::string& path, int width, int height, PngFormat format);
  ~PngRowWriter();
  PngRowWriter(const PngRowWriter&) = delete;
  PngRowWriter& operator=(const PngRowWriter&) = delete;

  // width * pngBytesPerPixel(format) bytes; exactly `height` rows, top first.
  void writeRow(const std::uint8_t* row);
  // Writes the end of the file; call after the last row.
  void finish();

  struct State;  // libpng structures and the error text (opaque)

 private:
  std::unique_ptr<State> state_;
  int rowsLeft_;
};

// Whole-image writers (atomic: see core/atomic_file.hpp).
void writePngRgb8(const std::string& path, const RgbImage& image);
// `values` holds width * height samples, row-major.
void writePngGray16(const std::string& path, int width, int height,
                    const std::vector<std::uint16_t>& values);

// Called with the header's size before any pixel memory is allocated; throw
// InputError to refuse it.
using PngSizeCheck = std::function<void(int width, int height)>;

// Reads any PNG (palette, grey, grey + alpha, RGB, RGBA; 1 to 16 bits;
// interlaced or not) as 8-bit RGB, dropping alpha. Refuses images over
// maxPixels before allocating. Throws IoError (cannot open or read) or
// InputError (not a PNG, truncated, corrupt, refused size).
RgbImage readPngRgb8(const std::string& path, const PngSizeCheck& check = {},
                     std::int64_t maxPixels = std::int64_t{1} << 28);

// The same from bytes in memory (fuzzers, embedded files); `name` names
// the data in messages.
RgbImage readPngRgb8(std::span<const std::uint8_t> bytes, const std::string& name,
                     const PngSizeCheck& check = {},
                     std::int64_t maxPixels = std::int64_t{1} << 28);

struct Gray16Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint16_t> pixels;  // row-major
};

// Reads a 16-bit greyscale PNG exactly (no conversion); other formats are
// refused. For tests and tools that check written heightmaps.
Gray16Image readPngGray16(const std::string& path, std::int64_t maxPixels = std::int64_t{1} << 28);

}  // namespace terrain
