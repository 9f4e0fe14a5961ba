#pragma once
// The fixture of tests that write real files: a private directory under
// /tmp for each test (ScratchDir, scratch_dir.hpp), removed after it.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/scratch_dir.hpp"

namespace terrain::testing {

// The fixture: `dir_` for each test.
class ScratchDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/terrain-test.XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::vector<std::string> entries() const { return entriesOf(dir_); }

  std::filesystem::path dir_;
};

}  // namespace terrain::testing
