// The list parameters' one text codec (core/base/list_param.hpp): a list
// is known by the id of its canonical text, a text given an id elsewhere
// (a project file's) is read on first sight, and the brush strokes and the
// Scatter species, which both read their text through it, refuse bad text
// in the words they used before they shared it.
#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/list_param.hpp"
#include "core/base/text_ids.hpp"
#include "core/scatter/scatter_species.hpp"
#include "core/strokes/strokes.hpp"

namespace terrain {
namespace {

// A list of numbers, each 0..1, as its own kind: the codec knows nothing
// of strokes or species.
constexpr std::string_view kFractionKeys[] = {"value"};

void checkFractions(const std::vector<double>& list) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    ListItem("fraction " + std::to_string(i + 1)).checkNumber("value", list[i], 0.0, 1.0);
  }
}

std::string fractionsText(const std::vector<double>& list) {
  ListJson out = ListJson::array();
  for (const double v : list) out.push_back(ListJson{{"value", v}});
  return out.dump();
}

std::vector<double> parseFractions(std::string_view text) {
  const ListJson j = parseListJson(text, "fractions", "[{\"value\": ...}, ...]");
  std::vector<double> list;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const ListItem item("fraction " + std::to_string(i + 1));
    item.checkObject(j[i], kFractionKeys, "{\"value\"}");
    list.push_back(item.numberAt(j[i], "value", 0.5));
  }
  checkFractions(list);
  return list;
}

using FractionIds = ListIds<std::vector<double>, fractionsText, parseFractions, checkFractions>;

std::string refusal(const std::function<void()>& parse) {
  try {
    parse();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(ListParam, AListIsKnownByItsCanonicalTextsIdAndGivenBackWhole) {
  const std::vector<double> list{0.25, 1.0, 0.0};
  const double id = FractionIds::id(list);
  EXPECT_EQ(id, textId(fractionsText(list)));
  EXPECT_EQ(FractionIds::id(std::vector<double>{0.25, 1.0, 0.0}), id);
  EXPECT_NE(FractionIds::id({0.25, 1.0}), id);
  EXPECT_EQ(FractionIds::of(id, "no fractions"), list);
  // Any spelling of the text reads to the same list, so the same id.
  EXPECT_EQ(FractionIds::codec()->parse(R"([ {"value": 0.25}, {"value": 1}, {"value": 0e0} ])"),
            id);
}

TEST(ListParam, ATextGivenAnIdElsewhereIsReadOnFirstSightAndABadOneIsNoList) {
  const double fromFile = textId(R"([{"value": 0.75}, {}])");  // as a project file gives it
  ASSERT_TRUE(FractionIds::isId(fromFile));
  EXPECT_EQ(FractionIds::of(fromFile, "no fractions"), (std::vector<double>{0.75, 0.5}));
  EXPECT_FALSE(FractionIds::isId(textId(R"([{"value": 2}])")));
  EXPECT_FALSE(FractionIds::isId(12345.0));
  EXPECT_THROW(FractionIds::of(12345.0, "no fractions"), std::logic_error);
  EXPECT_FALSE(FractionIds::codec()->accepts(12345.0));
}

TEST(ListParam, BadTextIsRefusedNamingTheListTheItemAndTheKey) {
  const auto parse = [](std::string text) { return [text] { parseFractions(text); }; };
  EXPECT_EQ(refusal(parse("{}")), "fractions: must be an array [{\"value\": ...}, ...]");
  EXPECT_EQ(refusal(parse("[{}, 3]")), "fraction 2: must be an object {\"value\"}");
  EXPECT_EQ(refusal(parse(R"([{"valu": 1}])")), "fraction 1: unknown key 'valu'; allowed: value");
  EXPECT_EQ(refusal(parse(R"([{"value": "1"}])")),
            "fraction 1: 'value' must be a number, not '\"1\"'");
  EXPECT_EQ(refusal(parse(R"([{"value": 1.5}])")),
            "fraction 1: 'value' 1.5 is out of range; allowed: 0 to 1");
  EXPECT_EQ(refusal(parse("[")).rfind("fractions: not JSON (", 0), 0u);
}

// Text nested tens of thousands deep (a hostile project's) is refused in
// one line: read and shown back whole, it overflowed the stack (a crash at
// 60,000 levels) where any real list nests four deep.
TEST(ListParam, TextNestedFarDeeperThanAnyListIsRefusedNotACrash) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(refusal([&] { parseSpecies("[{\"density\": " + deep + "}]"); }),
            "species: nested deeper than 32 levels; must be an array [{\"name\": ..., "
            "\"density\": ...}, ...]");
  EXPECT_EQ(refusal([&] { parseStrokes("[{\"mode\": \"paint\", \"points\": [" + deep + "]}]"); }),
            "strokes: nested deeper than 32 levels; must be an array [{\"mode\": ..., "
            "\"points\": ...}, ...]");
  // Brackets inside text are not nesting; 32 levels are still read.
  const std::string brackets = "[{\"name\": \"" + std::string(40, '[') + "\"}]";
  EXPECT_EQ(refusal([&] { parseSpecies(brackets); }).rfind("species 1: 'name'", 0), 0u);
  const std::string deepest = std::string(30, '[') + std::string(30, ']');
  EXPECT_EQ(refusal([&] {
              parseFractions("[{\"value\": " + deepest + "}]");
            }).rfind("fraction 1: 'value' must be a number", 0),
            0u);
}

// The messages strokes and species gave before their text handling was
// one (ef29746's strokes.cpp and scatter_species.cpp), word for word.
TEST(ListParam, StrokesAndSpeciesRefuseBadTextInTheWordsTheyAlwaysUsed) {
  const auto strokes = [](std::string text) { return [text] { parseStrokes(text); }; };
  EXPECT_EQ(refusal(strokes("{}")),
            "strokes: must be an array [{\"mode\": ..., \"points\": ...}, ...]");
  EXPECT_EQ(refusal(strokes("[3]")),
            "strokes: stroke 1: must be an object {\"mode\", \"radius\", ..., \"points\"}");
  EXPECT_EQ(refusal(strokes(R"([{"mode": "paint", "colour": 1}])")),
            "strokes: stroke 1: unknown key 'colour'; allowed: mode, radius, strength, hardness, "
            "height, points");
  EXPECT_EQ(refusal(strokes(R"([{"mode": "paint", "radius": "x", "points": [[0, 0]]}])")),
            "strokes: stroke 1: 'radius' must be a number, not '\"x\"'");
  EXPECT_EQ(refusal(strokes(R"([{"mode": "paint", "strength": 2, "points": [[0, 0]]}])")),
            "strokes: stroke 1: 'strength' 2 is out of range; allowed: 0 to 1");
  EXPECT_EQ(refusal(strokes(R"([{"mode": "paint", "points": [[0, 0]]}, {"mode": "dig"}])")),
            "strokes: stroke 2: 'mode' '\"dig\"' is not one of raise, lower, smooth, flatten, "
            "paint, erase, path");
  EXPECT_EQ(refusal(strokes("[")).rfind("strokes: not JSON (", 0), 0u);

  const auto species = [](std::string text) { return [text] { parseSpecies(text); }; };
  EXPECT_EQ(refusal(species("{}")),
            "species: must be an array [{\"name\": ..., \"density\": ...}, ...]");
  EXPECT_EQ(refusal(species("[1]")), "species 1: must be an object {\"name\", \"density\", ...}");
  EXPECT_EQ(refusal(species(R"([{"colour": 1}])")),
            "species 1: unknown key 'colour'; allowed: name, shape, density, spacing, scaleMin, "
            "scaleMax, rotationMin, rotationMax, slopeAlign, heightMin, heightMax, maxSlope, "
            "mask, clearance");
  EXPECT_EQ(refusal(species(R"([{"density": "x"}])")),
            "species 1: 'density' must be a number, not '\"x\"'");
  EXPECT_EQ(refusal(species(R"([{"name": "a"}, {"name": "b", "slopeAlign": 2}])")),
            "species 2: 'slopeAlign' 2 is out of range; allowed: 0 to 1");
  EXPECT_EQ(refusal(species(R"([{"name": "a"}, {"name": "a"}])")),
            "species 2: 'name' 'a' is also species 1's; names differ");
  EXPECT_EQ(refusal(species("[")).rfind("species: not JSON (", 0), 0u);
}

}  // namespace
}  // namespace terrain
