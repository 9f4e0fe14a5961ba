#pragma once
// How the terrain is coloured: water level, ramp, hillshade and the sun.
// One definition used by the CPU colour map, the GPU map and 3D views, the
// panel, the CLI and the project file. Changing the look never regenerates.
#include <array>
#include <span>
#include <string>
#include <string_view>

#include "core/base/param_table.hpp"

namespace terrain {

enum class HillshadeChoice : int { Auto = 0, On = 1, Off = 2 };

struct Look {
  double water = 0.3;         // 0..1 of the height range; lower cells are water
  std::string ramp = "auto";  // "auto", a built-in name, or a PNG path
  HillshadeChoice hillshade = HillshadeChoice::Auto;  // auto: off for class maps
  double sunAzimuth = 315.0;   // degrees clockwise from north (map up): 315 = NW
  double sunElevation = 45.0;  // degrees above the horizon
  double relief = 0.5;         // height 1 stands this high against the map's side
  // Splat map rules (core/look/splat.hpp): grass, rock, sediment, snow and
  // wet ground.
  double rockSlope = 35.0;    // degrees: steeper ground is rock
  double snowLine = 0.8;      // 0..1 of the height range: higher ground is snow
  double sedimentFlow = 0.6;  // 0..1 of the flow mask: wetter ground is sediment
  double splatBlend = 0.05;   // 0..0.5: how soft the borders between materials are
  // Wet ground (mud and moss) from the water model's wetness. Off unless a
  // project opts in, so older projects keep their pictures and splat maps.
  bool wetGround = false;
  double wetThreshold = 0.5;  // 0..1 of wetness: wetter flat ground is mud
  double mudSlope = 12.0;     // degrees: mud only on flatter ground
  // The climate the views' lakes and rivers come from (core/look/water_look.hpp).
  double rainfall = 1000.0;  // mm per year, all of it running off
  double evaporation = 0.0;  // mm per year from open water: a dry climate's lakes sink

  bool operator==(const Look&) const = default;
};

// The look's parameters: the panel, the CLI (--water, --ramp, --hillshade,
// --sun-azimuth ...) and the project file read and write them through this
// table (the ramp is its one Text row).
const ParamTable<Look>& lookTable();
void validate(const Look& look);  // throws InputError

// The splat map's materials in its order (the first map's R grass, G rock,
// B sediment, A snow; the second map's R wet ground), their names (the
// weight maps' layers, Unreal's paint layers, the legend) and how they look,
// RGB 0..1: the one definition the 3D view, the map view and the panel's
// legend draw them with.
inline constexpr std::size_t kMaterialCount = 5;
inline constexpr std::array<std::string_view, kMaterialCount> kMaterialNames = {
    "grass", "rock", "sediment", "snow", "wet"};
inline constexpr std::array<std::array<float, 3>, kMaterialCount> kMaterialColors = {{
    {0.27f, 0.42f, 0.17f},  // grass
    {0.43f, 0.40f, 0.37f},  // rock
    {0.62f, 0.52f, 0.37f},  // sediment
    {0.93f, 0.95f, 0.98f},  // snow
    {0.25f, 0.26f, 0.15f},  // wet ground: dark olive, between mud and moss
}};

// Unit vector towards the sun in map space: x east (right), y south (down
// the map), z up. The GPU views take the same vector as a uniform.
std::array<float, 3> sunDirection(const Look& look);

}  // namespace terrain
