#include "app/cli/engine_package.hpp"

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/export/outputs.hpp"

namespace terrain::cli {
namespace {

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
void checkUnrealLayout(const ExportOptions& o) {
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
void applyUnity(ExportOptions& o) {
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

}  // namespace

void applyEnginePackage(ExportOptions& o, const Token& engine) {
  if (engine.value == "unity") {
    applyUnity(o);
    return;
  }
  if (engine.value != "unreal") {
    throw InputError("--for: " + excerpt(engine.value) +
                     " is not an engine this export packages; it packages: unreal, unity");
  }
  checkUnrealLayout(o);
  const auto heightmap = std::ranges::find_if(o.plan.outputs, [](const OutputRequest& out) {
    return out.format->key == "heightmap" || out.format->key == "r16";
  });
  if (heightmap == o.plan.outputs.end()) {
    throw InputError(
        "--for unreal: needs the 16-bit heightmap Unreal imports: add --heightmap NAME.png or "
        "--r16 NAME.r16");
  }
  // NAME_grass.png ... beside NAME.png: a paint layer's weights each.
  const std::filesystem::path base(heightmap->path);
  const OutputFormat& weight = *findOutputFormat("weight");
  std::vector<OutputRequest> layers;
  for (std::size_t layer = 0; layer < 4; ++layer) {
    OutputRequest out{&weight, {}, weight.options.defaults};
    out.options[0] = static_cast<double>(layer);
    const std::string name =
        base.stem().string() + "_" + std::string(weight.options.infos[0].choices[layer]) + ".png";
    out.path = (base.parent_path() / name).string();
    layers.push_back(std::move(out));
  }
  o.plan.outputs.insert(o.plan.outputs.end(), layers.begin(), layers.end());
}

}  // namespace terrain::cli
