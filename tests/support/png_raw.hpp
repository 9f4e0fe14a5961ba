#pragma once
// Reads any non-interlaced PNG's samples exactly as stored (no conversion),
// with libpng itself: the independent reader tests check our writer with.
#include <png.h>

#include <cstdio>
#include <string>
#include <vector>

namespace terrain::testing {

struct RawPngImage {
  int width = 0;
  int height = 0;
  int bitDepth = 0;
  int colorType = 0;
  std::vector<std::uint8_t> bytes;  // rows as stored: 16-bit samples big-endian

  // Sample c of pixel (x, y), 8 or 16 bits.
  unsigned sample(int x, int y, int c) const {
    const int channels = colorType == PNG_COLOR_TYPE_RGB_ALPHA ? 4
                         : colorType == PNG_COLOR_TYPE_RGB     ? 3
                                                               : 1;
    const std::size_t bytesPer = bitDepth == 16 ? 2 : 1;
    const std::size_t i = ((static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                            static_cast<std::size_t>(x)) *
                               static_cast<std::size_t>(channels) +
                           static_cast<std::size_t>(c)) *
                          bytesPer;
    return bytesPer == 2 ? (unsigned{bytes[i]} << 8) | bytes[i + 1] : bytes[i];
  }
};

// Trivial locals only: libpng's longjmp must not skip destructors.
inline bool readRawRows(png_structp png, png_infop info, std::FILE* file, RawPngImage* out,
                        std::vector<png_bytep>* rows) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_init_io(png, file);
  png_read_info(png, info);
  out->width = static_cast<int>(png_get_image_width(png, info));
  out->height = static_cast<int>(png_get_image_height(png, info));
  out->bitDepth = png_get_bit_depth(png, info);
  out->colorType = png_get_color_type(png, info);
  const std::size_t stride = png_get_rowbytes(png, info);
  out->bytes.resize(stride * static_cast<std::size_t>(out->height));
  rows->resize(static_cast<std::size_t>(out->height));
  for (std::size_t y = 0; y < rows->size(); ++y) (*rows)[y] = out->bytes.data() + y * stride;
  png_read_image(png, rows->data());
  png_read_end(png, nullptr);
  return true;
}

// Empty image (width 0) when the file is missing or libpng refuses it.
inline RawPngImage readRawPng(const std::string& path) {
  RawPngImage image;
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) return image;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png_create_info_struct(png);
  std::vector<png_bytep> rows;
  if (!readRawRows(png, info, file, &image, &rows)) image = RawPngImage{};
  png_destroy_read_struct(&png, &info, nullptr);
  std::fclose(file);
  return image;
}

}  // namespace terrain::testing
