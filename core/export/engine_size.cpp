#include "core/export/engine_size.hpp"

#include <algorithm>
#include <cmath>

#include "core/base/error.hpp"
#include "core/nodes/registry.hpp"

namespace terrain {
namespace {

constexpr EngineSize kEngineSizes[] = {
    {"unreal-505", "Unreal", 505},   {"unreal-1009", "Unreal", 1009},
    {"unreal-2017", "Unreal", 2017}, {"unreal-4033", "Unreal", 4033},
    {"unreal-8129", "Unreal", 8129}, {"unity-129", "Unity", 129},
    {"unity-257", "Unity", 257},     {"unity-513", "Unity", 513},
    {"unity-1025", "Unity", 1025},   {"unity-2049", "Unity", 2049},
    {"unity-4097", "Unity", 4097},
};

constexpr std::string_view kFitNames[] = {"crop", "resample"};

std::string keyList() {
  std::string out;
  for (const EngineSize& e : kEngineSizes) {
    if (!out.empty()) out += ", ";
    out += e.key;
  }
  return out;
}

// One map of cells (heights or an erosion map) at the new side.
std::vector<float> cropCells(const std::vector<float>& cells, int width, int side) {
  std::vector<float> out(Heightfield::cellCount(side, side));
  for (int y = 0; y < side; ++y) {
    const auto from = cells.begin() + static_cast<std::ptrdiff_t>(Heightfield::cellCount(width, y));
    std::copy(from, from + side,
              out.begin() + static_cast<std::ptrdiff_t>(Heightfield::cellCount(side, y)));
  }
  return out;
}

// Bilinear, corner samples kept: sample i of the new side sits at
// i * (old - 1) / (side - 1) of the old grid.
std::vector<float> resampleCells(const std::vector<float>& cells, int width, int height, int side) {
  std::vector<float> out(Heightfield::cellCount(side, side));
  const double sx = static_cast<double>(width - 1) / (side - 1);
  const double sy = static_cast<double>(height - 1) / (side - 1);
  for (int y = 0; y < side; ++y) {
    const double fy = y * sy;
    const int y0 = std::min(static_cast<int>(fy), height - 2);
    const double ty = fy - y0;
    for (int x = 0; x < side; ++x) {
      const double fx = x * sx;
      const int x0 = std::min(static_cast<int>(fx), width - 2);
      const double tx = fx - x0;
      const auto at = [&](int cx, int cy) {
        return static_cast<double>(
            cells[Heightfield::cellCount(width, cy) + static_cast<std::size_t>(cx)]);
      };
      const double top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * tx;
      const double bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * tx;
      out[Heightfield::cellCount(side, y) + static_cast<std::size_t>(x)] =
          static_cast<float>(top + (bottom - top) * ty);
    }
  }
  return out;
}

}  // namespace

std::span<const EngineSize> engineSizes() {
  return kEngineSizes;
}

std::vector<SizeChoice> mapSizeChoices(const SourceStage& source) {
  std::vector<SizeChoice> out;
  const auto offer = [&](int side, std::string_view use) {
    if (source.sizeAllowed(side)) out.push_back({side, use});
  };
  offer(256, "the preview of a wrapping map");
  offer(257, "the preview: tune here");
  for (const EngineSize& e : kEngineSizes) {
    if (e.engine == "Unreal") offer(e.side, "Unreal landscape");
  }
  for (int side = 512; side <= 8192; side *= 2) {
    offer(side, "a texture or a wrapping map (2^n)");
    offer(side + 1, "Unity, Gaea, World Machine (2^n+1)");
  }
  std::sort(out.begin(), out.end(),
            [](const SizeChoice& a, const SizeChoice& b) { return a.side < b.side; });
  return out;
}

std::span<const std::string_view> fitModeNames() {
  return kFitNames;
}

const EngineSize& engineSize(std::string_view key) {
  for (const EngineSize& e : kEngineSizes) {
    if (e.key == key) return e;
  }
  throw InputError("--engine-size: '" + std::string(key) +
                   "' is not an engine size; allowed: " + keyList());
}

FitMode fitMode(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kFitNames); ++i) {
    if (kFitNames[i] == name) return static_cast<FitMode>(i);
  }
  throw InputError("--fit: '" + std::string(name) + "' is not a fit; allowed: crop, resample");
}

namespace {

// The smallest size the source makes at or above the side.
int sizeAtLeast(const SourceStage& source, int side) {
  if (source.profile()) {
    throw InputError("--engine-size: " + std::string(source.key()) +
                     " makes a 1D profile, not a map");
  }
  int size = source.snapSize(side);
  for (int n = side; size < side && n <= source.maxSize(); ++n) {
    if (source.sizeAllowed(n)) size = n;
  }
  if (size < side) {
    throw InputError("--engine-size: " + std::string(source.key()) + " makes at most " +
                     std::to_string(source.maxSize()) + " samples per side, less than " +
                     std::to_string(side));
  }
  return size;
}

}  // namespace

Document documentForSide(const Document& doc, int side) {
  Document out = doc;
  for (GraphNode& node : out.graph.nodes) {
    if (const SourceStage* source = findSource(node.type)) {
      node.values[source->sizeIndex()] = sizeAtLeast(*source, side);
    }
  }
  return out;
}

FittedMap fitToSide(const Heightfield& field, const World& world, int side, FitMode fit) {
  if (field.isProfile() || field.width < side || field.height < side || side < 2) {
    throw InputError("cannot fit a " + std::to_string(field.width) + "x" +
                     std::to_string(field.height) + " map to " + std::to_string(side) + "x" +
                     std::to_string(side));
  }
  const auto convert = [&](const std::vector<float>& cells) {
    if (cells.empty()) return cells;
    return fit == FitMode::Crop ? cropCells(cells, field.width, side)
                                : resampleCells(cells, field.width, field.height, side);
  };
  FittedMap out;
  out.field.width = out.field.height = side;
  out.field.heights = convert(field.heights);
  if (field.erosion) {
    out.field.erosion = std::make_shared<const ErosionMaps>(
        ErosionMaps{convert(field.erosion->flow), convert(field.erosion->wear),
                    convert(field.erosion->deposition)});
  }
  out.world = world;
  if (fit == FitMode::Crop) {  // the same cells, fewer of them
    out.world.width = metresPerCell(world, field.width, field.wraps) * (side - 1);
  }
  return out;
}

std::string describeFit(const EngineSize& size, int generated, FitMode fit) {
  std::string out(size.key);
  out.append(": generated at ").append(std::to_string(generated));
  if (generated == size.side) return out.append(", kept as it is");
  return out.append(fit == FitMode::Crop ? ", cropped to the north-west corner"
                                         : ", resampled (bilinear)");
}

}  // namespace terrain
