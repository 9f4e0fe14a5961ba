#pragma once
// Whole files as bytes, for tests that compare what was written.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace terrain::testing {

// The file's bytes; empty when it cannot be read.
inline std::string readAll(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace terrain::testing
