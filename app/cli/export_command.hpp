#pragma once
#include <span>

namespace terrain {

// `terrain-explorer export ...`: no display, no GL. Returns the exit status:
// 0 done, 2 bad input (one line on stderr), 1 an output could not be written.
int runExportCommand(std::span<char*> args);

}  // namespace terrain
