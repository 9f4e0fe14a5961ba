// The window's settings file (app/settings.cpp), without a window: it is
// written through the one atomic writer and read through the one input
// opener, and a remembered ramp path that could never load is dropped with
// a note instead of reaching the panel.
#include "app/settings.hpp"
#include "app/file_listing.hpp"
#include "core/document/project.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <string>

namespace terrain::app {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

using terrain::testing::readAll;

class SettingsFile : public terrain::testing::ScratchDirTest {
 protected:
  void SetUp() override {
    ScratchDirTest::SetUp();
    file_ = dir_ / "terrain-explorer" / "settings.ini";
    fs::create_directories(file_.parent_path());
  }
  void writeSettings(const std::string& text) const {
    std::ofstream(file_, std::ios::binary) << text;
  }

  fs::path file_;
};

// A file that cannot be read starts the window with the defaults and one
// note naming it; a file that is not there is the first start, said nothing.
TEST_F(SettingsFile, ASymlinkLoopOrAFolderGivesTheDefaultsAndANote) {
  EXPECT_EQ(loadSettings(file_).note, "") << "no file: the first start";
  fs::create_symlink(file_.filename(), file_);  // settings.ini -> settings.ini
  const LoadedSettings loop = loadSettings(file_);
  EXPECT_EQ(loop.settings, Settings{});
  EXPECT_NE(loop.note.find(file_.string()), std::string::npos) << loop.note;
  EXPECT_NE(loop.note.find("symbolic links"), std::string::npos) << loop.note;
  fs::remove(file_);
  fs::create_directory(file_);
  const LoadedSettings folder = loadSettings(file_);
  EXPECT_EQ(folder.settings, Settings{});
  EXPECT_NE(folder.note.find("settings ignored"), std::string::npos) << folder.note;
  EXPECT_NE(folder.note.find(file_.string()), std::string::npos) << folder.note;
}

TEST_F(SettingsFile, SavedSettingsLoadBackAsTheyWere) {
  Settings s;
  s.view = ViewKind::Mesh;
  s.ramp = "grayscale";
  s.rampPng = "/some/ramp.png";
  ASSERT_EQ(saveSettings(file_, s), "");
  const LoadedSettings loaded = loadSettings(file_);
  EXPECT_EQ(loaded.settings, s);
  EXPECT_EQ(loaded.note, "");
}

TEST_F(SettingsFile, TheNodeCacheBudgetLoadsBackAndABadOneKeepsTheDefault) {
  EXPECT_EQ(loadSettings(file_).settings.nodeCacheMiB, kDefaultNodeCacheMiB);
  Settings small;
  small.nodeCacheMiB = 96;
  ASSERT_EQ(saveSettings(file_, small), "");
  EXPECT_EQ(loadSettings(file_).settings, small);
  for (const std::string bad : {"-5", "1e3", "99999999", "lots", ""}) {
    writeSettings("view=3d\nnode_cache_mib=" + bad + "\n");
    const LoadedSettings loaded = loadSettings(file_);
    EXPECT_EQ(loaded.settings.nodeCacheMiB, kDefaultNodeCacheMiB) << bad;
    EXPECT_EQ(loaded.settings.view, ViewKind::Mesh) << bad;
    EXPECT_NE(loaded.note.find("line 2"), std::string::npos) << bad << ": " << loaded.note;
  }
}

// The file browser's recent files (app/file_listing.hpp): read back in
// order; an empty line or one with a control character is dropped and
// the rest kept, and no more than kMaxRecent are read.
TEST_F(SettingsFile, RecentFilesLoadBackInOrderAndAtMostTen) {
  Settings s;
  s.recentFiles = {"/maps/alps.tif", "/projects/island.terrain.json", "/exports"};
  ASSERT_EQ(saveSettings(file_, s), "");
  EXPECT_EQ(loadSettings(file_).settings, s);
  std::string text = "recent=\nrecent=/a\x7f.json\n";
  for (int i = 0; i < 12; ++i) text += "recent=/p" + std::to_string(i) + ".json\n";
  writeSettings(text);
  const LoadedSettings loaded = loadSettings(file_);
  ASSERT_EQ(loaded.settings.recentFiles.size(), kMaxRecent);
  EXPECT_EQ(loaded.settings.recentFiles.front(), "/p0.json");
  EXPECT_EQ(loaded.settings.recentFiles.back(), "/p9.json");
}

TEST_F(SettingsFile, TheLastExportFolderLoadsBackAsItWas) {
  Settings s;
  s.view = ViewKind::Side;
  s.exportDir = "/home/designer/Unreal exports/island #2";  // spaces and a '#' kept
  ASSERT_EQ(saveSettings(file_, s), "");
  const LoadedSettings loaded = loadSettings(file_);
  EXPECT_EQ(loaded.settings.exportDir, s.exportDir);
  EXPECT_EQ(loaded.settings, s);
  EXPECT_EQ(loaded.note, "");
}

// Files written before the export folder was remembered have no export_dir:
// they load whole, without a note, and the folder is simply not known yet.
TEST_F(SettingsFile, AnOlderFileWithoutTheExportFolderLoadsWithoutANote) {
  writeSettings(
      "# terrain-explorer settings (rewritten when the view or ramp changes)\n"
      "view=3d\nramp=coastline\nramp_png=\n");
  const LoadedSettings loaded = loadSettings(file_);
  EXPECT_EQ(loaded.note, "");
  EXPECT_EQ(loaded.settings.view, ViewKind::Mesh);
  EXPECT_EQ(loaded.settings.ramp, "coastline");
  EXPECT_EQ(loaded.settings.exportDir, "");
}

// A folder with a newline in its name would split its line; it is not
// remembered, and the rest of the file stays readable.
TEST_F(SettingsFile, AnExportFolderThatCannotBeWrittenBackIsDroppedAndTheRestKept) {
  Settings s;
  s.ramp = "earth";
  s.exportDir = "/tmp/two\nlines";
  ASSERT_EQ(saveSettings(file_, s), "");
  const LoadedSettings loaded = loadSettings(file_);
  EXPECT_EQ(loaded.note, "");
  EXPECT_EQ(loaded.settings.exportDir, "");
  EXPECT_EQ(loaded.settings.ramp, "earth");
  writeSettings("view=side\nexport_dir=/" + std::string(5000, 'd') + "\n");
  const LoadedSettings tooLong = loadSettings(file_);
  EXPECT_EQ(tooLong.settings.exportDir, "");
  EXPECT_EQ(tooLong.settings.view, ViewKind::Side);
  EXPECT_NE(tooLong.note.find("export_dir on line 2"), std::string::npos) << tooLong.note;
}

// The old writer used the fixed name settings.ini.tmp: a symlink there sent
// the settings into another file and left settings.ini a symlink.
TEST_F(SettingsFile, ASymlinkAtAnyTemporaryNameIsNeverFollowed) {
  const fs::path victim = dir_ / "victim.txt";
  std::ofstream(victim) << "precious";
  const fs::path folder = file_.parent_path();
  for (const char* name :
       {"settings.ini.tmp", ".settings.ini.tmp", ".settings.ini.XXXXXX", ".settings.ini.000000"}) {
    fs::create_symlink(victim, folder / name);
  }
  Settings s;
  s.view = ViewKind::Side;
  for (int i = 0; i < 10; ++i) ASSERT_EQ(saveSettings(file_, s), "");
  EXPECT_EQ(readAll(victim), "precious");
  struct stat st {};
  ASSERT_EQ(::lstat(file_.c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode)) << "settings.ini is not a regular file";
  EXPECT_EQ(loadSettings(file_).settings.view, ViewKind::Side);
  EXPECT_TRUE(fs::is_symlink(folder / "settings.ini.tmp"));
}

// A 20 KB path used to reach the panel, whose error line then overflowed
// ImGui's 16-bit vertex index and aborted the window.
TEST_F(SettingsFile, AnOverLongRampPathIsIgnoredWithANoteAndTheRestKept) {
  writeSettings("view=side\nramp=earth\nramp_png=/" + std::string(20480, 'a') + ".png\n");
  const LoadedSettings loaded = loadSettings(file_);
  EXPECT_EQ(loaded.settings.rampPng, "");
  EXPECT_EQ(loaded.settings.view, ViewKind::Side);
  EXPECT_EQ(loaded.settings.ramp, "earth");
  EXPECT_NE(loaded.note.find("ramp_png on line 3"), std::string::npos) << loaded.note;
  EXPECT_NE(loaded.note.find("20485 bytes"), std::string::npos) << loaded.note;
  EXPECT_LT(loaded.note.size(), 300u) << "the note repeats the path";
}

TEST_F(SettingsFile, ARampPathUpToPathMaxOrWithoutControlCharactersIsKept) {
  const std::string longest = "/" + std::string(4090, 'b') + ".png";  // 4095 bytes
  writeSettings("ramp_png=" + longest + "\n");
  EXPECT_EQ(loadSettings(file_).settings.rampPng, longest);
  writeSettings("ramp_png=/ramps/with\x01control.png\n");
  const LoadedSettings loaded = loadSettings(file_);
  EXPECT_EQ(loaded.settings.rampPng, "");
  EXPECT_NE(loaded.note.find("control characters"), std::string::npos) << loaded.note;
}

TEST_F(SettingsFile, AFifoAsTheSettingsFileIsIgnoredAtOnce) {
  ASSERT_EQ(::mkfifo(file_.c_str(), 0600), 0);
  auto loaded = std::async(std::launch::async, [&] { return loadSettings(file_); });
  if (loaded.wait_for(2s) != std::future_status::ready) {
    ::close(::open(file_.c_str(), O_WRONLY));  // let the stuck reader end
    FAIL() << "loadSettings waited on a FIFO";
  }
  const LoadedSettings result = loaded.get();
  EXPECT_EQ(result.settings, Settings{});
  EXPECT_NE(result.note.find("not a regular file"), std::string::npos) << result.note;
}

fs::perms modeOf(const fs::path& p) {
  return fs::status(p).permissions() & fs::perms::all;
}

// A new designer's machine: neither the configuration folder nor the one it
// goes in exists. The first save makes both, 0700 as the XDG base directory
// spec asks; a folder that was there keeps its mode.
TEST_F(SettingsFile, TheFirstSaveMakesTheConfigurationFolderAndItsMissingParentsPrivate) {
  const fs::path home = dir_ / "home";
  fs::create_directories(home);
  fs::permissions(home, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                            fs::perms::others_read | fs::perms::others_exec);
  const fs::path config = home / ".config" / "terrain-explorer";
  Document doc = defaultDocument();
  doc.seed = 99;
  EXPECT_EQ(saveSession(config / "session.json", doc), "");
  EXPECT_EQ(loadProject((config / "session.json").string()), doc);
  EXPECT_EQ(modeOf(home / ".config"), fs::perms::owner_all);
  EXPECT_EQ(modeOf(config), fs::perms::owner_all);
  EXPECT_EQ(modeOf(home), fs::perms(0755)) << "a folder that was there changed its mode";

  const fs::path xdg = dir_ / "xdg" / "terrain-explorer";
  Settings s;
  s.view = ViewKind::Side;
  ASSERT_EQ(saveSettings(xdg / "settings.ini", s), "");
  EXPECT_EQ(loadSettings(xdg / "settings.ini").settings, s);
  EXPECT_EQ(modeOf(xdg.parent_path()), fs::perms::owner_all);
  EXPECT_EQ(modeOf(xdg), fs::perms::owner_all);
}

// A session that cannot be saved says why, naming the folder; the next
// save that works returns no note, which clears the panel's.
TEST_F(SettingsFile, ASessionThatCannotBeSavedSaysWhyUntilASaveWorks) {
  const fs::path blocked = dir_ / "blocked";
  std::ofstream(blocked) << "a file where the folder goes";
  const fs::path session = blocked / "terrain-explorer" / "session.json";
  const std::string note = saveSession(session, defaultDocument());
  EXPECT_EQ(note.rfind("session not saved: cannot create ", 0), 0u) << note;
  EXPECT_NE(note.find(session.parent_path().string()), std::string::npos) << note;
  EXPECT_EQ(saveSettings(blocked / "settings.ini", Settings{}).rfind("cannot create ", 0), 0u);
  fs::remove(blocked);
  EXPECT_EQ(saveSession(session, defaultDocument()), "");
  EXPECT_TRUE(fs::is_regular_file(session));
}

}  // namespace
}  // namespace terrain::app
