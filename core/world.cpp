#include "core/world.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/stage.hpp"

namespace terrain {
namespace {

constexpr ParamInfo kWorldParams[] = {
    {"world-width",
     "World width",
     "m",
     "How wide the map is on the ground, edge to edge: erosion and exports measure in these "
     "metres, so every map size shows the same world",
     ParamType::Real,
     16.0,
     1.0e6,
     {},
     true},
    {"height-range",
     "Height range",
     "m",
     "How many metres height 1 stands above height 0: sets slopes for erosion and the engine's "
     "height scale",
     ParamType::Real,
     1.0,
     2.0e4,
     {},
     true},
};

enum WorldParam : std::size_t { kWidth, kHeightRange };

}  // namespace

std::span<const ParamInfo> worldParams() {
  return kWorldParams;
}

double worldValue(const World& world, std::size_t param) {
  return param == kWidth ? world.width : world.heightRange;
}

void setWorldValue(World& world, std::size_t param, double value) {
  (param == kWidth ? world.width : world.heightRange) = value;
}

void validate(const World& world) {
  for (std::size_t i = 0; i < std::size(kWorldParams); ++i) {
    if (auto err = checkValue(kWorldParams[i], worldValue(world, i))) throw InputError(*err);
  }
}

double metresPerCell(const World& world, int samples, bool wraps) {
  const int cells = wraps ? samples : samples - 1;
  return world.width / std::max(1, cells);
}

}  // namespace terrain
