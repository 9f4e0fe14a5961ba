#include "app/cli/engine_package.hpp"

#include <optional>

namespace terrain::cli {

void applyEnginePackage(ExportOptions& o, const Token& engine) {
  std::optional<EngineTiles> tiles;
  if (o.tiles) tiles.emplace(EngineTiles{o.tiles->grid, o.tiles->outDir, o.tiles->worldGltf});
  o.terrain3dScript =
      terrain::applyEnginePackage(o.plan, o.doc, engine.value, tiles ? &*tiles : nullptr);
}

void writeTerrain3dScript(const ExportOptions& o, const OutputInput& written) {
  terrain::writeTerrain3dScript(*o.terrain3dScript, o.plan.outputs, written);
}

void writeTiledTerrain3dScript(const ExportOptions& o) {
  terrain::writeTiledTerrain3dScript(*o.terrain3dScript, o.plan.outputs, o.doc, o.tiles->grid,
                                     o.tiles->outDir);
}

}  // namespace terrain::cli
