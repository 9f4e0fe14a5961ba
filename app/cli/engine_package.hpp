#pragma once
// --for ENGINE on `terrain-explorer export`: the files an engine imports in
// one action, laid out and named as it expects (issue 39 item 6). Unreal:
// a 16-bit heightmap of a size its landscape takes (per tile with --tiles,
// named Name_x0_y0), and one 8-bit weight map per paint layer; the
// sidecar's engines.unreal holds the import dialog's scales and location.
// Unity: RAW16 little-endian at 2^n + 1, its south row first (Unity's
// Import Raw puts the file's first row at Z = 0, and its Z points north),
// tiles named Name_X_Z; the sidecar's engines.unity holds the terrain's
// width, length and height in metres. Godot: Terrain3D's heights in
// metres and control map (EXR) and the colour map, NAME_control.exr and
// NAME_color.png beside --terrain3d-height NAME.exr (per tile with --tiles),
// and NAME_import.gd, the editor script that imports them all in place.
// Blender: the binary glTF with its colour and normal maps beside as its
// material, and with --tiles the world glTF that places every tile.
#include <span>
#include <string>

#include "app/cli/export_args.hpp"
#include "app/cli/export_options.hpp"

namespace terrain::cli {

// The sides of a landscape Unreal imports from one heightmap: (N - 1)
// divisible by its quads per component (Epic's landscape technical guide).
inline constexpr int kUnrealLandscapeSides[] = {505, 1009, 2017, 4033, 8129};
// The heightmap resolutions a Unity terrain takes (its Terrain settings'
// list, 2^n + 1).
inline constexpr int kUnityTerrainSides[] = {33, 65, 129, 257, 513, 1025, 2049, 4097};

// Checks the document, tiles and outputs against the engine's rules and
// adds the files it needs (the weight maps beside the heightmap). Throws
// InputError naming what the engine accepts.
void applyEnginePackage(ExportOptions& o, const Token& engine);

// --for godot's import script, once the files are written: the map as
// written (its spacing and size), or every tile of the grid by the names
// the tiles are given. Atomic; throw IoError naming the path.
void writeTerrain3dScript(const ExportOptions& o, const OutputInput& written);
void writeTiledTerrain3dScript(const ExportOptions& o);

}  // namespace terrain::cli
