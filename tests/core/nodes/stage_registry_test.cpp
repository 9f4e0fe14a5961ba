// Every stage in the registry, checked through its metadata alone: what the
// panel, the CLI and the project file rely on. A new stage gets these
// checks by its registry line.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/text_ids.hpp"
#include "core/document/document.hpp"
#include "core/document/project.hpp"
#include "core/nodes/registry.hpp"
#include "tests/core/test_support.hpp"

namespace terrain {
namespace {

std::vector<const Stage*> allStages() {
  std::vector<const Stage*> out;
  for (const SourceStage* s : sources()) out.push_back(s);
  for (const ModifierStage* m : modifiers()) out.push_back(m);
  return out;
}

bool validates(const Stage& stage, const ParamValues& values) {
  try {
    stage.validate(values);
    return true;
  } catch (const InputError&) {
    return false;
  }
}

// Small inputs keep the test fast: the source's defaults, maps at a small
// size (profiles are cheap at their default length, and a short random
// walk never reaches its ceiling, which would idle --max-height).
ParamValues smallSourceValues(const SourceStage& source) {
  ParamValues values = testing::makingValues(source);
  if (!source.profile()) values[source.sizeIndex()] = source.snapSize(33);
  return values;
}

// Another valid value of parameter `param` for these values: the nearest
// that the whole stage accepts (sizes on the source's grid, cross-parameter
// rules). A "maximum means all" parameter steps below what the size holds.
std::optional<double> otherValue(const Stage& stage, std::size_t param, const ParamValues& values) {
  const ParamInfo& info = stage.params()[param];
  const double v = values[param];
  const double top = std::min(info.max, stage.dynamicMax(param, values));
  std::vector<double> candidates;
  switch (info.type) {
    case ParamType::Choice:
      candidates = {std::fmod(v + 1.0, static_cast<double>(info.choices.size()))};
      break;
    case ParamType::Toggle:
      candidates = {1.0 - v};
      break;
    case ParamType::Integer:
      if (info.maxMeansAll) candidates.push_back(top - 1);
      candidates.insert(candidates.end(), {v + 1, v - 1, v * 2, v * 2 - 1, std::floor(v / 2),
                                           std::floor(v / 2) + 1, top, info.min});
      break;
    case ParamType::Real: {
      const double quarter = (top - info.min) / 4.0;
      candidates = {v + quarter, v - quarter, (info.min + top) / 2.0, info.min, top};
      break;
    }
    case ParamType::Strokes:  // only graph nodes hold strokes (graph_test.cpp)
      break;
    case ParamType::Text:  // the import's file: the other sample
      candidates = {textId(testing::importSample(
          textOf(v) == testing::importSample("ridge.asc") ? "hills.asc" : "ridge.asc"))};
      break;
  }
  for (double c : candidates) {
    const bool outside = info.type != ParamType::Text && (c < info.min || c > info.max);
    if (c == v || outside) continue;  // a text's id is no length
    ParamValues changed = values;
    changed[param] = c;
    if (validates(stage, changed)) return c;
  }
  return std::nullopt;
}

Heightfield runStage(const Stage& stage, const ParamValues& values) {
  RunControl control;
  control.exec.threads = 1;
  if (const auto* source = asSource(stage)) {
    return source->generate(42, values, control);
  }
  // A map with every kind of ground to work on.
  const SourceStage& ds = sourceStage("diamond-square");
  const Heightfield input = ds.generate(7, smallSourceValues(ds), control);
  return asModifier(stage)->apply(input, StageContext{42, {}}, values, control);
}

ParamValues baseValues(const Stage& stage) {
  if (const auto* source = asSource(stage)) {
    return smallSourceValues(*source);
  }
  return stage.defaults();
}

TEST(StageRegistry, EveryStageHasAUniqueKeyATitleAndHelp) {
  std::set<std::string> keys;
  for (const Stage* stage : allStages()) {
    const std::string key(stage->key());
    EXPECT_FALSE(key.empty());
    EXPECT_TRUE(keys.insert(key).second) << "two stages are called " << key;
    EXPECT_FALSE(stage->title().empty()) << key;
    EXPECT_FALSE(stage->help().empty()) << key;
  }
  for (const SourceStage* s : sources()) EXPECT_EQ(findSource(s->key()), s);
  for (const ModifierStage* m : modifiers()) EXPECT_EQ(findModifier(m->key()), m);
  EXPECT_NE(findModifier("curve"), nullptr);
  EXPECT_NE(findModifier("terrace"), nullptr);
  EXPECT_NE(findModifier("clamp"), nullptr);
}

TEST(StageRegistry, EveryParameterHasAKeyALabelHelpAndARange) {
  for (const Stage* stage : allStages()) {
    std::set<std::string_view> keys;
    for (const ParamInfo& info : stage->params()) {
      const std::string where = std::string(stage->key()) + " --" + std::string(info.key);
      EXPECT_FALSE(info.key.empty()) << stage->key();
      EXPECT_TRUE(keys.insert(info.key).second) << where << " appears twice";
      EXPECT_EQ(info.key.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-"),
                std::string_view::npos)
          << where << ": keys are lower-case flag names";
      EXPECT_FALSE(info.label.empty()) << where;
      EXPECT_FALSE(info.help.empty()) << where;
      EXPECT_LE(info.min, info.max) << where;
      if (info.type == ParamType::Choice) {
        EXPECT_GE(info.choices.size(), 2u) << where;
      }
    }
    if (const auto* source = asSource(*stage)) {
      EXPECT_TRUE(source->indexOf("size").has_value()) << stage->key() << " has no size";
    }
  }
}

TEST(StageRegistry, DefaultsAreInRangeAndValidate) {
  for (const Stage* stage : allStages()) {
    const ParamValues defaults = stage->defaults();
    ASSERT_EQ(defaults.size(), stage->params().size()) << stage->key();
    for (std::size_t i = 0; i < defaults.size(); ++i) {
      EXPECT_EQ(checkValue(stage->params()[i], defaults[i]), std::nullopt)
          << stage->key() << " --" << stage->params()[i].key;
    }
    EXPECT_NO_THROW(stage->validate(defaults)) << stage->key();
  }
}

// One case per (stage, parameter), so a skip names its reason.
struct ParamCase {
  const Stage* stage;
  std::size_t param;
};

// How gtest and ctest name a case: "diamond-square --roughness".
void PrintTo(const ParamCase& c, std::ostream* os) {
  *os << c.stage->key() << " --" << c.stage->params()[c.param].key;
}

std::vector<ParamCase> allParams() {
  std::vector<ParamCase> out;
  for (const Stage* stage : allStages()) {
    for (std::size_t i = 0; i < stage->params().size(); ++i) {
      // A raw file's width has no sample here (the samples have headers):
      // Import.ARawFilesWidthIsItsRows tests it.
      if (stage->key() == "import" && stage->params()[i].key == "file-width") continue;
      // A solve grid only matters on a map larger than it, larger than the
      // maps here: StreamPower.AnExportIsSolvedOnItsPreviewsGridAndRefined.
      if (stage->key() == "stream-power" && stage->params()[i].key == "solve-size") continue;
      out.push_back({stage, i});
    }
  }
  return out;
}

std::string caseName(const ::testing::TestParamInfo<ParamCase>& info) {
  std::string name = std::string(info.param.stage->key()) + "_" +
                     std::string(info.param.stage->params()[info.param.param].key);
  for (char& c : name) {
    if (c == '-') c = '_';
  }
  return name;
}

// The values with one choice parameter (else one number) changed so that
// `param` has an effect (no idleReason), when there is such a change.
std::optional<ParamValues> wakingChoice(const Stage& stage, std::size_t param,
                                        const ParamValues& values) {
  const auto infos = stage.params();
  for (std::size_t j = 0; j < infos.size(); ++j) {
    if (j == param || (infos[j].type != ParamType::Choice && infos[j].type != ParamType::Toggle)) {
      continue;
    }
    const double count =
        infos[j].type == ParamType::Toggle ? 2.0 : static_cast<double>(infos[j].choices.size());
    for (double c = 0; c < count; ++c) {
      ParamValues changed = values;
      changed[j] = c;
      if (validates(stage, changed) && stage.idleReason(param, changed).empty()) return changed;
    }
  }
  // Else a number moved off its value (noise's warp-scale wants a warp above 0).
  for (std::size_t j = 0; j < infos.size(); ++j) {
    if (j == param || infos[j].type == ParamType::Choice || infos[j].type == ParamType::Toggle) {
      continue;
    }
    ParamValues changed = values;
    if (const auto other = otherValue(stage, j, values)) changed[j] = *other;
    if (validates(stage, changed) && stage.idleReason(param, changed).empty()) return changed;
  }
  return std::nullopt;
}

class EveryParameter : public ::testing::TestWithParam<ParamCase> {};

// Catches a metadata row bound to the wrong field, or to none: the value
// set through the metadata must reach the stage's run.
TEST_P(EveryParameter, ChangesTheOutputOfItsStage) {
  const Stage& stage = *GetParam().stage;
  const std::size_t param = GetParam().param;
  ParamValues base = baseValues(stage);
  ASSERT_NO_THROW(stage.validate(base));
  if (const std::string_view idle = stage.idleReason(param, base); !idle.empty()) {
    // Idle by default (coastline's roughness in the classes mode): test it
    // where another choice wakes it, if one does.
    const auto woken = wakingChoice(stage, param, base);
    if (!woken) {
      FAIL() << "--" << stage.params()[param].key << " has no effect in any configuration tried ("
             << idle << "): a dead parameter, or no choice of the stage wakes it";
    }
    base = *woken;
  }
  const std::optional<double> other = otherValue(stage, param, base);
  ASSERT_TRUE(other.has_value()) << "no other valid value to try";
  ParamValues changed = base;
  changed[param] = *other;
  const Heightfield before = runStage(stage, base);
  const Heightfield after = runStage(stage, changed);
  const bool same = before.width == after.width && before.height == after.height &&
                    before.heights == after.heights;
  EXPECT_FALSE(same) << "--" << stage.params()[param].key << " "
                     << formatValue(stage.params()[param], base[param]) << " -> "
                     << formatValue(stage.params()[param], *other) << " changed nothing";
}

INSTANTIATE_TEST_SUITE_P(StageRegistry, EveryParameter, ::testing::ValuesIn(allParams()), caseName);

// Every parameter of the stage moved off its default, as far as the stage
// accepts, so a value the project file dropped would come back different.
ParamValues offDefaults(const Stage& stage, ParamValues values) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (stage.params()[i].key == "size") continue;  // kept small
    if (const auto other = otherValue(stage, i, values)) values[i] = *other;
  }
  return values;
}

TEST(StageRegistry, ADocumentUsingEveryStageSurvivesTheProjectFile) {
  for (const SourceStage* source : sources()) {
    Document doc = defaultDocument(source->key());
    doc.seed = 0xFFFFFFFFFFFFFFFFULL;
    chainSource(doc.graph).values = offDefaults(*source, smallSourceValues(*source));
    doc.graph = chainGraph({chainOf(doc.graph).source, {}});
    bool enabled = true;
    for (const ModifierStage* m : modifiers()) {
      if (source->profile() && !m->appliesToProfiles()) continue;
      appendModifier(doc.graph, {std::string(m->key()), offDefaults(*m, m->defaults()), enabled});
      enabled = !enabled;
    }
    ASSERT_NO_THROW(validate(doc)) << source->key();
    const std::string json = projectToJson(doc);
    EXPECT_EQ(projectFromJson(json), doc) << source->key() << "\n" << json;
  }
}

}  // namespace
}  // namespace terrain
