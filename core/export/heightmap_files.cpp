#include "core/export/heightmap_files.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/io/atomic_file.hpp"
#include "core/io/png_io.hpp"
#include "core/look/image.hpp"

namespace terrain {
namespace {

// Floats converted per raw write.
constexpr std::size_t kRawChunk = 1 << 16;

}  // namespace

std::uint16_t heightToGray16(float height) {
  const float h = height > 0.0f ? std::min(height, 1.0f) : 0.0f;  // NaN -> 0
  // lround without the library call: h * 65535 is >= 0, and adding 0.5 in
  // double is exact, so truncating rounds halves up as lround does.
  return static_cast<std::uint16_t>(static_cast<double>(h * 65535.0f) + 0.5);
}

void writeHeightmapPng(const std::string& path, const Heightfield& field, const Execution& exec) {
  writePngFile(
      path, field.width, field.height, PngFormat::Gray16,
      [&](int y, std::uint8_t* out) {
        const float* src = field.heights.data() + field.index(0, y);
        for (int x = 0; x < field.width; ++x) {
          const std::uint16_t v = heightToGray16(src[x]);
          out[2 * x] = static_cast<std::uint8_t>(v >> 8);  // PNG is big-endian
          out[2 * x + 1] = static_cast<std::uint8_t>(v & 0xFF);
        }
      },
      exec);
}

void writeMapPng(const std::string& path, const Heightfield& field, const ColorRamp& ramp,
                 float water, const Shading& shading, const Execution& exec) {
  const MapRenderer renderer(field, ramp, water, shading);
  writePngFile(
      path, field.width, field.height, PngFormat::Rgb8,
      [&](int y, std::uint8_t* out) { renderer.renderRow(y, out); }, exec);
}

void writeMapPngWithAlpha(const std::string& path, const Heightfield& field, const ColorRamp& ramp,
                          float water, const Shading& shading, std::uint8_t alpha,
                          const Execution& exec) {
  const MapRenderer renderer(field, ramp, water, shading);
  const auto width = static_cast<std::size_t>(field.width);
  writePngFile(
      path, field.width, field.height, PngFormat::Rgba8,
      [&](int y, std::uint8_t* out) {
        // RGB rendered into the row's tail, then spread forwards: the RGBA
        // writes never overtake the RGB reads (4x >= 3x + width).
        std::uint8_t* rgb = out + width;
        renderer.renderRow(y, rgb);
        for (std::size_t x = 0; x < width; ++x) {
          out[4 * x] = rgb[3 * x];
          out[4 * x + 1] = rgb[3 * x + 1];
          out[4 * x + 2] = rgb[3 * x + 2];
          out[4 * x + 3] = alpha;
        }
      },
      exec);
}

void writeSideViewPng(const std::string& path, const Heightfield& profile, const ColorRamp& ramp,
                      float water, int width, int height, const Execution& exec) {
  const SideViewRenderer renderer(profile, ramp, water, width, height);
  writePngFile(
      path, width, height, PngFormat::Rgb8,
      [&](int y, std::uint8_t* out) { renderer.renderRow(y, out); }, exec);
}

void writeRawFloat32(const std::string& path, const Heightfield& field) {
  writeFileAtomically(path, [&](AtomicFile& file) {
    // A little-endian host's floats are the file's bytes already: no copy
    // (and no chunk to fault in, which for a small map cost more than its
    // whole write: issue 9, start-up).
    if constexpr (std::endian::native == std::endian::little) {
      file.write(field.heights.data(), field.heights.size() * sizeof(float));
      return;
    }
    std::vector<std::uint8_t> chunk(std::min(kRawChunk, field.heights.size()) * 4);
    for (std::size_t first = 0; first < field.heights.size(); first += kRawChunk) {
      const std::size_t count = std::min(kRawChunk, field.heights.size() - first);
      for (std::size_t i = 0; i < count; ++i) {
        const auto bits = std::bit_cast<std::uint32_t>(field.heights[first + i]);
        for (std::size_t b = 0; b < 4; ++b) {  // little-endian whatever the host
          chunk[4 * i + b] = static_cast<std::uint8_t>(bits >> (8 * b));
        }
      }
      file.write(chunk.data(), count * 4);
    }
  });
}

}  // namespace terrain
