// Export writers and atomic replacement: what lands on disk, and that a
// failed write leaves nothing behind and nothing broken.
#include "core/export/heightmap_files.hpp"

#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/base/error.hpp"
#include "core/export/exr.hpp"
#include "core/export/normals.hpp"
#include "core/export/raw16.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/png_io.hpp"
#include "core/look/image.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

using terrain::testing::readAll;

void writeText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

Heightfield noise(int w, int h) {
  Heightfield field(w, h);
  std::uint32_t state = 2463534242u;
  for (float& v : field.heights) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    v = static_cast<float>(state % 100000) / 99999.0f;
  }
  return field;
}

class ExportFiles : public testing::ScratchDirTest {};

TEST(Export, HeightsMapToSixteenBitsRounded) {
  EXPECT_EQ(heightToGray16(0.0f), 0);
  EXPECT_EQ(heightToGray16(1.0f), 65535);
  EXPECT_EQ(heightToGray16(0.5f), 32768);  // 32767.5 rounds up
  EXPECT_EQ(heightToGray16(-1.0f), 0);
  EXPECT_EQ(heightToGray16(2.0f), 65535);
  EXPECT_EQ(heightToGray16(std::nanf("")), 0);
}

TEST_F(ExportFiles, HeightmapPngHoldsEveryHeightToSixteenBits) {
  const Heightfield field = noise(67, 45);
  const std::string out = path("height.png");
  writeHeightmapPng(out, field);
  const Gray16Image back = readPngGray16(out);
  ASSERT_EQ(back.width, 67);
  ASSERT_EQ(back.height, 45);
  for (std::size_t i = 0; i < field.size(); ++i) {
    ASSERT_EQ(back.pixels[i], heightToGray16(field.heights[i])) << i;
  }
}

TEST_F(ExportFiles, AProfileIsOneRowTall) {
  const Heightfield profile = noise(513, 1);
  const std::string out = path("profile.png");
  writeHeightmapPng(out, profile);
  const Gray16Image back = readPngGray16(out);
  EXPECT_EQ(back.width, 513);
  EXPECT_EQ(back.height, 1);
}

TEST_F(ExportFiles, StreamedMapPngEqualsTheInMemoryImage) {
  const Heightfield field = noise(300, 170);  // more than one band of rows
  const std::string out = path("map.png");
  writeMapPng(out, field, ColorRamp::earth(), 0.3f, true);
  EXPECT_EQ(readPngRgb8(out).pixels, renderMapImage(field, ColorRamp::earth(), 0.3f, true).pixels);
}

TEST_F(ExportFiles, StreamedSideViewEqualsTheInMemoryImage) {
  const Heightfield profile = noise(129, 1);
  const std::string out = path("side.png");
  writeSideViewPng(out, profile, ColorRamp::earth(), 0.4f, 640, 200);
  const RgbImage back = readPngRgb8(out);
  EXPECT_EQ(back.width, 640);
  EXPECT_EQ(back.height, 200);
  EXPECT_EQ(back.pixels, renderSideViewImage(profile, ColorRamp::earth(), 0.4f, 640, 200).pixels);
}

TEST_F(ExportFiles, RawIsLittleEndianFloat32RowMajor) {
  Heightfield field(2, 2);
  field.heights = {1.0f, 0.5f, -2.0f, 0.0f};
  const std::string out = path("h.r32");
  writeRawFloat32(out, field);
  const std::string bytes = readAll(out);
  const unsigned char expected[] = {0x00, 0x00, 0x80, 0x3F,   // 1.0
                                    0x00, 0x00, 0x00, 0x3F,   // 0.5
                                    0x00, 0x00, 0x00, 0xC0,   // -2.0
                                    0x00, 0x00, 0x00, 0x00};  // 0.0
  ASSERT_EQ(bytes.size(), sizeof expected);
  EXPECT_EQ(std::memcmp(bytes.data(), expected, sizeof expected), 0);
}

TEST_F(ExportFiles, RawOfALargeFieldCrossesChunksIntact) {
  const Heightfield field = noise(300, 300);  // 90000 floats: more than one chunk
  const std::string out = path("big.r32");
  writeRawFloat32(out, field);
  const std::string bytes = readAll(out);
  ASSERT_EQ(bytes.size(), field.size() * 4);
  for (std::size_t i = 0; i < field.size(); i += 997) {
    float v = 0;
    std::memcpy(&v, bytes.data() + 4 * i, 4);  // the test host is little-endian
    EXPECT_EQ(v, field.heights[i]) << i;
  }
}

TEST_F(ExportFiles, AFailedWriteLeavesTheExistingFileIntactAndNoTemporary) {
  const std::string out = path("keep.png");
  writeText(out, "precious");
  EXPECT_THROW(writeFileAtomically(out,
                                   [](AtomicFile& file) {
                                     file.write("partial", 7);
                                     throw IoError("simulated failure halfway");
                                   }),
               IoError);
  EXPECT_EQ(readAll(out), "precious");
  EXPECT_EQ(entries(), std::vector<std::string>{"keep.png"});
}

TEST_F(ExportFiles, ASuccessfulWriteReplacesTheFileWithTheUsualPermissions) {
  const std::string out = path("fresh.r32");
  writeRawFloat32(out, noise(4, 4));
  struct stat st {};
  ASSERT_EQ(::stat(out.c_str(), &st), 0);
  const mode_t mask = ::umask(022);
  ::umask(mask);
  EXPECT_EQ(st.st_mode & 0777, 0666 & ~mask);  // not mkstemp's 0600
  writeText(out, "old");
  writeRawFloat32(out, noise(4, 4));
  EXPECT_EQ(readAll(out).size(), 64u);
  EXPECT_EQ(entries(), std::vector<std::string>{"fresh.r32"});
}

TEST_F(ExportFiles, MissingDirectoryIsAnIoErrorNamingThePath) {
  const std::string out = path("no/such/dir/map.png");
  try {
    writeHeightmapPng(out, noise(8, 8));
    FAIL() << "expected IoError";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find(out), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("No such file"), std::string::npos) << e.what();
  }
  EXPECT_THROW(checkWritable(out), IoError);
}

TEST_F(ExportFiles, UnwritablePlacesAreRefused) {
  // We may run as root, where chmod cannot make a directory read-only; a
  // path under a regular file, /proc and a directory target fail for root too.
  const std::string regular = path("regular");
  writeText(regular, "x");
  EXPECT_THROW(writeRawFloat32(regular + "/x.r32", noise(2, 2)), IoError);
  EXPECT_THROW(checkWritable(regular + "/x.r32"), IoError);
  EXPECT_THROW(writeRawFloat32("/proc/terrain_export_test.r32", noise(2, 2)), IoError);
  EXPECT_THROW(writeRawFloat32(dir_.string(), noise(2, 2)), IoError);
  EXPECT_THROW(checkWritable(dir_.string() + "/"), IoError);
  EXPECT_NO_THROW(checkWritable(path("ok.png")));
  EXPECT_EQ(entries(), std::vector<std::string>{"regular"});
}

// A 64 KiB tmpfs: needs root and mount permission, so it may be skipped.
class FullDisk : public ExportFiles {
 protected:
  void SetUp() override {
    ExportFiles::SetUp();
    mountPoint_ = path("tiny");
    fs::create_directory(mountPoint_);
    if (::mount("tmpfs", mountPoint_.c_str(), "tmpfs", 0, "size=64k") != 0) {
      GTEST_SKIP() << "cannot mount a 64 KiB tmpfs here (" << std::strerror(errno)
                   << "); ENOSPC is not tested";
    }
    mounted_ = true;
  }
  void TearDown() override {
    if (mounted_) ::umount2(mountPoint_.c_str(), MNT_DETACH);
    ExportFiles::TearDown();
  }
  std::string mountPoint_;
  bool mounted_ = false;
};

TEST_F(FullDisk, NoSpaceIsAnIoErrorAndTheOldFileSurvives) {
  const std::string raw = mountPoint_ + "/h.r32";
  const std::string png = mountPoint_ + "/h.png";
  writeText(raw, "old raw");
  writeText(png, "old png");
  const Heightfield field = noise(200, 200);  // 160 KB raw, ~80 KB as PNG: neither fits
  for (const auto& [out, write] : std::vector<std::pair<std::string, std::function<void()>>>{
           {raw, [&] { writeRawFloat32(raw, field); }},
           {png, [&] { writeHeightmapPng(png, field); }},
           {png, [&] { writeMapPng(png, field, ColorRamp::earth(), 0.3f, true); }},
           {png, [&] { writeNormalMapPng(png, field, World{}, 16, NormalConvention::OpenGl); }},
           {raw, [&] { writeRaw16(raw, field, false); }},
           {raw, [&] { writeExrHeights(raw, field); }}}) {
    try {
      write();
      ADD_FAILURE() << "expected IoError for " << out;
    } catch (const IoError& e) {
      EXPECT_NE(std::string(e.what()).find(out), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("No space left"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(readAll(raw), "old raw");
  EXPECT_EQ(readAll(png), "old png");
  EXPECT_EQ(testing::entriesOf(mountPoint_), (std::vector<std::string>{"h.png", "h.r32"}));
}

}  // namespace
}  // namespace terrain
