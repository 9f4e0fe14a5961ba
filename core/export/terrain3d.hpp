#pragma once
// What Godot's Terrain3D imports (issue 39 item 6): its heights as a 32-bit
// float EXR in metres, its control map of 32-bit bit fields kept bit for bit
// in a float EXR, and the GDScript that hands them, with the colour map, to
// Terrain3DData.import_images() at the right place.
//
// Terrain3D's control map format (its doc/docs/controlmap_format.md), one
// uint32 per sample: base texture id (x & 0x1F) << 27, overlay texture id
// (x & 0x1F) << 22, blend 0..255 (0 all base, 255 all overlay) << 14, UV
// angle << 10, UV scale << 7, hole << 2, navigation << 1, autoshader bit 0.
// Its importer reads a one-channel float EXR as an R float image and keeps
// the bits, so the ids survive as they are written.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/parallel.hpp"
#include "core/base/world.hpp"
#include "core/export/exr.hpp"
#include "core/look/look.hpp"
#include "core/look/splat.hpp"

namespace terrain {

// Terrain3D's texture ids are the splat map's materials: 0 grass, 1 rock,
// 2 sediment, 3 snow, 4 wet ground (look.hpp's kMaterialNames). Base: the heaviest material;
// overlay: the next (the base again where no other weighs anything); blend: the overlay's share of
// the two, 0..255 rounded. Ties go to the lower id. UV, hole, navigation
// and autoshader bits are 0 (painted by hand, as Terrain3D's own brush does).
std::uint32_t terrain3dControl(const SplatTexel& weights);

// Metres above sea level (elevationOf), row-major as the field.
std::vector<float> terrain3dHeights(const Heightfield& field, const World& world);

// Channel "R", 32-bit float, lossless: Godot loads it as Terrain3D's own
// height and control image format (FORMAT_RF). Atomic; throw IoError.
void writeTerrain3dHeights(const std::string& path, const Heightfield& field, const World& world,
                           ExrCompression compression, const Execution& exec = {});
void writeTerrain3dControl(const std::string& path, const Heightfield& field, const Look& look,
                           const World& world, ExrCompression compression,
                           const Execution& exec = {});

// Terrain3D keeps at most 32 x 32 regions of 64 .. 2048 samples a side,
// centred on the origin. The smallest region size that holds a world of
// width x height samples centred; 0 when none does.
int terrain3dRegionSize(std::int64_t width, std::int64_t height);

// The world's first sample sits at (originSample x, originSample z) x the
// vertex spacing: the world centred, as Terrain3D's regions are.
std::int64_t terrain3dOrigin(std::int64_t samples);

// One image set to import: the files by names relative to the script, and
// where its first sample lies in the world (columns east, rows south).
struct Terrain3dPiece {
  std::string height;
  std::string control;
  std::string color;  // "" for none
  std::int64_t x0 = 0;
  std::int64_t y0 = 0;
};
// The heights as R16 (16-bit little-endian, north row first) instead of
// EXR: Terrain3DUtil.load_image maps 0..65535 onto [low, high] metres and
// reads width x height samples.
struct Terrain3dR16 {
  double low = 0.0;   // metres above sea level at 0
  double high = 1.0;  // at 65535
  std::int64_t width = 0;
  std::int64_t height = 0;
};
struct Terrain3dImport {
  double vertexSpacing = 1.0;    // metres per cell: Terrain3D's vertex_spacing
  std::int64_t worldWidth = 0;   // samples
  std::int64_t worldHeight = 0;  // samples
  std::vector<Terrain3dPiece> pieces;
  std::optional<Terrain3dR16> r16;  // set: every piece's height file is R16
};

// The colour map's alpha is Terrain3D's roughness modifier, 0.5 neutral:
// 128 of 255, the byte Terrain3D stores for its own blank colour map.
inline constexpr std::uint8_t kTerrain3dNeutralAlpha = 128;

// Terrain3D's vertex spacing is 0.25 .. 100 m.
inline constexpr double kTerrain3dMinSpacing = 0.25;
inline constexpr double kTerrain3dMaxSpacing = 100.0;

// The GDScript (an EditorScript: File > Run in Godot's script editor) that
// imports every piece into the edited scene's Terrain3D node: each piece at
// Vector3((origin + x0) x spacing, 0, (origin + y0) x spacing), heights
// already in metres (offset 0, scale 1). Its PIECES table lists one piece a
// line: ["height", "control", "color", Vector3(x, 0.0, z)].
std::string terrain3dImportScript(const Terrain3dImport& import);

}  // namespace terrain
