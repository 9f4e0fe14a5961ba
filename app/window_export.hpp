#pragma once
// Export from the window: every format of core/export/outputs.hpp the Export
// window ticks, with the options it shows, written atomically side by side
// as <stem><format suffix>, by the same writers as `terrain-explorer export`
// (on the export worker's thread); the rendered view offscreen; the sidecar
// JSON beside the first file.
#include <filesystem>
#include <optional>
#include <string>

#include "app/export_state.hpp"
#include "app/export_worker.hpp"
#include "app/panel.hpp"
#include "app/shown_terrain.hpp"
#include "app/window_view.hpp"
#include "core/export/outputs.hpp"
#include "render/terrain_view.hpp"

namespace terrain::app {

// The option values the panel holds for a format, its defaults until the
// panel changed one.
ParamValues& formatOptions(ExportState& e, const OutputFormat& format);
ParamValues formatOptions(const ExportState& e, const OutputFormat& format);

// The Export window's files' name when none is typed: what they hold (the
// chain's source, the graph's terrain, or the node pinned in the view), the
// seed and the side written (an engine size's, not the map's on screen):
// "diamond-square-s3-1009", "graph-node3-terrace-s7-513". An export whose
// files would replace existing ones takes the next free "<name>-2", "-3", ...
std::string defaultExportStem(const ExportState& exporting, const ShownTerrain& shown);

// The job the Export window's settings ask for, of the terrain on screen
// (its heightfield shared, not copied or generated again), for the export
// worker (app/export_worker.hpp); the view, if ticked, is rendered here, on
// the UI thread that owns GL. Ticked formats this terrain cannot give are
// left out and named in `skipped` ("; skipped <title>: <why>"), after the
// files' new name if the name asked for was taken ("; as <name>-2 because
// <file> existed"). Never throws:
// what stops the export before it starts (no terrain, a bad name or
// directory, nothing to write) is returned as the status line instead.
struct PreparedExport {
  std::optional<ExportJob> job;
  StatusLine status;    // when there is no job: why
  std::string skipped;  // for the status line when the job ends: renamed, skipped
};
PreparedExport prepareExport(const ExportState& exporting, const ShownTerrain& shown,
                             const WindowView& view, render::TerrainView& renderer);

// The status line for a finished export.
StatusLine exportStatus(const ExportOutcome& outcome, const std::string& skipped);

// The Export window's buttons, once a frame after the panel: starts a job
// (in the background) or cancels it. Returns whether a job started this
// frame (so the window remembers its folder).
bool driveExport(ExportState& exporting, const ShownTerrain& shown, const WindowView& view,
                 const PanelActions& actions, ExportWorker& worker, render::TerrainView& renderer);

// The export worker's news, before the panel draws (a frame that learns the
// job ended must draw its outcome: the window then sleeps until input):
// its progress for the bar and, when it ends, what was written, cancelled
// or failed on the status line. Returns whether a job ended.
bool followExport(ExportState& exporting, ExportWorker& worker);

// Where exports go, absolute.
std::filesystem::path exportDirectory(const ExportState& exporting);

}  // namespace terrain::app
