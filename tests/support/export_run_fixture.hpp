#pragma once
// The fixture of tests that run `terrain-explorer export` in a scratch
// directory and read back what it wrote (the engines' packages, a mesh's
// outputs): one run helper and one "nothing was written" check, so each
// test says only its flags and what it reads.
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/app_process.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain::testing {

class ExportRunTest : public ScratchDirTest {
 protected:
  // `terrain-explorer export ARGS --quiet`, run in dir_: quiet, so what it
  // prints is a refusal or what a flag asked for, not the progress report.
  AppRun run(std::vector<std::string> args) const {
    args.insert(args.begin(), "export");
    args.push_back("--quiet");
    return runApp(args, dir_);
  }

  // True when the run wrote no file: dir_ holds only the run's captured
  // stdout.txt and stderr.txt (a refusal must come before any output).
  bool empty() const {
    for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
      const std::string name = entry.path().filename().string();
      if (name != "stdout.txt" && name != "stderr.txt") return false;
    }
    return true;
  }
};

}  // namespace terrain::testing
