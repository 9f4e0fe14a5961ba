#pragma once
// Masks and the splat map as PNGs (core/look/masks.hpp, core/look/splat.hpp), for the
// engine's material layers.
#include <string>

#include "core/base/heightfield.hpp"
#include "core/base/world.hpp"
#include "core/look/look.hpp"
#include "core/look/masks.hpp"

namespace terrain {

// Greyscale, 8 or 16 bits, mask 0..1 over the full range. Throws InputError
// when the field has no such mask, IoError for the file.
void writeMaskPng(const std::string& path, const Heightfield& field, MaskKind kind,
                  const World& world, int bits, const Execution& exec = {});

// RGBA 8-bit: grass, rock, sediment, snow weights; with the second map's,
// 255 in every pixel (the first alone when the look's wet ground is off).
void writeSplatPng(const std::string& path, const Heightfield& field, const Look& look,
                   const World& world, const Execution& exec = {});
// The second splat map, RGBA 8-bit, as Unity's second alphamap holds
// layers 5 to 8: R wet ground, G, B and A 0 (no sixth material yet).
void writeSplat2Png(const std::string& path, const Heightfield& field, const Look& look,
                    const World& world, const Execution& exec = {});

// One splat layer (0 grass, 1 rock, 2 sediment, 3 snow, 4 wet ground) as
// 8-bit greyscale, so the layers sum to 255 in every pixel. Unreal imports
// a landscape's paint layers as such maps, one per layer.
void writeSplatLayerPng(const std::string& path, const Heightfield& field, const Look& look,
                        const World& world, int layer, const Execution& exec = {});

}  // namespace terrain
