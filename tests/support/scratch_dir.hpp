#pragma once
// Private directories under /tmp, removed with everything in it after use:
// for tests and benchmarks that write real files. The tests' fixture is
// scratch_dir_fixture.hpp.
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

namespace terrain::testing {

// A directory's entries by name, sorted, hidden temporaries included.
inline std::vector<std::string> entriesOf(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// One directory for one scope (a test body, a helper).
class ScratchDir {
 public:
  ScratchDir() {
    char pattern[] = "/tmp/terrain-test.XXXXXX";
    if (::mkdtemp(pattern) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace terrain::testing
