#include "app/overlay_panel.hpp"

#include <imgui.h>

#include <string>

#include "app/instance_view.hpp"
#include "app/panel_widgets.hpp"
#include "core/document/document.hpp"
#include "core/look/masks.hpp"

namespace terrain::app {
namespace {

// The splat overlay's key: each material's colour, the same in both views.
void splatLegend(const WindowView& view) {
  const float side = ImGui::GetTextLineHeight();
  for (std::size_t i = 0; i < kMaterialCount; ++i) {
    const glm::vec3 c = view.settings.materialColors[i];
    const std::string name(kMaterialNames[i]);
    if (i > 0) ImGui::SameLine();
    ImGui::ColorButton(name.c_str(), ImVec4(c.r, c.g, c.b, 1.0f),
                       ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoDragDrop,
                       ImVec2(side, side));
    ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::TextUnformatted(name.c_str());
  }
  tooltip(
      "The splat map's materials blended by their weights (the look's rules: rock slope, "
      "snow line, sediment flow, wet ground)");
}

// A view setting, not the document's: how a mask reads best depends on
// the terrain under it.
void maskInGreys(WindowView& view) {
  ImGui::Checkbox("Greys", &view.settings.overlayGrey);
  tooltip(
      "Draw the mask as greys (0 black .. 1 white) over the land instead of a translucent "
      "colour");
}

// The scattered instances, switched for both views at once (a view
// setting, not the document's), with each species' colour as its key.
void instancesToggle(const InstanceSet& set, WindowView& view) {
  bool on = view.settings.showInstances || view.settings.instanceDots;
  if (ImGui::Checkbox("Instances", &on)) {
    view.settings.showInstances = view.settings.instanceDots = on;
  }
  tooltip(
      "The Scatter nodes' instances: shapes in 3D (far ones as dots), a dot each over the map "
      "in its species' colour");
  if (!on) return;
  const std::vector<render::InstanceLook> looks = instanceLooks(set);
  const float side = ImGui::GetTextLineHeight();
  for (std::size_t i = 0; i < looks.size(); ++i) {
    const glm::vec3 c = looks[i].color;
    if (i > 0) ImGui::SameLine();
    const std::string& name = set.species[i].name;
    ImGui::PushID(static_cast<int>(i));
    ImGui::ColorButton(name.empty() ? "species" : name.c_str(), ImVec4(c.r, c.g, c.b, 1.0f),
                       ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoDragDrop,
                       ImVec2(side, side));
    ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::TextUnformatted(name.c_str());
    ImGui::PopID();
  }
}

}  // namespace

// A mask or the splat map over the map or 3D view; masks this terrain lacks
// are greyed with why.
bool overlayCombo(Document& doc, const ShownTerrain& shown, WindowView& view) {
  if (shown.mask) {
    ImGui::TextColored(kDim, "The pinned mask, over the terrain");
    ImGui::SameLine();
    maskInGreys(view);
    return false;
  }
  const ParamInfo& info = viewTable().infos()[*viewTable().indexOf("overlay")];
  const MapOverlay current = doc.view.overlay;
  const auto nameOf = [&](MapOverlay o) {
    return std::string(info.choices[static_cast<std::size_t>(o)]);
  };
  bool changed = false;
  const auto offer = [&](MapOverlay choice, std::string_view why) {
    if (ImGui::Selectable(nameOf(choice).c_str(), current == choice,
                          why.empty() ? 0 : ImGuiSelectableFlags_Disabled) &&
        current != choice) {
      doc.view.overlay = choice;
      changed = true;
    }
    if (!why.empty()) tooltip(std::string(why));
  };
  if (ImGui::BeginCombo("Overlay", nameOf(current).c_str())) {
    offer(MapOverlay::None, {});
    for (std::size_t i = 0; i < maskNames().size(); ++i) {
      const auto kind = static_cast<MaskKind>(i);
      offer(maskOverlay(kind),
            shown.field ? maskUnavailable(*shown.field, kind) : "no terrain yet");
    }
    offer(MapOverlay::Splat, {});
    tooltip("The splat map's materials: grass, rock, sediment, snow, wet ground");
    ImGui::EndCombo();
  }
  tooltip(
      "Draw over the terrain: slope, what erosion recorded (flow, wear, deposition), or the "
      "splat map's materials (in 3D as they look: what the engine gets)");
  if (current == MapOverlay::Splat) splatLegend(view);
  if (overlayMask(current)) maskInGreys(view);
  if (shown.instances && !shown.instances->species.empty()) instancesToggle(*shown.instances, view);
  return changed;
}

}  // namespace terrain::app
