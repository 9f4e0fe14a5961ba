#pragma once
// The fixture of `terrain-explorer export`'s hardening tests
// (cli_hardening_test.cpp: special files and odd values; cli_signals_test.cpp:
// signals, limits and CPUs; cli_text_as_data_test.cpp: text shown as
// data): a scratch folder with out/, and the export run in it. One class
// for the three files, as GoogleTest wants of one suite.
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/app_process.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain::testing {

class ExportCliHardening : public ScratchDirTest {
 protected:
  void SetUp() override {
    ScratchDirTest::SetUp();
    std::filesystem::create_directory(dir_ / "out");
  }

  std::string out(const std::string& name) const { return (dir_ / "out" / name).string(); }
  std::vector<std::string> outputs() const { return entriesOf(dir_ / "out"); }
  static std::vector<std::string> exportArgs(std::vector<std::string> args) {
    args.insert(args.begin(), "export");
    return args;
  }
  AppRun run(const std::vector<std::string>& args, RunLimits limits = {}) const {
    const AppRun r = runApp(exportArgs(args), dir_, {}, limits);
    if (r.status == 127) ADD_FAILURE() << r.err;
    return r;
  }
};

}  // namespace terrain::testing
