#include "app/cli/export_command.hpp"

#include <cstdio>

namespace terrain {

int runExportCommand(std::span<char*> /*args*/) {
  std::fputs("export: not implemented yet\n", stderr);
  return 2;
}

}  // namespace terrain
