// Every relative link in README.md and docs/*.md reaches a file, and a link
// to a section of a page (nodes.md#stream-power) reaches a heading there.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/files.hpp"
#include "tests/support/scratch_dir.hpp"

namespace terrain {
namespace {

namespace fs = std::filesystem;

// A heading's anchor as GitHub makes it: lower case, spaces to hyphens,
// punctuation other than '-' and '_' dropped.
std::string anchorOf(const std::string& heading) {
  std::string out;
  for (const char c : heading) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_') {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (c == ' ') {
      out += '-';
    }
  }
  return out;
}

std::set<std::string> anchorsIn(const std::string& text) {
  std::set<std::string> anchors;
  std::istringstream lines(text);
  std::string line;
  bool fenced = false;
  while (std::getline(lines, line)) {
    if (line.starts_with("```")) fenced = !fenced;
    if (fenced || !line.starts_with("#")) continue;
    const std::size_t start = line.find_first_not_of('#');
    if (start != std::string::npos && line[start] == ' ')
      anchors.insert(anchorOf(line.substr(start + 1)));
  }
  return anchors;
}

// The targets of the page's markdown links "](target)" outside fenced code
// that are neither web addresses nor mail.
std::vector<std::string> relativeLinks(const std::string& text) {
  std::vector<std::string> links;
  std::istringstream lines(text);
  std::string line;
  bool fenced = false;
  while (std::getline(lines, line)) {
    if (line.starts_with("```")) fenced = !fenced;
    if (fenced) continue;
    for (std::size_t at = line.find("]("); at != std::string::npos; at = line.find("](", at + 2)) {
      const std::size_t end = line.find(')', at + 2);
      if (end == std::string::npos) break;
      const std::string target = line.substr(at + 2, end - at - 2);
      if (target.find("://") != std::string::npos || target.starts_with("mailto:")) continue;
      links.push_back(target);
    }
  }
  return links;
}

// "page.md: target (why)" for every link of `page` that reaches nothing.
std::vector<std::string> brokenLinks(const fs::path& page) {
  std::vector<std::string> broken;
  const std::string text = testing::readAll(page);
  for (const std::string& link : relativeLinks(text)) {
    const std::size_t hash = link.find('#');
    const std::string file = link.substr(0, hash);
    const fs::path target = file.empty() ? page : page.parent_path() / file;
    if (!fs::exists(target)) {
      broken.push_back(page.filename().string() + ": " + link + " (no such file)");
      continue;
    }
    if (hash == std::string::npos || target.extension() != ".md") continue;
    if (anchorsIn(testing::readAll(target)).count(link.substr(hash + 1)) == 0) {
      broken.push_back(page.filename().string() + ": " + link + " (no such heading)");
    }
  }
  return broken;
}

std::vector<fs::path> documentationPages() {
  const fs::path root(TERRAIN_SOURCE_DIR);
  std::vector<fs::path> pages = {root / "README.md"};
  for (const auto& entry : fs::directory_iterator(root / "docs")) {
    if (entry.path().extension() == ".md") pages.push_back(entry.path());
  }
  return pages;
}

TEST(DocsLinks, EveryRelativeLinkInTheReadmeAndDocsReachesAFileOrHeading) {
  const std::vector<fs::path> pages = documentationPages();
  ASSERT_GE(pages.size(), 3U);
  std::size_t links = 0;
  for (const fs::path& page : pages) {
    links += relativeLinks(testing::readAll(page)).size();
    for (const std::string& broken : brokenLinks(page)) ADD_FAILURE() << broken;
  }
  EXPECT_GT(links, 20U);  // the pages do link each other: the scan found them
}

TEST(DocsLinks, AMissingFileOrHeadingIsFound) {
  const testing::ScratchDir dir;
  {
    std::ofstream(dir.path() / "other.md") << "# Other page\n\n## The part: here\n";
    std::ofstream(dir.path() / "page.md")
        << "[ok](other.md) [ok](other.md#the-part-here) [ok](#a-title)\n# A title\n"
           "```\n[in code](nowhere.md)\n```\n[web](https://example.com/x.md)\n"
           "[gone](missing.md) ![gone](img/none.png) [gone](other.md#no-part)\n";
  }
  const std::vector<std::string> broken = brokenLinks(dir.path() / "page.md");
  ASSERT_EQ(broken.size(), 3U);
  EXPECT_EQ(broken[0], "page.md: missing.md (no such file)");
  EXPECT_EQ(broken[1], "page.md: img/none.png (no such file)");
  EXPECT_EQ(broken[2], "page.md: other.md#no-part (no such heading)");
}

}  // namespace
}  // namespace terrain
