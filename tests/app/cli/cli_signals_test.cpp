// `terrain-explorer export` under what the system does to a process:
// each signal and a file-size limit mid-write leave no temporary and the
// old file whole, and the threads follow the CPUs a scheduler gives.
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
      testing::resetSignalsForChild();
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
}  // namespace terrain::testing
