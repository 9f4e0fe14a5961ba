#pragma once
// The ImGui widgets the panel and the Export window share: tooltips,
// status lines, the colours they use and a parameter's widget drawn from
// its metadata.
#include <imgui.h>

#include <string_view>

#include "app/status_line.hpp"
#include "core/base/param_info.hpp"
#include "core/nodes/registry.hpp"

namespace terrain::app {

inline const ImVec4 kGreen{0.45f, 0.85f, 0.45f, 1.0f};
inline const ImVec4 kRed{1.0f, 0.42f, 0.38f, 1.0f};
inline const ImVec4 kDim{0.65f, 0.65f, 0.70f, 1.0f};

// A tooltip for the last item, shown when the mouse rests on it (never
// while a slider is dragged); nothing for empty text.
void tooltip(std::string_view text);
// The message in green (ok) or red, wrapped; nothing when empty.
void statusLine(const StatusLine& s);
// One parameter: slider, combo or checkbox from its metadata; greyed out
// with `idle` as the reason when that is not empty. `source`: a source's
// size gets the sizes its grid allows. `world`: a height (ParamInfo::height)
// is shown in its metres. Returns whether the value changed.
bool paramWidget(const ParamInfo& info, double& slot, double dynamicMax, std::string_view idle,
                 const SourceStage* source = nullptr, const World* world = nullptr);
// Every parameter of the stage, each greyed out with its idle reason.
bool stageParams(const Stage& stage, ParamValues& values, const SourceStage* source = nullptr,
                 const World* world = nullptr);

}  // namespace terrain::app
