// The system calls behind "a file is replaced atomically and durably",
// watched with strace on a real export: every file's bytes are fsynced
// before its rename, the renames are made durable by a directory fsync,
// an export's files share that directory fsync, and a tile's data files
// are durable before the sidecar that marks the tile complete is renamed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "tests/support/scratch_dir.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

// One traced call, in order.
struct Call {
  enum Kind { FileSync, DirectorySync, Rename } kind;
  std::string path;    // what was fsynced, or the rename's target
  std::string source;  // the rename's source
};

// The fsyncs and renames of `args` run under strace, by path.
std::vector<Call> tracedCalls(const std::string& args, const fs::path& log) {
  const std::string command = "strace -f -qq -e trace=openat,fsync,rename,close -o " +
                              log.string() + " " + TERRAIN_EXPLORER_BIN + " export " + args +
                              " --quiet";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  const std::regex openat(R"re(openat\(AT_FDCWD, "([^"]+)", ([A-Z_|]+).*\) = (\d+))re");
  const std::regex fsync(R"re(fsync\((\d+)\)\s+= 0)re");
  const std::regex rename(R"re(rename\("([^"]+)", "([^"]+)"\) = 0)re");
  std::map<std::string, std::pair<std::string, bool>> open;  // fd -> path, is a directory
  std::vector<Call> calls;
  std::ifstream in(log);
  std::smatch m;
  for (std::string line; std::getline(in, line);) {
    if (std::regex_search(line, m, openat)) {
      open[m[3]] = {m[1], m[2].str().find("O_DIRECTORY") != std::string::npos};
    } else if (std::regex_search(line, m, fsync) && open.count(m[1]) != 0) {
      const auto& [path, directory] = open[m[1]];
      calls.push_back({directory ? Call::DirectorySync : Call::FileSync, path, {}});
    } else if (std::regex_search(line, m, rename)) {
      calls.push_back({Call::Rename, m[2], m[1]});
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
  // Every rename's source was fsynced before it, after being opened.
  static void expectEveryRenameOfSyncedBytes(const std::vector<Call>& calls) {
    for (std::size_t i = 0; i < calls.size(); ++i) {
      if (calls[i].kind != Call::Rename) continue;
      bool synced = false;
      for (std::size_t j = 0; j < i; ++j) {
        synced |= calls[j].kind == Call::FileSync && calls[j].path == calls[i].source;
      }
      EXPECT_TRUE(synced) << calls[i].path << " was renamed before its bytes were fsynced";
    }
  }
};

TEST_F(WriteProtocol, AnExportsFilesAreSyncedThenRenamedThenShareOneDirectorySync) {
  const fs::path out = dir_ / "out";
  fs::create_directory(out);
  const std::vector<Call> calls = tracedCalls(
      "--size 65 --heightmap " + (out / "a.png").string() + " --raw " + (out / "a.r32").string(),
      dir_ / "strace.log");
  expectEveryRenameOfSyncedBytes(calls);
  std::vector<std::string> renamed;
  std::size_t lastRename = 0;
  std::vector<std::size_t> directorySyncs;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    if (calls[i].kind == Call::Rename) {
      renamed.push_back(fs::path(calls[i].path).filename().string());
      lastRename = i;
    }
    if (calls[i].kind == Call::DirectorySync) {
      EXPECT_EQ(fs::path(calls[i].path), out);
      directorySyncs.push_back(i);
    }
  }
  EXPECT_EQ(renamed, (std::vector<std::string>{"a.png", "a.r32", "a.png.json"}));
  ASSERT_EQ(directorySyncs.size(), 1u) << "one directory fsync for the three files";
  EXPECT_GT(directorySyncs.front(), lastRename) << "the directory is fsynced after the renames";
}

TEST_F(WriteProtocol, ATilesDataIsDurableBeforeTheSidecarThatMarksItCompleteIsRenamed) {
  const std::vector<Call> calls =
      tracedCalls("--size 129 --tiles 2x1 --out-dir " + (dir_ / "tiles").string() +
                      " --heightmap w.png --raw w.r32",
                  dir_ / "strace.log");
  expectEveryRenameOfSyncedBytes(calls);
  int sidecars = 0;
  bool dataSinceDirectorySync = false;
  for (const Call& call : calls) {
    if (call.kind == Call::DirectorySync) dataSinceDirectorySync = false;
    if (call.kind != Call::Rename) continue;
    const std::string name = fs::path(call.path).filename().string();
    if (name.ends_with(".png") || name.ends_with(".r32")) dataSinceDirectorySync = true;
    if (name == "w_x0_y0.json" || name == "w_x1_y0.json") {
      ++sidecars;
      EXPECT_FALSE(dataSinceDirectorySync)
          << name << " was renamed before its tile's renames were made durable";
    }
  }
  EXPECT_EQ(sidecars, 2);
  ASSERT_FALSE(calls.empty());
  EXPECT_EQ(calls.back().kind, Call::DirectorySync) << "the manifest's rename is made durable";
}

}  // namespace
}  // namespace terrain
