#pragma once
// The import source (issue 19): a heightmap or elevation data from a file,
// resampled to the map's size.
#include <optional>

#include "core/base/world.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {

const SourceStage& importSource();

// The world an import describes, for the document that imports it: its
// width in metres (where the file is georeferenced), its height range and
// base elevation (the import's elevation-low..-high, or the file's lowest
// and highest sample); the rest of `current` as it is. Throws InputError
// as the source does for a file it cannot read.
World importedWorld(const ParamValues& values, const World& current);

// A file newly chosen on an import (or its fit or raw width changed): the
// values with its elevations' range written in (elevation-low, -high; an
// image keeps 0, 0) and the world it gives. With the range in the
// document, a tile reads only its window of the file.
struct ImportChoice {
  ParamValues values;
  World world;
};
ImportChoice chooseImportFile(const ParamValues& values, const World& current);

// After an edit of an import's values in the window: a new file, fit or
// raw width is chosen anew (chooseImportFile); a new elevation range gives
// its world. nullopt when the edit touched none of these.
std::optional<ImportChoice> importEdited(const ParamValues& before, const ParamValues& after,
                                         const World& current);

}  // namespace terrain
