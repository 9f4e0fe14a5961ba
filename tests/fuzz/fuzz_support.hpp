#pragma once
// Helpers shared by the fuzz harnesses: a scratch file for the loaders that
// take a path, and turning bytes into an argument vector.
#include <unistd.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <span>
#include <string>
#include <system_error>
#include <vector>

namespace terrain::fuzz {

// One file in a private directory under $TMPDIR (run_fuzzers.sh points it
// at its own work folder), else /dev/shm, else /tmp; removed with the
// directory when the process exits normally.
class ScratchFile {
 public:
  explicit ScratchFile(const std::string& fileName) {
    std::error_code ec;
    const char* tmpdir = std::getenv("TMPDIR");
    std::filesystem::path base = tmpdir != nullptr && tmpdir[0] != '\0' ? tmpdir : "/dev/shm";
    if (!std::filesystem::is_directory(base, ec)) base = "/tmp";
    std::string dir = (base / "terrain-fuzz-XXXXXX").string();
    if (mkdtemp(dir.data()) == nullptr) {
      std::perror("fuzz: mkdtemp");
      std::abort();
    }
    dir_ = dir;
    path_ = (dir_ / fileName).string();
  }
  ~ScratchFile() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;

  // Replaces the file's contents; returns its path.
  const std::string& write(std::span<const std::uint8_t> bytes) {
    std::FILE* f = std::fopen(path_.c_str(), "wb");
    if (f == nullptr || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() ||
        std::fclose(f) != 0) {
      std::perror("fuzz: cannot write the scratch file");
      std::abort();
    }
    return path_;
  }

 private:
  std::filesystem::path dir_;
  std::string path_;
};

// Splits bytes into arguments at '\0' and '\n' (seed files stay readable:
// one argument per line), at most maxArgs of them.
inline std::vector<std::string> splitArgs(std::span<const std::uint8_t> bytes,
                                          std::size_t maxArgs = 64) {
  std::vector<std::string> args;
  std::string current;
  for (std::uint8_t b : bytes) {
    if (b == '\0' || b == '\n') {
      args.push_back(std::move(current));
      current.clear();
      if (args.size() == maxArgs) return args;
    } else {
      current.push_back(static_cast<char>(b));
    }
  }
  if (!current.empty()) args.push_back(std::move(current));
  return args;
}

// argv-style pointers into args (which must outlive them).
inline std::vector<char*> argvOf(std::vector<std::string>& args) {
  std::vector<char*> argv;
  argv.reserve(args.size());
  for (std::string& a : args) argv.push_back(a.data());
  return argv;
}

}  // namespace terrain::fuzz
