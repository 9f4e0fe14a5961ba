// Text from a file in a message (issue 37): printable, one line, short.
#include <gtest/gtest.h>

#include <string>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/strokes/strokes.hpp"

namespace terrain {
namespace {

TEST(Quote, EveryControlCharacterIsEscapedAndTheRestKept) {
  const std::string text = std::string("a\0b", 3) + "\n\t\r\x1b[31m\x7f" + "\xc2\x9b" + "é\\";
  const std::string shown = escapeControl(text);
  EXPECT_EQ(shown, "a\\x00b\\n\\t\\r\\x1b[31m\\x7f\\xc2\\x9bé\\");
  for (const char c : shown) {
    const auto byte = static_cast<unsigned char>(c);
    EXPECT_TRUE(byte >= 0x20 && byte != 0x7f) << static_cast<int>(byte);
  }
}

TEST(Quote, AnExcerptIsCutAtACharactersStartAndSaysTheLength) {
  EXPECT_EQ(excerpt("dem.tif"), "'dem.tif'");
  const std::string megabyte(1 << 20, 'x');
  const std::string cut = excerpt(megabyte);
  EXPECT_EQ(cut, "'" + std::string(kMaxQuotedBytes, 'x') + "...' (1048576 bytes)");
  // A two-byte character across the cut is left out whole, not halved.
  const std::string accents = std::string(kMaxQuotedBytes - 1, 'x') + "éé";
  EXPECT_EQ(excerpt(accents), "'" + std::string(kMaxQuotedBytes - 1, 'x') + "...' (" +
                                  std::to_string(accents.size()) + " bytes)");
}

TEST(Quote, StrokesQuoteAnExcerptOfWhatTheyWereGiven) {
  const std::string mega(1 << 20, 'x');
  for (const std::string& text :
       {R"([{"mode": ")" + mega + R"(", "points": [[0, 0]]}])",
        R"([{"mode": "raise", ")" + mega + R"(": 1, "points": [[0, 0]]}])",
        R"([{"mode": "raise", "radius": ")" + mega + R"(", "points": [[0, 0]]}])",
        R"([{"mode": "raise", "points": [[")" + mega + R"("]]}])", "[" + mega}) {
    try {
      (void)parseStrokes(text);
      ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
      EXPECT_LT(std::string(e.what()).size(), 512U) << std::string(e.what()).substr(0, 600);
    }
  }
}

}  // namespace
}  // namespace terrain
