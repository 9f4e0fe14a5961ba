#pragma once
// The pieces of `terrain-explorer export`'s command line that its option
// files share (export_tokens.cpp: the arguments as flags; export_options.cpp:
// the plan; tile_options.cpp: --tiles and its companions): a flag as given,
// and the checks every value goes through, each failing with one line
// naming the flag.
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/document/document_inputs.hpp"
#include "core/export/output_format.hpp"
#include "core/io/file_identity.hpp"

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

// A file an export writes, by the words a message names it with.
struct NamedFile {
  NamedFile(std::string what_, std::string path_)
      : what(std::move(what_)), path(std::move(path_)), id(identify(path)) {}
  std::string what;  // "--heightmap", "--obj's material library"
  std::string path;
  FileIdentity id;  // which file that is, looked up once
};

// Each output and the files its format writes beside it (an OBJ's .mtl),
// in order. Throws InputError when a format refuses such a file's name.
std::vector<NamedFile> outputFiles(std::span<const OutputRequest> outputs);

// Throws InputError naming both when a file is one of `inputs` (issue 37)
// or another of `files` (two writes on one path would keep only the last).
void refuseClashes(const std::vector<NamedFile>& files, const std::vector<DocumentInput>& inputs);

}  // namespace terrain::cli
