// The generated reference pages (docs/cli.md, docs/nodes.md) are what the
// program generates now, and they hold every node and every parameter.
#include "app/cli/reference_pages.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "core/export/outputs.hpp"
#include "core/graph/node_registry.hpp"
#include "core/graph/node_type.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir.hpp"

namespace terrain::cli {
namespace {

const std::filesystem::path kDocs = std::filesystem::path(TERRAIN_SOURCE_DIR) / "docs";

TEST(ReferencePages, TheCheckedInCliPageIsWhatTheProgramGenerates) {
  EXPECT_TRUE(testing::readAll(kDocs / "cli.md") == cliReferencePage())
      << "docs/cli.md differs from what the program generates; regenerate it with "
         "./dev.sh docs";
}

TEST(ReferencePages, TheCheckedInNodesPageIsWhatTheProgramGenerates) {
  EXPECT_TRUE(testing::readAll(kDocs / "nodes.md") == nodesReferencePage())
      << "docs/nodes.md differs from what the program generates; regenerate it with "
         "./dev.sh docs";
}

TEST(ReferencePages, EveryNodeHasItsSectionAndEveryParameterItsRow) {
  const std::string page = nodesReferencePage();
  for (const NodeType* type : nodeTypes()) {
    const std::string heading = "\n## " + std::string(type->key()) + "\n";
    const std::size_t at = page.find(heading);
    ASSERT_NE(at, std::string::npos) << type->key();
    const std::size_t next = page.find("\n## ", at + heading.size());
    const std::string section = page.substr(at, next - at);
    for (const ParamInfo& p : type->params()) {
      EXPECT_NE(section.find("| `" + std::string(p.key) + "` |"), std::string::npos)
          << type->key() << "." << p.key;
    }
    for (const PortInfo& port : type->inputs()) {
      EXPECT_NE(section.find("`" + std::string(port.key) + "` ("), std::string::npos)
          << type->key() << " input " << port.key;
    }
  }
}

TEST(ReferencePages, TheCliPageNamesEveryOutputAndItsOptions) {
  const std::string page = cliReferencePage();
  for (const OutputFormat& f : outputFormats()) {
    if (f.needs == OutputNeeds::Window) continue;
    EXPECT_NE(page.find("| `--" + std::string(f.key) + "` |"), std::string::npos) << f.key;
    for (const ParamInfo& option : f.options.infos) {
      EXPECT_NE(page.find("| `--" + std::string(option.key) + "` |"), std::string::npos)
          << option.key;
    }
  }
}

// What ./dev.sh docs runs: the binary prints the very page, and an unknown
// page is bad input.
TEST(ReferencePages, TheDocsCommandPrintsThePagesAndRefusesAnUnknownOne) {
  const testing::ScratchDir dir;
  const testing::AppRun nodes = testing::runApp({"docs", "nodes"}, dir.path());
  EXPECT_EQ(nodes.status, 0);
  EXPECT_TRUE(nodes.out == nodesReferencePage());
  const testing::AppRun cli = testing::runApp({"docs", "cli"}, dir.path());
  EXPECT_EQ(cli.status, 0);
  EXPECT_TRUE(cli.out == cliReferencePage());
  const testing::AppRun unknown = testing::runApp({"docs", "everything"}, dir.path());
  EXPECT_EQ(unknown.status, 2);
  EXPECT_TRUE(unknown.out.empty());
  EXPECT_EQ(testing::countLines(unknown.err), 1) << unknown.err;
}

}  // namespace
}  // namespace terrain::cli
