#pragma once
// The fixture of tests that write real files: a private directory under
// /tmp for each test (ScratchDir, scratch_dir.hpp), removed after it.
#include <gtest/gtest.h>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/scratch_dir.hpp"

namespace terrain::testing {

// The fixture: `dir_` for each test, made before it and removed after it.
class ScratchDirTest : public ::testing::Test {
 protected:
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::vector<std::string> entries() const { return entriesOf(dir_); }

 private:
  ScratchDir scratch_;

 protected:
  const std::filesystem::path dir_ = scratch_.path();
};

}  // namespace terrain::testing
