// Text parameters held as numbers (core/base/text_ids.hpp): the id is the same on
// every machine and run (FNV-1a of the bytes, 52 bits, computed here by an
// independent Python one-liner), turns back into its text, and a number
// that is no text's id is said to be none.
#include "core/base/text_ids.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "core/base/error.hpp"
#include "core/nodes/sources/import.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {
namespace {

TEST(TextIds, AnIdIsTheTextsHashTheSameEverywhereAndTurnsBackIntoIt) {
  // python3 -c "h=0xcbf29ce484222325
  //   for c in b'/data/alps.tif': h^=c; h=(h*0x100000001b3)&(2**64-1)
  //   print(h & (2**52-1))"
  EXPECT_EQ(textId("/data/alps.tif"), 938335991607898.0);
  EXPECT_EQ(textOf(textId("/data/alps.tif")), "/data/alps.tif");
  EXPECT_EQ(textId("/data/alps.tif"), textId(std::string("/data/alps") + ".tif"));
  EXPECT_NE(textId("a.tif"), textId("b.tif"));
  EXPECT_EQ(findText(12.5), nullptr);
  EXPECT_EQ(findText(-1.0), nullptr);
  EXPECT_THROW((void)textOf(3.0e15 + 1.0), std::logic_error);
}

TEST(TextIds, ATextParameterIsCheckedParsedAndPrintedAsItsText) {
  const SourceStage& source = importSource();
  const ParamInfo& file = source.params()[*source.indexOf("file")];
  const double id = parseValue(file, "/maps/dem.hgt");
  EXPECT_EQ(formatValue(file, id), "/maps/dem.hgt");
  EXPECT_FALSE(checkValue(file, id).has_value());
  EXPECT_TRUE(checkValue(file, 7.0).has_value());  // a number that is no text
  EXPECT_THROW((void)parseValue(file, std::string(4097, 'x')), InputError);  // at most 4096
}

}  // namespace
}  // namespace terrain
