#pragma once
// The document and its history: what the panel, the node editor and the
// brush edit, and the project file it lives in. Every change is posted to
// the generation worker; each finished edit (a drag on release) is a step.
#include <string>

#include "app/status_line.hpp"
#include "core/document/document.hpp"
#include "core/document/history.hpp"

namespace terrain::app {

struct DocumentState {
  Document doc;
  History history{Document{}};
  // The project file the document was opened from or saved to ("" = none).
  std::string projectPath;
  StatusLine projectStatus;
};

}  // namespace terrain::app
