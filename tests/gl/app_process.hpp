#pragma once
// Runs the real terrain-explorer binary (TERRAIN_EXPLORER_BIN) for the
// window tests that judge it from outside: exit status, stdout, stderr,
// with chosen environment variables set or removed.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

extern char** environ;

namespace terrain::testing {

struct AppRun {
  int status = -1;  // exit status; -1 when killed by a signal (a crash)
  int signal = 0;   // the signal, if killed
  std::string out;
  std::string err;
  double seconds = 0.0;  // wall clock
};

inline std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline int countLines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n' ? 1 : 0;
  if (!s.empty() && s.back() != '\n') ++n;
  return n;
}

// env: a value sets the variable, nullopt removes it; the rest is inherited.
// `dir` receives stdout.txt and stderr.txt.
inline AppRun runApp(const std::vector<std::string>& args, const std::filesystem::path& dir,
                     const std::map<std::string, std::optional<std::string>>& env = {}) {
  std::vector<std::string> argv = {TERRAIN_EXPLORER_BIN};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> cargv;
  for (auto& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);

  std::vector<std::string> envStrings;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry(*e);
    if (env.count(entry.substr(0, entry.find('='))) == 0) envStrings.push_back(entry);
  }
  for (const auto& [name, value] : env) {
    if (value) envStrings.push_back(name + "=" + *value);
  }
  std::vector<char*> cenv;
  for (auto& e : envStrings) cenv.push_back(e.data());
  cenv.push_back(nullptr);

  const std::string outFile = (dir / "stdout.txt").string();
  const std::string errFile = (dir / "stderr.txt").string();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, outFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addopen(&actions, 2, errFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  AppRun run;
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  const int spawned = ::posix_spawn(&pid, cargv[0], &actions, nullptr, cargv.data(), cenv.data());
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    run.err = std::string("cannot run ") + TERRAIN_EXPLORER_BIN + ": " + std::strerror(spawned);
    return run;
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (WIFEXITED(status)) run.status = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  run.out = readFile(outFile);
  run.err = readFile(errFile);
  return run;
}

inline bool haveDisplay() {
  const char* d = std::getenv("DISPLAY");
  return d != nullptr && *d != '\0';
}

}  // namespace terrain::testing
