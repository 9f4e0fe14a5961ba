#pragma once
// The flags of `terrain-explorer export` that are neither the document's
// (document_args) nor an output format's (core/export/outputs): their one
// table, read by the parser, by --help and by the generated cli.md; and how
// the command line becomes flags (tokens) in the first place.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/cli/export_args.hpp"
#include "core/document/document.hpp"

namespace terrain::cli {

// Which sources an export option makes sense for.
enum class Scope : std::uint8_t { All, Maps, Profiles };

struct OptionInfo {
  std::string_view name;     // flag without the dashes
  std::string_view metavar;  // "" for a switch
  std::string_view help;
  Scope scope = Scope::All;
};

// The row of `name` (without the dashes); null when it is not such a flag.
const OptionInfo* findOption(std::string_view name);
// The sources a profile-only (true) or a map-only (false) flag applies to.
std::string sourcesWith(bool profile);
// Refuses a flag that does not apply to the document's source.
void checkScope(const OptionInfo& option, const Document& doc);

// Splits "--name value", "--name=value" and "--switch" into tokens, each
// a known flag; --mask KIND=FILE becomes --mask-KIND FILE. Throws
// InputError with one line naming the flag.
std::vector<Token> tokenize(std::span<char* const> args);

}  // namespace terrain::cli
