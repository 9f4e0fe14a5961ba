// terrain-explorer: `export ...` runs headless (no GL, no display needed);
// anything else opens the window.
#include <cstdio>
#include <exception>
#include <span>
#include <stdexcept>
#include <string_view>

#include "app/cli/export_command.hpp"
#include "app/options.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#if TERRAIN_HAS_WINDOW
#include "app/window.hpp"
#endif

int main(int argc, char** argv) {
  const std::span<char*> args(argv, static_cast<std::size_t>(argc));
  terrain::installTemporaryCleanupOnSignals();  // no .NAME.XXXXXX left by ^C, kill or ulimit -f
  // Before anything touches GL or GLFW: export must work without a display.
  if (args.size() >= 2 && std::string_view(args[1]) == "export") {
    return terrain::runExportCommand(args.subspan(2));
  }

  terrain::app::AppOptions options;
  try {
    options = terrain::app::parseAppOptions(args.subspan(1));
  } catch (const std::runtime_error& e) {  // InputError, or IoError reading --project
    std::fprintf(stderr, "terrain-explorer: %s\n", e.what());
    return 2;
  }
  if (options.help) {
    std::fputs(terrain::app::appUsage(), stdout);
    return 0;
  }
#if TERRAIN_HAS_WINDOW
  try {
    return terrain::app::runWindow(options);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "terrain-explorer: %s\n", e.what());
    return 1;
  }
#else
  std::fputs(
      "terrain-explorer: built without the window (TERRAIN_BUILD_APP=OFF); "
      "use 'terrain-explorer export ...' for headless export\n",
      stderr);
  return 1;
#endif
}
