#include "core/io/png_io.hpp"

#include <png.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "core/base/error.hpp"
#include "core/io/input_file.hpp"

// libpng reports errors by longjmp. Every setjmp below sits in a small
// function whose locals are trivial (nothing to destroy, nothing modified
// after setjmp), so the jump never skips a destructor; the C++ callers own
// the libpng structures and the FILE through RAII and throw afterwards.

namespace terrain {
namespace {

constexpr std::size_t kMessageSize = 256;
// Largest ancillary chunk libpng may allocate (iCCP, zTXt, ...): a hostile
// file cannot make us allocate more than this outside the checked pixels.
constexpr png_alloc_size_t kChunkMallocMax = 8u << 20;

// Keeps the first message: the read/write callbacks set a precise one
// before calling png_error, whose generic text is then ignored.
void setMessage(char (&buffer)[kMessageSize], const char* message) {
  if (buffer[0] == '\0') std::snprintf(buffer, kMessageSize, "%s", message ? message : "");
}

struct PngReadState {
  png_structp png = nullptr;
  png_infop info = nullptr;
  std::FILE* file = nullptr;       // the source: a file ...
  const png_byte* data = nullptr;  // ... or bytes in memory
  std::size_t size = 0;
  std::size_t offset = 0;
  char message[kMessageSize] = {};

  // Up to n bytes into out; sets message (errno) and returns less on failure.
  std::size_t read(png_bytep out, std::size_t n) {
    if (file == nullptr) {
      const std::size_t got = std::min(n, size - offset);
      if (got > 0) std::memcpy(out, data + offset, got);
      offset += got;
      return got;
    }
    const std::size_t got = std::fread(out, 1, n, file);
    if (got < n && std::ferror(file)) {
      std::snprintf(message, kMessageSize, "read error: %s", std::strerror(errno));
    }
    return got;
  }

  PngReadState() = default;
  PngReadState(const PngReadState&) = delete;
  PngReadState& operator=(const PngReadState&) = delete;
  ~PngReadState() {
    if (png != nullptr) png_destroy_read_struct(&png, info != nullptr ? &info : nullptr, nullptr);
    if (file != nullptr) std::fclose(file);
  }
};

void readStateError(png_structp png, png_const_charp message) {
  auto* state = static_cast<PngReadState*>(png_get_error_ptr(png));
  setMessage(state->message, message);
  png_longjmp(png, 1);
}

void ignoreWarning(png_structp /*png*/, png_const_charp /*message*/) {}

void readFromFile(png_structp png, png_bytep data, std::size_t length) {
  auto* state = static_cast<PngReadState*>(png_get_io_ptr(png));
  if (state->read(data, length) != length) {
    setMessage(state->message, "the file is truncated");
    png_error(png, "read failed");
  }
}

// libpng's own default cap on a side when reading; ramps keep it.
constexpr png_uint_32 kDefaultReadSide = 1000000;
// The PNG format's largest side (2^31 - 1).
constexpr png_uint_32 kPngMaxSide = 0x7fffffff;

// The per-side limit for reading an image of at most maxPixels: libpng's
// default, raised for callers that accept larger images (a 2^24+1-sample
// profile read back), never past what PNG allows. The pixel count itself is
// checked after the header (openPng).
png_uint_32 readSideLimit(std::int64_t maxPixels) {
  if (maxPixels <= kDefaultReadSide) return kDefaultReadSide;
  return static_cast<png_uint_32>(std::min<std::int64_t>(maxPixels, kPngMaxSide));
}

// Header stage. rgb8: ask libpng to convert any layout to 8-bit RGB(A).
bool readInfo(PngReadState& state, bool rgb8, png_uint_32 sideLimit) {
  if (setjmp(png_jmpbuf(state.png))) return false;
  png_set_read_fn(state.png, &state, readFromFile);
  png_set_user_limits(state.png, sideLimit, sideLimit);
  png_set_sig_bytes(state.png, 8);
  png_set_chunk_malloc_max(state.png, kChunkMallocMax);
  // Debian's libpng 1.6.39 allocates a text/ICC/eXIf/sPLT chunk's claimed
  // length (up to 2 GiB) before reading it, despite the limit above; skip
  // every ancillary chunk but tRNS (none changes our pixels).
  png_set_keep_unknown_chunks(state.png, PNG_HANDLE_CHUNK_NEVER, nullptr, -1);
  png_read_info(state.png, state.info);
  if (rgb8) {
    const png_byte type = png_get_color_type(state.png, state.info);
    const png_byte depth = png_get_bit_depth(state.png, state.info);
    if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(state.png);
    if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(state.png);
    if (depth == 16) png_set_scale_16(state.png);
    if ((type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(state.png);
    png_set_strip_alpha(state.png);
  }
  png_set_interlace_handling(state.png);
  png_read_update_info(state.png, state.info);
  return true;
}

bool readRows(PngReadState& state, png_bytepp rows) {
  if (setjmp(png_jmpbuf(state.png))) return false;
  png_read_image(state.png, rows);
  return true;
}

[[noreturn]] void failRead(const std::string& path, const PngReadState& state) {
  throw InputError("'" + path + "' is not a usable PNG: " + state.message);
}

struct PngLayout {
  int width = 0;
  int height = 0;
  int channels = 0;
  int bitDepth = 0;
  png_byte colorType = 0;
  std::size_t rowBytes = 0;
};

// Opens a regular file as the state's source (a FIFO or device is refused,
// never waited on); throws IoError.
void openFile(PngReadState& state, const std::string& path) {
  state.file = openRegularFile(path).release();
}

// Checks the source's signature and reads the header. On return the state
// holds a libpng reader positioned at the first row.
PngLayout openPng(PngReadState& state, const std::string& path, bool rgb8, std::int64_t maxPixels) {
  png_byte signature[8] = {};
  const std::size_t got = state.read(signature, sizeof signature);
  if (state.message[0] != '\0') throw IoError("cannot read '" + path + "': " + state.message);
  if (got == 0) throw InputError("'" + path + "' is empty, not a PNG file");
  if (got < sizeof signature || png_sig_cmp(signature, 0, sizeof signature) != 0) {
    throw InputError("'" + path + "' is not a PNG file (wrong signature)");
  }
  state.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, readStateError, ignoreWarning);
  if (state.png != nullptr) state.info = png_create_info_struct(state.png);
  if (state.png == nullptr || state.info == nullptr) {
    throw IoError("cannot read '" + path + "': libpng could not start (out of memory)");
  }
  if (!readInfo(state, rgb8, readSideLimit(maxPixels))) failRead(path, state);

  PngLayout layout;
  layout.width = static_cast<int>(png_get_image_width(state.png, state.info));
  layout.height = static_cast<int>(png_get_image_height(state.png, state.info));
  layout.channels = png_get_channels(state.png, state.info);
  layout.bitDepth = png_get_bit_depth(state.png, state.info);
  layout.colorType = png_get_color_type(state.png, state.info);
  layout.rowBytes = png_get_rowbytes(state.png, state.info);
  // libpng already refuses sides over 1,000,000 and zero sides; the product
  // is checked here, before anything of that size is allocated.
  const auto pixels = static_cast<std::int64_t>(layout.width) * layout.height;
  if (layout.width <= 0 || layout.height <= 0 || pixels > maxPixels) {
    throw InputError("'" + path + "' is " + std::to_string(layout.width) + "x" +
                     std::to_string(layout.height) + " pixels; at most " +
                     std::to_string(maxPixels) + " pixels are accepted");
  }
  return layout;
}

// Reads every row into one buffer of height * rowBytes bytes.
std::vector<png_byte> readAllRows(PngReadState& state, const std::string& path,
                                  const PngLayout& layout) {
  std::vector<png_byte> bytes(layout.rowBytes * static_cast<std::size_t>(layout.height));
  std::vector<png_bytep> rows(static_cast<std::size_t>(layout.height));
  for (std::size_t y = 0; y < rows.size(); ++y) rows[y] = bytes.data() + y * layout.rowBytes;
  if (!readRows(state, rows.data())) failRead(path, state);
  return bytes;
}

}  // namespace

namespace {

RgbImage readRgb8(PngReadState& state, const std::string& path, const PngSizeCheck& check,
                  std::int64_t maxPixels) {
  const PngLayout layout = openPng(state, path, true, maxPixels);
  if (check) check(layout.width, layout.height);
  const auto channels = static_cast<std::size_t>(layout.channels);
  if (layout.bitDepth != 8 || (channels != 3 && channels != 4) ||
      layout.rowBytes != channels * static_cast<std::size_t>(layout.width)) {
    throw InputError("'" + path + "' has a PNG layout that could not be converted to 8-bit RGB");
  }
  const std::vector<png_byte> bytes = readAllRows(state, path, layout);
  RgbImage image(layout.width, layout.height);
  const std::size_t pixels = image.pixels.size() / 3;
  for (std::size_t i = 0; i < pixels; ++i) {
    for (std::size_t c = 0; c < 3; ++c) image.pixels[3 * i + c] = bytes[channels * i + c];
  }
  return image;
}

}  // namespace

RgbImage readPngRgb8(const std::string& path, const PngSizeCheck& check, std::int64_t maxPixels) {
  PngReadState state;
  openFile(state, path);
  return readRgb8(state, path, check, maxPixels);
}

RgbImage readPngRgb8(std::span<const std::uint8_t> bytes, const std::string& name,
                     const PngSizeCheck& check, std::int64_t maxPixels) {
  PngReadState state;
  state.data = bytes.data();
  state.size = bytes.size();
  return readRgb8(state, name, check, maxPixels);
}

Gray16Image readPngGray16(const std::string& path, std::int64_t maxPixels) {
  PngReadState state;
  openFile(state, path);
  const PngLayout layout = openPng(state, path, false, maxPixels);
  if (layout.colorType != PNG_COLOR_TYPE_GRAY || layout.bitDepth != 16) {
    throw InputError("'" + path + "' is not a 16-bit greyscale PNG");
  }
  const std::vector<png_byte> bytes = readAllRows(state, path, layout);
  Gray16Image image;
  image.width = layout.width;
  image.height = layout.height;
  image.pixels.resize(bytes.size() / 2);
  for (std::size_t i = 0; i < image.pixels.size(); ++i) {
    image.pixels[i] = static_cast<std::uint16_t>((bytes[2 * i] << 8) | bytes[2 * i + 1]);
  }
  return image;
}

}  // namespace terrain
