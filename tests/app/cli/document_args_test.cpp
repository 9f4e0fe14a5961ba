// The look's, the world's and the view's rows are all a parameter needs: a
// row added to one of those tables is a CLI flag, in --help, and saved and
// read back by the project file with no other file touched. These tests walk
// the tables, so a new row is checked the day it is added.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "app/cli/document_args.hpp"
#include "core/document/document.hpp"
#include "core/document/project.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {
namespace {

// A value of the row's type that is not `current`, inside its range.
double otherValue(const ParamInfo& info, double current) {
  if (info.type == ParamType::Choice || info.type == ParamType::Toggle) {
    const double count = info.max - info.min + 1;
    return info.min + std::fmod(current - info.min + 1, count);
  }
  for (const double t : {0.37, 0.61}) {
    double value = info.min + t * (info.max - info.min);
    if (info.type == ParamType::Integer) value = std::round(value);
    if (value != current) return value;
  }
  ADD_FAILURE() << info.key << ": no value other than " << current;
  return current;
}

std::string otherText(const std::string& current) {
  return current == "grayscale" ? "earth" : "grayscale";
}

std::vector<const ParamInfo*> documentRows() {
  std::vector<const ParamInfo*> rows;
  for (const auto group : {lookTable().infos(), worldTable().infos()}) {
    for (const ParamInfo& info : group) rows.push_back(&info);
  }
  return rows;
}

TEST(DocumentArgs, EveryLookAndWorldRowIsAFlagThatTheProjectKeeps) {
  const Document base = defaultDocument();
  ASSERT_FALSE(documentRows().empty());
  for (const ParamInfo* info : documentRows()) {
    SCOPED_TRACE(std::string(info->key));
    const std::optional<DocumentParam> param = findDocumentParam(info->key);
    ASSERT_TRUE(param.has_value());
    EXPECT_TRUE(cli::isDocumentFlag(info->key));
    std::string flagValue;
    if (param->isText()) {
      flagValue = otherText(param->getText(base));
    } else {
      flagValue = formatValue(*info, otherValue(*info, param->get(base)));
    }
    const std::vector<cli::DocumentFlag> flags = {{std::string(info->key), flagValue}};
    const Document doc = cli::documentFromFlags(flags);

    // The flag changed that row and nothing else.
    Document expected = base;
    if (param->isText()) {
      param->setText(expected, flagValue);
      EXPECT_EQ(param->getText(doc), flagValue);
    } else {
      param->set(expected, parseValue(*info, flagValue));
      EXPECT_NE(param->get(doc), param->get(base));
    }
    EXPECT_EQ(doc, expected);
    EXPECT_EQ(projectFromJson(projectToJson(doc)), doc);
    EXPECT_NE(cli::documentHelpText().find("--" + std::string(info->key)), std::string::npos);
  }
}

TEST(DocumentArgs, EveryViewRowIsKeptByTheProject) {
  const Document base = defaultDocument();
  const ParamTable<ViewState>& table = viewTable();
  ASSERT_GT(table.size(), 0u);
  for (std::size_t i = 0; i < table.size(); ++i) {
    SCOPED_TRACE(std::string(table.infos()[i].key));
    Document doc = base;
    table.set(doc.view, i, otherValue(table.infos()[i], table.get(base.view, i)));
    ASSERT_NE(doc.view, base.view);
    const Document back = projectFromJson(projectToJson(doc));
    EXPECT_EQ(back.view, doc.view);
  }
}

}  // namespace
}  // namespace terrain
