#pragma once
// Export from the window: every format of core/outputs.hpp the panel ticks,
// with the options it shows, written atomically side by side as
// <stem><format suffix>, by the same writers as `terrain-explorer export`;
// the rendered view offscreen; the sidecar JSON beside the first file.
#include <filesystem>

#include "app/app_state.hpp"
#include "core/outputs.hpp"
#include "render/terrain_view.hpp"

namespace terrain::app {

// The option values the panel holds for a format, its defaults until the
// panel changed one.
ParamValues& formatOptions(ExportPanelState& e, const OutputFormat& format);
ParamValues formatOptions(const ExportPanelState& e, const OutputFormat& format);

// Never throws: the result (files written, or what went wrong) is returned
// for the panel.
StatusLine exportFromWindow(const AppState& state, render::TerrainView& view);

// Where exports go, absolute.
std::filesystem::path exportDirectory(const AppState& state);

}  // namespace terrain::app
