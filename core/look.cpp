#include "core/look.hpp"

#include <cmath>

#include "core/error.hpp"

namespace terrain {
namespace {

constexpr std::string_view kHillshadeNames[] = {"auto", "on", "off"};

constexpr ParamInfo kLookParams[] = {
    {"water", "Water level", "",
     "Where the sea stands, 0..1 of the height range: lower ground is under water", ParamType::Real,
     0.0, 1.0},
    {"hillshade", "Hillshade", "",
     "Shade slopes by the sun in the map view and colour map (auto: off for class maps, the "
     "applet's flat tiles)",
     ParamType::Choice, 0, 2, kHillshadeNames},
    {"sun-azimuth", "Sun direction", "degrees",
     "Where the light comes from, clockwise from north (map up): 315 = north-west", ParamType::Real,
     0.0, 360.0},
    {"sun-elevation", "Sun height", "degrees",
     "How high the sun stands: low light brings out small relief", ParamType::Real, 1.0, 90.0},
    {"relief",
     "Relief",
     "",
     "How strongly slopes are shaded: height 1 stands this high against the map's side",
     ParamType::Real,
     0.05,
     5.0,
     {},
     true},
    {"rock-slope", "Rock slope", "degrees",
     "Splat map: ground steeper than this is rock (green channel)", ParamType::Real, 1.0, 89.0},
    {"snow-line", "Snow line", "",
     "Splat map: ground above this height (0..1 of the range) is snow (alpha channel), unless "
     "it is rock",
     ParamType::Real, 0.0, 1.0},
    {"sediment-flow", "Sediment flow", "",
     "Splat map: where erosion's flow mask passes this (0..1), and where it laid material down "
     "or under water, the ground is sediment (blue channel)",
     ParamType::Real, 0.0, 1.0},
    {"splat-blend", "Splat blend", "",
     "Splat map: how soft the borders between materials are (0 = hard edges)", ParamType::Real, 0.0,
     0.5},
};

enum LookParam : std::size_t {
  kWater,
  kHillshade,
  kAzimuth,
  kElevation,
  kRelief,
  kRockSlope,
  kSnowLine,
  kSedimentFlow,
  kSplatBlend
};

}  // namespace

std::span<const ParamInfo> lookParams() {
  return kLookParams;
}

double lookValue(const Look& look, std::size_t param) {
  switch (param) {
    case kWater:
      return look.water;
    case kHillshade:
      return static_cast<double>(static_cast<int>(look.hillshade));
    case kAzimuth:
      return look.sunAzimuth;
    case kElevation:
      return look.sunElevation;
    case kRelief:
      return look.relief;
    case kRockSlope:
      return look.rockSlope;
    case kSnowLine:
      return look.snowLine;
    case kSedimentFlow:
      return look.sedimentFlow;
    case kSplatBlend:
      return look.splatBlend;
    default:
      return 0.0;
  }
}

void setLookValue(Look& look, std::size_t param, double value) {
  switch (param) {
    case kWater:
      look.water = value;
      break;
    case kHillshade:
      look.hillshade = static_cast<HillshadeChoice>(static_cast<int>(value));
      break;
    case kAzimuth:
      look.sunAzimuth = value;
      break;
    case kElevation:
      look.sunElevation = value;
      break;
    case kRelief:
      look.relief = value;
      break;
    case kRockSlope:
      look.rockSlope = value;
      break;
    case kSnowLine:
      look.snowLine = value;
      break;
    case kSedimentFlow:
      look.sedimentFlow = value;
      break;
    case kSplatBlend:
      look.splatBlend = value;
      break;
    default:
      break;
  }
}

void validate(const Look& look) {
  for (std::size_t i = 0; i < std::size(kLookParams); ++i) {
    if (auto err = checkValue(kLookParams[i], lookValue(look, i))) throw InputError(*err);
  }
  if (look.ramp.empty()) throw InputError("--ramp: empty; expected a ramp name or a .png file");
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
