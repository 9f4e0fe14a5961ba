// Our PNG writer (core/io/png_write.cpp) and its deflate encoder
// (core/io/deflate.cpp), judged by independent decoders: libdeflate's inflate
// for the compressed stream, libpng (zlib) for whole files.
#include <libdeflate.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>

#include "core/export/heightmap_files.hpp"
#include "core/export/normals.hpp"
#include "core/io/deflate.hpp"
#include "core/io/png_io.hpp"
#include "core/look/image.hpp"
#include "tests/support/files.hpp"
#include "tests/support/png_raw.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using testing::readAll;
using Bytes = std::vector<std::uint8_t>;

Bytes inflateWithLibdeflate(const Bytes& compressed, std::size_t expectedSize) {
  libdeflate_decompressor* d = libdeflate_alloc_decompressor();
  Bytes out(expectedSize + 16);
  std::size_t got = 0;
  const auto result = libdeflate_deflate_decompress(d, compressed.data(), compressed.size(),
                                                    out.data(), out.size(), &got);
  libdeflate_free_decompressor(d);
  if (result != LIBDEFLATE_SUCCESS) return {};
  out.resize(got);
  return out;
}

// Bands of every kind: noise, long runs, one byte, every byte value.
std::vector<Bytes> sampleBands() {
  std::mt19937 rng(7);
  Bytes noise(100000);
  for (auto& b : noise) b = static_cast<std::uint8_t>(rng());
  Bytes runs;
  for (int i = 0; i < 300; ++i)
    runs.insert(runs.end(), static_cast<std::size_t>(i % 17 + 1) * 40,
                static_cast<std::uint8_t>(i % 3));
  Bytes skewed(50000, 0);  // a filtered smooth row: mostly 0, rarely anything else
  for (std::size_t i = 0; i < skewed.size(); i += 997) skewed[i] = static_cast<std::uint8_t>(i);
  Bytes all(256);
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<std::uint8_t>(i);
  return {noise, runs, Bytes{42}, skewed, all, Bytes(1000, 9)};
}

TEST(Deflate, BandsJoinedBySyncFlushesInflateToTheirConcatenation) {
  const std::vector<Bytes> bands = sampleBands();
  Bytes stream;
  Bytes expected;
  for (std::size_t i = 0; i < bands.size(); ++i) {
    deflateBand(bands[i], i + 1 == bands.size(), stream);
    expected.insert(expected.end(), bands[i].begin(), bands[i].end());
  }
  EXPECT_EQ(inflateWithLibdeflate(stream, expected.size()), expected);
  for (const Bytes& band : bands) {  // each alone, as the last band
    Bytes one;
    deflateBand(band, true, one);
    EXPECT_EQ(inflateWithLibdeflate(one, band.size()), band);
  }
}

TEST(Deflate, RunsCompressAndNoiseBarelyGrows) {
  Bytes zeros(1 << 20, 0);
  Bytes out;
  deflateBand(zeros, true, out);
  EXPECT_LT(out.size(), zeros.size() / 100);  // runs of 258: a few bits each
  std::mt19937 rng(3);
  Bytes noise(1 << 20);
  for (auto& b : noise) b = static_cast<std::uint8_t>(rng());
  out.clear();
  deflateBand(noise, true, out);
  EXPECT_LT(out.size(), noise.size() + noise.size() / 50);
}

TEST(Deflate, HuffmanLengthsStayWithinTheLimitAndFormACompleteCode) {
  // Fibonacci frequencies make an unlimited Huffman tree as deep as it gets.
  std::vector<std::uint32_t> freq(30);
  freq[0] = freq[1] = 1;
  for (std::size_t i = 2; i < freq.size(); ++i) freq[i] = freq[i - 1] + freq[i - 2];
  for (int limit : {7, 15}) {
    const auto lengths = huffmanCodeLengths(freq, limit);
    double kraft = 0.0;
    for (auto l : lengths) {
      ASSERT_GE(l, 1);
      ASSERT_LE(l, limit);
      kraft += std::ldexp(1.0, -l);
    }
    EXPECT_DOUBLE_EQ(kraft, 1.0) << limit;
  }
  const std::vector<std::uint32_t> single = {0, 0, 5, 0};
  const auto one = huffmanCodeLengths(single, 15);  // still a complete code
  EXPECT_EQ(one[2], 1);
  EXPECT_EQ(one[0], 1);
}

class PngWrite : public testing::ScratchDirTest {};

// Smooth with noise on top, like terrain; 19 bands of 64 rows: more than
// one batch of bands in flight.
Heightfield terrainLike(int w, int h) {
  Heightfield field(w, h);
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> jitter(-0.002f, 0.002f);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const float smooth = 0.5f + 0.3f * std::sin(0.01f * static_cast<float>(x)) *
                                      std::cos(0.013f * static_cast<float>(y));
      field.at(x, y) = y > h / 2 && x < w / 3 ? 0.25f : smooth + jitter(rng);  // a flat sea
    }
  }
  return field;
}

TEST_F(PngWrite, AManyBandHeightmapReadsBackExactlyThroughLibpng) {
  const Heightfield field = terrainLike(2000, 1200);
  writeHeightmapPng(path("h.png"), field, Execution{2});
  const Gray16Image back = readPngGray16(path("h.png"));
  ASSERT_EQ(back.width, 2000);
  ASSERT_EQ(back.height, 1200);
  for (std::size_t i = 0; i < field.size(); ++i) {
    ASSERT_EQ(back.pixels[i], heightToGray16(field.heights[i])) << i;
  }
}

TEST_F(PngWrite, TheBytesAreTheSameForOneAndTwoThreads) {
  const Heightfield field = terrainLike(1500, 900);
  writeHeightmapPng(path("h1.png"), field, Execution{1});
  writeHeightmapPng(path("h2.png"), field, Execution{2});
  EXPECT_EQ(readAll(path("h1.png")), readAll(path("h2.png")));
  writeMapPng(path("m1.png"), field, ColorRamp::earth(), 0.3f, true, Execution{1});
  writeMapPng(path("m2.png"), field, ColorRamp::earth(), 0.3f, true, Execution{2});
  EXPECT_EQ(readAll(path("m1.png")), readAll(path("m2.png")));
}

TEST_F(PngWrite, SixteenBitRgbRowsReadBackAsStored) {
  const int w = 300;
  const int h = 70;
  writePngFile(path("rgb16.png"), w, h, PngFormat::Rgb16, [&](int y, std::uint8_t* out) {
    for (int i = 0; i < w * 6; ++i) out[i] = static_cast<std::uint8_t>(i * 7 + y * 13);
  });
  const testing::RawPngImage back = testing::readRawPng(path("rgb16.png"));
  ASSERT_EQ(back.width, w);
  ASSERT_EQ(back.height, h);
  EXPECT_EQ(back.bitDepth, 16);
  EXPECT_EQ(back.colorType, PNG_COLOR_TYPE_RGB);
  for (int y = 0; y < h; ++y) {
    for (int i = 0; i < w * 6; ++i) {
      ASSERT_EQ(back.bytes[static_cast<std::size_t>(y * w * 6 + i)],
                static_cast<std::uint8_t>(i * 7 + y * 13));
    }
  }
}

// A second independent decoder: Pillow (Debian's python3-pil) sums every
// sample of the heightmap and the colour map; the normal map (48-bit,
// which Pillow narrows) must at least decode whole.
TEST_F(PngWrite, PillowDecodesWhatWeWrite) {
  constexpr const char* kPython = "/usr/bin/python3";
  if (std::system((std::string(kPython) + " -c 'import PIL' 2>/dev/null").c_str()) != 0) {
    GTEST_SKIP() << "Pillow is not installed (Debian: python3-pil)";
  }
  const Heightfield field = terrainLike(700, 300);
  writeHeightmapPng(path("h.png"), field, Execution{2});
  writeMapPng(path("c.png"), field, ColorRamp::earth(), 0.3f, true, Execution{2});
  writeNormalMapPng(path("n.png"), field, World{}, 16, NormalConvention::OpenGl, Execution{2});
  std::ofstream(path("check.py"))
      << "import sys\nfrom PIL import Image\n"
         "for name in sys.argv[1:]:\n"
         "    im = Image.open(name)\n"
         "    im.load()\n"
         "    bands = [sum(b.getdata()) for b in im.split()] if im.mode == 'RGB' "
         "else [sum(im.getdata())]\n"
         "    print(im.mode, im.size[0], im.size[1], *bands)\n";
  const std::string command = std::string(kPython) + " " + path("check.py") + " " + path("h.png") +
                              " " + path("c.png") + " " + path("n.png") + " > " + path("out.txt");
  ASSERT_EQ(std::system(command.c_str()), 0);
  std::ifstream out(path("out.txt"));
  std::string mode;
  int w = 0;
  int h = 0;
  long long grey = 0;
  out >> mode >> w >> h >> grey;
  EXPECT_TRUE(mode == "I" || mode == "I;16") << mode;  // 16-bit grey, by Pillow's version
  EXPECT_EQ(w, 700);
  EXPECT_EQ(h, 300);
  long long expectedGrey = 0;
  for (float v : field.heights) expectedGrey += heightToGray16(v);
  EXPECT_EQ(grey, expectedGrey);
  long long rgb[3] = {};
  out >> mode >> w >> h >> rgb[0] >> rgb[1] >> rgb[2];
  EXPECT_EQ(mode, "RGB");
  const RgbImage colour = renderMapImage(field, ColorRamp::earth(), 0.3f, true);
  long long expectedRgb[3] = {};
  for (std::size_t i = 0; i < colour.pixels.size(); ++i) expectedRgb[i % 3] += colour.pixels[i];
  for (int c = 0; c < 3; ++c) EXPECT_EQ(rgb[c], expectedRgb[c]) << c;
  out >> mode >> w >> h;
  EXPECT_EQ(w, 700) << "the normal map did not decode";
  EXPECT_EQ(h, 300);
}

TEST(Export, SixteenBitRoundingIsLroundsWithoutTheLibraryCall) {
  for (std::uint32_t i = 0; i <= 2000000; ++i) {
    const float h = static_cast<float>(i) / 2000000.0f;
    ASSERT_EQ(heightToGray16(h), std::lround(h * 65535.0f)) << h;
  }
  for (std::uint16_t v = 0; v < 65535; ++v) {  // exact halves round up
    const float half = (static_cast<float>(v) + 0.5f) / 65535.0f;
    ASSERT_EQ(heightToGray16(half), std::lround(half * 65535.0f)) << v;
  }
}

}  // namespace
}  // namespace terrain
