// Bad input that had no test before docs/bad-input.md listed it: values
// typed into the panel, sizes past the memory cap, read-only outputs.
// Every case: a clear message, the right exit status, nothing destroyed.
#include <fcntl.h>
#include <spawn.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "app/param_input.hpp"
#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/export/heightmap_files.hpp"
#include "core/nodes/registry.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/build_kind.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

extern char** environ;

namespace terrain {
namespace {

namespace fs = std::filesystem;

using terrain::testing::entriesOf;
using terrain::testing::readAll;

// ---- values typed into the panel (ctrl-click on a slider) ----

// The slot a key names in a coastline document (it has classes as well as
// the common ones): a source parameter, the smooth stage's passes or a look value.
struct PanelSlot {
  Document doc = defaultDocument("coastline");
  double* slot = nullptr;
  ParamInfo info;
};

PanelSlot slotFor(std::string_view key) {
  PanelSlot p;
  appendModifier(p.doc.graph, "smooth");
  const SourceStage& source = sourceStage("coastline");
  if (auto i = source.indexOf(key)) {
    p.slot = &chainSource(p.doc.graph).values[*i];
    p.info = source.params()[*i];
  } else if (auto j = modifierStage("smooth").indexOf(key)) {
    p.slot = &chainModifier(p.doc.graph, 0).values[*j];
    p.info = modifierStage("smooth").params()[*j];
  } else if (key == "water") {
    p.slot = &p.doc.look.water;
    p.info = lookTable().infos()[0];
  }
  return p;
}

// Every refusal leaves the document exactly as it was.
void expectRefused(const char* key, double value) {
  PanelSlot p = slotFor(key);
  ASSERT_NE(p.slot, nullptr) << key;
  const Document before = p.doc;
  EXPECT_FALSE(app::applyPanelValue(*p.slot, p.info, value)) << key << " = " << value;
  EXPECT_EQ(p.doc, before) << key << " = " << value << " changed the document";
}

TEST(PanelValue, RefusesNanInfinitiesNegativesHugeOutOfRangeAndFractions) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const char* key : {"roughness", "water", "iterations", "passes", "classes", "size"}) {
    expectRefused(key, nan);
    expectRefused(key, -nan);
    expectRefused(key, inf);
    expectRefused(key, -inf);
    expectRefused(key, -1.0);
    expectRefused(key, 1e300);
    expectRefused(key, std::numeric_limits<double>::lowest());
  }
  expectRefused("roughness", 1.0000001);
  expectRefused("water", -0.0001);
  expectRefused("iterations", 31);
  expectRefused("iterations", 2.5);  // integers stay whole
  expectRefused("classes", 7);
  expectRefused("classes", 1);
  expectRefused("classes", 3.5);
  expectRefused("passes", 201);
  expectRefused("mode", 2);  // choices: an index into the names
  expectRefused("mode", 0.5);
  expectRefused("start-cells", 12);  // powers of two only
}

TEST(PanelValue, TakesANewValueInRangeAndIgnoresTheSameOne) {
  PanelSlot roughness = slotFor("roughness");
  EXPECT_TRUE(app::applyPanelValue(*roughness.slot, roughness.info, 0.75));
  EXPECT_EQ(*roughness.slot, 0.75);
  EXPECT_FALSE(app::applyPanelValue(*roughness.slot, roughness.info, 0.75));  // no regeneration
  EXPECT_TRUE(app::applyPanelValue(*roughness.slot, roughness.info, 0.0));  // the ends are allowed
  EXPECT_TRUE(app::applyPanelValue(*roughness.slot, roughness.info, 1.0));
  PanelSlot iterations = slotFor("iterations");
  EXPECT_TRUE(app::applyPanelValue(*iterations.slot, iterations.info, 4));
  EXPECT_EQ(*iterations.slot, 4);
}

// ---- the real binary ----

struct RunResult {
  int status = -1;  // exit status; -1 when killed by a signal
  std::string err;
  long maxRssKib = 0;  // the child's peak resident memory
};

class BadInputRun : public testing::ScratchDirTest {
 protected:
  void TearDown() override {
    for (const auto& m : mounts_) ::umount2(m.c_str(), MNT_DETACH);
    ScratchDirTest::TearDown();
  }

  // TERRAIN_EXPLORER_BIN <args>; addressSpaceMib > 0 caps the child's
  // address space (RLIMIT_AS) so a large allocation fails there.
  RunResult run(const std::vector<std::string>& args, long addressSpaceMib = 0) const {
    const testing::AppRun r = testing::runApp(args, dir_, {}, {addressSpaceMib});
    return {r.status, r.err, r.maxRssKib};
  }

  // A 1 MiB tmpfs at dir_/name holding `file` (if given), then remounted
  // read-only; empty when this machine does not let us mount.
  fs::path readOnlyTmpfs(const std::string& name, const std::string& file = "",
                         const std::string& content = "") {
    const fs::path mountPoint = dir_ / name;
    fs::create_directory(mountPoint);
    if (::mount("tmpfs", mountPoint.c_str(), "tmpfs", 0, "size=1m") != 0) return {};
    mounts_.push_back(mountPoint.string());
    if (!file.empty()) std::ofstream(mountPoint / file, std::ios::binary) << content;
    if (::mount("tmpfs", mountPoint.c_str(), "tmpfs", MS_REMOUNT | MS_RDONLY, "size=1m") != 0) {
      return {};
    }
    return mountPoint;
  }

  std::vector<std::string> mounts_;
};

int lines(const std::string& s) {
  return static_cast<int>(std::count(s.begin(), s.end(), '\n'));
}

// ---- numbers from flags: NaN, infinities, negative, zero, huge, not numbers ----

TEST_F(BadInputRun, BadNumbersInFlagsAreExitTwoWithOneLineNamingTheFlag) {
  const std::vector<std::vector<std::string>> shared = {
      {"--size", "0"},      {"--size", "-5"},         {"--size", "nan"},      {"--size", "1e999"},
      {"--size", "12.5"},   {"--roughness", "-inf"},  {"--roughness", "NaN"}, {"--water", "1e308"},
      {"--water", "-0.01"}, {"--iterations", "-0.5"}, {"--smoothing", "abc"}, {"--smoothing", ""},
      {"--seed", "1.5"},    {"--seed", "0x10"},       {"--scaling", "2"}};
  const std::vector<std::vector<std::string>> windowOnly = {
      {"--width", "0"},    {"--height", "-1"},    {"--width", "nan"},
      {"--frames", "inf"}, {"--row", "99999999"}, {"--height", "16385"}};
  const std::string out = (dir_ / "h.png").string();
  auto expectRefused = [&](std::vector<std::string> args, bool exportCommand) {
    const std::string flag = args[0];
    std::string what = exportCommand ? "export" : "window";
    for (const auto& a : args) what += " '" + a + "'";
    if (exportCommand) {
      args.insert(args.begin(), "export");
      args.insert(args.end(), {"--heightmap", out});
    }
    const RunResult r = run(args);
    EXPECT_EQ(r.status, 2) << what << ": " << r.err;
    EXPECT_EQ(lines(r.err), 1) << what << ": " << r.err;
    EXPECT_NE(r.err.find(flag), std::string::npos) << what << ": " << r.err;
  };
  // The window's flags are checked by terrain-explorer-window, which a
  // core-only build (TERRAIN_BUILD_APP=OFF) does not make.
  const bool window = TERRAIN_WINDOW_BUILT;
  for (const auto& args : shared) {
    expectRefused(args, true);
    if (window) expectRefused(args, false);
  }
  for (const auto& args : windowOnly) {
    if (window) expectRefused(args, false);
  }
  EXPECT_FALSE(fs::exists(out));
}

// ---- sizes beyond the memory cap ----

TEST_F(BadInputRun, SizesPastTheMemoryCapAreRefusedBeforeAllocatingAndNameTheCap) {
  const std::string out = (dir_ / "h.png").string();
  for (const SourceStage* g : sources()) {
    const std::string cap = std::to_string(g->maxSize());
    // Just past the cap on the source's grid, far past it, past int.
    const std::string justPast =
        std::to_string(g->sizeRule() == SizeRule::PowerOfTwoPlusOne ? 2LL * (g->maxSize() - 1) + 1
                       : g->sizeRule() == SizeRule::PowerOfTwo      ? 2LL * g->maxSize()
                                                                    : g->maxSize() + 1LL);
    for (const std::string& size : {justPast, std::string("99999999"), std::string("4294967297")}) {
      for (const bool window : {false, true}) {
        if (window && !TERRAIN_WINDOW_BUILT) continue;  // no window program in core-only builds
        std::vector<std::string> args = {"--generator", std::string(g->key()), "--size", size};
        if (!window) args.insert(args.begin(), "export");
        if (!window) args.insert(args.end(), {"--heightmap", out});
        const RunResult r = run(args);
        const std::string what = std::string(window ? "window " : "export ") +
                                 std::string(g->key()) + " --size " + size + ": ";
        EXPECT_EQ(r.status, 2) << what << r.err;
        EXPECT_EQ(lines(r.err), 1) << what << r.err;
        EXPECT_NE(r.err.find("--size"), std::string::npos) << what << r.err;
        EXPECT_NE(r.err.find(cap), std::string::npos)
            << what << "the cap " << cap << " is not named: " << r.err;
        // A map at the cap is 1 GiB of heights: the refusal touched none of it.
        EXPECT_LT(r.maxRssKib, 256 * 1024) << what << "peak " << r.maxRssKib << " KiB";
      }
    }
  }
  EXPECT_FALSE(fs::exists(out));
}

// Within the cap but more than the machine can give: a message, not a crash
// (the address space is capped at 768 MiB so the 1 GiB map cannot be had).
TEST_F(BadInputRun, AMapTheMachineCannotHoldIsExitOneWithAMessageNotACrash) {
  if (terrain::testing::kAddressSanitized)
    GTEST_SKIP() << "AddressSanitizer reserves terabytes of shadow: RLIMIT_AS cannot apply";
  const fs::path out = dir_ / "h.png";
  const RunResult r = run(
      {"export", "--generator", "diamond-square", "--size", "16385", "--heightmap", out.string()},
      768);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("out of memory"), std::string::npos) << r.err;
  EXPECT_EQ(entries(), (std::vector<std::string>{"stderr.txt", "stdout.txt"}))
      << "a file was left behind";
}

// ---- read-only places (root ignores chmod, so read-only mounts) ----

TEST_F(BadInputRun, AReadOnlyDirectoryIsRefusedBeforeGeneratingAndKeepsItsFile) {
  const fs::path ro = readOnlyTmpfs("ro", "h.png", "precious");
  if (ro.empty())
    GTEST_SKIP() << "cannot mount a read-only tmpfs here (" << std::strerror(errno) << ")";
  for (const std::string name : {"h.png", "new.png"}) {  // an existing file and a new one
    const RunResult r = run({"export", "--size", "65", "--heightmap", (ro / name).string()});
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("--heightmap"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("Read-only file system"), std::string::npos) << r.err;
  }
  EXPECT_EQ(readAll(ro / "h.png"), "precious");
  EXPECT_EQ(entriesOf(ro), std::vector<std::string>{"h.png"});
}

TEST_F(BadInputRun, AReadOnlyFileInAWritableDirectoryIsKeptNotReplaced) {
  // A read-only bind mount of the file itself: the directory stays writable,
  // so only the file's own write access can refuse (a rename would replace it).
  const fs::path dir = dir_ / "out";
  fs::create_directory(dir);
  const fs::path file = dir / "h.png";
  std::ofstream(file, std::ios::binary) << "precious";
  if (::mount(file.c_str(), file.c_str(), nullptr, MS_BIND, nullptr) != 0) {
    GTEST_SKIP() << "cannot bind-mount here (" << std::strerror(errno) << ")";
  }
  mounts_.push_back(file.string());
  ASSERT_EQ(::mount(nullptr, file.c_str(), nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY, nullptr), 0)
      << std::strerror(errno);
  const RunResult r = run({"export", "--size", "65", "--heightmap", file.string()});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("Read-only file system"), std::string::npos) << r.err;
  EXPECT_EQ(readAll(file), "precious");
  EXPECT_EQ(entriesOf(dir), std::vector<std::string>{"h.png"}) << "a temporary was left behind";
  // The writers refuse it too, whoever calls them (the window's export).
  Heightfield field(4, 4);
  EXPECT_THROW(writeHeightmapPng(file.string(), field), IoError);
  EXPECT_EQ(readAll(file), "precious");
  EXPECT_EQ(entriesOf(dir), std::vector<std::string>{"h.png"});
}

}  // namespace
}  // namespace terrain
