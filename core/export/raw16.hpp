#pragma once
// RAW16 heightmaps (.r16 / .raw), the format Unreal and Unity import:
// unsigned 16-bit little-endian samples, row-major, no header; heights 0..1
// as 0..65535 rounded exactly as the 16-bit PNG (heightToGray16).
#include <string>

#include "core/base/heightfield.hpp"

namespace terrain {

// flipRows: the bottom row first (for tools that read images bottom-up).
// Atomic; throws IoError naming the path.
void writeRaw16(const std::string& path, const Heightfield& field, bool flipRows);

}  // namespace terrain
