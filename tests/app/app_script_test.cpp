// The test driver's --actions steps (tests/app/driver/app_script.hpp): parsed
// in order, set: and stage: edit the document as the panel does, and a bad
// list is refused naming the step.
#include <gtest/gtest.h>

#include "core/base/error.hpp"
#include "tests/app/driver/app_script.hpp"
#include "tests/core/test_support.hpp"

namespace terrain::testing {
namespace {

Document start() {
  return defaultDocument("diamond-square");
}

TEST(ScriptSteps, ParseEveryKindInOrder) {
  const auto steps = parseScript(
      "next-seed,set:roughness=0.9,set:water=0.4,stage:terrace,undo,redo,"
      "save:a.json,open:b.json",
      start());
  using Kind = ScriptStep::Kind;
  ASSERT_EQ(steps.size(), 8U);
  const Kind kinds[] = {Kind::NextSeed, Kind::Set,  Kind::Set,  Kind::Stage,
                        Kind::Undo,     Kind::Redo, Kind::Save, Kind::Open};
  for (std::size_t i = 0; i < steps.size(); ++i) EXPECT_EQ(steps[i].kind, kinds[i]) << i;
  EXPECT_EQ(steps[1].key, "roughness");
  EXPECT_EQ(steps[1].value, "0.9");
  EXPECT_EQ(steps[3].key, "terrace");
  EXPECT_EQ(steps[6].value, "a.json");
}

TEST(ScriptSteps, SetAndStageEditTheDocumentAsThePanelDoes) {
  Document doc = start();
  const auto steps = parseScript(
      "set:roughness=0.9,set:water=0.4,set:scaling=article,"
      "stage:clamp",
      doc);
  for (const ScriptStep& step : steps) applyEdit(doc, step);
  EXPECT_DOUBLE_EQ(param(doc, "roughness"), 0.9);
  EXPECT_DOUBLE_EQ(doc.look.water, 0.4);
  EXPECT_DOUBLE_EQ(param(doc, "scaling"), 1.0);
  ASSERT_EQ(chainModifierCount(doc.graph), chainModifierCount(start().graph) + 1);
  EXPECT_EQ(chainOf(doc.graph).modifiers.back(), defaultModifier("clamp"));
}

// Each bad list is refused at parse time, with the step in the message.
TEST(ScriptSteps, BadStepsAreRefusedNamingTheStep) {
  const std::pair<const char*, const char*> bad[] = {
      {"", "empty"},
      {"jump", "'jump' is not a step"},
      {"undo,,redo", "'' is not a step"},
      {"undo:3", "'undo:3' is not a step"},
      {"set:roughness", "'set:roughness' is not a step"},
      {"set:=3", "'set:=3' is not a step"},
      {"set:roughness=high", "not a number"},
      {"set:roughness=7", "roughness"},
      {"set:roughness=nan", "roughness"},
      {"set:size=1000", "size"},
      {"set:fizz=1", "'fizz' is not a parameter of diamond-square"},
      {"stage:blur", "blur"},
      {"save:", "'save:' is not a step"},
      {"next-seed,open:", "'open:' is not a step"},
  };
  for (const auto& [list, expected] : bad) {
    try {
      parseScript(list, start());
      ADD_FAILURE() << "accepted '" << list << "'";
    } catch (const InputError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("--actions"), std::string::npos) << message;
      EXPECT_NE(message.find(expected), std::string::npos) << list << " -> " << message;
    }
  }
}

}  // namespace
}  // namespace terrain::testing
