#pragma once
// The Export window: every format of the one output table (core/export/outputs.hpp)
// with its options, the directory and file name, an engine size, and,
// while an export runs in the background, its progress and a Cancel button.
#include "app/export_state.hpp"
#include "app/panel.hpp"
#include "app/shown_terrain.hpp"

namespace terrain::app {

// Draws the Export window when it is open, beside the panel (panelWidth in
// ImGui units), for the terrain on screen; reports Export and Cancel presses.
PanelActions drawExportWindow(ExportState& exporting, const ShownTerrain& shown, float panelWidth);

// "Unreal 1009", "Unity 4097": an engine size as the combo names it.
std::string engineSizeLabel(const EngineSize& size);

}  // namespace terrain::app
