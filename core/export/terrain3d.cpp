#include "core/export/terrain3d.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>

namespace terrain {
namespace {

// Shortest text that reads back as the same double: GDScript's float literal.
std::string gdFloat(double value) {
  std::array<char, 32> text{};
  const auto end = std::to_chars(text.data(), text.data() + text.size(), value).ptr;
  std::string out(text.data(), end);
  if (out.find_first_of(".e") == std::string::npos) out += ".0";
  return out;
}

// A GDScript string literal: the file names are ours, but a quote or a
// backslash in a user's name must not end the literal.
std::string gdString(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
  return out;
}

}  // namespace

std::uint32_t terrain3dControl(const SplatTexel& weights) {
  std::size_t base = 0;
  for (std::size_t i = 1; i < weights.size(); ++i) {
    if (weights[i] > weights[base]) base = i;
  }
  std::size_t overlay = base;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (i == base || weights[i] == 0) continue;
    if (overlay == base || weights[i] > weights[overlay]) overlay = i;
  }
  const unsigned wb = weights[base];
  const unsigned wo = overlay == base ? 0U : weights[overlay];
  // round(255 wo / (wb + wo)) in integers; wb > 0 as the four sum to 255.
  const unsigned blend = (2U * 255U * wo + wb + wo) / (2U * (wb + wo));
  return (static_cast<std::uint32_t>(base) & 0x1FU) << 27U |
         (static_cast<std::uint32_t>(overlay) & 0x1FU) << 22U | (blend & 0xFFU) << 14U;
}

std::vector<float> terrain3dHeights(const Heightfield& field, const World& world) {
  std::vector<float> metres(field.heights.size());
  for (std::size_t i = 0; i < metres.size(); ++i) {
    metres[i] = static_cast<float>(elevationOf(world, double(field.heights[i])));
  }
  return metres;
}

void writeTerrain3dHeights(const std::string& path, const Heightfield& field, const World& world,
                           ExrCompression compression, const Execution& exec) {
  const std::vector<float> metres = terrain3dHeights(field, world);
  writeExrChannel(path, field.width, field.height, metres.data(), "R", compression, exec);
}

void writeTerrain3dControl(const std::string& path, const Heightfield& field, const Look& look,
                           const World& world, ExrCompression compression, const Execution& exec) {
  const std::vector<SplatTexel> weights = computeSplat(field, look, world, exec);
  // The bits, not their value as a number: Terrain3D reads the float's memory.
  std::vector<float> control(weights.size());
  for (std::size_t i = 0; i < weights.size(); ++i) {
    control[i] = std::bit_cast<float>(terrain3dControl(weights[i]));
  }
  writeExrChannel(path, field.width, field.height, control.data(), "R", compression, exec);
}

int terrain3dRegionSize(std::int64_t width, std::int64_t height) {
  // Centred, the world reaches (samples + 1) / 2 from the origin one way;
  // Terrain3D's 32 regions a side reach 16 regions each way.
  const std::int64_t reach = (std::max(width, height) + 1) / 2;
  for (int size = 64; size <= 2048; size *= 2) {
    if (reach <= 16 * std::int64_t{size}) return size;
  }
  return 0;
}

std::int64_t terrain3dOrigin(std::int64_t samples) {
  return -(samples / 2);
}

std::string terrain3dImportScript(const Terrain3dImport& import) {
  const int regionSize = terrain3dRegionSize(import.worldWidth, import.worldHeight);
  const std::int64_t originX = terrain3dOrigin(import.worldWidth);
  const std::int64_t originZ = terrain3dOrigin(import.worldHeight);
  std::string pieces;
  for (const Terrain3dPiece& p : import.pieces) {
    pieces.append("\t[").append(gdString(p.height)).append(", ").append(gdString(p.control));
    pieces.append(", ").append(gdString(p.color)).append(", Vector3(");
    pieces.append(gdFloat(double(originX + p.x0) * import.vertexSpacing)).append(", 0.0, ");
    pieces.append(gdFloat(double(originZ + p.y0) * import.vertexSpacing)).append(")],\n");
  }
  std::string out =
      "# Written by terrain-explorer export --for godot. Imports the terrain into the\n"
      "# Terrain3D node of the scene open in Godot's editor: open this file in the\n"
      "# script editor and choose File > Run (Ctrl+Shift+X). Then set the node's\n"
      "# Data Directory and save the scene to keep the regions.\n"
      "# Heights are metres above sea level already (offset 0, scale 1); texture ids\n"
      "# in the control map: 0 grass, 1 rock, 2 sediment, 3 snow, 4 wet ground (add\n"
      "# the textures to the Terrain3D assets in that order; the fifth only for a look\n"
      "# with wet ground).\n"
      "@tool\n"
      "extends EditorScript\n"
      "\n";
  out.append("const VERTEX_SPACING := ").append(gdFloat(import.vertexSpacing)).append("\n");
  out.append("const REGION_SIZE := ").append(std::to_string(regionSize)).append("\n");
  if (import.r16) {
    out.append("# R16 heights: 0..65535 spans these metres; each piece's samples\n");
    out.append("const R16_RANGE := Vector2(")
        .append(gdFloat(import.r16->low))
        .append(", ")
        .append(gdFloat(import.r16->high))
        .append(")\n");
    out.append("const R16_SIZE := Vector2i(")
        .append(std::to_string(import.r16->width))
        .append(", ")
        .append(std::to_string(import.r16->height))
        .append(")\n");
  }
  out.append("# height, control, colour (beside this script), position of the first sample\n");
  out.append("const PIECES := [\n").append(pieces).append("]\n");
  out +=
      "\n"
      "func _run() -> void:\n"
      "\tvar terrain: Terrain3D = _find_terrain(get_scene())\n"
      "\tif terrain == null:\n"
      "\t\tpush_error(\"Add a Terrain3D node to the open scene first\")\n"
      "\t\treturn\n"
      "\tif terrain.data.get_region_count() == 0:\n"
      "\t\tterrain.change_region_size(REGION_SIZE)\n"
      "\telif terrain.get_region_size() < REGION_SIZE:\n"
      "\t\tpush_error(\"This terrain needs regions of %d or more\" % REGION_SIZE)\n"
      "\t\treturn\n"
      "\tterrain.vertex_spacing = VERTEX_SPACING\n"
      "\tvar here: String = get_script().resource_path.get_base_dir()\n"
      "\tfor piece in PIECES:\n"
      "\t\tvar images: Array[Image] = []\n"
      "\t\timages.resize(Terrain3DRegion.TYPE_MAX)\n"
      "\t\timages[Terrain3DRegion.TYPE_HEIGHT] = ";
  out += import.r16 ? "Terrain3DUtil.load_image(here.path_join(piece[0]), "
                      "ResourceLoader.CACHE_MODE_IGNORE, R16_RANGE, R16_SIZE)\n"
                    : "Terrain3DUtil.load_image(here.path_join(piece[0]))\n";
  out +=
      "\t\timages[Terrain3DRegion.TYPE_CONTROL] = "
      "Terrain3DUtil.load_image(here.path_join(piece[1]))\n"
      "\t\tif piece[2] != \"\":\n"
      "\t\t\t# RGBA already: its alpha is the neutral roughness modifier (0.5).\n"
      "\t\t\timages[Terrain3DRegion.TYPE_COLOR] = "
      "Terrain3DUtil.load_image(here.path_join(piece[2]))\n"
      "\t\tterrain.data.import_images(images, piece[3], 0.0, 1.0)\n"
      "\tprint(\"Imported %d pieces into %s\" % [PIECES.size(), terrain.name])\n"
      "\n"
      "func _find_terrain(node: Node) -> Terrain3D:\n"
      "\tif node == null or node is Terrain3D:\n"
      "\t\treturn node\n"
      "\tfor child in node.get_children():\n"
      "\t\tvar found := _find_terrain(child)\n"
      "\t\tif found != null:\n"
      "\t\t\treturn found\n"
      "\treturn null\n";
  return out;
}

}  // namespace terrain
