#pragma once
// The project file's text as JSON (core/document/project.cpp reads the document
// from it): its size, nesting and syntax checked, and every refusal names
// its line and column. Text quoted from the file is an escaped excerpt
// (core/base/quote.hpp), and a number beyond a double (1e999) names its key.
#include <string_view>

#include "core/document/project_values.hpp"

namespace terrain::project_io {

// Throws InputError "project: line 3, column 7: ...".
Json parseProjectText(std::string_view text);

}  // namespace terrain::project_io
