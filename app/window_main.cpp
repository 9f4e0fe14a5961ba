// terrain-explorer-window: the explorer's window (started by terrain-explorer
// for anything but `export`). Flags are checked before GL or GLFW start, so
// --help and bad flags work without a display.
#include <cstdio>
#include <exception>
#include <span>
#include <stdexcept>

#include "app/options.hpp"
#include "app/window.hpp"
#include "core/base/quote.hpp"
#include "core/io/temporary_cleanup.hpp"

namespace {

// The one line a refused start prints: control characters escaped, so a
// file's text cannot drive the terminal.
void failLine(const char* message) {
  std::fprintf(stderr, "terrain-explorer: %s\n", terrain::escapeControl(message).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const std::span<char*> args(argv, static_cast<std::size_t>(argc));
  terrain::installTemporaryCleanupOnSignals();  // no .NAME.XXXXXX left by ^C, kill or ulimit -f
  terrain::app::AppOptions options;
  try {
    options = terrain::app::parseAppOptions(args.subspan(1));
  } catch (const std::runtime_error& e) {  // InputError, or IoError reading --project
    failLine(e.what());
    return 2;
  }
  if (options.help) {
    std::fputs(terrain::app::appUsage(), stdout);
    return 0;
  }
  try {
    return terrain::app::runWindow(options);
  } catch (const std::exception& e) {
    failLine(e.what());
    return 1;
  }
}
