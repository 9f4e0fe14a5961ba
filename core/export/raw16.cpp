#include "core/export/raw16.hpp"

#include <vector>

#include "core/export/heightmap_files.hpp"
#include "core/io/atomic_file.hpp"

namespace terrain {

void writeRaw16(const std::string& path, const Heightfield& field, bool flipRows) {
  writeFileAtomically(path, [&](AtomicFile& file) {
    std::vector<std::uint8_t> row(static_cast<std::size_t>(field.width) * 2);
    for (int r = 0; r < field.height; ++r) {
      const int y = flipRows ? field.height - 1 - r : r;
      const float* src = field.heights.data() + field.index(0, y);
      for (std::size_t x = 0; x < row.size() / 2; ++x) {
        const std::uint16_t v = heightToGray16(src[x]);
        row[2 * x] = static_cast<std::uint8_t>(v & 0xFF);  // little-endian whatever the host
        row[2 * x + 1] = static_cast<std::uint8_t>(v >> 8);
      }
      file.write(row.data(), row.size());
    }
  });
}

}  // namespace terrain
