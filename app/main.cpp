// terrain-explorer: `export ...` runs headless; anything else starts the
// window, a separate program (terrain-explorer-window, installed beside this
// one). Keeping GL, GLFW, X11 and ImGui out of this binary is what lets a
// tile farm start thousands of exports about as fast as a plain C program:
// the dynamic loader has a fraction of the libraries to map and relocate.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

#include "app/cli/export_command.hpp"
#include "app/cli/reference_pages.hpp"
#include "core/io/temporary_cleanup.hpp"

namespace {

constexpr const char* kWindowProgram = "terrain-explorer-window";

// Replaces this process with the window program beside this one, passing
// every argument on; returns only when that fails.
int startWindow(char** argv) {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  const std::filesystem::path window =
      ec ? std::filesystem::path(kWindowProgram) : self.parent_path() / kWindowProgram;
  argv[0] = const_cast<char*>(kWindowProgram);
  ::execv(window.c_str(), argv);
  if (errno == ENOENT) {
    std::fprintf(stderr,
                 "terrain-explorer: %s is not installed beside this program (built with "
                 "TERRAIN_BUILD_APP=OFF?); use 'terrain-explorer export ...' for headless "
                 "export\n",
                 window.c_str());
  } else {
    std::fprintf(stderr, "terrain-explorer: cannot start %s: %s\n", window.c_str(),
                 std::strerror(errno));
  }
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::span<char*> args(argv, static_cast<std::size_t>(argc));
  if (args.size() >= 2 && std::string_view(args[1]) == "export") {
    terrain::installTemporaryCleanupOnSignals();  // no .NAME.XXXXXX left by ^C, kill or ulimit -f
    return terrain::runExportCommand(args.subspan(2));
  }
  // Not in --help: the reference pages for docs/, written by ./dev.sh docs.
  if (args.size() >= 2 && std::string_view(args[1]) == "docs") {
    const auto page = args.size() == 3 ? terrain::cli::referencePage(args[2]) : std::nullopt;
    if (!page) {
      std::fputs("terrain-explorer docs: give one page: cli or nodes\n", stderr);
      return 2;
    }
    std::fputs(page->c_str(), stdout);
    return std::fflush(stdout) == 0 ? 0 : 1;
  }
  return startWindow(argv);
}
