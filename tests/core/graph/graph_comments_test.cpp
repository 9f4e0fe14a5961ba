// Comments (the node editor's titled frames) are saved in the project and
// read back as written; a file from before comments opens with none, and a
// comment that is not one is refused naming where.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/base/error.hpp"
#include "core/document/project.hpp"
#include "core/graph/graph_edits.hpp"

namespace terrain {
namespace {

TEST(GraphComments, AreSavedInTheProjectAndReadBack) {
  Document doc = defaultDocument("noise");
  doc.graph.comments.push_back({"Peaks, then \"rivers\"", -24.0f, -54.0f, 216.0f, 270.5f});
  const std::string text = projectToJson(doc);
  const Document read = projectFromJson(text);
  EXPECT_EQ(read, doc);
  ASSERT_EQ(read.graph.comments.size(), 1u);
  EXPECT_EQ(read.graph.comments[0].text, "Peaks, then \"rivers\"");
  EXPECT_EQ(read.graph.comments[0].height, 270.5f);
  // Moving a frame is a change of layout, as moving a node; its text is not.
  Document moved = doc;
  moved.graph.comments[0].x += 100.0f;
  EXPECT_TRUE(sameExceptLayout(doc.graph, moved.graph));
  moved.graph.comments[0].text = "Valleys";
  EXPECT_FALSE(sameExceptLayout(doc.graph, moved.graph));
}

TEST(GraphComments, AFileFromBeforeCommentsOpensWithNoneAndABadOneIsRefused) {
  Document doc = defaultDocument("noise");
  nlohmann::json file = nlohmann::json::parse(projectToJson(doc));
  ASSERT_FALSE(file["graph"].contains("comments")) << "none written when there are none";
  EXPECT_TRUE(projectFromJson(file.dump()).graph.comments.empty());
  file["graph"]["comments"] = nlohmann::json::array({{{"position", {0, 0}}}});
  try {
    projectFromJson(file.dump());
    FAIL() << "a comment without text was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("graph.comments[0].text"), std::string::npos) << e.what();
  }
}

// A comment is a note of lines and tabs: an escape sequence or a NUL from
// someone else's file is refused, naming the byte, and is never drawn.
TEST(GraphComments, ControlCharactersOtherThanLinesAndTabsAreRefused) {
  Document doc = defaultDocument("noise");
  doc.graph.comments.push_back({"Peaks\n\tthen rivers", 0.0f, 0.0f, 100.0f, 100.0f});
  EXPECT_EQ(projectFromJson(projectToJson(doc)), doc) << "lines and tabs are a note's";
  for (const std::string& bad : {std::string("red \x1b[31m"), std::string("a\0b", 3),
                                 std::string("bell\x07"), std::string("del\x7f")}) {
    doc.graph.comments[0].text = bad;
    try {
      projectFromJson(projectToJson(doc));
      FAIL() << "a comment holding a control character was read";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("graph.comments[0].text"), std::string::npos) << what;
      EXPECT_NE(what.find("control character"), std::string::npos) << what;
      for (const char c : what) {
        EXPECT_FALSE(static_cast<unsigned char>(c) < 0x20 || c == 0x7f) << "echoed raw: " << what;
      }
    }
  }
}

}  // namespace
}  // namespace terrain
