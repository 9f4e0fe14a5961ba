#include "core/export/masks.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/io/png_io.hpp"
#include "core/look/splat.hpp"

namespace terrain {

void writeMaskPng(const std::string& path, const Heightfield& field, MaskKind kind,
                  const World& world, int bits, const Execution& exec) {
  const std::vector<float> mask = computeMask(field, kind, world, exec);
  const bool wide = bits == 16;
  const float top = wide ? 65535.0f : 255.0f;
  writePngFile(
      path, field.width, field.height, wide ? PngFormat::Gray16 : PngFormat::Gray8,
      [&](int y, std::uint8_t* out) {
        const float* row = mask.data() + field.index(0, y);
        for (int x = 0; x < field.width; ++x) {
          const auto v = static_cast<unsigned>(std::lround(std::clamp(row[x], 0.0f, 1.0f) * top));
          if (wide) {
            out[2 * x] = static_cast<std::uint8_t>(v >> 8);
            out[2 * x + 1] = static_cast<std::uint8_t>(v & 0xFFU);
          } else {
            out[x] = static_cast<std::uint8_t>(v);
          }
        }
      },
      exec);
}

void writeSplatPng(const std::string& path, const Heightfield& field, const Look& look,
                   const World& world, const Execution& exec) {
  const std::vector<SplatTexel> texels = computeSplat(field, look, world, exec);
  writePngFile(
      path, field.width, field.height, PngFormat::Rgba8,
      [&](int y, std::uint8_t* out) {
        const SplatTexel* row = &texels[field.index(0, y)];
        for (int x = 0; x < field.width; ++x)
          std::memcpy(out + 4 * static_cast<std::ptrdiff_t>(x), row[x].data(), 4);
      },
      exec);
}

void writeSplat2Png(const std::string& path, const Heightfield& field, const Look& look,
                    const World& world, const Execution& exec) {
  const std::vector<SplatTexel> texels = computeSplat(field, look, world, exec);
  writePngFile(
      path, field.width, field.height, PngFormat::Rgba8,
      [&](int y, std::uint8_t* out) {
        const SplatTexel* row = &texels[field.index(0, y)];
        for (int x = 0; x < field.width; ++x) {
          const std::uint8_t texel[4] = {row[x][4], 0, 0, 0};
          std::memcpy(out + 4 * static_cast<std::ptrdiff_t>(x), texel, 4);
        }
      },
      exec);
}

void writeSplatLayerPng(const std::string& path, const Heightfield& field, const Look& look,
                        const World& world, int layer, const Execution& exec) {
  const std::vector<SplatTexel> texels = computeSplat(field, look, world, exec);
  const auto channel = static_cast<std::size_t>(layer);
  writePngFile(
      path, field.width, field.height, PngFormat::Gray8,
      [&](int y, std::uint8_t* out) {
        const SplatTexel* row = &texels[field.index(0, y)];
        for (int x = 0; x < field.width; ++x) out[x] = row[x][channel];
      },
      exec);
}

}  // namespace terrain
