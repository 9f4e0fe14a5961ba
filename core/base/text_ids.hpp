#pragma once
// A text parameter's value (a file path: the import source's file) held in
// ParamValues as a number, so a document stays a plain comparable value of
// doubles: the number is the text's id, a 52-bit FNV-1a hash of its bytes
// (exact in a double, the same on every machine and run), and this table
// of every text given an id turns it back into the text.
#include <string>
#include <string_view>

namespace terrain {

// The text's id, remembered so textOf finds it again. Thread-safe.
double textId(std::string_view text);
// The text of an id textId gave; nullptr for a number that is not one (a
// project file's bare number where a text belongs).
const std::string* findText(double id);
// The text of an id textId gave; throws std::logic_error otherwise.
const std::string& textOf(double id);

}  // namespace terrain
