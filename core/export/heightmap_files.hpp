#pragma once
// Writing a generated heightfield to disk: 16-bit heightmap PNG, colour PNG
// (map or side view), raw float32. Every writer is atomic (see
// core/io/atomic_file.hpp) and streams: rows are converted or coloured on the
// fly, so a 16385^2 map needs no second whole-map buffer. All throw IoError
// naming the path and the cause.
#include <cstdint>
#include <string>

#include "core/base/heightfield.hpp"
#include "core/base/parallel.hpp"
#include "core/look/color.hpp"
#include "core/look/image.hpp"

namespace terrain {

// Height [0, 1] -> 0..65535, rounded (values outside are clamped, NaN -> 0).
std::uint16_t heightToGray16(float height);

// width x height 16-bit greyscale (a profile is N x 1).
void writeHeightmapPng(const std::string& path, const Heightfield& field,
                       const Execution& exec = {});

// 8-bit RGB map, one pixel per cell (see renderMapImage). PNGs are written
// in bands of rows, made and compressed in parallel (core/io/png_write.cpp).
void writeMapPng(const std::string& path, const Heightfield& field, const ColorRamp& ramp,
                 float water, const Shading& shading, const Execution& exec = {});

// The same map as 8-bit RGBA with every alpha `alpha` (Terrain3D's colour
// map, whose alpha is a roughness modifier: 128 is its neutral 0.5 as it
// stores its own blank map).
void writeMapPngWithAlpha(const std::string& path, const Heightfield& field, const ColorRamp& ramp,
                          float water, const Shading& shading, std::uint8_t alpha,
                          const Execution& exec = {});

// 8-bit RGB side view of a profile (see renderSideViewImage).
void writeSideViewPng(const std::string& path, const Heightfield& profile, const ColorRamp& ramp,
                      float water, int width, int height, const Execution& exec = {});

// Little-endian IEEE float32, row-major, no header: width * height * 4 bytes.
void writeRawFloat32(const std::string& path, const Heightfield& field);

}  // namespace terrain
