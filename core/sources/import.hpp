#pragma once
// The import source (issue 19): a heightmap or elevation data from a file,
// resampled to the map's size.
#include <optional>

#include "core/stage.hpp"
#include "core/world.hpp"

namespace terrain {

const SourceStage& importSource();

// The world an imported file describes, for the document that imports it:
// its width in metres (where the file is georeferenced) and its height
// range (the data's maximum less its minimum, where the values are
// elevations); the rest of `current` as it is. Throws InputError as the
// source does for a file it cannot read.
World importedWorld(const ParamValues& values, const World& current);

}  // namespace terrain
