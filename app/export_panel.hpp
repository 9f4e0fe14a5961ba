#pragma once
// The Export window: every format of the one output table (core/outputs.hpp)
// with its options, the directory and file name, an engine size, and,
// while an export runs in the background, its progress and a Cancel button.
#include "app/app_state.hpp"
#include "app/panel.hpp"

namespace terrain::app {

// Draws the window when state.exporting.open, beside the panel (panelWidth
// in ImGui units); reports Export and Cancel presses.
PanelActions drawExportWindow(AppState& state, float panelWidth);

// "Unreal 1009", "Unity 4097": an engine size as the combo names it.
std::string engineSizeLabel(const EngineSize& size);

}  // namespace terrain::app
