// Landform presets: each is a valid document that makes finite terrain, the
// CLI and the panel reach them by key, and a bad key names the good ones.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "app/cli/export_options.hpp"
#include "core/base/error.hpp"
#include "core/document/pipeline.hpp"
#include "core/document/presets.hpp"
#include "core/document/project.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

cli::ExportOptions parseArgs(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return cli::parseExportOptions(argv);
}

std::string refusal(std::vector<std::string> args) {
  try {
    parseArgs(std::move(args));
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Presets, EachIsAValidDocumentThatMakesFiniteTerrain) {
  std::set<std::string_view> keys;
  for (const LandformPreset& preset : landformPresets()) {
    EXPECT_TRUE(keys.insert(preset.key).second) << "two presets named " << preset.key;
    const Document doc = preset.build();
    EXPECT_NO_THROW(validate(doc)) << preset.key;
    const Heightfield field = runPipeline(doc);
    ASSERT_GT(field.size(), 0U) << preset.key;
    for (const float h : field.heights) ASSERT_TRUE(std::isfinite(h)) << preset.key;
    const HeightStats stats = computeStats(field);
    EXPECT_LT(stats.min, stats.max) << preset.key << ": flat";
    // A whole document: it survives the project file and its seed matters
    // (its bits: the golden checksums below).
    EXPECT_EQ(projectFromJson(projectToJson(doc)), doc) << preset.key;
    Document reseeded = doc;
    reseeded.seed += 1;
    EXPECT_NE(runPipeline(reseeded).heights, field.heights) << preset.key << ": seed ignored";
    // It is more than its (first) source's defaults.
    EXPECT_NE(doc, defaultDocument(doc.graph.nodes.front().type)) << preset.key;
  }
}

// Each preset at its own size (513; islands 512), its rivers solved on the
// 257 grid and refined as every export's are: the same bits in Release, in
// Debug and under the sanitizers (clang), which is what lets the landform
// measures (landforms_test.cpp) run in the optimised builds alone. A
// preset's change re-pins it, for a reason.
TEST(Presets, GoldenChecksumsArePinned) {
  const std::map<std::string_view, std::uint64_t> pinned = {
      {"alpine", 5895346918153778861ULL},           {"rolling-hills", 6414631168253784111ULL},
      {"canyon-mesa", 793178485426484898ULL},       {"islands", 9141722669855397634ULL},
      {"volcanic-island", 17744108614092481391ULL}, {"river-valley", 13733546962401868526ULL}};
  ASSERT_EQ(pinned.size(), landformPresets().size());
  for (const LandformPreset& preset : landformPresets()) {
    const auto expected = pinned.find(preset.key);
    ASSERT_NE(expected, pinned.end()) << preset.key << " is not pinned";
    EXPECT_EQ(testing::checksum(runPipeline(preset.build())), expected->second) << preset.key;
  }
}

TEST(Presets, TheCliStartsFromAPresetAndLaterFlagsChangeIt) {
  for (const LandformPreset& preset : landformPresets()) {
    const cli::ExportOptions o =
        parseArgs({"--preset", std::string(preset.key), "--seed", "99", "--raw", "x.r32"});
    Document expected = preset.build();
    expected.seed = 99;
    EXPECT_EQ(o.doc, expected) << preset.key;
  }
}

TEST(Presets, ABadOrConflictingPresetIsRefusedNamingWhatIsAllowed) {
  const std::string unknown = refusal({"--preset", "swamp", "--raw", "x.r32"});
  EXPECT_NE(unknown.find("'swamp'"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find(landformPresetKeyList()), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("article"), std::string::npos) << unknown;
  const std::string key(landformPresets().front().key);
  const std::string both = refusal({"--preset", key, "--generator", "midpoint", "--raw", "x.r32"});
  EXPECT_NE(both.find("names its own source"), std::string::npos) << both;
}

}  // namespace
}  // namespace terrain
