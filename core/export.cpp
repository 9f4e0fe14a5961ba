#include "core/export.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/image.hpp"
#include "core/png_io.hpp"

namespace terrain {
namespace {

// Rows coloured per parallel batch: big enough to keep both cores busy,
// small enough to stay a few MiB even at 16385 columns.
constexpr int kRowsPerBand = 64;
// Floats converted per raw write.
constexpr std::size_t kRawChunk = 1 << 16;

}  // namespace

std::uint16_t heightToGray16(float height) {
  const float h = height > 0.0f ? std::min(height, 1.0f) : 0.0f;  // NaN -> 0
  return static_cast<std::uint16_t>(std::lround(h * 65535.0f));
}

void writeHeightmapPng(const std::string& path, const Heightfield& field) {
  writeFileAtomically(path, [&](AtomicFile& file) {
    PngRowWriter writer(file.stream(), path, field.width, field.height, PngFormat::Gray16);
    std::vector<std::uint8_t> row(static_cast<std::size_t>(field.width) * 2);
    for (int y = 0; y < field.height; ++y) {
      const float* src = field.heights.data() + field.index(0, y);
      for (std::size_t x = 0; x < row.size() / 2; ++x) {
        const std::uint16_t v = heightToGray16(src[x]);
        row[2 * x] = static_cast<std::uint8_t>(v >> 8);  // PNG is big-endian
        row[2 * x + 1] = static_cast<std::uint8_t>(v & 0xFF);
      }
      writer.writeRow(row.data());
    }
    writer.finish();
  });
}

void writeMapPng(const std::string& path, const Heightfield& field, const ColorRamp& ramp,
                 float water, const Shading& shading, const Execution& exec) {
  const MapRenderer renderer(field, ramp, water, shading);
  writeFileAtomically(path, [&](AtomicFile& file) {
    PngRowWriter writer(file.stream(), path, field.width, field.height, PngFormat::Rgb8);
    const std::size_t stride = static_cast<std::size_t>(field.width) * 3;
    std::vector<std::uint8_t> band(stride * kRowsPerBand);
    for (int first = 0; first < field.height; first += kRowsPerBand) {
      const int rows = std::min(kRowsPerBand, field.height - first);
      parallelFor(exec, 0, rows, 8, [&](std::int64_t begin, std::int64_t end) {
        for (auto r = begin; r < end; ++r) {
          renderer.renderRow(first + static_cast<int>(r),
                             band.data() + static_cast<std::size_t>(r) * stride);
        }
      });
      for (int r = 0; r < rows; ++r)
        writer.writeRow(band.data() + static_cast<std::size_t>(r) * stride);
    }
    writer.finish();
  });
}

void writeSideViewPng(const std::string& path, const Heightfield& profile, const ColorRamp& ramp,
                      float water, int width, int height) {
  const SideViewRenderer renderer(profile, ramp, water, width, height);
  writeFileAtomically(path, [&](AtomicFile& file) {
    PngRowWriter writer(file.stream(), path, width, height, PngFormat::Rgb8);
    std::vector<std::uint8_t> row(static_cast<std::size_t>(width) * 3);
    for (int y = 0; y < height; ++y) {
      renderer.renderRow(y, row.data());
      writer.writeRow(row.data());
    }
    writer.finish();
  });
}

void writeRawFloat32(const std::string& path, const Heightfield& field) {
  writeFileAtomically(path, [&](AtomicFile& file) {
    std::vector<std::uint8_t> chunk(kRawChunk * 4);
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
