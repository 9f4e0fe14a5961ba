// `terrain-explorer export` end to end against what round two of the
// hardening found: special files as outputs, standard output, names at
// NAME_MAX, long profiles, FIFO ramps, numbers that underflow, rectangles
// whose total area is astronomical. Signals, file-size limits and CPUs:
// cli_signals_test.cpp; text from files and flags shown as data:
// cli_text_as_data_test.cpp.
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/inotify.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "core/base/quote.hpp"
#include "core/io/png_io.hpp"
#include "tests/app/cli/export_cli_hardening.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

TEST_F(ExportCliHardening, DevNullStaysACharacterDevice) {
  struct stat before {};
  ASSERT_EQ(::stat("/dev/null", &before), 0);
  for (const char* flag : {"--heightmap", "--color", "--raw"}) {
    const testing::AppRun r = run({"--size", "65", flag, "/dev/null"});
    EXPECT_EQ(r.status, 0) << flag << ": " << r.err;
  }
  struct stat after {};
  ASSERT_EQ(::stat("/dev/null", &after), 0);
  EXPECT_TRUE(S_ISCHR(after.st_mode));
  EXPECT_EQ(after.st_rdev, before.st_rdev);
}

TEST_F(ExportCliHardening, DevFullIsExitOneNamingNoSpace) {
  const testing::AppRun r = run({"--size", "257", "--raw", "/dev/full"});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--raw"), std::string::npos) << r.err;
  struct stat st {};
  ASSERT_EQ(::stat("/dev/full", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

TEST_F(ExportCliHardening, AFifosReaderGetsTheBytes) {
  const std::string fifo = out("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  ASSERT_EQ(run({"--size", "129", "--seed", "7", "--heightmap", out("ref.png")}).status, 0);
  std::string received;
  std::thread reader([&] { received = readAll(fifo); });
  const testing::AppRun r = run({"--size", "129", "--seed", "7", "--heightmap", fifo});
  reader.join();
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(received, readAll(out("ref.png")));
  struct stat st {};
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  // The sidecar of a FIFO's export is not put beside it: only ref.png's.
  EXPECT_EQ(outputs(), (std::vector<std::string>{"pipe", "ref.png", "ref.png.json"}));
}

// `-` is standard output: the bytes are the file's, the report goes to
// stderr so it does not corrupt them, and no file named "-" appears.
TEST_F(ExportCliHardening, ADashPipesThePngAndTheRawBytesToStandardOutput) {
  for (const char* flag : {"--heightmap", "--raw", "--color"}) {
    const std::string reference = out(std::string("ref") + flag);
    ASSERT_EQ(run({"--size", "65", "--seed", "3", flag, reference}).status, 0);
    const testing::AppRun r = run({"--size", "65", "--seed", "3", flag, "-"});
    EXPECT_EQ(r.status, 0) << flag << ": " << r.err;
    EXPECT_EQ(r.out, readAll(reference)) << flag;
    EXPECT_NE(r.err.find("-: 65x65"), std::string::npos) << flag << ": " << r.err;
    EXPECT_FALSE(fs::exists(dir_ / "-"));
    EXPECT_FALSE(fs::exists(fs::current_path() / "-"));
  }
}

TEST_F(ExportCliHardening, AFifoRampIsRefusedWithinASecondExitTwo) {
  const std::string fifo = out("ramp.png");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const testing::StartedApp app = testing::startApp(
      exportArgs({"--size", "65", "--ramp", fifo, "--color", out("c.png")}), dir_);
  // A stuck export is ended by opening and closing the FIFO's writing end.
  for (int i = 0; i < 50; ++i) {
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(app.pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 ||
        info.si_pid != 0) {
      break;
    }
    std::this_thread::sleep_for(100ms);
  }
  ::close(::open(fifo.c_str(), O_WRONLY | O_NONBLOCK));
  const testing::AppRun r = testing::waitApp(app);
  EXPECT_LT(r.seconds, 1.0);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--ramp"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("not a regular file"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(fifo), std::string::npos) << r.err;
  EXPECT_EQ(outputs(), std::vector<std::string>{"ramp.png"});
}

TEST_F(ExportCliHardening, ANameOf255BytesIsWritten) {
  const std::string name = std::string(251, 'n') + ".png";
  // Its sidecar's name (256 bytes) cannot exist: refused before generating.
  const testing::AppRun refused = run({"--size", "65", "--heightmap", out(name)});
  EXPECT_EQ(refused.status, 2) << refused.err;
  EXPECT_NE(refused.err.find("--no-sidecar"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("File name too long"), std::string::npos) << refused.err;
  EXPECT_TRUE(outputs().empty());
  const testing::AppRun r =
      run({"--size", "65", "--heightmap", out(name), "--quiet", "--no-sidecar"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(readPngGray16(out(name)).width, 65);
  EXPECT_EQ(outputs(), std::vector<std::string>{name});
}

TEST_F(ExportCliHardening, AProfileOf2000001SamplesIsASixteenBitPng) {
  const testing::AppRun r = run(
      {"--generator", "random-walk", "--size", "2000001", "--heightmap", out("p.png"), "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Gray16Image back = readPngGray16(out("p.png"));
  EXPECT_EQ(back.width, 2000001);
  EXPECT_EQ(back.height, 1);
}

TEST_F(ExportCliHardening, ARoughnessThatUnderflowsIsZeroNotOutOfRange) {
  const testing::AppRun tiny =
      run({"--size", "65", "--roughness", "1e-400", "--raw", out("t.r32")});
  EXPECT_EQ(tiny.status, 0) << tiny.err;
  ASSERT_EQ(run({"--size", "65", "--roughness", "0", "--raw", out("z.r32")}).status, 0);
  EXPECT_EQ(readAll(out("t.r32")), readAll(out("z.r32")));
  const testing::AppRun huge = run({"--size", "65", "--roughness", "1e400", "--raw", out("h.r32")});
  EXPECT_EQ(huge.status, 2);
  EXPECT_NE(huge.err.find("out of range"), std::string::npos) << huge.err;
}

// The article's loop would add 10^6 rectangles of up to 20480 cells a side:
// ~10^12 cell updates. The bounded method does the map plus the rectangles.
TEST_F(ExportCliHardening, MillionsOfHugeRectanglesFinishInSeconds) {
  const testing::AppRun r = run({"--generator", "rectangles", "--size", "1025", "--rects",
                                 "1000000", "--rect-size", "16384", "--heightmap", out("r.png")});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_LT(r.seconds, 10.0);
  EXPECT_EQ(readPngGray16(out("r.png")).width, 1025);
}

}  // namespace
}  // namespace terrain::testing
