// Typed values for every stage parameter: what the CLI, the panel and the
// project file accept and refuse (core/nodes/stage.hpp), and the source's size grid.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/nodes/registry.hpp"
#include "core/nodes/sources/common_params.hpp"

namespace terrain {
namespace {

std::string refusal(const ParamInfo& info, std::string_view text) {
  try {
    parseValue(info, text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(StageValues, ParsesNumbersAndRefusesWhatIsNotOneNamingTheFlagAndTheRange) {
  EXPECT_EQ(parseValue(kRoughnessParam, "0.25"), 0.25);
  EXPECT_EQ(parseValue(kRoughnessParam, "1e-1"), 0.1);
  EXPECT_EQ(parseValue(kIterationsParam, "7"), 7.0);
  for (const char* bad :
       {"", "abc", "0.5x", " 0.5", "nan", "inf", "-inf", "1e999", "-0.1", "1.01"}) {
    const std::string message = refusal(kRoughnessParam, bad);
    EXPECT_NE(message.find("--roughness"), std::string::npos) << bad << ": " << message;
    EXPECT_NE(message.find("0 to 1"), std::string::npos) << bad << ": " << message;
  }
  EXPECT_NE(refusal(kIterationsParam, "2.5").find("not a whole number"), std::string::npos);
  EXPECT_NE(refusal(kIterationsParam, "31").find("out of range"), std::string::npos);
}

TEST(StageValues, ChoicesAndPowersOfTwoAcceptOnlyWhatTheyList) {
  const SourceStage& coast = sourceStage("coastline");
  const ParamInfo& mode = coast.params()[*coast.indexOf("mode")];
  EXPECT_EQ(parseValue(mode, "heights"), 1.0);
  EXPECT_EQ(formatValue(mode, 1.0), "heights");
  EXPECT_NE(refusal(mode, "height").find("classes|heights"), std::string::npos);
  EXPECT_TRUE(checkValue(mode, 2.0).has_value());
  EXPECT_TRUE(checkValue(mode, 0.5).has_value());
  const ParamInfo& cells = coast.params()[*coast.indexOf("start-cells")];
  EXPECT_FALSE(checkValue(cells, 16.0).has_value());
  EXPECT_NE(checkValue(cells, 12.0).value_or("").find("power of two"), std::string::npos);
}

TEST(StageValues, EverySourceRefusesSizesOffItsGridNamingTheRule) {
  for (const SourceStage* source : sources()) {
    ParamValues values = source->defaults();
    const int size = source->size(values);
    const int off = source->sizeRule() == SizeRule::Any ? source->maxSize() + 1 : size + 2;
    values[source->sizeIndex()] = off;
    try {
      source->validate(values);
      ADD_FAILURE() << source->key() << " accepted size " << off;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("--size"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(source->sizeAllowed(source->snapSize(off))) << source->key();
  }
}

TEST(StageValues, TheLookRefusesValuesOutOfItsRanges) {
  Document doc = defaultDocument();
  doc.look.water = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(validate(doc), InputError);
  doc.look.water = 0.5;
  doc.look.sunElevation = 0.0;  // the sun must be above the horizon
  EXPECT_THROW(validate(doc), InputError);
  doc.look.sunElevation = 45.0;
  doc.look.ramp.clear();
  EXPECT_THROW(validate(doc), InputError);
  doc.look.ramp = "auto";
  EXPECT_NO_THROW(validate(doc));
}

}  // namespace
}  // namespace terrain
