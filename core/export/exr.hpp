#pragma once
// OpenEXR heightmaps, written with OpenEXR's own library: a scanline file
// with one 32-bit float channel "Y" holding the heights as they are (0..1,
// bit for bit; multiply by the world's height range for metres), ZIP
// compressed (lossless), rows top first.
#include <string>

#include "core/heightfield.hpp"
#include "core/parallel.hpp"

namespace terrain {

// Atomic (the file is made in memory, so "-" and pipes work too); throws
// IoError naming the path and OpenEXR's reason.
void writeExrHeights(const std::string& path, const Heightfield& field, const Execution& exec = {});

}  // namespace terrain
