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

// The Export window's settings as the project keeps them, and back. The
// folder is kept only when it is not the one the explorer runs in, and a
// format's options only when they are not its defaults.
ExportSettings exportSettingsOf(const ExportState& exporting);
// A folder that is no longer there (a drive gone) is kept and the Export
// window says so; so does a folder the project file could not set.
void applyExportSettings(const ExportSettings& settings, ExportState& exporting);

// Once a frame, between the Export window and the document: settings a
// document brought (a project opened, the last session) go into the
// window; otherwise the window's go into the document, to be saved with it.
// A document that brings none (a preset, an older file) keeps the window's.
// `synced`: the settings after the last call.
void syncExportSettings(Document& doc, ExportState& exporting, ExportSettings& synced);

// "Unreal 1009", "Unity 4097": an engine size as the combo names it.
std::string engineSizeLabel(const EngineSize& size);

}  // namespace terrain::app
