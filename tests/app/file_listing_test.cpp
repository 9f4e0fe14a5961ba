// The window's file browser lists folders and the files a purpose opens,
// never devices or FIFOs as files, caps a huge folder and says so, and
// names why a folder cannot be listed or a path chosen.
#include "app/file_listing.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain::app {
namespace {

namespace fs = std::filesystem;

class FileListing : public terrain::testing::ScratchDirTest {
 protected:
  void touch(const std::string& name) const { std::ofstream(dir_ / name) << "x"; }
  std::vector<std::string> names(const FolderListing& listing) const {
    std::vector<std::string> out;
    for (const FolderEntry& e : listing.entries) out.push_back((e.folder ? "/" : "") + e.name);
    return out;
  }
};

TEST_F(FileListing, FoldersFirstThenTheFilesThePurposeOpens) {
  fs::create_directory(dir_ / "maps");
  fs::create_directory(dir_ / ".hidden");
  for (const char* name : {"alps.TIF", "b.hgt", "island.terrain.json", "notes.txt", "ramp.png",
                           "c.json", ".secret.json"}) {
    touch(name);
  }
  ASSERT_EQ(::mkfifo((dir_ / "pipe.json").c_str(), 0600), 0);
  fs::create_symlink(dir_ / "maps", dir_ / "linked");
  fs::create_symlink(dir_ / "nowhere", dir_ / "dangling.json");

  const FolderListing projects = listFolder(dir_, BrowsePurpose::OpenProject);
  EXPECT_EQ(projects.error, "");
  EXPECT_FALSE(projects.capped);
  EXPECT_EQ(names(projects),
            (std::vector<std::string>{"/linked", "/maps", "c.json", "island.terrain.json"}));
  // alps.TIF, b.hgt, notes.txt, ramp.png and the FIFO named like a project.
  EXPECT_EQ(projects.hidden, 5u);
  EXPECT_EQ(names(listFolder(dir_, BrowsePurpose::ImportDem)),
            (std::vector<std::string>{"/linked", "/maps", "alps.TIF", "b.hgt", "ramp.png"}));
  EXPECT_EQ(names(listFolder(dir_, BrowsePurpose::Ramp)),
            (std::vector<std::string>{"/linked", "/maps", "ramp.png"}));
  EXPECT_EQ(names(listFolder(dir_, BrowsePurpose::ExportFolder)),
            (std::vector<std::string>{"/linked", "/maps"}));
}

TEST_F(FileListing, AHugeFolderIsCutAtTheCapAndSaysSo) {
  for (int i = 0; i < 30; ++i) touch("m" + std::to_string(i) + ".json");
  const FolderListing cut = listFolder(dir_, BrowsePurpose::OpenProject, 12);
  EXPECT_TRUE(cut.capped);
  EXPECT_EQ(cut.entries.size(), 12u);
  const FolderListing whole = listFolder(dir_, BrowsePurpose::OpenProject, 30);
  EXPECT_FALSE(whole.capped);
  EXPECT_EQ(whole.entries.size(), 30u);
}

TEST_F(FileListing, UnreadableFoldersAndTheSystemsTreesSayWhy) {
  const FolderListing missing = listFolder(dir_ / "gone", BrowsePurpose::OpenProject);
  EXPECT_TRUE(missing.entries.empty());
  EXPECT_NE(missing.error.find("cannot list " + (dir_ / "gone").string() + ": No such file"),
            std::string::npos)
      << missing.error;
  for (const char* tree : {"/proc", "/proc/self", "/sys/kernel", "/dev", "/dev/../dev/shm"}) {
    const FolderListing refused = listFolder(tree, BrowsePurpose::ImportDem);
    EXPECT_TRUE(refused.entries.empty()) << tree;
    EXPECT_NE(refused.error.find("not files to open"), std::string::npos) << tree;
  }
  EXPECT_EQ(refusedFolder("/home"), std::nullopt);
  EXPECT_EQ(refusedFolder("/devices"), std::nullopt) << "a name that only starts like /dev";
  if (::geteuid() == 0) {
    GTEST_SKIP() << "root reads a folder of mode 000: the permission case needs another user";
  }
  fs::create_directory(dir_ / "locked");
  fs::permissions(dir_ / "locked", fs::perms::none);
  const FolderListing locked = listFolder(dir_ / "locked", BrowsePurpose::OpenProject);
  fs::permissions(dir_ / "locked", fs::perms::owner_all);
  EXPECT_NE(locked.error.find("Permission denied"), std::string::npos) << locked.error;
}

TEST_F(FileListing, AChoiceIsAFileOrFolderAsThePurposeNeeds) {
  touch("a.json");
  ASSERT_EQ(::mkfifo((dir_ / "pipe.json").c_str(), 0600), 0);
  EXPECT_EQ(refusedChoice(BrowsePurpose::OpenProject, dir_ / "a.json"), std::nullopt);
  EXPECT_NE(refusedChoice(BrowsePurpose::OpenProject, dir_ / "pipe.json")->find("FIFO"),
            std::string::npos);
  EXPECT_NE(refusedChoice(BrowsePurpose::ImportDem, "/dev/zero")->find("not files"),
            std::string::npos);
  EXPECT_NE(refusedChoice(BrowsePurpose::OpenProject, dir_ / "b.json")->find("No such file"),
            std::string::npos);
  EXPECT_EQ(refusedChoice(BrowsePurpose::SaveProject, dir_ / "b.json"), std::nullopt);
  EXPECT_NE(refusedChoice(BrowsePurpose::SaveProject, dir_ / "no" / "b.json")->find("does not"),
            std::string::npos);
  EXPECT_NE(refusedChoice(BrowsePurpose::OpenProject, dir_)->find("is a folder"),
            std::string::npos);
  EXPECT_EQ(refusedChoice(BrowsePurpose::ExportFolder, dir_), std::nullopt);
  EXPECT_NE(refusedChoice(BrowsePurpose::ExportFolder, dir_ / "a.json")->find("choose a folder"),
            std::string::npos);
}

// A link in a shared folder goes where it points: one to /proc is not
// entered, and a project named file that links to /proc/kmsg (a regular file
// to stat, whose read blocks) is not chosen.
TEST_F(FileListing, ALinkIntoTheSystemsTreesIsRefusedAsTheTreeIs) {
  fs::create_symlink("/proc", dir_ / "p");
  fs::create_symlink("/proc/kmsg", dir_ / "x.terrain.json");
  fs::create_symlink("/dev/zero", dir_ / "zero.tif");
  const FolderListing refused = listFolder(dir_ / "p", BrowsePurpose::OpenProject);
  EXPECT_TRUE(refused.entries.empty());
  EXPECT_NE(refused.error.find("not files to open"), std::string::npos) << refused.error;
  for (const auto& [purpose, name] : {std::pair{BrowsePurpose::OpenProject, "x.terrain.json"},
                                      std::pair{BrowsePurpose::ImportDem, "zero.tif"}}) {
    const auto why = refusedChoice(purpose, dir_ / name);
    ASSERT_TRUE(why.has_value()) << name;
    EXPECT_NE(why->find("not files to open"), std::string::npos) << *why;
  }
  touch("real.terrain.json");
  fs::create_symlink(dir_ / "real.terrain.json", dir_ / "alias.terrain.json");
  EXPECT_EQ(refusedChoice(BrowsePurpose::OpenProject, dir_ / "alias.terrain.json"), std::nullopt)
      << "a link to an ordinary file is that file";
}

TEST(RecentFiles, NewestFirstWithoutRepeatsAndAtMostTen) {
  std::vector<std::string> recent;
  for (int i = 0; i < 12; ++i) noteRecent(recent, "f" + std::to_string(i));
  noteRecent(recent, "f5");
  ASSERT_EQ(recent.size(), kMaxRecent);
  EXPECT_EQ(recent[0], "f5");
  EXPECT_EQ(recent[1], "f11");
  EXPECT_EQ(std::count(recent.begin(), recent.end(), "f5"), 1);
  EXPECT_EQ(recent.back(), "f2");  // f0 and f1 fell off when f10 and f11 came
}

TEST_F(FileListing, SaveAsGivesANameOpenLists) {
  // "island" typed in Save as is written as a project Open lists.
  const fs::path typed = dir_ / "island";
  const fs::path saved = withNameEnding(BrowsePurpose::SaveProject, typed);
  EXPECT_EQ(saved, dir_ / "island.terrain.json");
  touch(saved.filename().string());
  EXPECT_EQ(names(listFolder(dir_, BrowsePurpose::OpenProject)),
            std::vector<std::string>{"island.terrain.json"});
  // A name that already ends as a project's, in any case, is kept.
  for (const char* kept : {"a.terrain.json", "b.JSON", "c.Terrain.Json"}) {
    EXPECT_EQ(withNameEnding(BrowsePurpose::SaveProject, dir_ / kept), dir_ / kept) << kept;
  }
  EXPECT_EQ(withNameEnding(BrowsePurpose::SaveProject, dir_ / "map.png"),
            dir_ / "map.png.terrain.json");
  // Only Save as names a new file: what Open or Import was given stays.
  EXPECT_EQ(withNameEnding(BrowsePurpose::OpenProject, typed), typed);
  EXPECT_EQ(withNameEnding(BrowsePurpose::ImportDem, typed), typed);
}

}  // namespace
}  // namespace terrain::app
