#include "core/export/engine_package.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/base/world.hpp"
#include "core/export/outputs.hpp"
#include "core/export/sidecar.hpp"
#include "core/export/terrain3d.hpp"
#include "core/export/tile_manifest.hpp"
#include "core/io/atomic_file.hpp"

namespace terrain {
namespace {

// What a package is applied to.
struct Target {
  ExportPlan& plan;
  const Document& doc;
  const EngineTiles* tiles;
  std::optional<std::string> script;
};

template <std::size_t N>
std::string sideList(const int (&sides)[N]) {
  std::string out;
  for (const int side : sides) {
    if (!out.empty()) out += side == sides[N - 1] ? " or " : ", ";
    out += std::to_string(side);
  }
  return out;
}

std::string unrealSideList() {
  return sideList(kUnrealLandscapeSides);
}

bool unrealTakes(int side) {
  return std::ranges::find(kUnrealLandscapeSides, side) != std::end(kUnrealLandscapeSides);
}

// A landscape (or each World Partition tile) of a side Unreal takes, tiles
// edge to edge under Unreal's names.
void checkUnrealLayout(const Target& o) {
  if (!o.tiles) {
    // An engine size is the side written; the document's is what the source makes.
    const int side = o.plan.engineSize != nullptr ? o.plan.engineSize->side : documentSize(o.doc);
    if (unrealTakes(side)) return;
    throw InputError("--for unreal: Unreal imports a landscape of " + unrealSideList() +
                     " samples a side; this map is " + std::to_string(side) +
                     " (--engine-size unreal-505 .. unreal-8129 crops or resamples to one)");
  }
  const TileGrid& grid = o.tiles->grid;
  if (!unrealTakes(grid.tileWidth()) || !unrealTakes(grid.tileHeight())) {
    throw InputError("--for unreal: each World Partition tile must be " + unrealSideList() +
                     " samples a side; these are " + std::to_string(grid.tileWidth()) + "x" +
                     std::to_string(grid.tileHeight()) +
                     " (e.g. --generator noise --size 2017 --tiles 4x4 gives tiles of 505)");
  }
  if (grid.overlap != 0) {
    throw InputError("--for unreal: World Partition tiles meet edge to edge; drop --overlap");
  }
  if (grid.naming != TileNaming::Unreal) {
    throw InputError("--for unreal: Unreal reads tiles named Name_x0_y0; drop --tile-names unity");
  }
}

bool unityTakes(int side) {
  return std::ranges::find(kUnityTerrainSides, side) != std::end(kUnityTerrainSides);
}

// A terrain (or each tile) of a resolution Unity takes, as RAW16 read south
// row first, tiles under the Terrain Tools' Name_X_Z.
void applyUnity(Target& o) {
  // An engine size is the side written; the document's is what the source makes.
  const int side = o.plan.engineSize != nullptr ? o.plan.engineSize->side : documentSize(o.doc);
  const int width = o.tiles ? o.tiles->grid.tileWidth() : side;
  const int height = o.tiles ? o.tiles->grid.tileHeight() : side;
  if (!unityTakes(width) || !unityTakes(height)) {
    throw InputError("--for unity: a Unity terrain's heightmap is " + sideList(kUnityTerrainSides) +
                     " samples a side; " + (o.tiles ? "these tiles are " : "this map is ") +
                     std::to_string(width) + "x" + std::to_string(height));
  }
  if (o.tiles && o.tiles->grid.overlap != 0) {
    throw InputError("--for unity: Unity's terrain tiles share their edge samples; drop --overlap");
  }
  if (o.tiles && o.tiles->grid.naming != TileNaming::Unity) {
    throw InputError(
        "--for unity: Unity's Terrain Tools read tiles named Name_X_Z; add --tile-names unity");
  }
  const auto raw = std::ranges::find_if(
      o.plan.outputs, [](const OutputRequest& out) { return out.format->key == "r16"; });
  if (raw == o.plan.outputs.end()) {
    throw InputError("--for unity: needs the RAW16 heightmap Unity imports: add --r16 NAME.raw");
  }
  // Unity reads the first row at Z = 0, the south edge.
  raw->options[findFormatOption("flip-rows")->index] = 1.0;
}

// The output of this format in the plan; null when none was asked.
OutputRequest* outputOf(Target& o, std::string_view key) {
  const auto found = std::ranges::find_if(
      o.plan.outputs, [&](const OutputRequest& out) { return out.format->key == key; });
  return found == o.plan.outputs.end() ? nullptr : &*found;
}

// Adds NAME<suffix> beside `base` in this format (its default options)
// unless the plan writes the format already.
void addBeside(Target& o, const std::string& base, std::string_view key, std::string_view suffix) {
  if (outputOf(o, key) != nullptr) return;
  const OutputFormat& format = *findOutputFormat(key);
  const std::filesystem::path path(base);
  std::string name = path.stem().string();
  name += suffix;
  o.plan.outputs.push_back(
      {&format, (path.parent_path() / name).string(), format.options.defaults});
}

// Terrain3D's heights, control map and colour map, and the script that
// imports them: Terrain3D places pieces by whole samples, so tiles meet edge
// to edge (no overlap), and its vertex spacing and region count bound the
// world.
void applyGodot(Target& o) {
  // The float EXR in metres; else Terrain3D's R16 variant (half the bytes,
  // heights in 65536 steps of the range, which the script hands its loader).
  const OutputRequest* heights = outputOf(o, "terrain3d-height");
  if (heights != nullptr && outputOf(o, "r16") != nullptr) {
    // The script loads one of them; the other would be written for nothing
    // and the sidecar named after whichever came first.
    throw InputError(
        "--for godot: give the heights once, as --terrain3d-height NAME.exr or as its R16 "
        "variant --r16 NAME.r16, not both");
  }
  if (heights == nullptr) heights = outputOf(o, "r16");
  if (heights == nullptr) {
    throw InputError(
        "--for godot: needs the heights Terrain3D imports: add --terrain3d-height NAME.exr "
        "(or its R16 variant, --r16 NAME.r16)");
  }
  const std::string flag = "--" + std::string(heights->format->key);
  if (isWrittenThrough(heights->path)) {
    throw InputError("--for godot: " + flag +
                     " needs a file name; the control map, colour map and import script go "
                     "beside it");
  }
  if (heights->format->key == "r16") {
    // The name's ending, not path::extension(): ".r16" alone is a name
    // with no extension to it, but it does end in .r16.
    const std::string name = std::filesystem::path(heights->path).filename().string();
    const auto endsWith = [&](std::string_view end) {
      return name.size() > end.size() &&
             name.compare(name.size() - end.size(), end.size(), end) == 0;
    };
    if (name == ".r16" || name == ".raw") {
      throw InputError("--for godot: the R16 file needs a name before its ending " + excerpt(name) +
                       " (the control map and colour map are named after it)");
    }
    if (!endsWith(".r16") && !endsWith(".raw")) {
      throw InputError(
          "--for godot: Terrain3D reads R16 heights from a file ending .r16 or .raw, "
          "not " +
          excerpt(name));
    }
    if (heights->options[findFormatOption("flip-rows")->index] != 0.0) {
      throw InputError(
          "--for godot: Terrain3D reads R16 rows north first, as the map's; drop --flip-rows");
    }
  }
  const std::int64_t side = o.tiles                        ? o.tiles->grid.worldSize
                            : o.plan.engineSize != nullptr ? o.plan.engineSize->side
                                                           : documentSize(o.doc);
  const bool wraps = o.tiles ? o.tiles->grid.wraps : documentWraps(o.doc);
  const double spacing = metresPerCell(o.doc.world, static_cast<int>(side), wraps);
  if (spacing < kTerrain3dMinSpacing || spacing > kTerrain3dMaxSpacing) {
    char metres[32];
    std::snprintf(metres, sizeof metres, "%.4g", spacing);
    throw InputError("--for godot: Terrain3D's vertex spacing is 0.25 to 100 m; this map has " +
                     std::string(metres) + " m between samples (change --world-width)");
  }
  if (terrain3dRegionSize(side, side) == 0) {
    throw InputError("--for godot: Terrain3D holds at most 65536 samples a side; this world is " +
                     std::to_string(side));
  }
  if (o.tiles && o.tiles->grid.overlap != 0) {
    throw InputError("--for godot: Terrain3D's pieces meet edge to edge; drop --overlap");
  }
  const std::string base = heights->path;
  addBeside(o, base, "terrain3d-control", "_control.exr");
  addBeside(o, base, "terrain3d-color", "_color.png");
  const std::filesystem::path at(base);
  const std::filesystem::path dir =
      o.tiles ? std::filesystem::path(o.tiles->outDir) : at.parent_path();
  o.script = (dir / (at.stem().string() + "_import.gd")).string();
}

// Blender's glTF importer: the mesh with its material's images beside it
// (colour, and normals green up as glTF reads them), and the tiles in one
// file that places them.
void applyBlender(Target& o) {
  const OutputRequest* glb = outputOf(o, "glb");
  if (glb == nullptr) {
    throw InputError("--for blender: needs the mesh Blender imports: add --glb NAME.glb");
  }
  const std::string base = glb->path;
  addBeside(o, base, "color", "_color.png");
  if (outputOf(o, "normals") == nullptr) {
    addBeside(o, base, "normals", "_normals.png");
  } else if (outputOf(o, "normals")->options[findFormatOption("normal-convention")->index] != 0.0) {
    throw InputError(
        "--for blender: glTF reads normal maps green up; drop --normal-convention "
        "directx");
  }
  if (o.tiles && !o.tiles->worldGltf) {
    o.tiles->worldGltf = std::filesystem::path(base).stem().string() + ".gltf";
  }
}

// A 16-bit heightmap Unreal imports and a weight map per paint layer beside it.
void applyUnreal(Target& o) {
  checkUnrealLayout(o);
  const auto heightmap = std::ranges::find_if(o.plan.outputs, [](const OutputRequest& out) {
    return out.format->key == "heightmap" || out.format->key == "r16";
  });
  if (heightmap == o.plan.outputs.end()) {
    throw InputError(
        "--for unreal: needs the 16-bit heightmap Unreal imports: add --heightmap NAME.png or "
        "--r16 NAME.r16");
  }
  // NAME_grass.png ... beside NAME.png: a paint layer's weights each; the
  // fifth, NAME_wet.png, when the look has wet ground.
  const std::filesystem::path base(heightmap->path);
  const OutputFormat& weight = *findOutputFormat("weight");
  std::vector<OutputRequest> layers;
  const std::size_t count = o.doc.look.wetGround ? kMaterialCount : kMaterialCount - 1;
  for (std::size_t layer = 0; layer < count; ++layer) {
    OutputRequest out{&weight, {}, weight.options.defaults};
    out.options[0] = static_cast<double>(layer);
    const std::string name =
        base.stem().string() + "_" + std::string(weight.options.infos[0].choices[layer]) + ".png";
    out.path = (base.parent_path() / name).string();
    layers.push_back(std::move(out));
  }
  o.plan.outputs.insert(o.plan.outputs.end(), layers.begin(), layers.end());
}

}  // namespace

std::optional<std::string> applyEnginePackage(ExportPlan& plan, const Document& doc,
                                              std::string_view engine, const EngineTiles* tiles) {
  Target target{plan, doc, tiles, std::nullopt};
  if (engine == "unreal") {
    applyUnreal(target);
  } else if (engine == "unity") {
    applyUnity(target);
  } else if (engine == "godot") {
    applyGodot(target);
  } else if (engine == "blender") {
    applyBlender(target);
  } else {
    throw InputError("--for: " + excerpt(engine) +
                     " is not an engine this export packages; it packages: unreal, unity, godot, "
                     "blender");
  }
  return target.script;
}

std::string engineRules(std::string_view engine) {
  if (engine == "unreal") {
    return "Unreal: a 16-bit heightmap of " + unrealSideList() +
           " samples a side (an Engine size), and a weight map per paint layer (five with "
           "--wet-ground on)";
  }
  if (engine == "unity") {
    return "Unity: RAW16 (south row first) of " + sideList(kUnityTerrainSides) + " samples a side";
  }
  if (engine == "godot") {
    return "Godot (Terrain3D): heights and control map as EXR, the colour map and the import "
           "script; 0.25 to 100 m between samples";
  }
  if (engine == "blender") {
    return "Blender: the binary glTF with its colour and normal maps as its material";
  }
  return {};
}

namespace {

// A piece of the script: the files of one map (or tile) by names relative
// to the script, and its first sample's place.
Terrain3dPiece pieceOf(std::span<const OutputRequest> outputs, const std::string& script,
                       std::int64_t x0, std::int64_t y0) {
  Terrain3dPiece piece{{}, {}, {}, x0, y0};
  for (const OutputRequest& out : outputs) {
    const std::string name = relativeFileName(out.path, script);
    if (out.format->key == "terrain3d-height" ||
        (out.format->key == "r16" && piece.height.empty())) {
      piece.height = name;
    }
    if (out.format->key == "terrain3d-control") piece.control = name;
    if (out.format->key == "terrain3d-color") piece.color = name;
  }
  return piece;
}

// The R16 variant (no EXR heights written): the range its 0..65535 spans,
// metres above sea level, and each piece's size, for Terrain3D's loader.
void setR16(Terrain3dImport& import, std::span<const OutputRequest> outputs, const World& world,
            std::int64_t width, std::int64_t height) {
  const bool exr = std::ranges::any_of(
      outputs, [](const OutputRequest& out) { return out.format->key == "terrain3d-height"; });
  if (exr) return;
  import.r16 =
      Terrain3dR16{world.baseElevation, world.baseElevation + world.heightRange, width, height};
}

void writeScript(const std::string& path, const Terrain3dImport& import) {
  const std::string text = terrain3dImportScript(import);
  writeFileAtomically(path, [&](AtomicFile& file) { file.write(text.data(), text.size()); });
}

}  // namespace

void writeTerrain3dScript(const std::string& path, std::span<const OutputRequest> outputs,
                          const OutputInput& written) {
  Terrain3dImport import;
  import.vertexSpacing = metresPerCell(written.doc.world, written.field.width, written.field.wraps);
  import.worldWidth = written.field.width;
  import.worldHeight = written.field.height;
  import.pieces.push_back(pieceOf(outputs, path, 0, 0));
  setR16(import, outputs, written.doc.world, written.field.width, written.field.height);
  writeScript(path, import);
}

void writeTiledTerrain3dScript(const std::string& path, std::span<const OutputRequest> patterns,
                               const Document& doc, const TileGrid& grid,
                               const std::string& outDir) {
  Terrain3dImport import;
  import.vertexSpacing = metresPerCell(doc.world, static_cast<int>(grid.worldSize), grid.wraps);
  import.worldWidth = grid.worldSize;
  import.worldHeight = grid.worldSize;
  for (int row = 0; row < grid.rows; ++row) {
    for (int column = 0; column < grid.columns; ++column) {
      const MapWindow window = tileWindow(grid, {column, row});
      import.pieces.push_back(
          pieceOf(tileOutputs(patterns, outDir, grid, {column, row}), path, window.x0, window.y0));
    }
  }
  setR16(import, patterns, doc.world, grid.tileWidth(), grid.tileHeight());
  writeScript(path, import);
}

}  // namespace terrain
