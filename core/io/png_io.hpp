#pragma once
// PNG reading with libpng, writing with our own encoder. Every libpng error
// is caught (its longjmp never crosses a C++ frame with destructors) and
// turned into an IoError / InputError naming the file, with nothing leaked.
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/base/parallel.hpp"
#include "core/base/rgb_image.hpp"

namespace terrain {

class AtomicFile;

enum class PngFormat : std::uint8_t {
  Gray16,  // 16-bit greyscale; rows are big-endian (PNG byte order)
  Rgb8,    // 8-bit RGB
  Rgb16,   // 16-bit RGB, big-endian
  Gray8,   // 8-bit greyscale (masks)
  Rgba8,   // 8-bit RGBA (splat weights)
};

int pngBytesPerPixel(PngFormat format);

// Makes row y (top first) into `out`: width * pngBytesPerPixel bytes in PNG
// byte order (16-bit samples big-endian). Called from several threads at
// once for different rows, and may be asked for a row twice (a band's
// filter reads the row above it).
using PngRowSource = std::function<void(int y, std::uint8_t* out)>;

// Writes a whole PNG into `file` (core/io/png_write.cpp: our own chunks and a
// fast deflate in bands of rows, in parallel; the bytes are the same for
// every thread count). Throws IoError naming the file.
void writePng(AtomicFile& file, int width, int height, PngFormat format, const PngRowSource& source,
              const Execution& exec = {});
// The same, atomically to `path` (see core/io/atomic_file.hpp).
void writePngFile(const std::string& path, int width, int height, PngFormat format,
                  const PngRowSource& source, const Execution& exec = {});

// Whole-image writers (atomic).
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
