#pragma once
// The pieces of `terrain-explorer export`'s command line that its option
// files share (export_options.cpp: the flags and the plan; tile_options.cpp:
// --tiles and its companions): a flag as given, and the checks every value
// goes through, each failing with one line naming the flag.
#include <string>
#include <string_view>
#include <vector>

namespace terrain::cli {

// "--name value" or "--name=value", dashes dropped.
struct Token {
  std::string name;
  std::string value;
};

// The last token of that name (the last one wins, as for every flag); null
// when there is none.
const Token* findToken(const std::vector<Token>& tokens, std::string_view name);
// A whole number in min..max; throws InputError naming the range.
int parseInt(const Token& t, int min, int max);
// The value, refused when empty ("expected <what>").
std::string nonEmpty(const Token& t, std::string_view what);
// "--heightmap FILE.png, --r16 FILE.r16, ...": the outputs a user may add.
std::string outputFlagList();

}  // namespace terrain::cli
