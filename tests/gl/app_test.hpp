#pragma once
// The window's end-to-end tests' fixture: the real terrain-explorer binary
// (or its test driver) started as a designer or CI would, each test in a
// scratch folder of its own with its own settings, and the pixel measures
// its --screenshot is judged by. Needs a display (xvfb-run) except where a
// test says otherwise.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/io/png_io.hpp"
#include "core/look/color.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/files.hpp"

namespace terrain::testing {

namespace fs = std::filesystem;

constexpr int kPanelWidth = 360;  // the panel's width at scale 1 (app/panel.hpp)

struct RunResult {
  int status = -1;  // exit status, or -1 when killed by a signal
  std::string err;  // stderr
};

inline std::string shellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Each test in a scratch folder of its own, with its own settings
// (XDG_CONFIG_HOME=<folder>/config), removed unless the test failed.
class AppFolderTest : public ::testing::Test {
 protected:
  explicit AppFolderTest(std::string prefix) : prefix_(std::move(prefix)) {}
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           (prefix_ + std::string(info->name()) + "-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "config");
  }
  void TearDown() override {
    if (!HasFailure() && !dir_.empty()) fs::remove_all(dir_);
  }

  fs::path dir_;

 private:
  std::string prefix_;
};

// The same, for tests that need a window: skipped without a display.
class AppWindowTest : public AppFolderTest {
 protected:
  using AppFolderTest::AppFolderTest;
  void SetUp() override {
    if (!haveDisplay()) GTEST_SKIP() << "needs a display: run under xvfb-run";
    AppFolderTest::SetUp();
  }
};

// Not an AppWindowTest: some of its tests run the binary without a
// display on purpose; the others start with REQUIRE_DISPLAY().
class AppTest : public AppFolderTest {
 protected:
  AppTest() : AppFolderTest("terrain-e2e-") {}

  // Runs the binary with its own config directory; `envPrefix` goes before
  // it (e.g. "env -u DISPLAY").
  RunResult run(const std::string& args, const std::string& envPrefix = "",
                const char* program = TERRAIN_EXPLORER_BIN) const {
    const fs::path errFile = dir_ / "stderr.txt";
    const std::string cmd =
        envPrefix + " env XDG_CONFIG_HOME=" + shellQuote((dir_ / "config").string()) + " " +
        shellQuote(program) + " " + args + " >/dev/null 2>" + shellQuote(errFile.string());
    const int raw = std::system(cmd.c_str());
    RunResult r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    std::ifstream in(errFile);
    std::stringstream ss;
    ss << in.rdbuf();
    r.err = ss.str();
    return r;
  }

  // The window through the test driver (tests/app/driver/): --test-export.
  RunResult drive(const std::string& args, const std::string& envPrefix = "") const {
    return run(args, envPrefix, TERRAIN_DRIVER_BIN);
  }

  // Renders 5 frames and returns the screenshot.
  RgbImage shoot(const std::string& name, const std::string& args) const {
    const fs::path png = dir_ / (name + ".png");
    const RunResult r = run(args + " --frames 5 --screenshot " + shellQuote(png.string()));
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err.find("GL error"), std::string::npos) << r.err;
    if (r.status != 0 || !fs::exists(png)) return {};
    return readPngRgb8(png.string());
  }

  // The window, started with `flags` on the map view, exports the same
  // heightmap and colour map bytes as `terrain-explorer export` with them;
  // `stem` is the window's file name stem for them.
  void expectTheWindowExportsAsTheCommandLine(const std::string& flags,
                                              const std::string& stem) const {
    const fs::path window = dir_ / "window";
    const fs::path cli = dir_ / "cli";
    fs::create_directories(window);
    fs::create_directories(cli);
    const RunResult shown =
        drive("--view map " + flags + " --frames 3 --test-export " + shellQuote(window.string()));
    ASSERT_EQ(shown.status, 0) << shown.err;
    const std::string heightmap = (cli / "h.png").string();
    const std::string colour = (cli / "c.png").string();
    const RunResult exported = run("export " + flags + " --heightmap " + shellQuote(heightmap) +
                                   " --color " + shellQuote(colour));
    ASSERT_EQ(exported.status, 0) << exported.err;
    const std::string written = (window / stem).string();
    EXPECT_EQ(readAll(written + "-height16.png"), readAll(heightmap));
    EXPECT_EQ(readAll(written + "-color.png"), readAll(colour));
  }
};

#define REQUIRE_DISPLAY()                                                      \
  do {                                                                         \
    if (!haveDisplay()) GTEST_SKIP() << "needs a display: run under xvfb-run"; \
  } while (false)

struct Region {
  int x0, y0, x1, y1;  // half-open
};

inline Region viewRegion(const RgbImage& img) {
  return {kPanelWidth, 0, img.width, img.height};
}
inline Region panelRegion(const RgbImage& img) {
  return {0, 0, kPanelWidth, img.height};
}

struct Mean {
  double r = 0, g = 0, b = 0;
};

inline Mean meanColor(const RgbImage& img, Region reg) {
  Mean m;
  double n = 0;
  for (int y = reg.y0; y < reg.y1; ++y) {
    for (int x = reg.x0; x < reg.x1; ++x) {
      const auto c = img.at(x, y);
      m.r += c.r;
      m.g += c.g;
      m.b += c.b;
      n += 1;
    }
  }
  if (n > 0) m = {m.r / n, m.g / n, m.b / n};
  return m;
}

template <typename Pred>
double fraction(const RgbImage& img, Region reg, Pred pred) {
  double hit = 0, n = 0;
  for (int y = reg.y0; y < reg.y1; ++y) {
    for (int x = reg.x0; x < reg.x1; ++x) {
      hit += pred(img.at(x, y)) ? 1 : 0;
      n += 1;
    }
  }
  return n > 0 ? hit / n : 0.0;
}

inline int distinctColors(const RgbImage& img, Region reg) {
  std::vector<bool> seen(1 << 18, false);  // 6 bits per channel
  int count = 0;
  for (int y = reg.y0; y < reg.y1; ++y) {
    for (int x = reg.x0; x < reg.x1; ++x) {
      const auto c = img.at(x, y);
      const std::size_t key =
          (std::size_t{c.r} >> 2) << 12 | (std::size_t{c.g} >> 2) << 6 | c.b >> 2;
      if (!seen[key]) {
        seen[key] = true;
        ++count;
      }
    }
  }
  return count;
}

inline bool isSky(Rgb8 c) {
  return c.b > 150 && c.b > c.r + 25 && c.b >= c.g;
}
inline bool isSea(Rgb8 c) {
  return c.b > c.r + 40 && c.b > c.g + 10;
}
inline bool isLand(Rgb8 c) {
  return c.g > c.r + 20 && c.g > c.b + 20;
}

inline double differingFraction(const RgbImage& a, const RgbImage& b, Region reg) {
  double diff = 0, n = 0;
  for (int y = reg.y0; y < reg.y1; ++y) {
    for (int x = reg.x0; x < reg.x1; ++x) {
      diff += a.at(x, y) == b.at(x, y) ? 0 : 1;
      n += 1;
    }
  }
  return n > 0 ? diff / n : 0.0;
}

inline void expectPanelAndViewDiffer(const RgbImage& img) {
  const Mean p = meanColor(img, panelRegion(img));
  const Mean v = meanColor(img, viewRegion(img));
  const double d = std::abs(p.r - v.r) + std::abs(p.g - v.g) + std::abs(p.b - v.b);
  EXPECT_GT(d, 30.0) << "panel and view look alike";
}

}  // namespace terrain::testing
