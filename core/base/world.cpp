#include "core/base/world.hpp"

#include <algorithm>

#include "core/base/error.hpp"
#include "core/base/param_values.hpp"

namespace terrain {
namespace {

ParamTable<World> makeWorldTable() {
  return ParamTable<World>({
      TERRAIN_BIND(World, width,
                   (ParamInfo{"world-width",
                              "World width",
                              "m",
                              "How wide the map is on the ground, edge to edge: erosion and "
                              "exports measure in these metres, so every map size shows the "
                              "same world",
                              ParamType::Real,
                              16.0,
                              kMaxWorldWidth,
                              {},
                              true})),
      TERRAIN_BIND(World, heightRange,
                   (ParamInfo{"height-range",
                              "Height range",
                              "m",
                              "How many metres height 1 stands above height 0: sets slopes for "
                              "erosion and the engine's height scale",
                              ParamType::Real,
                              1.0,
                              2.0e4,
                              {},
                              true})),
      TERRAIN_BIND(World, baseElevation,
                   (ParamInfo{"base-elevation", "Base elevation", "m",
                              "How high above sea level height 0 lies: an imported elevation "
                              "model's lowest point. The exports' sidecars and meshes use it (a "
                              "mesh's Y is metres above sea level), so an engine can place the "
                              "terrain at its real height",
                              ParamType::Real, -12000.0, 9000.0})),
  });
}

}  // namespace

const ParamTable<World>& worldTable() {
  static const ParamTable<World> table = makeWorldTable();
  return table;
}

void validate(const World& world) {
  const ParamTable<World>& table = worldTable();
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (auto err = checkValue(table.infos()[i], table.get(world, i))) throw InputError(*err);
  }
}

double metresPerCell(const World& world, int samples, bool wraps) {
  const int cells = wraps ? samples : samples - 1;
  return world.width / std::max(1, cells);
}

double elevationOf(const World& world, double height) {
  return world.baseElevation + height * world.heightRange;
}

double heightOf(const World& world, double metres) {
  return (metres - world.baseElevation) / world.heightRange;
}

double trueScaleExaggeration(const World& world) {
  return world.heightRange / world.width;
}

}  // namespace terrain
