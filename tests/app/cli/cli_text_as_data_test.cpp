// `terrain-explorer export` shows text from files and flags as data
// (issue 37): a NUL in a path, control characters, a 1 MB string, 1e999
// and an import's absurd cell size are refused on one escaped line naming
// the key or the flag.
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
}  // namespace terrain::testing
