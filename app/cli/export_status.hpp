#pragma once
// How `terrain-explorer export` ends: its exit statuses and its one line
// on stderr, shared by the single-map and the tiled export.
#include <cstdio>
#include <string>

namespace terrain::cli {

inline constexpr int kExitWritten = 0;
inline constexpr int kExitWriteFailed = 1;
inline constexpr int kExitBadInput = 2;

// Exactly one line on stderr, whatever the message holds; returns status.
inline int failExport(int status, std::string message) {
  for (char& c : message) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  std::fprintf(stderr, "terrain-explorer export: %s\n", message.c_str());
  return status;
}

}  // namespace terrain::cli
