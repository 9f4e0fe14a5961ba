// PNG reading and writing, and loading colour ramps from PNG files. Test
// images are encoded here at test time with libpng itself.
#include "core/io/png_io.hpp"

#include <png.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>

#include "core/base/error.hpp"
#include "core/look/color.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<std::uint8_t>;

// What to encode: rows already packed in the given layout.
struct RawPng {
  int width = 0;
  int height = 0;
  int bitDepth = 8;
  int colorType = PNG_COLOR_TYPE_RGB;
  int interlace = PNG_INTERLACE_NONE;
  std::vector<png_color> palette;
  Bytes rows;  // height rows of equal length
};

void appendBytes(png_structp png, png_bytep data, std::size_t length) {
  auto* out = static_cast<Bytes*>(png_get_io_ptr(png));
  out->insert(out->end(), data, data + length);
}

// Trivial locals only: libpng's longjmp must not skip destructors.
bool encodeInto(png_structp png, png_infop info, const RawPng& in, Bytes* out,
                png_bytepp rowPointers) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_write_fn(png, out, appendBytes, nullptr);
  png_set_IHDR(png, info, static_cast<png_uint_32>(in.width), static_cast<png_uint_32>(in.height),
               in.bitDepth, in.colorType, in.interlace, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  if (!in.palette.empty()) {
    png_set_PLTE(png, info, in.palette.data(), static_cast<int>(in.palette.size()));
  }
  png_write_info(png, info);
  png_write_image(png, rowPointers);
  png_write_end(png, info);
  return true;
}

Bytes encodePng(const RawPng& in) {
  Bytes out;
  const std::size_t stride = in.rows.size() / static_cast<std::size_t>(in.height);
  std::vector<png_bytep> rows;
  for (int y = 0; y < in.height; ++y) {
    rows.push_back(const_cast<png_bytep>(in.rows.data()) + static_cast<std::size_t>(y) * stride);
  }
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png_create_info_struct(png);
  const bool ok = encodeInto(png, info, in, &out, rows.data());
  png_destroy_write_struct(&png, &info);
  EXPECT_TRUE(ok) << "libpng could not encode the test image";
  return out;
}

std::uint32_t crc32(const std::uint8_t* data, std::size_t n) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) {
    crc ^= data[i];
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

void putBigEndian(Bytes& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(v >> shift));
}

void appendChunk(Bytes& out, const char* type, const Bytes& data) {
  putBigEndian(out, static_cast<std::uint32_t>(data.size()));
  Bytes body(type, type + 4);
  body.insert(body.end(), data.begin(), data.end());
  out.insert(out.end(), body.begin(), body.end());
  putBigEndian(out, crc32(body.data(), body.size()));
}

// A valid signature and IHDR (8-bit RGB) claiming any size, then an IDAT.
Bytes handMadeHeader(std::uint32_t width, std::uint32_t height) {
  Bytes out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  Bytes ihdr;
  putBigEndian(ihdr, width);
  putBigEndian(ihdr, height);
  ihdr.insert(ihdr.end(), {8, 2, 0, 0, 0});
  appendChunk(out, "IHDR", ihdr);
  appendChunk(out, "IDAT", Bytes(64, 0));
  appendChunk(out, "IEND", {});
  return out;
}

class PngFiles : public testing::ScratchDirTest {
 protected:
  std::string file(const std::string& name, const Bytes& bytes) const {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    return path;
  }
};

Rgb8 gradient(int i) {
  return {static_cast<std::uint8_t>(2 * i), static_cast<std::uint8_t>(255 - i),
          static_cast<std::uint8_t>(i % 7 * 30)};
}

// The article's 1x100 gradient: a column, read top to bottom.
Bytes rgbColumn(int n, int interlace = PNG_INTERLACE_NONE) {
  RawPng png{1, n, 8, PNG_COLOR_TYPE_RGB, interlace, {}, {}};
  for (int i = 0; i < n; ++i) {
    const Rgb8 c = gradient(i);
    png.rows.insert(png.rows.end(), {c.r, c.g, c.b});
  }
  return encodePng(png);
}

void expectStops(const ColorRamp& ramp, const std::vector<Rgb8>& expected, int tolerance = 0) {
  const auto table = ramp.landTable(static_cast<int>(expected.size()));
  ASSERT_EQ(table.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_NEAR(table[i].r, expected[i].r, tolerance) << "stop " << i;
    EXPECT_NEAR(table[i].g, expected[i].g, tolerance) << "stop " << i;
    EXPECT_NEAR(table[i].b, expected[i].b, tolerance) << "stop " << i;
  }
}

std::vector<Rgb8> gradientStops(int n) {
  std::vector<Rgb8> out;
  for (int i = 0; i < n; ++i) out.push_back(gradient(i));
  return out;
}

// Expects `call` to throw E whose message contains every one of `parts`.
template <typename E, typename F>
void expectRefused(F call, std::initializer_list<std::string> parts) {
  try {
    call();
    ADD_FAILURE() << "nothing thrown";
  } catch (const E& e) {
    for (const auto& part : parts) {
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos)
          << "'" << e.what() << "' lacks '" << part << "'";
    }
  }
}

TEST_F(PngFiles, RampFromTheArticlesOneByHundredGradientFirstPixelIsLowestLand) {
  const ColorRamp ramp = ColorRamp::fromPng(file("gradient.png", rgbColumn(100)));
  expectStops(ramp, gradientStops(100));
  EXPECT_TRUE(ramp.hasWater());  // water stops come from earth
  EXPECT_EQ(ramp.colorAt(0.3f, 0.3f), gradient(0));
  EXPECT_EQ(ramp.colorAt(1.0f, 0.3f), gradient(99));
  EXPECT_EQ(ramp.colorAt(0.1f, 0.3f), ColorRamp::earth().colorAt(0.1f, 0.3f));
}

TEST_F(PngFiles, RampFromAnInterlacedGradient) {
  const ColorRamp ramp = ColorRamp::fromPng(file("adam7.png", rgbColumn(40, PNG_INTERLACE_ADAM7)));
  expectStops(ramp, gradientStops(40));
}

TEST_F(PngFiles, RampFromAHundredByOnePalettePng) {
  RawPng png{100, 1, 8, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE, {}, {}};
  for (int i = 0; i < 100; ++i) {
    const Rgb8 c = gradient(i);
    png.palette.push_back({c.r, c.g, c.b});
    png.rows.push_back(static_cast<std::uint8_t>(99 - i));  // palette order differs from pixels
  }
  const ColorRamp ramp = ColorRamp::fromPng(file("palette.png", encodePng(png)));
  std::vector<Rgb8> expected;
  for (int i = 0; i < 100; ++i) expected.push_back(gradient(99 - i));
  expectStops(ramp, expected);
}

TEST_F(PngFiles, RampFromSixteenBitGreyScalesToEightBits) {
  RawPng png{1, 50, 16, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, {}, {}};
  std::vector<Rgb8> expected;
  for (int i = 0; i < 50; ++i) {
    const int v = i * 1337;
    png.rows.insert(png.rows.end(),
                    {static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v)});
    const auto g = static_cast<std::uint8_t>((v * 255 + 32767) / 65535);
    expected.push_back({g, g, g});
  }
  expectStops(ColorRamp::fromPng(file("grey16.png", encodePng(png))), expected, 1);
}

TEST_F(PngFiles, RampFromGreyWithAlphaDropsTheAlpha) {
  RawPng png{1, 10, 8, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_INTERLACE_NONE, {}, {}};
  std::vector<Rgb8> expected;
  for (int i = 0; i < 10; ++i) {
    const auto g = static_cast<std::uint8_t>(i * 25);
    png.rows.insert(png.rows.end(), {g, static_cast<std::uint8_t>(i * 20)});
    expected.push_back({g, g, g});
  }
  expectStops(ColorRamp::fromPng(file("grey_alpha.png", encodePng(png))), expected);
}

TEST_F(PngFiles, RampFromFourBitGrey) {
  RawPng png{16, 1, 4, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, {}, {}};
  std::vector<Rgb8> expected;
  for (int i = 0; i < 16; i += 2) png.rows.push_back(static_cast<std::uint8_t>(i << 4 | (i + 1)));
  for (int i = 0; i < 16; ++i) {
    const auto g = static_cast<std::uint8_t>(i * 17);
    expected.push_back({g, g, g});
  }
  expectStops(ColorRamp::fromPng(file("grey4.png", encodePng(png))), expected);
}

TEST_F(PngFiles, RefusesMissingEmptyAndNonPngFiles) {
  const std::string missing = path("missing.png");
  expectRefused<IoError>([&] { ColorRamp::fromPng(missing); }, {missing, "No such file"});
  const std::string empty = file("empty.png", {});
  expectRefused<InputError>([&] { ColorRamp::fromPng(empty); }, {empty, "empty"});
  const std::string text =
      file("text.png", Bytes{'h', 'e', 'l', 'l', 'o', '\n', 'w', 'o', 'r', 'l', 'd'});
  expectRefused<InputError>([&] { ColorRamp::fromPng(text); }, {text, "not a PNG"});
  expectRefused<IoError>([&] { ColorRamp::fromPng(dir_.string()); }, {dir_.string()});
}

TEST_F(PngFiles, RefusesEitherHalfOfAValidFile) {
  const Bytes valid = rgbColumn(100);
  const std::size_t half = valid.size() / 2;
  const std::string head =
      file("head.png", Bytes(valid.begin(), valid.begin() + static_cast<std::ptrdiff_t>(half)));
  expectRefused<InputError>([&] { ColorRamp::fromPng(head); }, {head, "truncated"});
  const std::string tail =
      file("tail.png", Bytes(valid.begin() + static_cast<std::ptrdiff_t>(half), valid.end()));
  expectRefused<InputError>([&] { ColorRamp::fromPng(tail); }, {tail, "not a PNG"});
  // Every prefix that cuts into the pixel data fails cleanly too (the
  // trailing 12-byte IEND chunk carries nothing the ramp needs).
  for (std::size_t n = 1; n < valid.size() - 12; n += 3) {
    EXPECT_THROW(ColorRamp::fromPngData({valid.data(), n}, "prefix"), InputError) << n;
  }
}

TEST_F(PngFiles, RefusesAFlippedCrcByte) {
  Bytes bytes = rgbColumn(100);
  bytes[29] ^= 0xFF;  // the IHDR's CRC: 8 signature + 4 length + 4 type + 13 data
  const std::string bad = file("crc.png", bytes);
  expectRefused<InputError>([&] { ColorRamp::fromPng(bad); }, {bad, "CRC"});
}

TEST_F(PngFiles, RefusesShapesThatAreNotOneByN) {
  RawPng square{2, 2, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, {}, Bytes(12, 100)};
  const std::string twoByTwo = file("2x2.png", encodePng(square));
  expectRefused<InputError>([&] { ColorRamp::fromPng(twoByTwo); }, {twoByTwo, "2x2", "1xN"});
  RawPng single{1, 1, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, {}, Bytes(3, 100)};
  const std::string oneByOne = file("1x1.png", encodePng(single));
  expectRefused<InputError>([&] { ColorRamp::fromPng(oneByOne); }, {oneByOne, "2 to 65536"});
}

// The process's peak resident KiB since the last resetPeakRss(): the tests
// share a process with others (ctest runs them in shards), whose peaks
// would otherwise hide ours.
long statusKiB(const std::string& key) {
  std::ifstream status("/proc/self/status");
  std::string word;
  while (status >> word)
    if (word == key + ":") {
      long kib = 0;
      status >> kib;
      return kib;
    }
  return 0;
}

long resetPeakRss() {
  std::ofstream("/proc/self/clear_refs") << "5";  // VmHWM := VmRSS
  return statusKiB("VmRSS");
}

long maxRssKiB() {
  return statusKiB("VmHWM");
}

TEST_F(PngFiles, RefusesAbsurdHeaderSizesBeforeAllocating) {
  const long before = resetPeakRss();
  const std::string huge = file("huge.png", handMadeHeader(100000, 100000));  // 30 GB of RGB
  expectRefused<InputError>([&] { ColorRamp::fromPng(huge); }, {huge, "100000x100000"});
  expectRefused<InputError>([&] { readPngRgb8(huge); }, {huge, "100000x100000", "pixels"});
  const std::string tall = file("tall.png", handMadeHeader(1, 100000));
  expectRefused<InputError>([&] { ColorRamp::fromPng(tall); }, {tall, "100000"});
  const std::string wide = file("wide.png", handMadeHeader(0x7FFFFFFF, 1));
  EXPECT_THROW(ColorRamp::fromPng(wide), InputError);
  EXPECT_LT(maxRssKiB() - before, 64 * 1024) << "a refused header made us allocate";
}

TEST_F(PngFiles, SurvivesRandomCorruption) {
  const Bytes valid = rgbColumn(100);
  std::mt19937 rng(12345);
  int refused = 0;
  for (int round = 0; round < 3000; ++round) {
    Bytes bytes = valid;
    const int flips = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < flips; ++i)
      bytes[rng() % bytes.size()] ^= static_cast<std::uint8_t>(1 + rng() % 255);
    try {
      const ColorRamp ramp = ColorRamp::fromPngData(bytes, "mutant");
      EXPECT_GE(ramp.landTable(2).size(), 2u);
    } catch (const InputError&) {
      ++refused;
    }
  }
  EXPECT_GT(refused, 2000);  // CRCs catch nearly every flip
}

TEST_F(PngFiles, SixteenBitGreyRoundTripIsExact) {
  const int w = 37;
  const int h = 5;
  std::vector<std::uint16_t> values;
  for (int i = 0; i < w * h; ++i) values.push_back(static_cast<std::uint16_t>(i * 353 % 65536));
  values[0] = 0;
  values[1] = 65535;
  const std::string out = path("grey16.png");
  writePngGray16(out, w, h, values);
  const Gray16Image back = readPngGray16(out);
  EXPECT_EQ(back.width, w);
  EXPECT_EQ(back.height, h);
  EXPECT_EQ(back.pixels, values);
}

TEST_F(PngFiles, RgbRoundTripIsExactThroughLibpngsOwnReader) {
  RgbImage image(23, 11);
  for (std::size_t i = 0; i < image.pixels.size(); ++i)
    image.pixels[i] = static_cast<std::uint8_t>(i * 7);
  const std::string out = path("rgb.png");
  writePngRgb8(out, image);
  EXPECT_EQ(readPngRgb8(out).pixels, image.pixels);

  png_image decoded{};  // libpng's simplified API, independent of our reader
  decoded.version = PNG_IMAGE_VERSION;
  ASSERT_NE(png_image_begin_read_from_file(&decoded, out.c_str()), 0) << decoded.message;
  decoded.format = PNG_FORMAT_RGB;
  std::vector<std::uint8_t> pixels(PNG_IMAGE_SIZE(decoded));
  ASSERT_NE(png_image_finish_read(&decoded, nullptr, pixels.data(), 0, nullptr), 0)
      << decoded.message;
  EXPECT_EQ(decoded.width, 23u);
  EXPECT_EQ(decoded.height, 11u);
  EXPECT_EQ(pixels, image.pixels);
}

TEST_F(PngFiles, ReadingSixteenBitGreyRefusesOtherLayouts) {
  RgbImage image(4, 4);
  const std::string out = path("rgb.png");
  writePngRgb8(out, image);
  expectRefused<InputError>([&] { readPngGray16(out); }, {out, "16-bit"});
}

}  // namespace
}  // namespace terrain
