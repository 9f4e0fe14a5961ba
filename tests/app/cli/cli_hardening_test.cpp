// `terrain-explorer export` end to end against what round two of the
// hardening found: special files as outputs, standard output, signals and
// file-size limits mid-write, names at NAME_MAX, long profiles, FIFO ramps,
// numbers that underflow, rectangles whose total area is astronomical.
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
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

#include "core/png_io.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

using terrain::testing::readAll;

class ExportCliHardening : public testing::ScratchDirTest {
 protected:
  void SetUp() override {
    ScratchDirTest::SetUp();
    fs::create_directory(dir_ / "out");
  }

  std::string out(const std::string& name) const { return (dir_ / "out" / name).string(); }
  std::vector<std::string> outputs() const { return testing::entriesOf(dir_ / "out"); }
  static std::vector<std::string> exportArgs(std::vector<std::string> args) {
    args.insert(args.begin(), "export");
    return args;
  }
  testing::AppRun run(const std::vector<std::string>& args, testing::RunLimits limits = {}) const {
    const testing::AppRun r = testing::runApp(exportArgs(args), dir_, {}, limits);
    if (r.status == 127) ADD_FAILURE() << r.err;
    return r;
  }
};

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

// ---- signals and limits during a write ----

// True while `pid` writes bytes into a temporary in `dir`: a descriptor
// open on a file there with no name yet (O_TMPFILE: "dir/#123 (deleted)")
// or a hidden ".name.XXXXXX", with bytes in it.
bool writingTemporary(pid_t pid, const fs::path& dir) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec)) {
    const fs::path target = fs::read_symlink(e.path(), ec);
    if (ec || target.parent_path() != dir) continue;
    const std::string name = target.filename().string();
    if ((name.front() == '#' || name.front() == '.') && fs::file_size(e.path(), ec) > 0 && !ec) {
      return true;
    }
  }
  return false;
}

int hiddenEntries(const fs::path& dir) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(dir)) n += e.path().filename().string()[0] == '.';
  return n;
}

TEST_F(ExportCliHardening, EachSignalDuringAWriteRemovesTheTemporaryAndKeepsTheOldFile) {
  const std::string target = out("big.png");
  for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) {
    std::ofstream(target, std::ios::binary) << "the old file";
    testing::RunLimits limits;
    limits.noCoreDump = true;
    const testing::StartedApp app = testing::startApp(
        exportArgs({"--size", "4097", "--heightmap", target, "--quiet"}), dir_, {}, limits);
    bool caught = false;
    for (int i = 0; i < 6000 && !caught; ++i) {  // up to 60 s for the map to be generated
      caught = writingTemporary(app.pid, dir_ / "out");
      if (!caught) std::this_thread::sleep_for(10ms);
    }
    ::kill(app.pid, signal);
    const testing::AppRun r = testing::waitApp(app);
    EXPECT_TRUE(caught) << "no temporary seen for signal " << signal;
    EXPECT_EQ(r.signal, signal) << "status " << r.status << ": " << r.err;
    EXPECT_EQ(hiddenEntries(dir_ / "out"), 0) << "signal " << signal;
    EXPECT_EQ(readAll(target), "the old file") << "signal " << signal;
  }
}

// Where the filesystem has no O_TMPFILE the temporary has a name from the
// start: each signal's handler removes it.
TEST_F(ExportCliHardening, EachSignalRemovesANamedTemporaryAndKeepsTheOldFile) {
  const std::string target = out("named.r32");
  for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) {
    std::ofstream(target, std::ios::binary) << "the old file";
    const pid_t pid = ::fork();
    if (pid == 0) {
      const rlimit none{0, 0};
      ::setrlimit(RLIMIT_CORE, &none);
      ::execl(TERRAIN_NAMED_TEMPORARY_WRITER_BIN, TERRAIN_NAMED_TEMPORARY_WRITER_BIN,
              target.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ASSERT_GT(pid, 0);
    bool caught = false;
    for (int i = 0; i < 1000 && !caught; ++i) {
      caught = hiddenEntries(dir_ / "out") > 0 && writingTemporary(pid, dir_ / "out");
      if (!caught) std::this_thread::sleep_for(10ms);
    }
    ::kill(pid, signal);
    int status = 0;
    ::waitpid(pid, &status, 0);
    EXPECT_TRUE(caught) << "no named temporary seen for signal " << signal;
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal) << "status " << status;
    EXPECT_EQ(hiddenEntries(dir_ / "out"), 0) << "signal " << signal;
    EXPECT_EQ(readAll(target), "the old file") << "signal " << signal;
  }
}

// ulimit -f: SIGXFSZ would kill the process and leave the temporary; it is
// ignored, so the write fails with EFBIG and the normal error path runs.
TEST_F(ExportCliHardening, AFileSizeLimitIsExitOneFileTooLargeAndNoTemporary) {
  const std::string target = out("h.r32");
  std::ofstream(target, std::ios::binary) << "the old file";
  testing::RunLimits limits;
  limits.fileSizeBytes = 1 << 20;  // a 1025 raw map is 4 MiB
  const testing::AppRun r = run({"--size", "1025", "--raw", target}, limits);
  EXPECT_EQ(r.signal, 0) << "killed by signal " << r.signal;
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("File too large"), std::string::npos) << r.err;
  EXPECT_EQ(hiddenEntries(dir_ / "out"), 0);
  EXPECT_EQ(readAll(target), "the old file");
}

// ---- the CPUs a scheduler gives ----

// The most threads `pid` had at any sample until it ended (0 when it ended
// before the first sample).
int mostThreadsUntilExit(pid_t pid) {
  int most = 0;
  for (;;) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    bool running = false;
    while (std::getline(status, line)) {
      if (line.rfind("State:", 0) == 0) running = line.find('Z') == std::string::npos;
      if (running && line.rfind("Threads:", 0) == 0)
        most = std::max(most, std::stoi(line.substr(8)));
    }
    if (!running) return most;
    std::this_thread::sleep_for(1ms);
  }
}

// A tile farm's scheduler (taskset, a Slurm cpuset) gives a process fewer
// CPUs than the machine has; the default thread count follows what it was
// given, not the machine.
TEST_F(ExportCliHardening, ThreadsFollowTheCpusTheProcessMayUse) {
  cpu_set_t mine;
  ASSERT_EQ(::sched_getaffinity(0, sizeof mine, &mine), 0);
  const std::vector<std::string> args =
      exportArgs({"--size", "2049", "--raw", out("t.r32"), "--quiet", "--no-sidecar"});
  testing::RunLimits oneCpu;
  oneCpu.onlyCpu = 0;
  while (!CPU_ISSET(static_cast<std::size_t>(oneCpu.onlyCpu), &mine)) ++oneCpu.onlyCpu;
  const testing::StartedApp limited = testing::startApp(args, dir_, {}, oneCpu);
  EXPECT_EQ(mostThreadsUntilExit(limited.pid), 1);
  EXPECT_EQ(testing::waitApp(limited).status, 0);
  if (CPU_COUNT(&mine) < 2) GTEST_SKIP() << "one CPU here: the unlimited run cannot differ";
  const testing::StartedApp unlimited = testing::startApp(args, dir_);
  EXPECT_GE(mostThreadsUntilExit(unlimited.pid), 2);
  EXPECT_EQ(testing::waitApp(unlimited).status, 0);
}

}  // namespace
}  // namespace terrain
