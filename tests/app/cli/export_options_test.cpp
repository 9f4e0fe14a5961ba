// The export command's options parsed as the CLI parses them, no process
// run: a preset under explicit flags, the last repeat winning, --stage
// chains with their own flags, the world's scale anywhere on the line, and
// the coastline's applet look. The command run end to end: cli_test.cpp.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/cli/export_options.hpp"
#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/nodes/registry.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

TEST(ExportOptions, ExplicitFlagsOverrideThePresetAndTheLastRepeatWins) {
  std::vector<std::string> args = {"--preset",        "article",     "--generator",
                                   "diamond-square",  "--roughness", "0.1",
                                   "--roughness=0.2", "--raw",       "x.r32"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  const cli::ExportOptions o = cli::parseExportOptions(argv);
  const SourceStage& ds = sourceStage("diamond-square");
  const Document article = articleDocument("diamond-square");
  EXPECT_EQ(chainSource(o.doc.graph).values[*ds.indexOf("roughness")], 0.2);
  EXPECT_EQ(chainSource(o.doc.graph).values[*ds.indexOf("scaling")],
            chainSource(article.graph).values[*ds.indexOf("scaling")]);  // from the preset
  EXPECT_EQ(ds.size(chainSource(o.doc.graph).values), ds.size(chainSource(article.graph).values));
}

cli::ExportOptions parseArgs(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return cli::parseExportOptions(argv);
}

// Article 002's applet: flat blue and green tiles, no slope shading to
// outline the class borders; more classes take the earth ramp's bands.
TEST(ExportOptions, TwoClassCoastlinesLookLikeTheApplet) {
  const cli::ExportOptions coast = parseArgs({"--generator", "coastline", "--raw", "x.r32"});
  EXPECT_EQ(resolvedRampName(coast.doc), "coastline");
  EXPECT_FALSE(resolvedHillshade(coast.doc));
  const cli::ExportOptions six = parseArgs(
      {"--generator", "coastline", "--classes", "6", "--start", "random", "--raw", "x.r32"});
  EXPECT_EQ(resolvedRampName(six.doc), "earth");
  EXPECT_FALSE(resolvedHillshade(six.doc));
  const cli::ExportOptions heights =
      parseArgs({"--generator", "coastline", "--mode", "heights", "--raw", "x.r32"});
  EXPECT_EQ(resolvedRampName(heights.doc), "earth");
  EXPECT_TRUE(resolvedHillshade(heights.doc));
  EXPECT_TRUE(resolvedHillshade(
      parseArgs({"--generator", "coastline", "--hillshade", "--raw", "x.r32"}).doc));
  EXPECT_TRUE(resolvedHillshade(parseArgs({"--raw", "x.r32"}).doc));  // diamond-square
}

// --stage KEY appends a modifier; the flags after it are its own, until
// the next --stage; the same stage may come twice.
TEST(ExportOptions, StagesStackInOrderWithTheirOwnFlags) {
  const cli::ExportOptions o =
      parseArgs({"--roughness", "0.4", "--stage", "smooth", "--passes", "3", "--stage", "normalise",
                 "--stage", "smooth", "--passes=7", "--water", "0.1", "--raw", "x.r32"});
  ASSERT_EQ(chainModifierCount(o.doc.graph), 3U);
  EXPECT_EQ(chainModifier(o.doc.graph, 0).type, "smooth");
  EXPECT_EQ(chainModifier(o.doc.graph, 0).values[0], 3.0);
  EXPECT_EQ(chainModifier(o.doc.graph, 1).type, "normalise");
  EXPECT_EQ(chainModifier(o.doc.graph, 2).values[0], 7.0);
  EXPECT_EQ(o.doc.look.water, 0.1);
  EXPECT_EQ(chainSource(o.doc.graph).values[*sourceStage("diamond-square").indexOf("roughness")],
            0.4);
  // A source flag after a --stage is refused, naming the stage's own flags.
  try {
    parseArgs({"--stage", "smooth", "--roughness", "0.4", "--raw", "x.r32"});
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--passes"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parseArgs({"--stage", "melt", "--raw", "x.r32"}), InputError);
  EXPECT_THROW(parseArgs({"--smoothing", "3", "--raw", "x.r32"}), InputError);
}

TEST(ExportOptions, TheWorldsScaleComesFromItsOwnFlagsAnywhereOnTheLine) {
  const cli::ExportOptions o = parseArgs(
      {"--stage", "smooth", "--world-width", "2048", "--height-range=300", "--raw", "x.r32"});
  EXPECT_EQ(o.doc.world.width, 2048.0);
  EXPECT_EQ(o.doc.world.heightRange, 300.0);
  try {
    parseArgs({"--world-width", "0", "--raw", "x.r32"});
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("--world-width"), std::string::npos) << message;
    EXPECT_NE(message.find("16 to 1000000"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace terrain
