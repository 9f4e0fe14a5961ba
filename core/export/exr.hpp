#pragma once
// OpenEXR heightmaps, written with OpenEXR's own library: a scanline file
// with one 32-bit float channel "Y" holding the heights as they are (0..1,
// bit for bit; multiply by the world's height range for metres), rows top
// first, losslessly compressed.
#include <cstdint>
#include <string>

#include "core/base/heightfield.hpp"
#include "core/base/parallel.hpp"

namespace terrain {

// All lossless. On a 4097^2 diamond-square map (64 MiB of floats): PIZ
// 50.6 MB and the fastest of the compressed, ZIP 62.4 MB, none 67.2 MB.
enum class ExrCompression : std::uint8_t { Piz, Zip, None };

// Atomic (the file is made in memory, so "-" and pipes work too); throws
// IoError naming the path and OpenEXR's reason.
void writeExrHeights(const std::string& path, const Heightfield& field,
                     ExrCompression compression = ExrCompression::Piz, const Execution& exec = {});

// One 32-bit float channel named `channel` of width x height samples, rows
// top first: the bytes of `samples` stored as they are (lossless, so bit
// fields kept in floats survive). Atomic; throws IoError as above.
void writeExrChannel(const std::string& path, int width, int height, const float* samples,
                     const char* channel, ExrCompression compression = ExrCompression::Piz,
                     const Execution& exec = {});

}  // namespace terrain
