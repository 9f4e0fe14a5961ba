#include "app/export_panel.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <exception>
#include <string>
#include <string_view>

#include "app/panel_widgets.hpp"
#include "app/window_export.hpp"
#include "core/export/engine_package.hpp"
#include "core/export/engine_size.hpp"
#include "core/export/outputs.hpp"
#include "core/nodes/registry.hpp"

namespace terrain::app {
namespace {

// What an engine size will do to the terrain on screen, in the designer's
// words: "generated again at 1025 (the map on screen is 513), cropped to
// 1009 x 1009"; throws InputError when the source cannot make it.
std::string fitPlan(const ExportState& e, const ShownTerrain& shown, const EngineSize& size) {
  const Document sized = documentForSide(shown.doc, size.side);
  const int generated = documentSize(sized);
  const int onScreen = documentSize(shown.doc);
  std::string plan = generated == onScreen
                         ? "the map on screen (" + std::to_string(onScreen) + ")"
                         : "generated again at " + std::to_string(generated) +
                               " (the map on screen is " + std::to_string(onScreen) + ")";
  const std::string side = std::to_string(size.side) + "x" + std::to_string(size.side);
  if (generated == size.side) return plan + ", as it is";
  return plan + (e.fit == FitMode::Crop ? ", cropped to its north-west " + side
                                        : ", resampled to " + side);
}

// The engine size combo ("map size as is", Unreal's sizes, Unity's) and,
// with one chosen, crop or resample and what that will do.
void engineSizeSection(ExportState& e, const ShownTerrain& shown) {
  const bool profile = shown.field ? shown.field->isProfile() : isProfile(shown.doc);
  const EngineSize* chosen = nullptr;
  for (const EngineSize& size : engineSizes()) {
    if (size.key == e.engineSize) chosen = &size;
  }
  ImGui::BeginDisabled(profile);
  const std::string preview = chosen == nullptr ? "map size as is" : engineSizeLabel(*chosen);
  if (ImGui::BeginCombo("Engine size", preview.c_str())) {
    if (ImGui::Selectable("map size as is", chosen == nullptr)) e.engineSize.clear();
    std::string_view engine;
    for (const EngineSize& size : engineSizes()) {
      if (size.engine != engine) ImGui::Separator();
      engine = size.engine;
      if (ImGui::Selectable(engineSizeLabel(size).c_str(), &size == chosen)) {
        e.engineSize = std::string(size.key);
      }
    }
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  tooltip(profile ? std::string("A profile is not a map: it has no engine size")
                  : "A side Unreal (recommended landscape sizes) or Unity (2^n + 1) imports as "
                    "it is; the sidecar says how the map was brought to it");
  if (chosen == nullptr || profile) return;
  int fit = static_cast<int>(e.fit);
  ImGui::RadioButton("crop", &fit, static_cast<int>(FitMode::Crop));
  tooltip("Keep the cells and metres per cell; the world shrinks a little");
  ImGui::SameLine();
  ImGui::RadioButton("resample", &fit, static_cast<int>(FitMode::Resample));
  tooltip("Keep the whole world; cells grow a little (bilinear)");
  e.fit = static_cast<FitMode>(fit);
  try {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kDim, "%s", fitPlan(e, shown, *chosen).c_str());
    ImGui::PopTextWrapPos();
  } catch (const std::exception& ex) {
    ImGui::PopTextWrapPos();
    statusLine({ex.what(), false});
  }
}

// The Export window's engines: the label and the format each imports.
struct EngineChoice {
  const char* label;
  std::string_view key;      // core/export/engine_package.hpp's; "" = custom
  std::string_view imports;  // the format ticked when it is chosen
};
constexpr EngineChoice kEngineChoices[] = {{"custom", "", ""},
                                           {"Unreal", "unreal", "heightmap"},
                                           {"Unity", "unity", "r16"},
                                           {"Godot", "godot", "terrain3d-height"},
                                           {"Blender", "blender", "glb"}};

// Why the engine would refuse this export ("" when it takes it): the
// package applied to the ticked formats as the Export button would.
std::string engineRefusal(const ExportState& e, const ShownTerrain& shown) {
  ExportPlan plan;
  if (!e.engineSize.empty()) plan.engineSize = &engineSize(e.engineSize);
  for (const OutputFormat& format : outputFormats()) {
    if (std::ranges::find(e.formats, format.key) == e.formats.end()) continue;
    plan.outputs.push_back(
        {&format, "export" + std::string(format.fileSuffix), formatOptions(e, format)});
  }
  try {
    applyEnginePackage(plan, shown.doc, e.engine);
  } catch (const std::exception& ex) {
    return ex.what();
  }
  return {};
}

// "For": the engine the files are for, as `export --for` packages them (the
// files it imports, named as it expects), with its rules and, when this
// export breaks one, why.
void engineSection(ExportState& e, const ShownTerrain& shown) {
  const EngineChoice* chosen = &kEngineChoices[0];
  for (const EngineChoice& c : kEngineChoices) {
    if (c.key == e.engine) chosen = &c;
  }
  if (ImGui::BeginCombo("For", chosen->label)) {
    for (const EngineChoice& c : kEngineChoices) {
      if (!ImGui::Selectable(c.label, &c == chosen)) continue;
      e.engine = std::string(c.key);
      // The file it imports, ticked: what --for asks to be named.
      if (!c.imports.empty() && std::ranges::find(e.formats, c.imports) == e.formats.end() &&
          !(c.key == "unreal" && std::ranges::find(e.formats, "r16") != e.formats.end())) {
        e.formats.emplace_back(c.imports);
      }
    }
    ImGui::EndCombo();
  }
  tooltip(
      "The files an engine imports in one action, named and laid out as it expects (as "
      "`terrain-explorer export --for` writes them); custom: the ticked formats alone");
  if (e.engine.empty()) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(kDim, "%s", engineRules(e.engine).c_str());
  ImGui::PopTextWrapPos();
  if (const std::string why = engineRefusal(e, shown); !why.empty()) statusLine({why, false});
}

// The running export's bar (what it writes, how far) and its Cancel
// button; returns whether Cancel was pressed.
bool progressRow(const ExportState& e) {
  const float fraction = e.progress ? e.progress->fraction : 0.0f;
  const std::string label = e.cancelling ? std::string("cancelling...")
                            : e.progress ? e.progress->what
                                         : std::string("starting");
  const ImGuiStyle& style = ImGui::GetStyle();
  const float button = ImGui::CalcTextSize("Cancel").x + 2.0f * style.FramePadding.x;
  ImGui::ProgressBar(fraction, ImVec2(-(button + style.ItemSpacing.x), 0.0f), label.c_str());
  ImGui::SameLine();
  ImGui::BeginDisabled(e.cancelling);
  const bool cancel = ImGui::Button("Cancel");
  ImGui::EndDisabled();
  tooltip(
      "Stop now: the file being written is discarded (a file it would replace stays as it "
      "was); files already written stay");
  return cancel;
}

bool isChosen(const ExportState& e, std::string_view key) {
  return std::ranges::find(e.formats, key) != e.formats.end();
}

// Every format of the table with its options; the formats this terrain
// cannot give are greyed out with the reason.
void formatList(ExportState& e, const ShownTerrain& shown) {
  for (const OutputFormat& f : outputFormats()) {
    bool on = isChosen(e, f.key);
    const std::string label = std::string(f.title) + "##" + std::string(f.key);
    // A format this terrain cannot give (a flow mask without erosion) is
    // greyed out with the reason; the export skips it and says so.
    std::string why;
    if (shown.field && f.unavailable != nullptr) {
      why = f.unavailable(OutputInput{shown.doc, *shown.field, shown.ramp, {}});
    }
    ImGui::BeginDisabled(!why.empty());
    if (ImGui::Checkbox(label.c_str(), &on)) {
      if (on) {
        e.formats.emplace_back(f.key);
      } else {
        std::erase(e.formats, std::string(f.key));
      }
    }
    ImGui::EndDisabled();
    tooltip(why.empty() ? "<name>" + std::string(f.fileSuffix) + ": " + std::string(f.help) : why);
    if (on && !f.options.infos.empty()) {  // the format's own options, from its metadata
      ImGui::Indent();
      ImGui::PushID(f.key.data(), f.key.data() + f.key.size());
      ParamValues& values = formatOptions(e, f);
      for (std::size_t i = 0; i < f.options.infos.size(); ++i) {
        paramWidget(f.options.infos[i], values[i], f.options.infos[i].max, {});
      }
      ImGui::PopID();
      ImGui::Unindent();
    }
    if (f.needs == OutputNeeds::Window) {
      ImGui::SameLine();
      ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.45f);
      ImGui::SliderInt("px", &e.viewWidth, 256, 4096, "%d", ImGuiSliderFlags_AlwaysClamp);
      tooltip("Width of the rendered view; its height follows the view's shape");
    }
  }
}

// The directory field, and beside it "Browse..." for the window's own file
// browser (app/file_browser.hpp).
void directoryRow(ExportState& e) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* browse = "Browse...";
  const float button = ImGui::CalcTextSize(browse).x + 2.0f * style.FramePadding.x;
  // The field, the button and the label fill what one labelled item does,
  // so "Directory" lines up with the labels below.
  ImGui::SetNextItemWidth(std::max(ImGui::CalcItemWidth() - button - style.ItemInnerSpacing.x,
                                   ImGui::GetFontSize() * 4.0f));
  ImGui::InputText("##directory", &e.directory);
  tooltip("Where the files go (absolute, or relative to where the explorer was started)");
  ImGui::SameLine(0.0f, style.ItemInnerSpacing.x);
  e.browseFolder |= ImGui::Button(browse);
  tooltip("Choose the folder in the file browser");
  ImGui::SameLine(0.0f, style.ItemInnerSpacing.x);
  ImGui::TextUnformatted("Directory");
}

// Where, under which name, at which size; the Export button and, while an
// export runs, its progress and Cancel; then the formats, scrolling on
// their own, so the button and the bar stay in sight however many are ticked.
PanelActions exportSection(ExportState& e, const ShownTerrain& shown) {
  PanelActions a;
  directoryRow(e);
  const std::string fallback = defaultExportStem(e, shown);
  ImGui::InputTextWithHint("File name", fallback.c_str(), &e.stem);
  tooltip("Without extension; empty = " + fallback +
          ". Files are never replaced: when a name is taken the export takes the next free "
          "one (<name>-2, -3, ...) and says so");
  engineSection(e, shown);
  engineSizeSection(e, shown);
  ImGui::Checkbox("Sidecar JSON", &e.sidecar);
  tooltip(
      "<first file>.json: sizes, metres per cell, height range, each file's format and the "
      "engine settings (Unreal Z and X/Y scale, Unity terrain size)");
  ImGui::BeginDisabled(!shown.field || e.formats.empty() || e.running);
  a.exportNow = ImGui::Button("Export");
  ImGui::EndDisabled();
  tooltip(e.running ? "An export is under way: wait for it, or cancel it"
                    : "Write the ticked formats of the terrain on screen, in the background");
  if (e.running) {
    ImGui::SameLine();
    a.cancelExport = progressRow(e);
  } else {
    statusLine(e.status);
  }
  ImGui::Separator();
  ImGui::BeginChild("formats");
  formatList(e, shown);
  ImGui::EndChild();
  return a;
}

}  // namespace

std::string engineSizeLabel(const EngineSize& size) {
  return std::string(size.engine) + " " + std::to_string(size.side);
}

PanelActions drawExportWindow(ExportState& e, const ShownTerrain& shown, float panelWidth) {
  PanelActions a;
  if (!e.open) return a;
  ImGui::SetNextWindowPos(ImVec2(panelWidth + 12.0f, 12.0f), ImGuiCond_Appearing);
  const float tallest = ImGui::GetIO().DisplaySize.y - 24.0f;
  ImGui::SetNextWindowSize(ImVec2(panelWidth * 1.15f, std::min(tallest, panelWidth * 2.2f)),
                           ImGuiCond_Appearing);
  if (ImGui::Begin("Export", &e.open,
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse)) {
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 6.0f);
    a = exportSection(e, shown);
    ImGui::PopItemWidth();
  }
  ImGui::End();
  return a;
}

ExportSettings exportSettingsOf(const ExportState& e) {
  ExportSettings out;
  out.formats = e.formats;
  for (const auto& [key, values] : e.formatOptions) {
    const OutputFormat* format = findOutputFormat(key);
    if (format != nullptr && values != format->options.defaults) out.formatOptions[key] = values;
  }
  std::error_code ec;
  const auto here = std::filesystem::current_path(ec);
  if (!e.directory.empty() && (ec || exportDirectory(e) != here)) out.folder = e.directory;
  out.name = e.stem;
  out.sidecar = e.sidecar;
  out.viewWidth = e.viewWidth;
  out.engineSize = e.engineSize;
  out.resample = e.fit == FitMode::Resample;
  out.engine = e.engine;
  return out;
}

void applyExportSettings(const ExportSettings& s, ExportState& e) {
  e.formats = s.formats;
  e.formatOptions.clear();
  for (const auto& [key, values] : s.formatOptions) e.formatOptions[key] = values;
  // A folder that is not there is kept, and said (the export refuses it
  // until it exists), so a save does not silently forget it; one the
  // project could not set is said too.
  if (!s.folder.empty()) e.directory = s.folder;
  if (!s.folderNote.empty()) e.status = {s.folderNote, false};
  e.stem = s.name;
  e.sidecar = s.sidecar;
  e.viewWidth = s.viewWidth;
  e.engineSize = s.engineSize;
  e.fit = s.resample ? FitMode::Resample : FitMode::Crop;
  e.engine = s.engine;
}

void syncExportSettings(Document& doc, ExportState& e, ExportSettings& synced) {
  if (doc.exports != synced && doc.exports != ExportSettings{}) {
    applyExportSettings(doc.exports, e);
  }
  doc.exports = exportSettingsOf(e);
  synced = doc.exports;
}

}  // namespace terrain::app
