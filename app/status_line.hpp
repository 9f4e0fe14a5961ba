#pragma once
#include <string>

namespace terrain::app {

// A message for the panel: green when ok, red when not.
struct StatusLine {
  std::string text;
  bool ok = true;
};

}  // namespace terrain::app
