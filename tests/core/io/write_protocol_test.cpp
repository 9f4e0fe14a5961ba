// The system calls behind "a file is replaced atomically and durably",
// watched with strace on a real export: every file's bytes are fsynced
// before it gets its name (a rename, or a linkat of a file made with no
// name), the names are made durable by a directory fsync,
// an export's files share that directory fsync, and a tile's data files
// are durable before the sidecar that marks the tile complete is named.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

// One traced call, in order. A temporary is known by `file`: its hidden
// name, or "fd N #k" for the k-th file opened with no name (O_TMPFILE).
struct Call {
  enum Kind { FileSync, DirectorySync, Named } kind;
  std::string path;  // the directory fsynced, or the name a file was given
  std::string file;  // the file fsynced, or the one given its name
};

// strace's log, one call a line: with -f, a call another thread interrupts
// is cut in two, "PID call(args <unfinished ...>" and "PID <... call
// resumed>rest", joined again here (or a busy machine hides an openat or a
// fsync).
std::vector<std::string> joinedLines(const fs::path& log) {
  const std::regex unfinished(R"re(^(\d+)\s+(.*) <unfinished \.\.\.>$)re");
  const std::regex resumed(R"re(^(\d+)\s+<\.\.\. \w+ resumed>(.*)$)re");
  std::map<std::string, std::string> cut;  // by thread: the first half
  std::vector<std::string> lines;
  std::ifstream in(log);
  std::smatch m;
  for (std::string raw; std::getline(in, raw);) {
    if (std::regex_search(raw, m, unfinished)) {
      cut[m[1]] = m[2];
    } else if (std::regex_search(raw, m, resumed) && cut.count(m[1]) != 0) {
      lines.push_back(m[1].str() + " " + cut[m[1]] + m[2].str());
      cut.erase(m[1]);
    } else {
      lines.push_back(raw);
    }
  }
  return lines;
}

// The fsyncs and namings (rename, or linkat of an O_TMPFILE file) of `args`
// run under strace.
std::vector<Call> tracedCalls(const std::string& args, const fs::path& log) {
  // LeakSanitizer cannot run under ptrace; every other run of the program
  // checks for leaks.
  const std::string command =
      "ASAN_OPTIONS=\"$ASAN_OPTIONS:detect_leaks=0\" "
      "strace -f -qq -e trace=openat,fsync,rename,linkat,close -o " +
      log.string() + " " + TERRAIN_EXPLORER_BIN + " export " + args + " --quiet";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  const std::regex openat(R"re(openat\(AT_FDCWD, "([^"]+)", ([A-Z_|]+).*\) = (\d+))re");
  const std::regex fsync(R"re(fsync\((\d+)\)\s+= 0)re");
  const std::regex rename(R"re(rename\("([^"]+)", "([^"]+)"\) = 0)re");
  const std::regex linkat(
      R"re(linkat\(AT_FDCWD, "/proc/self/fd/(\d+)", AT_FDCWD, "([^"]+)".*\) = 0)re");
  struct Open {
    std::string file;
    bool directory = false;
  };
  std::map<std::string, Open> open;               // by descriptor
  std::map<std::string, std::string> linkedFrom;  // hidden name -> the file linked there
  std::vector<Call> calls;
  int anonymous = 0;
  std::smatch m;
  for (const std::string& line : joinedLines(log)) {
    if (std::regex_search(line, m, openat)) {
      const std::string flags = m[2];
      if (flags.find("O_TMPFILE") != std::string::npos) {
        open[m[3]] = {"fd " + m[3].str() + " #" + std::to_string(++anonymous), false};
      } else {
        open[m[3]] = {m[1], flags.find("O_DIRECTORY") != std::string::npos};
      }
    } else if (std::regex_search(line, m, fsync) && open.count(m[1]) != 0) {
      const Open& o = open[m[1]];
      calls.push_back({o.directory ? Call::DirectorySync : Call::FileSync,
                       o.directory ? o.file : std::string(), o.file});
    } else if (std::regex_search(line, m, linkat) && open.count(m[1]) != 0) {
      const std::string name = m[2];
      if (fs::path(name).filename().string().front() == '.') {
        linkedFrom[name] = open[m[1]].file;  // a hidden name, renamed next
      } else {
        calls.push_back({Call::Named, name, open[m[1]].file});
      }
    } else if (std::regex_search(line, m, rename)) {
      const std::string from = m[1];
      calls.push_back({Call::Named, m[2], linkedFrom.count(from) != 0 ? linkedFrom[from] : from});
    }
  }
  return calls;
}

class WriteProtocol : public testing::ScratchDirTest {
 protected:
  void SetUp() override {
    ScratchDirTest::SetUp();
    ASSERT_EQ(std::system("command -v strace >/dev/null 2>&1"), 0)
        << "strace is missing: ./dev.sh deps installs Debian's 'strace'";
  }
  // Every file was fsynced before it was given its name.
  static void expectEveryNamingOfSyncedBytes(const std::vector<Call>& calls) {
    for (std::size_t i = 0; i < calls.size(); ++i) {
      if (calls[i].kind != Call::Named) continue;
      bool synced = false;
      for (std::size_t j = 0; j < i; ++j) {
        synced |= calls[j].kind == Call::FileSync && calls[j].file == calls[i].file;
      }
      EXPECT_TRUE(synced) << calls[i].path << " was named before its bytes were fsynced";
    }
  }
};

// a.r32 exists already (it is replaced through a hidden name); the others
// are new (named directly where the filesystem has O_TMPFILE).
TEST_F(WriteProtocol, AnExportsFilesAreSyncedThenNamedThenShareOneDirectorySync) {
  const fs::path out = dir_ / "out";
  fs::create_directory(out);
  std::ofstream(out / "a.r32") << "the old file";
  const std::vector<Call> calls = tracedCalls(
      "--size 65 --heightmap " + (out / "a.png").string() + " --raw " + (out / "a.r32").string(),
      dir_ / "strace.log");
  expectEveryNamingOfSyncedBytes(calls);
  std::vector<std::string> named;
  std::size_t lastNaming = 0;
  std::vector<std::size_t> directorySyncs;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    if (calls[i].kind == Call::Named) {
      named.push_back(fs::path(calls[i].path).filename().string());
      lastNaming = i;
    }
    if (calls[i].kind == Call::DirectorySync) {
      EXPECT_EQ(fs::path(calls[i].path), out);
      directorySyncs.push_back(i);
    }
  }
  EXPECT_EQ(named, (std::vector<std::string>{"a.png", "a.r32", "a.png.json"}));
  ASSERT_EQ(directorySyncs.size(), 1u) << "one directory fsync for the three files";
  EXPECT_GT(directorySyncs.front(), lastNaming) << "the directory is fsynced after the namings";
}

TEST_F(WriteProtocol, ATilesDataIsDurableBeforeTheSidecarThatMarksItCompleteIsNamed) {
  const std::vector<Call> calls =
      tracedCalls("--size 129 --tiles 2x1 --out-dir " + (dir_ / "tiles").string() +
                      " --heightmap w.png --raw w.r32",
                  dir_ / "strace.log");
  expectEveryNamingOfSyncedBytes(calls);
  int sidecars = 0;
  bool dataSinceDirectorySync = false;
  for (const Call& call : calls) {
    if (call.kind == Call::DirectorySync) dataSinceDirectorySync = false;
    if (call.kind != Call::Named) continue;
    const std::string name = fs::path(call.path).filename().string();
    if (name.ends_with(".png") || name.ends_with(".r32")) dataSinceDirectorySync = true;
    if (name == "w_x0_y0.json" || name == "w_x1_y0.json") {
      ++sidecars;
      EXPECT_FALSE(dataSinceDirectorySync)
          << name << " was named before its tile's files were made durable";
    }
  }
  EXPECT_EQ(sidecars, 2);
  ASSERT_FALSE(calls.empty());
  EXPECT_EQ(calls.back().kind, Call::DirectorySync) << "the manifest's name is made durable";
}

}  // namespace
}  // namespace terrain
