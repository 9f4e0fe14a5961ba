#include "app/file_dialog.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <vector>

extern char** environ;

namespace terrain::app {
namespace {

constexpr const char* kProgram = "zenity";

std::optional<std::filesystem::path> findOnPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return std::nullopt;
  std::stringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    const std::filesystem::path candidate = std::filesystem::path(dir) / program;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

// Runs argv without a shell (a path is never interpreted) and returns its
// standard output and exit status.
std::optional<std::pair<std::string, int>> runCapturing(const std::vector<std::string>& args) {
  int pipeFds[2];
  if (::pipe(pipeFds) != 0) return std::nullopt;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipeFds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipeFds[0]);
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, args[0].c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipeFds[1]);
  if (spawned != 0) {
    ::close(pipeFds[0]);
    return std::nullopt;
  }
  std::string out;
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(pipeFds[0], buffer, sizeof buffer);
    if (n > 0) {
      out.append(buffer, static_cast<std::size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  ::close(pipeFds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return std::pair{out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

// What the chooser run by `args` printed, less its newline; nullopt when
// it could not run or the designer cancelled (zenity exits 1).
std::optional<std::string> chosenPath(const std::vector<std::string>& args) {
  const auto result = runCapturing(args);
  if (!result || result->second != 0) return std::nullopt;
  std::string chosen = result->first;
  while (!chosen.empty() && (chosen.back() == '\n' || chosen.back() == '\r')) chosen.pop_back();
  if (chosen.empty()) return std::nullopt;
  return chosen;
}

}  // namespace

bool fileDialogAvailable() {
  return findOnPath(kProgram).has_value();
}

std::optional<std::string> chooseProjectFile(FileDialogKind kind, const std::string& start) {
  const auto program = findOnPath(kProgram);
  if (!program) return std::nullopt;
  std::vector<std::string> args = {program->string(), "--file-selection",
                                   "--file-filter=Terrain Explorer projects (*.json) | *.json",
                                   "--file-filter=All files | *"};
  if (kind == FileDialogKind::Save) {
    args.emplace_back("--save");
    args.emplace_back("--confirm-overwrite");
    args.emplace_back("--title=Save the terrain project");
  } else {
    args.emplace_back("--title=Open a terrain project");
  }
  if (!start.empty()) args.push_back("--filename=" + start);
  return chosenPath(args);
}

std::optional<std::string> chooseFolder(const std::string& start) {
  const auto program = findOnPath(kProgram);
  if (!program) return std::nullopt;
  std::vector<std::string> args = {program->string(), "--file-selection", "--directory",
                                   "--title=Choose the export folder"};
  // A trailing slash opens the chooser inside the folder, not at its parent.
  if (!start.empty()) args.push_back("--filename=" + start + (start.back() == '/' ? "" : "/"));
  return chosenPath(args);
}

}  // namespace terrain::app
