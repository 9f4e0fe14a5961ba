#pragma once
// `terrain-explorer export --tiles ...`: every tile of a world, or one
// (--tile), into --out-dir, with a sidecar per tile and the manifest.
#include "app/cli/export_options.hpp"
#include "core/look/color.hpp"

namespace terrain::cli {

// Exit status as runExportCommand's: 0 done, 2 bad input (one line on
// stderr), 1 a file could not be written.
int runTiledExport(const ExportOptions& options, const ColorRamp& ramp);

}  // namespace terrain::cli
