#include "core/look/look.hpp"

#include <cmath>

#include "core/base/error.hpp"
#include "core/base/param_values.hpp"

namespace terrain {
namespace {

constexpr std::string_view kHillshadeNames[] = {"auto", "on", "off"};

// The look's table: built once, on first use.
ParamTable<Look> makeLookTable() {
  return ParamTable<Look>({
      TERRAIN_BIND(
          Look, water,
          asHeight(ParamInfo{
              "water", "Water level", "",
              "Where the sea stands, 0..1 of the height range: lower ground is under water",
              ParamType::Real, 0.0, 1.0})),
      TERRAIN_BIND(Look, ramp,
                   (ParamInfo{"ramp",
                              "Colour ramp",
                              "",
                              "Colour ramp: auto (the applet's sea and land for a two-class "
                              "coastline, else earth), earth, grayscale, coastline, or a 1xN / "
                              "Nx1 PNG gradient whose first pixel is the lowest land",
                              ParamType::Text,
                              1.0,
                              4096.0,  // PATH_MAX
                              {},
                              false,
                              false,
                              false,
                              "a ramp name or a .png file"})),
      TERRAIN_BIND(Look, hillshade,
                   (ParamInfo{"hillshade", "Hillshade", "",
                              "Shade slopes by the sun in the map view and colour map (auto: off "
                              "for class maps, the "
                              "applet's flat tiles)",
                              ParamType::Choice, 0, 2, kHillshadeNames})),
      TERRAIN_BIND(
          Look, sunAzimuth,
          (ParamInfo{"sun-azimuth", "Sun direction", "degrees",
                     "Where the light comes from, clockwise from north (map up): 315 = north-west",
                     ParamType::Real, 0.0, 360.0})),
      TERRAIN_BIND(Look, sunElevation,
                   (ParamInfo{"sun-elevation", "Sun height", "degrees",
                              "How high the sun stands: low light brings out small relief",
                              ParamType::Real, 1.0, 90.0})),
      TERRAIN_BIND(
          Look, relief,
          (ParamInfo{
              "relief",
              "Relief",
              "",
              "How strongly slopes are shaded: height 1 stands this high against the map's side",
              ParamType::Real,
              0.05,
              5.0,
              {},
              true})),
      TERRAIN_BIND(Look, rockSlope,
                   (ParamInfo{"rock-slope", "Rock slope", "degrees",
                              "Splat map: ground steeper than this is rock (green channel)",
                              ParamType::Real, 1.0, 89.0})),
      TERRAIN_BIND(
          Look, snowLine,
          asHeight(ParamInfo{"snow-line", "Snow line", "",
                             "Splat map: ground above this height (0..1 of the range) is snow "
                             "(alpha channel), unless "
                             "it is rock",
                             ParamType::Real, 0.0, 1.0})),
      TERRAIN_BIND(Look, sedimentFlow,
                   (ParamInfo{"sediment-flow", "Sediment flow", "",
                              "Splat map: where erosion's flow mask passes this (0..1), and where "
                              "it laid material down "
                              "or under water, the ground is sediment (blue channel)",
                              ParamType::Real, 0.0, 1.0})),
      TERRAIN_BIND(
          Look, splatBlend,
          (ParamInfo{"splat-blend", "Splat blend", "",
                     "Splat map: how soft the borders between materials are (0 = hard edges)",
                     ParamType::Real, 0.0, 0.5})),
      TERRAIN_BIND(Look, wetGround,
                   (ParamInfo{"wet-ground", "Wet ground", "",
                              "Splat map: a fifth material, wet ground, where the water model's "
                              "wetness is high: mud on flat ground near water, moss on damp "
                              "slopes turned from the sun (the second splat map's red channel)",
                              ParamType::Toggle, 0, 1})),
      TERRAIN_BIND(Look, wetThreshold,
                   (ParamInfo{"wet-threshold", "Wet threshold", "",
                              "Splat map: flat ground wetter than this is mud (wetness 0..1: 1 in "
                              "water, falling to 0 at 100 m from it); a slope turned from the sun "
                              "needs half of it for moss",
                              ParamType::Real, 0.0, 1.0})),
      TERRAIN_BIND(Look, mudSlope,
                   (ParamInfo{"mud-slope", "Mud slope", "degrees",
                              "Splat map: wet ground steeper than this is not mud (moss only "
                              "where it is turned from the sun)",
                              ParamType::Real, 0.0, 89.0})),
      TERRAIN_BIND(Look, rainfall,
                   (ParamInfo{"rainfall",
                              "Rainfall",
                              "mm/yr",
                              "Lakes and rivers drawn: rain per year, all of it running off "
                              "(rivers' flow, and so their width, is the area they drain times "
                              "this)",
                              ParamType::Real,
                              1.0,
                              10000.0,
                              {},
                              true})),
      TERRAIN_BIND(Look, evaporation,
                   (ParamInfo{"evaporation", "Evaporation", "mm/yr",
                              "Lakes and rivers drawn: evaporation per year from open water; a "
                              "lake whose inflow cannot make up for it sinks below its rim or "
                              "dries (a desert's basins)",
                              ParamType::Real, 0.0, 10000.0})),
  });
}

}  // namespace

const ParamTable<Look>& lookTable() {
  static const ParamTable<Look> table = makeLookTable();
  return table;
}

void validate(const Look& look) {
  const ParamTable<Look>& table = lookTable();
  for (std::size_t i = 0; i < table.size(); ++i) {
    const auto err = table.isText(i) ? checkText(table.infos()[i], table.getText(look, i))
                                     : checkValue(table.infos()[i], table.get(look, i));
    if (err) throw InputError(*err);
  }
}

std::array<float, 3> sunDirection(const Look& look) {
  constexpr double kDeg = 3.14159265358979323846 / 180.0;
  // Azimuth clockwise from north; north is up the map (-y), east is +x.
  const double az = look.sunAzimuth * kDeg;
  const double el = look.sunElevation * kDeg;
  const double flat = std::cos(el);
  return {static_cast<float>(std::sin(az) * flat), static_cast<float>(-std::cos(az) * flat),
          static_cast<float>(std::sin(el))};
}

}  // namespace terrain
