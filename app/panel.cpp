#include "app/panel.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "app/param_input.hpp"

namespace terrain::app {
namespace {

const ImVec4 kGreen{0.45f, 0.85f, 0.45f, 1.0f};
const ImVec4 kRed{1.0f, 0.42f, 0.38f, 1.0f};
const ImVec4 kDim{0.65f, 0.65f, 0.70f, 1.0f};

void tooltip(std::string_view text) {
  if (!text.empty() && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%.*s", static_cast<int>(text.size()), text.data());
  }
}

void statusLine(const StatusLine& s) {
  if (s.text.empty()) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(s.ok ? kGreen : kRed, "%s", s.text.c_str());
  ImGui::PopTextWrapPos();
}

std::string helpWithUnit(const ParamInfo& info) {
  std::string help(info.help);
  if (!info.unit.empty()) help += " (" + std::string(info.unit) + ")";
  return help;
}

std::string generatorLabel(GeneratorId id) {
  const auto& g = generatorInfo(id);
  return std::string(g.article) + "  " + std::string(g.title);
}

bool generatorCombo(AppState& s) {
  bool changed = false;
  const std::string preview = generatorLabel(s.spec.generator);
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::BeginCombo("##generator", preview.c_str(), ImGuiComboFlags_HeightLarge)) {
    for (const GeneratorId id : kAllGenerators) {
      const bool selected = id == s.spec.generator;
      if (ImGui::Selectable(generatorLabel(id).c_str(), selected) && !selected) {
        s.spec = switchGenerator(s.spec, id);
        changed = true;
      }
      if (selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
  tooltip("Article " + std::string(generatorInfo(s.spec.generator).article) + ": " +
          std::string(articlePresetSummary(s.spec.generator)));
  return changed;
}

bool seedInput(AppState& s, const ParamDesc& desc) {
  bool changed = false;
  const float dice = ImGui::GetFrameHeight() * 2.2f;
  ImGui::SetNextItemWidth(ImGui::CalcItemWidth() - dice - ImGui::GetStyle().ItemInnerSpacing.x);
  std::uint64_t seed = s.spec.seed;
  const std::uint64_t step = 1;
  if (ImGui::InputScalar("##seed", ImGuiDataType_U64, &seed, &step, nullptr, "%llu")) {
    s.spec.seed = seed;
    changed = true;
  }
  tooltip(helpWithUnit(desc.info));
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  if (ImGui::Button("Dice", ImVec2(dice, 0.0f))) {
    std::random_device rd;
    s.spec.seed = rd() % 1000000U;
    changed = true;
  }
  tooltip("A random seed (or click the view / press R for the next seed)");
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::TextUnformatted(std::string(desc.info.label).c_str());
  return changed;
}

bool sizeCombo(AppState& s, const ParamDesc& desc) {
  bool changed = false;
  const bool profile = generatorInfo(s.spec.generator).profile;
  auto label = [&](int size) {
    return profile ? std::to_string(size) + " points"
                   : std::to_string(size) + " x " + std::to_string(size);
  };
  if (ImGui::BeginCombo(std::string(desc.info.label).c_str(), label(s.spec.size).c_str())) {
    for (const int size : suggestedSizes(s.spec.generator)) {
      const bool selected = size == s.spec.size;
      if (ImGui::Selectable(label(size).c_str(), selected) && !selected) {
        s.spec.size = size;
        changed = true;
      }
      if (selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
  tooltip(helpWithUnit(desc.info) + "; " + sizeRuleText(s.spec.generator));
  return changed;
}

bool choiceCombo(AppState& s, const ParamDesc& desc) {
  bool changed = false;
  const std::string label(desc.info.label);
  const auto current = static_cast<std::size_t>(desc.get(s.spec));
  const std::string preview = formatValue(desc, desc.get(s.spec));
  if (ImGui::BeginCombo(label.c_str(), preview.c_str())) {
    for (std::size_t i = 0; i < desc.info.choices.size(); ++i) {
      const std::string name(desc.info.choices[i]);
      if (ImGui::Selectable(name.c_str(), i == current) && i != current) {
        desc.set(s.spec, static_cast<double>(i));
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  tooltip(helpWithUnit(desc.info));
  return changed;
}

// Integer and Real parameters: a slider over the metadata's range (ctrl-click
// types a value; AlwaysClamp keeps it in range, applyPanelValue keeps NaN out).
bool numberSlider(AppState& s, const ParamDesc& desc) {
  const ParamInfo& info = desc.info;
  const std::string label(info.label);
  ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp;
  if (info.logarithmic) flags |= ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_NoRoundToFormat;
  double value = desc.get(s.spec);
  bool edited = false;
  if (info.type == ParamType::Integer) {
    int lo = static_cast<int>(info.min);
    int hi = static_cast<int>(info.max);
    std::string format = info.unit.empty() ? "%d" : "%d " + std::string(info.unit);
    if (info.key == "iterations") {
      // The size holds levelsFor(spec) levels; more means "all".
      const int levels = levelsFor(s.spec);
      if (levels > 0) {
        hi = levels;
        if (value >= levels) format = "all (%d " + std::string(info.unit) + ")";
      }
    }
    int v = static_cast<int>(std::clamp(value, static_cast<double>(lo), static_cast<double>(hi)));
    edited = ImGui::SliderInt(label.c_str(), &v, lo, hi, format.c_str(), flags);
    value = v;
  } else {
    const double lo = info.min;
    const double hi = info.max;
    const char* format = hi - lo <= 10.0 ? "%.3f" : "%.1f";
    double v = value;
    edited = ImGui::SliderScalar(label.c_str(), ImGuiDataType_Double, &v, &lo, &hi, format, flags);
    value = v;
  }
  tooltip(helpWithUnit(info));
  return edited && applyPanelValue(s.spec, desc, value);  // NaN, inf, out of range: ignored
}

bool parameterWidgets(AppState& s) {
  bool changed = false;
  for (const ParamDesc* desc : parametersFor(s.spec.generator)) {
    ImGui::PushID(desc);
    const std::string_view idle = desc->idleFor(s.spec);
    ImGui::BeginDisabled(!idle.empty());
    if (desc->info.type == ParamType::Seed) {
      changed |= seedInput(s, *desc);
    } else if (desc->info.key == "size") {
      changed |= sizeCombo(s, *desc);
    } else if (desc->info.type == ParamType::Choice) {
      changed |= choiceCombo(s, *desc);
    } else {
      changed |= numberSlider(s, *desc);
    }
    ImGui::EndDisabled();
    if (!idle.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
      ImGui::SetTooltip("%.*s", static_cast<int>(idle.size()), idle.data());
    }
    ImGui::PopID();
  }
  return changed;
}

bool presetButtons(AppState& s) {
  bool changed = false;
  ImGui::TextColored(kDim, "As in article");
  for (const GeneratorId id : kAllGenerators) {
    const auto& g = generatorInfo(id);
    ImGui::SameLine();
    const std::string label = std::string(g.article) + "##preset";
    if (ImGui::Button(label.c_str())) {
      const std::uint64_t seed = s.spec.seed;
      s.spec = articlePreset(id);
      s.spec.seed = seed;
      changed = true;
    }
    tooltip(std::string(g.title) + ": " + std::string(articlePresetSummary(id)));
  }
  return changed;
}

PanelActions rampSection(AppState& s) {
  PanelActions a;
  std::string preview = s.rampPng.empty() ? s.rampName : s.ramp.name();
  if (s.rampPng.empty() && s.rampName == kAutoRamp) {
    preview = "auto (" + resolvedRampName(s) + ")";
  }
  if (ImGui::BeginCombo("Colour ramp", preview.c_str())) {
    std::vector<std::string_view> names{kAutoRamp};
    for (const auto name : builtinRampNames()) names.push_back(name);
    for (const auto name : names) {
      const bool selected = s.rampPng.empty() && name == s.rampName;
      if (ImGui::Selectable(std::string(name).c_str(), selected) && !selected) {
        s.rampName = std::string(name);
        s.rampPng.clear();
        s.rampStatus = {};
        a.rampChanged = true;
      }
    }
    ImGui::EndCombo();
  }
  tooltip("auto: the applet's sea and land for coastlines, earth for the rest (as export)");
  const float button = ImGui::CalcTextSize("Load").x + ImGui::GetStyle().FramePadding.x * 2.0f;
  ImGui::SetNextItemWidth(ImGui::CalcItemWidth() - button - ImGui::GetStyle().ItemInnerSpacing.x);
  const bool enter = ImGui::InputTextWithHint("##rampPath", "path/to/ramp.png", &s.rampPathInput,
                                              ImGuiInputTextFlags_EnterReturnsTrue);
  tooltip("A 1xN or Nx1 PNG: the first pixel is the lowest land (article 000's gradient)");
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  if ((ImGui::Button("Load") || enter) && !s.rampPathInput.empty()) {
    s.rampPng = s.rampPathInput;
    a.rampChanged = true;
  }
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::TextUnformatted("Ramp PNG");
  statusLine(s.rampStatus);
  return a;
}

PanelActions viewSection(AppState& s) {
  PanelActions a;
  auto& v = s.viewSettings;
  const bool profile = generatorInfo(s.spec.generator).profile;
  auto radio = [&](const char* label, ViewChoice choice, bool enabled) {
    ImGui::BeginDisabled(!enabled);
    if (ImGui::RadioButton(label, enabled ? s.view == choice : choice == ViewChoice::Side)) {
      s.view = choice;
    }
    ImGui::EndDisabled();
    if (!enabled && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
      ImGui::SetTooltip("A profile has only a side view");
    }
  };
  radio("Side (1)", ViewChoice::Side, true);
  ImGui::SameLine();
  radio("Map (2)", ViewChoice::Map, !profile);
  ImGui::SameLine();
  radio("3D (3)", ViewChoice::Mesh, !profile);

  const auto kind = effectiveViewKind(s);
  if (kind == render::ViewKind::Side && !profile && s.field) {
    const int rows = s.field->height;
    int row = render::crossSectionRow(v.crossSection, rows);
    if (ImGui::SliderInt("Cross-section row", &row, 0, rows - 1, "%d",
                         ImGuiSliderFlags_AlwaysClamp)) {
      v.crossSection = render::crossSectionFraction(row, rows);
    }
    tooltip("The heightmap row shown from the side; it is marked on the map view");
  } else if (kind == render::ViewKind::Map) {
    if (ImGui::Checkbox("Hillshade", &v.hillshade)) s.hillshadeChosen = true;
    tooltip(
        "Slope shading from a north-west sun; off by default for class maps (the applet's flat "
        "tiles)");
    tooltip("Light from the north-west, so slopes read as relief");
    ImGui::SameLine();
    if (ImGui::Button("Fit map")) {
      v.mapZoom = 1.0f;
      v.mapCenter = glm::vec2(0.5f);
    }
    ImGui::SameLine();
    ImGui::TextColored(kDim, "zoom %.1fx", static_cast<double>(v.mapZoom));
  } else if (kind == render::ViewKind::Mesh) {
    ImGui::SliderFloat("Exaggeration", &v.exaggeration, 0.02f, 1.0f, "%.2f",
                       ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_Logarithmic);
    tooltip("Height of the highest point, in map widths");
    if (!std::isfinite(v.exaggeration)) v.exaggeration = 0.25f;
    ImGui::Checkbox("Wireframe", &v.wireframe);
    ImGui::SameLine();
    ImGui::Checkbox("Isometric", &v.camera.isometric);
    tooltip("Orthographic projection, as article 004 draws it");
    ImGui::SameLine();
    a.resetView = ImGui::Button("Reset view");
  }
  return a;
}

void statsSection(const AppState& s) {
  if (!s.field) {
    ImGui::TextColored(kDim, s.generating ? "generating..." : "no terrain yet");
    return;
  }
  const auto& f = *s.field;
  const std::string size = f.isProfile() ? std::to_string(f.width) + " points"
                                         : std::to_string(f.width) + "x" + std::to_string(f.height);
  ImGui::Text("%s   generated in %.1f ms", size.c_str(), s.generateMs);
  tooltip("Generation + statistics on the worker thread; 'on screen' is request to drawn frame");
  ImGui::Text("on screen after %.1f ms   frame %.1f ms", s.regenToFrameMs, s.frameMs);
  if (!f.isProfile() && s.displayedSide > 0 && s.displayedSide < f.width) {
    ImGui::TextColored(kDim, "shown at %d (GPU texture limit %d); exports keep all %d",
                       s.displayedSide, s.gpuTextureLimit, f.width);
  }
  ImGui::Text("height min %.3f  mean %.3f  max %.3f", static_cast<double>(s.stats.min),
              s.stats.mean, static_cast<double>(s.stats.max));
  ImGui::PlotHistogram("##histogram", s.histogram.data(), kHistogramBins, 0, nullptr, 0.0f, FLT_MAX,
                       ImVec2(ImGui::GetContentRegionAvail().x, 48.0f));
  tooltip("Cells per height, 64 bins from 0 (left) to 1 (right)");
}

PanelActions exportSection(AppState& s) {
  PanelActions a;
  auto& e = s.exporting;
  if (!ImGui::CollapsingHeader("Export PNG...")) return a;
  ImGui::InputText("Directory", &e.directory);
  const std::string fallback = defaultExportStem(s.shownSpec);
  ImGui::InputTextWithHint("File name", fallback.c_str(), &e.stem);
  tooltip("Without extension; empty = " + fallback);
  ImGui::Checkbox("16-bit heightmap", &e.heightmap16);
  tooltip("<name>-height16.png: grey, 0..65535 = the normalised heights");
  ImGui::Checkbox("Colour map", &e.colorMap);
  tooltip("<name>-color.png: the map image (heightmaps) or the side view (profiles)");
  ImGui::Checkbox("Current view at", &e.viewImage);
  tooltip("<name>-view.png: the view as drawn, rendered offscreen");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  ImGui::SliderInt("px wide", &e.viewWidth, 256, 4096, "%d", ImGuiSliderFlags_AlwaysClamp);
  ImGui::BeginDisabled(!s.field || !(e.heightmap16 || e.colorMap || e.viewImage));
  a.exportNow = ImGui::Button("Export");
  ImGui::EndDisabled();
  statusLine(e.status);
  return a;
}

void controlsSection(AppState& s) {
  ImGui::SetNextItemOpen(s.helpOpen, ImGuiCond_Always);
  s.helpOpen = ImGui::CollapsingHeader("Controls (H)");
  if (!s.helpOpen) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(
      "Click the view (no drag) or press R: next seed, a new terrain.\n"
      "1 / 2 / 3: side, map, 3D view.   F: reset camera and map zoom.\n"
      "Map: wheel zooms around the cursor, left-drag pans.\n"
      "3D: left-drag orbits, right- or middle-drag pans, wheel zooms.\n"
      "Sliders: drag, or ctrl-click to type a value.\n"
      "H: show or hide this help.");
  ImGui::PopTextWrapPos();
}

}  // namespace

std::string defaultExportStem(const TerrainSpec& spec) {
  return std::string(generatorInfo(spec.generator).key) + "-s" + std::to_string(spec.seed) + "-" +
         std::to_string(spec.size);
}

TerrainSpec switchGenerator(const TerrainSpec& spec, GeneratorId id) {
  TerrainSpec next = defaultSpec(id);
  next.seed = spec.seed;
  next.size = snapSize(id, spec.size);
  return next;
}

PanelActions drawPanel(AppState& s, float width, float height) {
  PanelActions a;
  ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("Terrain", nullptr, flags);
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 8.5f);  // room for the labels on the right

  ImGui::TextUnformatted("Terrain Explorer");
  ImGui::SameLine();
  if (s.generating) {
    ImGui::TextColored(kGreen, "generating...");
  } else {
    ImGui::TextColored(kDim, "seed %llu", static_cast<unsigned long long>(s.shownSpec.seed));
  }
  ImGui::Separator();

  a.specChanged |= generatorCombo(s);
  a.specChanged |= parameterWidgets(s);
  if (!s.generateError.empty()) statusLine({s.generateError, false});
  a.specChanged |= presetButtons(s);

  ImGui::Separator();
  const PanelActions ramp = rampSection(s);
  a.rampChanged = ramp.rampChanged;
  ImGui::Separator();
  a.resetView = viewSection(s).resetView;

  ImGui::Separator();
  statsSection(s);
  ImGui::Separator();
  a.exportNow = exportSection(s).exportNow;
  controlsSection(s);
  if (!s.settingsNote.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kDim, "%s", s.settingsNote.c_str());
    ImGui::PopTextWrapPos();
  }

  ImGui::PopItemWidth();
  ImGui::End();
  return a;
}

}  // namespace terrain::app
