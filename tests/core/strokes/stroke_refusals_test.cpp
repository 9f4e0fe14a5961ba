// Points and radii no world can hold (issue 37): refused where a stroke
// is parsed, naming the value and the range, and from the CLI exit 2 with
// one line naming the node, the stroke, the value and the range; a course
// far outside a tiny world leaves it and takes the map's memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/document/project.hpp"
#include "core/export/tiles.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/window_evaluation.hpp"
#include "core/nodes/paths.hpp"
#include "core/strokes/strokes.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

TEST(StrokeBounds, PointsAndRadiiNoWorldCanHoldAreRefusedNamingTheValueAndTheRange) {
  const auto refusal = [](std::string_view text) {
    return testing::inputErrorOf([&] { parseStrokes(text); });
  };
  const std::string far = refusal(
      R"([{"mode": "path", "points": [[0, 0]]}, {"mode": "path", "points": [[0, 0], [5, 1e9]]}])");
  EXPECT_NE(far.find("stroke 2: point 2 (5, 1e+09) is out of range; allowed: -1e+06 to 2e+06"),
            std::string::npos)
      << far;
  EXPECT_NE(refusal(R"([{"mode": "paint", "points": [[-1000001, 0]]}])").find("point 1"),
            std::string::npos);
  const std::string wide = refusal(R"([{"mode": "smooth", "radius": 2e6, "points": [[0, 0]]}])");
  EXPECT_NE(wide.find("stroke 1: 'radius' 2e+06 is out of range; allowed: 0.001 to 1e+06"),
            std::string::npos)
      << wide;
  // The ends are allowed.
  EXPECT_NO_THROW(
      parseStrokes(R"([{"mode": "smooth", "radius": 1e6, "points": [[-1e6, 2e6], [2e6, -1e6]]}])"));
}

class StrokeBoundsCli : public testing::ScratchDirTest {
 protected:
  // A noise map of `size` on a world `width` metres wide into a node
  // holding `strokes` (a JSON array) as its parameter `param`.
  std::string project(const std::string& type, const std::string& param, const std::string& strokes,
                      int size = 65, double width = 8192.0) const {
    const std::string file = path("p.json");
    std::ofstream(file) << R"({"format": "terrain-explorer-project", "version": 2, "seed": "7",
  "world": {"world-width": )"
                        << width << R"(},
  "graph": {"output": 2, "nodes": [
    {"id": 1, "type": "noise", "params": {"size": )"
                        << size << R"(}},
    {"id": 2, "type": ")"
                        << type << R"(", "params": {")" << param << R"(": )" << strokes << R"(}}],
   "links": [{"from": {"node": 1, "port": "heights"}, "to": {"node": 2, "port": "in"}}]}})";
    return file;
  }
  testing::AppRun exportOf(const std::string& file, std::vector<std::string> more = {}) const {
    std::vector<std::string> args = {"export", "--project", file, "--raw", path("h.r32")};
    args.insert(args.end(), more.begin(), more.end());
    return testing::runApp(args, dir_);
  }
};

TEST_F(StrokeBoundsCli, AStrokeNoWorldCanHoldIsExitTwoWithOneLineNamingNodeStrokeValueAndRange) {
  const struct {
    std::string type, param, strokes, said;
  } cases[] = {
      {"river", "path", R"([{"mode": "path", "points": [[0, 0], [-1e9, 1e9]]}])",
       "'graph.nodes[1].params.path': strokes: stroke 1: point 2 (-1e+09, 1e+09) is out of range; "
       "allowed: -1e+06 to 2e+06"},
      {"sculpt", "strokes", R"([{"mode": "smooth", "radius": 5e6, "points": [[0, 0]]}])",
       "'graph.nodes[1].params.strokes': strokes: stroke 1: 'radius' 5e+06 is out of range; "
       "allowed: 0.001 to 1e+06"},
  };
  for (const auto& c : cases) {
    const testing::AppRun r = exportOf(project(c.type, c.param, c.strokes));
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(testing::countLines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find(c.said), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(path("h.r32")));
  }
  // The same strokes given to --node-param.
  const testing::AppRun r =
      exportOf(project("sculpt", "strokes", "[]"),
               {"--node-param", R"(2.strokes=[{"mode": "raise", "points": [[3e6, 0]]}])"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("point 1 (3e+06, 0) is out of range; allowed: -1e+06 to 2e+06"),
            std::string::npos)
      << r.err;
}

// A river a thousand kilometres outside a 16 m world (out of memory, exit
// 1, before): it touches nothing, and the run takes what the map takes.
TEST_F(StrokeBoundsCli, ACourseFarOutsideATinyWorldLeavesItAndTakesTheMapsMemory) {
  const testing::AppRun plain = exportOf(project("river", "path", "[]", 65, 16.0));
  ASSERT_EQ(plain.status, 0) << plain.err;
  const std::string plainBytes = testing::readAll(dir_ / "h.r32");
  const testing::AppRun far = exportOf(
      project("river", "path",
              R"([{"mode": "path", "points": [[1e6, 2e6], [-1e6, 1e6], [2e6, -1e6]]}])", 65, 16.0));
  ASSERT_EQ(far.status, 0) << far.err;
  EXPECT_EQ(testing::readAll(dir_ / "h.r32"), plainBytes);
  EXPECT_LT(far.maxRssKib, 2 * plain.maxRssKib)
      << far.maxRssKib << " KiB against " << plain.maxRssKib;
}

}  // namespace
}  // namespace terrain
