#pragma once
// How `terrain-explorer export` ends: its exit statuses and its one line
// on stderr, shared by the single-map and the tiled export.
#include <cstdio>
#include <string>

#include "core/base/quote.hpp"

namespace terrain::cli {

inline constexpr int kExitWritten = 0;
inline constexpr int kExitWriteFailed = 1;
inline constexpr int kExitBadInput = 2;

// Exactly one line on stderr, whatever the message holds: a line break (a
// library's message) reads as a space, any other control character as an
// escape (\x1b), so nothing raw reaches a terminal; written whole, so a NUL
// does not cut it. Returns status.
inline int failExport(int status, std::string message) {
  for (char& c : message) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  const std::string line = "terrain-explorer export: " + escapeControl(message) + "\n";
  std::fwrite(line.data(), 1, line.size(), stderr);
  return status;
}

}  // namespace terrain::cli
