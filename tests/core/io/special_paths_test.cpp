// Paths that are not plain files in a plain directory: devices, FIFOs,
// standard output, names at NAME_MAX, planted symlinks, FIFOs as inputs,
// rows past libpng's default limit. Each case is written through the one
// atomic writer (core/atomic_file) or read through the one input opener
// (core/input_file).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/base/error.hpp"
#include "core/export/heightmap_files.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/input_file.hpp"
#include "core/io/png_io.hpp"
#include "core/look/color.hpp"
#include "core/nodes/sources/common_params.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"
#include "tests/support/without_tmpfile.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

using terrain::testing::readAll;

Heightfield ramp(int w, int h) {
  Heightfield field(w, h);
  for (std::size_t i = 0; i < field.heights.size(); ++i) {
    field.heights[i] = static_cast<float>(i % 1000) / 999.0f;
  }
  return field;
}

// What a device's or FIFO's identity is: its type and device number.
struct NodeId {
  bool isCharDevice = false;
  bool isFifo = false;
  dev_t rdev = 0;
  ino_t inode = 0;
  bool operator==(const NodeId&) const = default;
};

NodeId nodeOf(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return {};
  return {S_ISCHR(st.st_mode), S_ISFIFO(st.st_mode), st.st_rdev, st.st_ino};
}

class SpecialPaths : public testing::ScratchDirTest {
 protected:
  // Any hidden temporary left in `dir` whose name starts with ".<stem>".
  static bool hasTemporaryFor(const fs::path& dir, const std::string& stem) {
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().filename().string().rfind("." + stem, 0) == 0) return true;
    }
    return false;
  }
};

// ---- outputs written through ----

TEST_F(SpecialPaths, DevNullStaysACharacterDeviceAfterEveryWriter) {
  const NodeId before = nodeOf("/dev/null");
  ASSERT_TRUE(before.isCharDevice);
  const Heightfield field = ramp(64, 48);
  writeHeightmapPng("/dev/null", field);
  writeMapPng("/dev/null", field, ColorRamp::earth(), 0.3f, true);
  writeRawFloat32("/dev/null", field);
  checkWritable("/dev/null");
  // As root a rename would have replaced it by a regular file.
  EXPECT_EQ(nodeOf("/dev/null"), before);
  EXPECT_FALSE(hasTemporaryFor("/dev", "null"));
}

TEST_F(SpecialPaths, DevFullIsAnIoErrorSayingNoSpaceAndStaysADevice) {
  const NodeId before = nodeOf("/dev/full");
  ASSERT_TRUE(before.isCharDevice);
  const Heightfield field = ramp(256, 256);
  for (int writer = 0; writer < 2; ++writer) {
    try {
      if (writer == 0) writeRawFloat32("/dev/full", field);
      if (writer == 1) writeHeightmapPng("/dev/full", field);
      ADD_FAILURE() << "writer " << writer << " did not fail on /dev/full";
    } catch (const IoError& e) {
      EXPECT_NE(std::string(e.what()).find("No space left on device"), std::string::npos)
          << e.what();
      EXPECT_NE(std::string(e.what()).find("/dev/full"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(nodeOf("/dev/full"), before);
}

TEST_F(SpecialPaths, AFifosReaderGetsEveryByteAndTheFifoStays) {
  const std::string fifo = path("out.fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const NodeId before = nodeOf(fifo);
  const Heightfield field = ramp(300, 200);
  writeRawFloat32(path("reference.r32"), field);
  auto reader = std::async(std::launch::async, [&] { return readAll(fifo); });
  writeRawFloat32(fifo, field);
  ASSERT_EQ(reader.wait_for(10s), std::future_status::ready);
  const std::string got = reader.get();
  EXPECT_EQ(got.size(), 300u * 200u * 4u);
  EXPECT_EQ(got, readAll(path("reference.r32")));
  EXPECT_EQ(nodeOf(fifo), before);
  EXPECT_EQ(entries(), (std::vector<std::string>{"out.fifo", "reference.r32"}));
}

TEST_F(SpecialPaths, ADashWritesThePngToStandardOutputAndCreatesNoFile) {
  const Heightfield field = ramp(70, 30);
  writeHeightmapPng(path("reference.png"), field);
  ASSERT_FALSE(fs::exists("-"));
  EXPECT_TRUE(writesToStandardOutput("-"));
  EXPECT_TRUE(writesToStandardOutput("/dev/stdout"));
  EXPECT_FALSE(writesToStandardOutput("./-"));
  // Standard output goes to a file for the duration of the write.
  std::fflush(stdout);
  const int saved = ::dup(STDOUT_FILENO);
  const int captured = ::open(path("stdout.bin").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(saved, 0);
  ASSERT_GE(captured, 0);
  ASSERT_EQ(::dup2(captured, STDOUT_FILENO), STDOUT_FILENO);
  ::close(captured);
  std::string error;
  try {
    checkWritable("-");
    writeHeightmapPng("-", field);
  } catch (const std::exception& e) {
    error = e.what();
  }
  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
  EXPECT_EQ(error, "");
  EXPECT_EQ(readAll(path("stdout.bin")), readAll(path("reference.png")));
  EXPECT_FALSE(fs::exists("-"));
}

// ---- names and planted symlinks ----

// The cases below that ask for named temporaries rely on this.
TEST_F(SpecialPaths, WithoutTmpfileRefusesOTmpfileOnlyWhileItLives) {
  const auto openUnnamed = [&] { return ::open(dir_.c_str(), O_TMPFILE | O_RDWR, 0600); };
  {
    const testing::WithoutTmpfile without;
    errno = 0;
    EXPECT_EQ(openUnnamed(), -1);
    EXPECT_EQ(errno, EOPNOTSUPP);
    const int plain = ::open(path("plain").c_str(), O_CREAT | O_WRONLY, 0600);
    EXPECT_GE(plain, 0) << "other opens go on as before";
    ::close(plain);
  }
  const int fd = openUnnamed();
  if (fd < 0) GTEST_SKIP() << "this filesystem has no O_TMPFILE itself";
  ::close(fd);
}

// Each case runs with a temporary that has no name (O_TMPFILE, here) and
// with one named from the start (filesystems without O_TMPFILE).
TEST_F(SpecialPaths, NamesOf248To255BytesAreWrittenAndLeaveNoTemporary) {
  for (const bool named : {false, true}) {
    std::optional<testing::WithoutTmpfile> withoutTmpfile;
    if (named) withoutTmpfile.emplace();
    for (const std::size_t length : {247u, 248u, 251u, 255u}) {
      const std::string name = std::string(length - 4, 'n') + ".r32";
      ASSERT_LE(temporaryNamePattern(name).size(), 255u) << length;
      writeRawFloat32(path(name), ramp(8, 8));  // new
      writeRawFloat32(path(name), ramp(8, 8));  // replaced
      EXPECT_EQ(fs::file_size(path(name)), 8u * 8u * 4u) << length << " named " << named;
      EXPECT_EQ(entries(), std::vector<std::string>{name}) << length << " named " << named;
      fs::remove(path(name));
    }
  }
  // The shortened name never cuts a UTF-8 sequence in two.
  std::string accented;
  for (int i = 0; i < 127; ++i) accented += "\xc3\xa9";  // U+00E9, 2 bytes
  const std::string pattern = temporaryNamePattern(accented + "x");
  const auto tilde = pattern.find('~');
  ASSERT_NE(tilde, std::string::npos) << pattern;
  EXPECT_EQ((tilde - 1) % 2, 0u) << "prefix of " << tilde - 1 << " bytes";
}

TEST_F(SpecialPaths, SymlinksPlantedAtTemporaryNamesAreNeverFollowed) {
  const std::string victim = path("victim.txt");
  std::ofstream(victim) << "precious";
  const std::vector<std::string> planted = {"h.r32.tmp", ".h.r32.tmp", ".h.r32.XXXXXX",
                                            ".h.r32.000000", ".h.r32.aaaaaa"};
  for (const auto& name : planted) ASSERT_EQ(::symlink(victim.c_str(), path(name).c_str()), 0);
  for (int i = 0; i < 20; ++i) writeRawFloat32(path("h.r32"), ramp(16, 16));
  {
    const testing::WithoutTmpfile named;
    for (int i = 0; i < 20; ++i) writeRawFloat32(path("h.r32"), ramp(16, 16));
  }
  EXPECT_EQ(readAll(victim), "precious");
  struct stat st {};
  ASSERT_EQ(::lstat(path("h.r32").c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  for (const auto& name : planted) EXPECT_TRUE(fs::is_symlink(path(name))) << name;
  EXPECT_EQ(entries().size(), planted.size() + 2);  // the links, the victim, h.r32
}

// ---- inputs ----

// A FIFO nobody writes to: refused at once. Were it opened blocking, the
// call would wait forever; the test then opens and closes the writing end
// so the stuck reader ends, and fails.
TEST_F(SpecialPaths, AFifoAsInputIsRefusedAtOnceNamingThePath) {
  const std::string fifo = path("ramp.png");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::vector<std::function<void()>> readers = {
      [&] { ColorRamp::fromPng(fifo); },
      [&] { readPngGray16(fifo); },
      [&] { readRegularFile(fifo, 1024); },
  };
  for (std::size_t i = 0; i < readers.size(); ++i) {
    const auto start = std::chrono::steady_clock::now();
    auto done = std::async(std::launch::async, [&] {
      try {
        readers[i]();
      } catch (const IoError& e) {
        return std::string(e.what());
      }
      return std::string("no error");
    });
    if (done.wait_for(2s) != std::future_status::ready) {
      const int unblock = ::open(fifo.c_str(), O_WRONLY);
      ::close(unblock);
      ADD_FAILURE() << "reader " << i << " waited on the FIFO";
    }
    const std::string message = done.get();
    EXPECT_LT(std::chrono::steady_clock::now() - start, 1s) << i;
    EXPECT_NE(message.find(fifo), std::string::npos) << message;
    EXPECT_NE(message.find("not a regular file"), std::string::npos) << message;
  }
}

TEST_F(SpecialPaths, ADirectoryOrADeviceAsInputIsNotARegularFile) {
  for (const std::string& input : {dir_.string(), std::string("/dev/zero")}) {
    try {
      ColorRamp::fromPng(input);
      ADD_FAILURE() << input << " was read";
    } catch (const IoError& e) {
      EXPECT_NE(std::string(e.what()).find("not a regular file"), std::string::npos) << e.what();
    }
  }
}

TEST_F(SpecialPaths, ReadingARegularFileRefusesMoreThanTheCap) {
  std::ofstream(path("big.txt")) << std::string(5000, 'x');
  EXPECT_EQ(readRegularFile(path("big.txt"), 5000).size(), 5000u);
  EXPECT_THROW(readRegularFile(path("big.txt"), 4999), IoError);
}

// ---- libpng's default limits ----

// libpng refuses rows over 1,000,000 pixels unless told otherwise; a
// profile can have 2^24+1 samples.
TEST_F(SpecialPaths, AProfileOf2000001SamplesIsWrittenAsSixteenBitPngAndReadBack) {
  const Heightfield profile = ramp(2000001, 1);
  writeHeightmapPng(path("p.png"), profile);
  const Gray16Image back = readPngGray16(path("p.png"));
  ASSERT_EQ(back.width, 2000001);
  ASSERT_EQ(back.height, 1);
  for (std::size_t i = 0; i < back.pixels.size(); i += 997) {
    ASSERT_EQ(back.pixels[i], heightToGray16(profile.heights[i])) << i;
  }
  EXPECT_EQ(back.pixels.back(), heightToGray16(profile.heights.back()));
}

// ---- numbers ----

TEST(NumberUnderflow, AValueThatUnderflowsIsZeroAndAnOverflowIsOutOfRange) {
  const ParamInfo* roughness = &kRoughnessParam;
  EXPECT_EQ(parseValue(*roughness, "1e-400"), 0.0);
  const double negative = parseValue(*roughness, "-1e-400");
  EXPECT_EQ(negative, 0.0);
  EXPECT_FALSE(std::signbit(negative));
  EXPECT_GT(parseValue(*roughness, "4e-320"), 0.0);  // a denormal is a number too
  for (const char* huge : {"1e999", "-1e999", "1e400"}) {
    try {
      parseValue(*roughness, huge);
      ADD_FAILURE() << huge << " accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("out of range"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace terrain
