#include "core/export/normals.hpp"

#include <cmath>

#include "core/io/png_io.hpp"

namespace terrain {
namespace {

// The neighbours either side of i along an axis of n samples, and how many
// cells apart they are.
struct Neighbours {
  int before;
  int after;
  int cells;
};

Neighbours neighbours(int i, int n, bool wraps) {
  if (n < 2) return {i, i, 0};
  if (wraps) return {(i + n - 1) % n, (i + 1) % n, 2};
  const int before = i > 0 ? i - 1 : i;
  const int after = i + 1 < n ? i + 1 : i;
  return {before, after, after - before};
}

}  // namespace

std::array<double, 3> surfaceNormal(const Heightfield& field, const World& world, int x, int y,
                                    NormalConvention convention, const FieldHalo& halo) {
  const double cell = metresPerCell(world, field.width, field.wraps);  // metres, both axes
  const double metresPerUnit = world.heightRange;
  // Where the samples are read: the halo's grown field (a tile's edge reads
  // its neighbour's samples, as the neighbour does), else the field.
  const bool haloed = halo.present() && !field.wraps && !field.isProfile();
  const Heightfield& from = haloed ? *halo.grown : field;
  Neighbours nx = neighbours(x, field.width, field.wraps);
  Neighbours ny = neighbours(y, field.height, field.wraps);
  int ax = x;
  int ay = y;
  if (haloed) {
    const HaloAxis hx = haloAxis(x, field.width, halo.left, halo.right);
    const HaloAxis hy = haloAxis(y, field.height, halo.top, halo.bottom);
    nx = {hx.before, hx.after, hx.after - hx.before};
    ny = {hy.before, hy.after, hy.after - hy.before};
    ax = hx.at;
    ay = hy.at;
  }
  // Slopes in metres per metre; rows grow downwards (south).
  const double east = nx.cells == 0 ? 0.0
                                    : (static_cast<double>(from.at(nx.after, ay)) -
                                       static_cast<double>(from.at(nx.before, ay))) *
                                          metresPerUnit / (nx.cells * cell);
  const double south = ny.cells == 0 ? 0.0
                                     : (static_cast<double>(from.at(ax, ny.after)) -
                                        static_cast<double>(from.at(ax, ny.before))) *
                                           metresPerUnit / (ny.cells * cell);
  // The surface z = h(X, Y) has normal (-dh/dX, -dh/dY, 1). OpenGL's Y
  // points to the top of the image (north: dh/dY = -south), DirectX's down.
  const double green = convention == NormalConvention::OpenGl ? south : -south;
  const double length = std::sqrt(east * east + green * green + 1.0);
  return {-east / length, green / length, 1.0 / length};
}

void writeNormalMapPng(const std::string& path, const Heightfield& field, const World& world,
                       int bits, NormalConvention convention, const Execution& exec,
                       const FieldHalo& halo) {
  const bool wide = bits == 16;
  const double top = wide ? 65535.0 : 255.0;
  writePngFile(
      path, field.width, field.height, wide ? PngFormat::Rgb16 : PngFormat::Rgb8,
      [&](int y, std::uint8_t* out) {
        for (int x = 0; x < field.width; ++x) {
          const auto n = surfaceNormal(field, world, x, y, convention, halo);
          for (std::size_t c = 0; c < 3; ++c) {
            // (n + 1) / 2 in 0..1, rounded half up (n is finite and in -1..1)
            const auto v = static_cast<unsigned>((n[c] + 1.0) * 0.5 * top + 0.5);
            if (wide) {
              *out++ = static_cast<std::uint8_t>(v >> 8);  // PNG is big-endian
              *out++ = static_cast<std::uint8_t>(v & 0xFF);
            } else {
              *out++ = static_cast<std::uint8_t>(v);
            }
          }
        }
      },
      exec);
}

}  // namespace terrain
