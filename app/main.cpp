#include <cstdio>
#include <span>
#include <string_view>

#include "app/cli/export_command.hpp"

int main(int argc, char** argv) {
  const std::span<char*> args(argv, static_cast<std::size_t>(argc));
  if (args.size() >= 2 && std::string_view(args[1]) == "export") {
    return terrain::runExportCommand(args.subspan(2));
  }
  std::fputs("terrain-explorer: the window is not built yet; use 'terrain-explorer export --help'\n",
             stderr);
  return 1;
}
