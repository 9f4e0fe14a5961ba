#pragma once
// An engine's package (issue 39 item 6), for `terrain-explorer export --for
// ENGINE` and the Export window's "For" choice alike: the files an engine
// imports in one action, laid out and named as it expects. Unreal: a 16-bit
// heightmap of a size its landscape takes (per tile with tiles, named
// Name_x0_y0), and one 8-bit weight map per paint layer; the sidecar's
// engines.unreal holds the import dialog's scales and location. Unity: RAW16
// little-endian at 2^n + 1, its south row first (Unity's Import Raw puts the
// file's first row at Z = 0, and its Z points north), tiles named Name_X_Z;
// the sidecar's engines.unity holds the terrain's width, length and height
// in metres. Godot: Terrain3D's heights in metres and control map (EXR) and
// its colour map (RGBA, the alpha its neutral roughness), NAME_control.exr
// and NAME_color.png beside the heights NAME.exr (per tile with tiles), and
// NAME_import.gd, the editor script that imports them all in place.
// Blender: the binary glTF with its colour and normal maps beside as its
// material, and with tiles the world glTF that places every tile.
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/document/document.hpp"
#include "core/export/export_plan.hpp"
#include "core/export/tiles.hpp"

namespace terrain {

// The engines packaged, as --for and the project's "export" section name them.
inline constexpr std::string_view kPackagedEngines[] = {"unreal", "unity", "godot", "blender"};

// The sides of a landscape Unreal imports from one heightmap: (N - 1)
// divisible by its quads per component (Epic's landscape technical guide).
inline constexpr int kUnrealLandscapeSides[] = {505, 1009, 2017, 4033, 8129};
// The heightmap resolutions a Unity terrain takes (its Terrain settings'
// list, 2^n + 1).
inline constexpr int kUnityTerrainSides[] = {33, 65, 129, 257, 513, 1025, 2049, 4097};

// A tiled export's grid, folder and world glTF (which Blender's package sets).
struct EngineTiles {
  const TileGrid& grid;
  std::string outDir;
  std::optional<std::string>& worldGltf;
};

// Checks the document (its size as the plan writes it: the engine size's,
// else the document's), tiles and outputs against the engine's rules and
// adds the files it needs to the plan (the weight maps beside the
// heightmap). Returns where Godot's import script goes (nullopt for the
// others). Throws InputError naming the engine's rule and what it accepts.
std::optional<std::string> applyEnginePackage(ExportPlan& plan, const Document& doc,
                                              std::string_view engine,
                                              const EngineTiles* tiles = nullptr);

// What the engine asks of an export, in one line for the Export window.
std::string engineRules(std::string_view engine);

// Godot's import script, once the files are written: the map as written
// (its spacing and size), or every tile of the grid by the names the tiles
// are given. Atomic; throw IoError naming the path.
void writeTerrain3dScript(const std::string& path, std::span<const OutputRequest> outputs,
                          const OutputInput& written);
void writeTiledTerrain3dScript(const std::string& path, std::span<const OutputRequest> patterns,
                               const Document& doc, const TileGrid& grid,
                               const std::string& outDir);

}  // namespace terrain
