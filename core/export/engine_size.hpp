#pragma once
// Engine sizes: the map sides Unreal and Unity import without resampling
// (Unreal's recommended landscape sizes, Unity's 2^n + 1). A source whose
// grid cannot make that side generates the next size up; the map is then
// cropped (metres per cell kept, the world a little smaller) or resampled
// (the whole world kept, cells a little larger), as the designer picks.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/document/document.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {

struct EngineSize {
  std::string_view key;     // "unreal-1009", "unity-4097": --engine-size KEY
  std::string_view engine;  // "Unreal", "Unity"
  int side = 0;             // samples per side
};

enum class FitMode : int { Crop = 0, Resample = 1 };

// A map side the window's size menu offers, and what a designer makes at it.
struct SizeChoice {
  int side = 0;
  std::string_view use;  // "Unreal landscape", "the preview: tune here"
};

// The sides from 256 to 8193 a designer or an engine uses that the source
// makes: the 257 preview, 2^n + 1 (Unity and most tools), Unreal's
// landscape sizes, 2^n (textures, wrapping maps). Each is the preview's
// landscape (the world, not the sample count, makes it), smallest first.
std::vector<SizeChoice> mapSizeChoices(const SourceStage& source);

std::span<const EngineSize> engineSizes();
std::span<const std::string_view> fitModeNames();  // "crop", "resample"
// Throws InputError naming every engine size.
const EngineSize& engineSize(std::string_view key);
FitMode fitMode(std::string_view name);  // throws InputError naming crop, resample

// The document to generate for a side: the source's size raised (or
// lowered) to the smallest it makes that is at least `side`. Throws
// InputError when the source makes profiles or cannot reach the side.
Document documentForSide(const Document& doc, int side);

struct FittedMap {
  Heightfield field;
  World world;  // the world the fitted map covers
};

// The field at side x side: Crop keeps the north-west corner's window,
// Resample the whole map (bilinear). Erosion maps follow the heights.
// Throws InputError when the field is smaller than side.
FittedMap fitToSide(const Heightfield& field, const World& world, int side, FitMode fit);

// What the sidecar's "engine-size" says of a map generated at `generated`
// samples and brought to `size`: "unreal-1009: generated at 1025, cropped to
// the north-west corner" (or "resampled (bilinear)", or "kept as it is").
std::string describeFit(const EngineSize& size, int generated, FitMode fit);

}  // namespace terrain
