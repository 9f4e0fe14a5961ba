#pragma once
// Runs the real terrain-explorer binary (TERRAIN_EXPLORER_BIN), or the
// window's test driver (TERRAIN_DRIVER_BIN, tests/app/driver/), for the
// tests that judge it from outside (CLI, window, bad input): exit status,
// stdout, stderr, peak memory, with chosen environment variables set or
// removed and optionally a cap on the child's address space.
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tests/support/files.hpp"

extern char** environ;

namespace terrain::testing {

struct AppRun {
  int status = -1;  // exit status; -1 when killed by a signal (a crash)
  int signal = 0;   // the signal, if killed
  std::string out;
  std::string err;
  double seconds = 0.0;  // wall clock
  long maxRssKib = 0;    // the child's peak resident memory
};

struct RunLimits {
  long addressSpaceMib = 0;  // > 0: RLIMIT_AS for the child, so a large allocation fails there
  long fileSizeBytes = 0;    // > 0: RLIMIT_FSIZE for the child (ulimit -f)
  bool noCoreDump = false;   // RLIMIT_CORE 0, for runs ended by SIGQUIT
  int onlyCpu = -1;          // >= 0: the child may run on this CPU only (taskset -c N)
  const char* program = TERRAIN_EXPLORER_BIN;  // or TERRAIN_DRIVER_BIN
};

// In a forked child before exec: the signals as a user's shell gives them
// (default actions, none blocked), whatever the test runner inherited. A
// runner started in the background has SIGINT and SIGQUIT ignored, which
// the program then keeps (it does not catch what its parent ignored), and
// a test that stops it with one of them would wait for ever.
// Async-signal-safe: sigaction and sigprocmask only.
inline void resetSignalsForChild() {
  struct sigaction plain {};
  plain.sa_handler = SIG_DFL;
  for (const int signal : {SIGINT, SIGQUIT, SIGHUP, SIGTERM, SIGPIPE})
    ::sigaction(signal, &plain, nullptr);
  sigset_t none;
  ::sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

// A child started by startApp, to be collected by waitApp.
struct StartedApp {
  pid_t pid = -1;
  std::string outFile;
  std::string errFile;
  std::string program;
  std::chrono::steady_clock::time_point start;
  std::string error;  // set when it could not be started
};

inline int countLines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n' ? 1 : 0;
  if (!s.empty() && s.back() != '\n') ++n;
  return n;
}

// env: a value sets the variable, nullopt removes it; the rest is inherited.
// `dir` receives stdout.txt and stderr.txt. Returns at once; see waitApp.
inline StartedApp startApp(const std::vector<std::string>& args, const std::filesystem::path& dir,
                           const std::map<std::string, std::optional<std::string>>& env = {},
                           RunLimits limits = {}) {
  std::vector<std::string> argv = {limits.program};
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

  StartedApp app;
  app.outFile = (dir / "stdout.txt").string();
  app.errFile = (dir / "stderr.txt").string();
  app.program = limits.program;
  const std::string& outFile = app.outFile;
  const std::string& errFile = app.errFile;
  app.start = std::chrono::steady_clock::now();
  // fork + execve rather than posix_spawn, for the rlimit; the child calls
  // only async-signal-safe functions (the test process has threads).
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int out = ::open(outFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(errFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0 || err < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) ::_exit(126);
    if (limits.addressSpaceMib > 0) {
      const rlim_t bytes = static_cast<rlim_t>(limits.addressSpaceMib) << 20;
      const rlimit cap{bytes, bytes};
      ::setrlimit(RLIMIT_AS, &cap);
    }
    if (limits.fileSizeBytes > 0) {
      const auto bytes = static_cast<rlim_t>(limits.fileSizeBytes);
      const rlimit cap{bytes, bytes};
      ::setrlimit(RLIMIT_FSIZE, &cap);
    }
    if (limits.noCoreDump) {
      const rlimit none{0, 0};
      ::setrlimit(RLIMIT_CORE, &none);
    }
    resetSignalsForChild();
    if (limits.onlyCpu >= 0) {
      cpu_set_t one;
      CPU_ZERO(&one);
      CPU_SET(static_cast<std::size_t>(limits.onlyCpu), &one);
      if (::sched_setaffinity(0, sizeof one, &one) != 0) ::_exit(125);
    }
    ::execve(cargv[0], cargv.data(), cenv.data());
    ::_exit(127);
  }
  if (pid < 0) app.error = std::string("cannot fork: ") + std::strerror(errno);
  app.pid = pid;
  return app;
}

// Waits for a started child and collects what it did.
inline AppRun waitApp(const StartedApp& app) {
  AppRun run;
  if (app.pid < 0) {
    run.err = app.error;
    return run;
  }
  int status = 0;
  rusage usage{};
  ::wait4(app.pid, &status, 0, &usage);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - app.start).count();
  if (WIFEXITED(status)) run.status = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  run.maxRssKib = usage.ru_maxrss;
  run.out = readAll(app.outFile);
  run.err = readAll(app.errFile);
  if (run.status == 127) run.err = "cannot run " + app.program + "\n" + run.err;
  return run;
}

inline AppRun runApp(const std::vector<std::string>& args, const std::filesystem::path& dir,
                     const std::map<std::string, std::optional<std::string>>& env = {},
                     RunLimits limits = {}) {
  return waitApp(startApp(args, dir, env, limits));
}

#ifdef TERRAIN_DRIVER_BIN
// The window driven by a script (tests/app/driver/app_driver.cpp).
inline AppRun runDriver(const std::vector<std::string>& args, const std::filesystem::path& dir,
                        const std::map<std::string, std::optional<std::string>>& env = {}) {
  RunLimits limits;
  limits.program = TERRAIN_DRIVER_BIN;
  return runApp(args, dir, env, limits);
}
#endif

inline bool haveDisplay() {
  const char* d = std::getenv("DISPLAY");
  return d != nullptr && *d != '\0';
}

}  // namespace terrain::testing
