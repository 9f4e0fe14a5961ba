#include "core/document/presets.hpp"

#include <span>
#include <string>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/document/preset_building.hpp"

namespace terrain {
namespace {

using namespace landform;

constexpr LandformPreset kPresets[] = {
    {"alpine", "Alpine",
     "A mountain range rising out of foothills where a broad noise mask is high (a graph: "
     "blend), the whole carved by rivers while the mask's ground rises (stream power with "
     "uplift), with screes (thermal) and gullies (droplets) that the rivers then clear from "
     "their beds",
     &alpine},
    {"rolling-hills", "Rolling hills",
     "Soft farmland hills: smooth fBm noise, lightly rained on (droplets), settled (thermal) and "
     "drained by slow rivers under creeping soil (stream power)",
     &rollingHills},
    {"canyon-mesa", "Canyon mesa",
     "Stepped mesas and canyon walls: warped noise terraced, cliffs crumbled (thermal) and "
     "gullied (droplets)",
     &canyonMesa},
    {"islands", "Islands",
     "An archipelago on a map that wraps: coastline heights, smoothed, rivers cut down to the "
     "sea (stream power), rained on (droplets), and the rivers' beds cleared again",
     &islands},
    {"volcanic-island", "Volcanic island",
     "A volcano rising from the sea (a graph): rough low ground, a cone and its caldera "
     "sculpted in metres, radial ravines cut by rivers down to the sea (stream power)",
     &volcanicIsland},
    {"river-valley", "River valley",
     "A wide river drawn across hill country (the river node), the hills' valleys cut down to "
     "it by rivers draining into its footprint (stream power's outlets)",
     &riverValley},
};

}  // namespace

std::span<const LandformPreset> landformPresets() {
  return kPresets;
}

const LandformPreset* findLandformPreset(std::string_view key) {
  for (const LandformPreset& p : kPresets) {
    if (p.key == key) return &p;
  }
  return nullptr;
}

Document landformDocument(std::string_view key) {
  if (const LandformPreset* p = findLandformPreset(key)) return p->build();
  throw InputError("--preset: " + excerpt(key) + " is not a preset; allowed: article, default, " +
                   landformPresetKeyList());
}

std::string landformPresetKeyList() {
  std::string out;
  for (const LandformPreset& p : kPresets) {
    if (!out.empty()) out += ", ";
    out += p.key;
  }
  return out;
}

}  // namespace terrain
