// `terrain-explorer export` end to end against what round two of the
// hardening found: special files as outputs, standard output, signals and
// file-size limits mid-write, names at NAME_MAX, long profiles, FIFO ramps,
// numbers that underflow, rectangles whose total area is astronomical; and
// text from files and flags shown as data (issue 37): a NUL in a path,
// control characters, a 1 MB string, 1e999, an import's absurd cell size.
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

// ---- text from files and flags is data (issue 37) ----

// One line whose bytes are all printable but its final newline: no escape
// sequence reaches the terminal, no NUL or line break splits the line.
::testing::AssertionResult oneEscapedLine(const std::string& err) {
  const auto raw = std::find_if(err.begin(), err.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7f;
  });
  if (err.empty() || raw != err.end() - 1 || err.back() != '\n') {
    return ::testing::AssertionFailure()
           << "a raw control character at byte " << (raw - err.begin()) << " of: " << err;
  }
  return ::testing::AssertionSuccess();
}

// A chain project whose source is diamond-square with `params` (JSON).
std::string chainProject(const std::string& params) {
  return R"({"format": "terrain-explorer-project", "version": 1,
  "source": {"stage": "diamond-square", "params": {"size": 65, )" +
         params + "}}}";
}

// "secret.bin\0.r16" passed the extension check as .r16 while the system
// opened secret.bin, read as RAW16: exit 0 and a heightmap of its bytes.
TEST_F(ExportCliHardening, ANulInAProjectsFilePathIsRefusedAndTheFileNeverOpened) {
  const fs::path secret = dir_ / "secret.bin";
  std::ofstream(secret, std::ios::binary) << std::string(2 * 1000 * 1000, 'k');  // 1000^2 RAW16
  const fs::path project = dir_ / "nul.json";
  std::ofstream(project) << R"({"format": "terrain-explorer-project", "version": 1,
  "source": {"stage": "import", "params": {"file": ")"
                         << secret.string() << R"(\u0000.r16", "file-width": 1000}}})";
  const int watch = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  ASSERT_GE(watch, 0);
  ASSERT_GE(::inotify_add_watch(watch, secret.c_str(), IN_OPEN | IN_ACCESS), 0);
  const testing::AppRun r = run({"--project", project.string(), "--heightmap", out("h.png")});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(oneEscapedLine(r.err));
  EXPECT_NE(r.err.find("'source.params.file': '" + secret.string() + "\\x00.r16' holds a control"),
            std::string::npos)
      << r.err;
  if (TERRAIN_WINDOW_BUILT) {  // the window refuses it before it opens
    const testing::AppRun window = testing::runApp({"--project", project.string()}, dir_);
    EXPECT_EQ(window.status, 2) << window.err;
    EXPECT_NE(window.err.find("'source.params.file'"), std::string::npos) << window.err;
  }
  alignas(inotify_event) char events[4096];
  EXPECT_LT(::read(watch, events, sizeof events), 0) << "secret.bin was opened or read";
  ::close(watch);
  EXPECT_TRUE(outputs().empty());
}

// Control characters from a project or a flag reach stderr escaped (\x1b),
// in the export's line and the window's.
TEST_F(ExportCliHardening, ControlCharactersInRefusedTextAreEscapedOnItsOneLine) {
  const std::string hostile = R"(\u001b]0;owned\u0007\u001b[2J\r\n)";
  const fs::path choice = dir_ / "choice.json";
  std::ofstream(choice) << chainProject(R"("scaling": ")" + hostile + "\"");
  const fs::path key = dir_ / "key.json";
  std::ofstream(key) << chainProject("\"" + hostile + R"(": 1)");
  const std::string esc = "\x1b[2J\x07\r\n";
  const std::vector<std::vector<std::string>> cases = {
      {"--project", choice.string()},
      {"--project", key.string()},
      {"--project", (dir_ / ("p" + esc + ".json")).string()},
      {"--generator", "import", "--file", "dem" + esc + ".tif"},
      {"--ramp", esc + "red.png"},
      {"--generator", esc},
      {"--roughness", "0.5" + esc},
      {"--stage", esc},
  };
  for (const std::vector<std::string>& args : cases) {
    std::vector<std::string> withOutput = args;
    withOutput.insert(withOutput.end(), {"--heightmap", out("h.png")});
    const testing::AppRun r = run(withOutput);
    EXPECT_EQ(r.status, 2) << args[0] << ": " << r.err;
    EXPECT_TRUE(oneEscapedLine(r.err)) << args[0];
    EXPECT_NE(r.err.find("\\x1b"), std::string::npos) << r.err;
    if (TERRAIN_WINDOW_BUILT && args[0] != "--stage") {
      const testing::AppRun window = testing::runApp(args, dir_);
      EXPECT_EQ(window.status, 2) << args[0] << ": " << window.err;
      EXPECT_TRUE(oneEscapedLine(window.err)) << args[0];
    }
  }
  EXPECT_TRUE(outputs().empty());
}

// A 1 MB string was echoed whole on the one line.
TEST_F(ExportCliHardening, AMegabyteStringIsQuotedAsAShortExcerpt) {
  const std::string mega(1000 * 1000, 'x');
  const fs::path choice = dir_ / "choice.json";
  std::ofstream(choice) << chainProject(R"("scaling": ")" + mega + "\"");
  const fs::path key = dir_ / "key.json";
  std::ofstream(key) << chainProject("\"" + mega + R"(": 1)");
  for (const fs::path& project : {choice, key}) {
    const testing::AppRun r = run({"--project", project.string(), "--heightmap", out("h.png")});
    EXPECT_EQ(r.status, 2) << r.err.substr(0, 500);
    EXPECT_TRUE(oneEscapedLine(r.err));
    EXPECT_LT(r.err.size(), 512u) << r.err.substr(0, 1000);
    EXPECT_EQ(r.err.find(std::string(kMaxQuotedBytes + 1, 'x')), std::string::npos);
    EXPECT_NE(r.err.find("...' (10000"), std::string::npos) << r.err.substr(0, 1000);  // bytes
  }
  // A flag's value (at most 128 KiB: the kernel's limit on one argument).
  const std::string big(100 * 1000, 'x');
  const std::vector<std::vector<std::string>> flags = {{"export", "--generator", big},
                                                       {"export", "--stage", big},
                                                       {"export", "--roughness", big},
                                                       {"export", "--seed", big},
                                                       {"export", "--tiles", big},
                                                       {"--view", big},
                                                       {"--width", big},
                                                       {"--preset", big}};
  for (const std::vector<std::string>& args : flags) {
    if (args[0] != "export" && !TERRAIN_WINDOW_BUILT) continue;
    const testing::AppRun r = testing::runApp(args, dir_);
    EXPECT_EQ(r.status, 2) << args[0] << " " << args[1] << ": " << r.err.substr(0, 500);
    EXPECT_LT(r.err.size(), 512u) << args[1] << ": " << r.err.substr(0, 1000);
    EXPECT_NE(r.err.find("...' (100000 bytes)"), std::string::npos) << r.err.substr(0, 1000);
  }
  // A flag's name, shown bare.
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"export", "--" + big}, {"--" + big}}) {
    if (args[0] != "export" && !TERRAIN_WINDOW_BUILT) continue;
    const testing::AppRun r = testing::runApp(args, dir_);
    EXPECT_EQ(r.status, 2) << r.err.substr(0, 500);
    EXPECT_LT(r.err.size(), 512u) << r.err.substr(0, 1000);
    EXPECT_NE(r.err.find("... (100000 bytes): unknown flag"), std::string::npos)
        << r.err.substr(0, 1000);
  }
}

// nlohmann's "[json.exception.out_of_range.406] number overflow parsing
// '1e999'" named neither the key nor the line.
TEST_F(ExportCliHardening, ANumberBeyondADoubleInAProjectNamesItsKeyAndItsLine) {
  const fs::path project = dir_ / "big.json";
  std::ofstream(project) << chainProject("\n  \"iterations\": 4,\n  \"roughness\": -1e999");
  const testing::AppRun r = run({"--project", project.string(), "--heightmap", out("h.png")});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(oneEscapedLine(r.err));
  EXPECT_NE(r.err.find("line 4, column 16: 'source.params.roughness': '-1e999' is out of range"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("json.exception"), std::string::npos) << r.err;
}

// A file whose cells make a world no world can be was refused as
// "--world-width: 7000000000 is out of range", a flag never given.
TEST_F(ExportCliHardening, AnImportWhoseCellsMakeNoWorldNamesTheFlagThatNamedTheFile) {
  for (const char* cell : {"1e9", "1e-9"}) {
    const std::string grid = (dir_ / (std::string("cells-") + cell + ".asc")).string();
    std::ofstream asc(grid);
    asc << "ncols 8\nnrows 8\nxllcorner 0\nyllcorner 0\ncellsize " << cell << "\n";
    for (int i = 0; i < 64; ++i) asc << i << (i % 8 == 7 ? "\n" : " ");
    asc.close();
    const testing::AppRun chain =
        run({"--generator", "import", "--file", grid, "--heightmap", out("h.png")});
    EXPECT_EQ(chain.status, 2) << chain.err;
    EXPECT_EQ(
        chain.err.rfind("terrain-explorer export: --file: '" + grid + "' is georeferenced ", 0), 0u)
        << chain.err;
    // A width the user gives is the world's: the file's cells no longer matter.
    EXPECT_EQ(run({"--generator", "import", "--file", grid, "--world-width", "5000", "--heightmap",
                   out("h.png")})
                  .status,
              0);
    const fs::path graph = dir_ / "graph.json";
    std::ofstream(graph) << R"({"format": "terrain-explorer-project", "version": 2,
      "graph": {"output": 4, "nodes": [{"id": 4, "type": "import"}]}})";
    const testing::AppRun node = run({"--project", graph.string(), "--node-param", "4.file=" + grid,
                                      "--heightmap", out("n.png")});
    EXPECT_EQ(node.status, 2) << node.err;
    EXPECT_NE(node.err.find("--node-param 4.file: '" + grid + "' is georeferenced "),
              std::string::npos)
        << node.err;
  }
}

}  // namespace
}  // namespace terrain
