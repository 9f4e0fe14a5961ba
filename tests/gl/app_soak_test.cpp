// Long-running stability: the app, driven (tests/app/driver/), asks for a new terrain every frame
// for 400 frames (--soak: all five generators, sizes 129..2049, every view,
// a new seed each time) and its memory must stay flat. Needs a display (xvfb-run).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "tests/support/app_process.hpp"
#include "tests/support/build_kind.hpp"

namespace terrain::testing {
namespace {

namespace fs = std::filesystem;

constexpr int kFrames = 400;
constexpr int kFirstFrame = 100;
// Under the sanitizers (10x slower: 39 of that suite's seconds at 400
// frames) the soak is a shorter run through every generator, side and view
// (sides change every 15 frames, views every 5) for use-after-free, and
// LeakSanitizer checks at exit that nothing was lost; memory that grows
// while still held (a cache without a bound) is the floor's claim, held in
// the Release suite.
constexpr int kSanitizedFrames = 100;
// A leak raises the floor of the memory in use; what is in flight does not.
// At any one sample a map of up to 2049 (16 MiB of heights, its textures,
// a superseded run being freed on its own thread, malloc's arenas) may or
// may not be held: single samples swing by 35 MiB from run to run. So the
// least memory of the early samples (frames 50..200) is set against the
// least of the late ones (250..400), ~100 terrains apart: anything kept per
// terrain shows there.
constexpr int kLastEarlyFrame = 200;
constexpr long kMaxGrowthKib = 8 * 1024;

struct SoakPoint {
  long rssKib = -1;
  int terrains = 0;
};

// "soak frame F rss_kib R terrains T" lines, by F.
std::map<int, SoakPoint> parseSoak(const std::string& out) {
  std::map<int, SoakPoint> points;
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line)) {
    int frame = 0, terrains = 0;
    long rss = 0;
    if (std::sscanf(line.c_str(), "soak frame %d rss_kib %ld terrains %d", &frame, &rss,
                    &terrains) == 3) {
      points[frame] = {rss, terrains};
    }
  }
  return points;
}

TEST(AppSoak, MemoryStaysFlatOver400FramesOfNewTerrains) {
  if (!haveDisplay()) GTEST_SKIP() << "needs a display: run under xvfb-run";
  const fs::path dir = fs::temp_directory_path() / ("terrain-soak-" + std::to_string(::getpid()));
  fs::create_directories(dir / "config" / "terrain-explorer");
  // No node results kept beyond the screen's: what is measured is leaks, not
  // a cache filling up to its budget (GraphEvaluator's test covers that).
  std::ofstream(dir / "config" / "terrain-explorer" / "settings.ini") << "node_cache_mib=0\n";
  const int frames = kSanitized ? kSanitizedFrames : kFrames;
  const AppRun run = runDriver({"--soak", std::to_string(frames)}, dir,
                               {{"XDG_CONFIG_HOME", (dir / "config").string()}});
  fs::remove_all(dir);

  ASSERT_EQ(run.status, 0) << "signal " << run.signal << "\n" << run.err;
  EXPECT_EQ(run.err.find("GL error"), std::string::npos) << run.err;
  const auto points = parseSoak(run.out);
  if (kSanitized) {
    ASSERT_EQ(points.count(frames), 1u) << run.out;
    EXPECT_GE(points.at(frames).terrains, frames / 2) << run.out;
    return;  // exit status 0: no sanitizer report, no leak
  }
  ASSERT_EQ(points.count(kFirstFrame), 1u) << run.out;
  ASSERT_EQ(points.count(kFrames), 1u) << run.out;
  const SoakPoint first = points.at(kFirstFrame);
  const SoakPoint last = points.at(kFrames);
  ASSERT_GT(first.rssKib, 0) << "no VmRSS in /proc/self/status";

  // The run did the work: every second frame waits for its terrain.
  EXPECT_GE(last.terrains, kFrames / 2) << run.out;
  EXPECT_GE(last.terrains - first.terrains, (kFrames - kFirstFrame) / 2) << run.out;

  long earlyFloor = first.rssKib;
  long lateFloor = last.rssKib;
  for (const auto& [frame, point] : points) {
    long& floor = frame <= kLastEarlyFrame ? earlyFloor : lateFloor;
    floor = std::min(floor, point.rssKib);
  }
  const long growth = lateFloor - earlyFloor;
  std::printf(
      "soak: %d frames, %d terrains in %.1f s; least RSS %ld KiB over frames 50..%d, %ld KiB "
      "over frames %d..%d (%+ld KiB)\n",
      kFrames, last.terrains, run.seconds, earlyFloor, kLastEarlyFrame, lateFloor,
      kLastEarlyFrame + 50, kFrames, growth);
  EXPECT_LT(growth, kMaxGrowthKib) << "memory grew over the run:\n" << run.out;
}

}  // namespace
}  // namespace terrain::testing
