// The headless program stays light: `export` loads no window libraries
// (GL, GLFW, X11, ImGui), so a tile farm's thousands of exports start fast,
// and anything else is handed to the window program beside it.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/support/app_process.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

fs::path scratchDir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("headless-start-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(HeadlessStart, ExportLoadsNoWindowLibraries) {
  const fs::path dir = scratchDir("libs");
  // The dynamic loader names every library it initialises.
  const testing::AppRun run = testing::runApp(
      {"export", "--size", "65", "--raw", (dir / "t.r32").string()}, dir, {{"LD_DEBUG", "libs"}});
  ASSERT_EQ(run.status, 0) << run.err.substr(0, 2000);
  EXPECT_NE(run.err.find("libc.so"), std::string::npos) << "the loader's report is there";
  for (const char* window : {"libglfw", "libGL", "libX11", "libxcb", "libimgui"}) {
    EXPECT_EQ(run.err.find(window), std::string::npos) << window << " loaded for export";
  }
  fs::remove_all(dir);
}

TEST(HeadlessStart, AnythingButExportGoesToTheWindowProgram) {
  const fs::path dir = scratchDir("window");
  if (!TERRAIN_WINDOW_BUILT) {  // TERRAIN_BUILD_APP=OFF: says so, names export
    const testing::AppRun run = testing::runApp({"--help"}, dir);
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.err.find("terrain-explorer-window is not installed"), std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("terrain-explorer export"), std::string::npos) << run.err;
    return;
  }
  // The window program checks its flags before opening a display.
  const testing::AppRun bad = testing::runApp({"--bogus"}, dir, {{"DISPLAY", std::nullopt}});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--bogus"), std::string::npos) << bad.err;
  const testing::AppRun help = testing::runApp({"--help"}, dir, {{"DISPLAY", std::nullopt}});
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--screenshot"), std::string::npos) << help.out;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace terrain
