#pragma once
// Landform presets: whole documents a designer starts from by name (a
// source, a modifier stack, the world's scale and a look), next to the
// articles' presets. The CLI's --preset KEY and the panel's "Start from"
// both come from this list.
#include <span>
#include <string>
#include <string_view>

#include "core/document/document.hpp"

namespace terrain {

struct LandformPreset {
  std::string_view key;      // --preset KEY
  std::string_view title;    // the panel's button
  std::string_view summary;  // what it makes and from which stages, one sentence
  Document (*build)();
};

std::span<const LandformPreset> landformPresets();
const LandformPreset* findLandformPreset(std::string_view key);
// The preset's document. Throws InputError naming the known presets.
Document landformDocument(std::string_view key);
std::string landformPresetKeyList();  // "alpine, rolling-hills, ..."

}  // namespace terrain
