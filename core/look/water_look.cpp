#include "core/look/water_look.hpp"

#include <algorithm>
#include <cmath>

#include "core/hydrology/water.hpp"

namespace terrain {

float waterOpacity(double metres) {
  // 1 - 0.5 exp(-d / 4.3 m): 0.5 at the shore, 0.95 at 10 m.
  return static_cast<float>(1.0 - 0.5 * std::exp(-std::max(metres, 0.0) / 4.3));
}

namespace {

// A lake cell with fewer than three of its eight neighbours in a lake: a
// droplet's pit just below a lowered lake's level, or the tip of its
// ragged shore. Drawn, such cells read as blue speckle around the lake.
bool strayLakeCell(const std::vector<float>& lake, const Heightfield& field, std::size_t i) {
  if (lake[i] <= 0.0f) return false;
  const int x = static_cast<int>(i % static_cast<std::size_t>(field.width));
  const int y = static_cast<int>(i / static_cast<std::size_t>(field.width));
  int wet = 0;
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      const int nx = std::clamp(x + dx, 0, field.width - 1);
      const int ny = std::clamp(y + dy, 0, field.height - 1);
      if ((dx != 0 || dy != 0) && lake[field.index(nx, ny)] > 0.0f) ++wet;
    }
  }
  return wet < 3;
}

}  // namespace

WaterParams lookWaterParams(const Look& look, const World& world) {
  WaterParams params;
  params.seaLevel = elevationOf(world, look.water);
  params.sea = SeaExtent::Below;  // as the views draw the sea: all ground below the level
  params.rainfall = look.rainfall;
  params.evaporation = look.evaporation;
  return params;
}

WaterLook waterLook(const Heightfield& field, const Look& look, const World& world,
                    const Execution& exec, const CancelToken* cancel) {
  WaterLook out;
  if (field.isProfile() || field.size() == 0) return out;
  const WaterParams params = lookWaterParams(look, world);
  RunControl control;
  control.exec = exec;
  control.cancel = cancel;
  const WaterMaps maps = computeWater(
      field, nullptr, world, metresPerCell(world, field.width, field.wraps), params, control);
  out.depth.assign(field.size(), 0.0f);
  out.alpha.assign(field.size(), 0.0f);
  // A river's own cells (not its banks) carry at least the discharge where
  // rivers start: m^3/s from the area and the rain.
  constexpr double kSecondsPerYear = 365.25 * 86400.0;
  const double startFlow = params.riverArea * 1e6 * params.rainfall / 1000.0 / kSecondsPerYear;
  for (std::size_t i = 0; i < field.size(); ++i) {
    float cover = std::min(maps.lake[i] + maps.river[i], 1.0f);
    if (cover <= 0.0f || strayLakeCell(maps.lake, field, i)) continue;
    // A river narrower than its cell still draws as a line along its bed,
    // half as strong as water filling the cell, stronger as its flow widens
    // it; past a cell's width its banks widen the line.
    if (maps.lake[i] == 0.0f && static_cast<double>(maps.discharge[i]) >= 0.999 * startFlow) {
      cover = 0.5f + 0.5f * cover;
    }
    out.depth[i] = maps.depth[i];
    out.alpha[i] = cover * waterOpacity(static_cast<double>(maps.depth[i]) * world.heightRange);
  }
  return out;
}

}  // namespace terrain
