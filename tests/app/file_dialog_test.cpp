// The project file and export folder choosers run zenity without a shell: a stand-in zenity on
// the PATH records its arguments and answers as the real one does.
#include "app/file_dialog.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain::app {
namespace {

namespace fs = std::filesystem;

class FileDialog : public terrain::testing::ScratchDirTest {
 protected:
  void SetUp() override {
    ScratchDirTest::SetUp();
    const char* path = std::getenv("PATH");
    oldPath_ = path != nullptr ? path : "";
  }
  void TearDown() override {
    ::setenv("PATH", oldPath_.c_str(), 1);
    ScratchDirTest::TearDown();
  }
  // A zenity that saves its arguments and prints `answer`, exiting `status`.
  void fakeZenity(const std::string& answer, int status) {
    const fs::path script = dir_ / "zenity";
    std::ofstream(script) << "#!/bin/sh\nprintf '%s\\n' \"$@\" > '" << (dir_ / "args").string()
                          << "'\nprintf '%s\\n' '" << answer << "'\nexit " << status << "\n";
    ::chmod(script.c_str(), 0755);
    ::setenv("PATH", (dir_.string() + ":" + oldPath_).c_str(), 1);
  }
  std::string arguments() const { return terrain::testing::readAll(dir_ / "args"); }

  std::string oldPath_;
};

TEST_F(FileDialog, ThePathChosenComesBackWithoutItsNewline) {
  const std::string chosen = (dir_ / "my island; $(rm -rf x).json").string();
  fakeZenity(chosen, 0);
  ASSERT_TRUE(fileDialogAvailable());
  EXPECT_EQ(chooseProjectFile(FileDialogKind::Save, "start.json"), chosen);
  const std::string args = arguments();
  EXPECT_NE(args.find("--file-selection\n"), std::string::npos) << args;
  EXPECT_NE(args.find("--save\n"), std::string::npos) << args;
  EXPECT_NE(args.find("--confirm-overwrite\n"), std::string::npos) << args;
  EXPECT_NE(args.find("--filename=start.json\n"), std::string::npos) << args;
  EXPECT_EQ(chooseProjectFile(FileDialogKind::Open, ""), chosen);
  EXPECT_EQ(arguments().find("--save"), std::string::npos) << arguments();
}

TEST_F(FileDialog, CancellingOrNoChooserGivesNothing) {
  fakeZenity("", 1);  // zenity's status when the designer cancels
  EXPECT_EQ(chooseProjectFile(FileDialogKind::Open, ""), std::nullopt);
  ::setenv("PATH", dir_.string().c_str(), 1);
  fs::remove(dir_ / "zenity");
  EXPECT_FALSE(fileDialogAvailable());
  EXPECT_EQ(chooseProjectFile(FileDialogKind::Save, "x.json"), std::nullopt);
}

TEST_F(FileDialog, TheFolderChooserAsksForADirectoryAndReturnsTheOneChosen) {
  const std::string chosen = (dir_ / "unreal exports; $(rm -rf y)").string();
  fakeZenity(chosen, 0);
  EXPECT_EQ(chooseFolder("/home/designer/maps"), chosen);
  const std::string args = arguments();
  EXPECT_NE(args.find("--file-selection\n"), std::string::npos) << args;
  EXPECT_NE(args.find("--directory\n"), std::string::npos) << args;
  EXPECT_NE(args.find("--title="), std::string::npos) << args;
  // Opens inside the start folder, not beside it.
  EXPECT_NE(args.find("--filename=/home/designer/maps/\n"), std::string::npos) << args;
  EXPECT_EQ(args.find("--save"), std::string::npos) << args;
  EXPECT_EQ(chooseFolder(""), chosen);
  EXPECT_EQ(arguments().find("--filename"), std::string::npos) << arguments();
}

TEST_F(FileDialog, ACancelledOrMissingFolderChooserGivesNothing) {
  fakeZenity("", 1);
  EXPECT_EQ(chooseFolder("/tmp"), std::nullopt);
  EXPECT_NE(arguments().find("--directory\n"), std::string::npos) << "the chooser never ran";
  ::setenv("PATH", dir_.string().c_str(), 1);
  fs::remove(dir_ / "zenity");
  EXPECT_EQ(chooseFolder("/tmp"), std::nullopt);
}

}  // namespace
}  // namespace terrain::app
