// The house's layers hold (docs/architecture.md): core/ is folders only,
// each folder includes only the folders above it, core knows no window and
// render knows no app. A change that points an include up the layers fails
// here, naming the file and the line, before it becomes a cycle.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

namespace terrain {
namespace {

namespace fs = std::filesystem;

const fs::path kRoot = TERRAIN_SOURCE_DIR;

// core's folders, lowest first. Two pairs share a layer: nodes/ and graph/
// (a node's file declares a graph/node_type, and node types name the stage
// they run), and document/ and export/ (a project file keeps the window's
// export settings, checked against the format table, and an export writes
// the project beside its files).
const std::map<std::string, int> kCoreLayer = {
    {"base", 0}, {"io", 1},    {"strokes", 2}, {"hydrology", 3}, {"mesh", 3},   {"scatter", 3},
    {"look", 4}, {"nodes", 5}, {"graph", 5},   {"document", 6},  {"export", 6},
};

struct Include {
  fs::path file;
  int line = 0;
  std::string target;  // as written between the quotes or brackets
};

std::vector<Include> includesUnder(const fs::path& dir) {
  static const std::regex include(R"re(^\s*#\s*include\s*[<"]([^>"]+)[>"])re");
  std::vector<Include> out;
  for (const auto& entry : fs::recursive_directory_iterator(kRoot / dir)) {
    const auto ext = entry.path().extension();
    if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
    std::ifstream in(entry.path());
    std::string text;
    for (int n = 1; std::getline(in, text); ++n) {
      std::smatch m;
      if (std::regex_search(text, m, include)) {
        out.push_back({fs::relative(entry.path(), kRoot), n, m[1].str()});
      }
    }
  }
  return out;
}

std::string where(const Include& inc) {
  return inc.file.string() + ":" + std::to_string(inc.line) + " includes " + inc.target;
}

TEST(HouseLayers, CoreIsFoldersOnlyAndEachIsALayer) {
  for (const auto& entry : fs::directory_iterator(kRoot / "core")) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory()) {
      EXPECT_TRUE(kCoreLayer.contains(name))
          << "core/" << name << "/ is not in docs/architecture.md's layers";
    } else {
      EXPECT_EQ(name, "CMakeLists.txt") << "core/" << name << " sits loose beside the folders";
    }
  }
}

TEST(HouseLayers, CoreFoldersIncludeOnlyTheLayersBelowThem) {
  const auto includes = includesUnder("core");
  ASSERT_GT(includes.size(), 500u);  // the walk found the tree
  int checked = 0;
  for (const Include& inc : includes) {
    const std::string from = *std::next(inc.file.begin());  // core/<folder>/...
    if (inc.target.rfind("core/", 0) != 0) continue;
    const std::string to = fs::path(inc.target).begin()->string() == "core"
                               ? std::next(fs::path(inc.target).begin())->string()
                               : std::string();
    ASSERT_TRUE(kCoreLayer.contains(to)) << where(inc);
    EXPECT_LE(kCoreLayer.at(to), kCoreLayer.at(from)) << where(inc) << ": up the layers";
    ++checked;
  }
  EXPECT_GT(checked, 300);
}

TEST(HouseLayers, CoreKnowsNoWindowAndRenderKnowsNoApp) {
  const std::regex window(R"(^(app/|render/|GLFW/|glad/|imgui|GL/))");
  for (const Include& inc : includesUnder("core")) {
    EXPECT_FALSE(std::regex_search(inc.target, window)) << where(inc);
  }
  for (const Include& inc : includesUnder("render")) {
    EXPECT_NE(inc.target.rfind("app/", 0), 0u) << where(inc);
  }
}

}  // namespace
}  // namespace terrain
