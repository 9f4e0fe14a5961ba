#include "app/panel.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>

#include "app/export_panel.hpp"
#include "app/file_browser.hpp"
#include "app/graph_panel.hpp"
#include "app/overlay_panel.hpp"
#include "app/panel_widgets.hpp"
#include "app/param_input.hpp"
#include "app/settings.hpp"
#include "app/source_panel.hpp"
#include "app/window_export.hpp"
#include "core/base/quote.hpp"
#include "core/export/outputs.hpp"
#include "core/nodes/registry.hpp"

namespace terrain::app {

namespace {

// The vertical scale slider's range, times true scale.
constexpr double kLeastVerticalScale = 0.1;
constexpr double kMostVerticalScale = 20.0;

// ---- sections ----

// The next seeds at a glance: click one to take it.
bool gallerySection(const GalleryTextures& gallery, Document& doc) {
  bool changed = false;
  if (gallery.items().empty()) {
    ImGui::TextColored(kDim, "making previews of the next seeds...");
    return false;
  }
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float side = (ImGui::GetContentRegionAvail().x - 3.0f * spacing) / 4.0f - 2.0f;
  for (std::size_t i = 0; i < gallery.items().size(); ++i) {
    const GalleryItem& item = gallery.items()[i];
    if (i % 4 != 0) ImGui::SameLine();
    ImGui::PushID(static_cast<int>(i));
    const float aspect =
        item.width > 0 ? static_cast<float>(item.height) / static_cast<float>(item.width) : 1.0f;
    const ImTextureID texture =
        reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(item.texture));
    if (ImGui::ImageButton(texture, ImVec2(side, side * aspect), ImVec2(0, 0), ImVec2(1, 1), 1)) {
      doc.seed = item.seed;
      changed = true;
    }
    tooltip("Seed " + std::to_string(item.seed) + ": click to take it (Ctrl+Z goes back)");
    ImGui::PopID();
  }
  return changed;
}

// The modifier stack, a linear graph's nodes after its source: each stage
// can be switched off, moved, removed.
bool modifierSection(Document& doc) {
  bool changed = false;
  ImGui::TextColored(kDim, "Modifiers (run top to bottom)");
  std::vector<NodeId> order = chainOrder(doc.graph);
  const std::span<const NodeId> stack = std::span<const NodeId>(order).subspan(1);
  std::optional<std::size_t> remove;
  std::optional<std::pair<std::size_t, std::size_t>> swap;
  for (std::size_t i = 0; i < stack.size(); ++i) {
    GraphNode& m = *doc.graph.find(stack[i]);
    const ModifierStage* stage = findModifier(m.type);
    if (stage == nullptr) continue;
    ImGui::PushID(static_cast<int>(i));
    changed |= ImGui::Checkbox("##on", &m.enabled);
    tooltip("Switch this stage off without losing its settings");
    ImGui::SameLine();
    const bool open = ImGui::TreeNodeEx("##stage", ImGuiTreeNodeFlags_DefaultOpen, "%s",
                                        std::string(stage->title()).c_str());
    tooltip(stage->chainHelp());
    ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::GetFrameHeight() * 3.3f);
    ImGui::BeginDisabled(i == 0);
    if (ImGui::ArrowButton("##up", ImGuiDir_Up)) swap = {i - 1, i};
    ImGui::EndDisabled();
    ImGui::SameLine(0.0f, 2.0f);
    ImGui::BeginDisabled(i + 1 == stack.size());
    if (ImGui::ArrowButton("##down", ImGuiDir_Down)) swap = {i, i + 1};
    ImGui::EndDisabled();
    ImGui::SameLine(0.0f, 2.0f);
    if (ImGui::SmallButton("x")) remove = i;
    tooltip("Remove this stage");
    if (open) {
      ImGui::BeginDisabled(!m.enabled);
      changed |= stageParams(*stage, m.values, nullptr, &doc.world);
      ImGui::EndDisabled();
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
  if (swap) {
    std::swap(order[swap->first + 1], order[swap->second + 1]);
    relinkChain(doc.graph, order);
    changed = true;
  }
  if (remove) {
    order.erase(order.begin() + static_cast<std::ptrdiff_t>(*remove + 1));
    relinkChain(doc.graph, order);
    changed = true;
  }
  if (ImGui::BeginCombo("##add", "Add a stage...")) {
    for (const ModifierStage* stage : modifiers()) {
      if (isProfile(doc) && !stage->appliesToProfiles()) continue;
      if (ImGui::Selectable(std::string(stage->title()).c_str())) {
        appendModifier(doc.graph, stage->key());
        changed = true;
      }
      tooltip(stage->chainHelp());
    }
    ImGui::EndCombo();
  }
  return changed;
}

// Why a look parameter has no effect for this document; empty when it has.
std::string_view lookIdle(const Document& doc, std::string_view key) {
  const bool profile = isProfile(doc);
  if (key == "water" && isAppletSeaAndLand(doc) && resolvedRampName(doc) == "coastline") {
    return "A sea-and-land map is coloured by class: its sea is class 0 whatever the level";
  }
  if (key != "water" && profile) return "Profiles are drawn from the side, without shading";
  if ((key == "sun-azimuth" || key == "sun-elevation" || key == "relief") &&
      !resolvedHillshade(doc) && effectiveViewKind(doc) != ViewKind::Mesh) {
    return "Hillshade is off";
  }
  return {};
}

// The world's scale; metres per cell follow from the width and the size.
bool worldSection(Document& doc, const ShownTerrain& shown) {
  bool changed = false;
  const ParamTable<World>& table = worldTable();
  for (std::size_t i = 0; i < table.size(); ++i) {
    const ParamInfo& info = table.infos()[i];
    double value = table.get(doc.world, i);
    if (paramWidget(info, value, info.max, {})) {
      table.set(doc.world, i, value);
      changed = true;
    }
  }
  if (shown.field && !shown.field->isProfile()) {
    const Heightfield& f = *shown.field;
    ImGui::TextColored(kDim, "%.2f m per cell at %d x %d",
                       metresPerCell(doc.world, f.width, f.wraps), f.width, f.height);
  }
  return changed;
}

bool lookSection(Document& doc, EditorState& editor, const ShownTerrain& shown) {
  bool changed = false;
  const ParamTable<Look>& table = lookTable();
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (table.isText(i)) continue;  // the ramp: its own widget below
    const ParamInfo& info = table.infos()[i];
    double value = table.get(doc.look, i);
    // Water level and snow line in metres (ParamInfo::height).
    if (paramWidget(info, value, info.max, lookIdle(doc, info.key), nullptr, &doc.world)) {
      table.set(doc.look, i, value);
      changed = true;
    }
  }
  // The ramp: built-in names, or a PNG; a failed load keeps the current one.
  const bool builtin = doc.look.ramp == "auto" || isBuiltinRamp(doc.look.ramp);
  std::string preview = builtin ? doc.look.ramp : shown.ramp.name();
  if (doc.look.ramp == "auto") preview = "auto (" + resolvedRampName(doc) + ")";
  if (ImGui::BeginCombo("Colour ramp", preview.c_str())) {
    std::vector<std::string_view> names{"auto"};
    for (const auto name : builtinRampNames()) names.push_back(name);
    for (const auto name : names) {
      const bool selected = name == doc.look.ramp;
      if (ImGui::Selectable(std::string(name).c_str(), selected) && !selected) {
        doc.look.ramp = std::string(name);
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  tooltip("auto: the applet's sea and land for coastline class maps, earth for the rest");
  const float button = ImGui::CalcTextSize("...Load").x + ImGui::GetStyle().FramePadding.x * 4.0f +
                       ImGui::GetStyle().ItemInnerSpacing.x;
  ImGui::SetNextItemWidth(ImGui::CalcItemWidth() - button - ImGui::GetStyle().ItemInnerSpacing.x);
  const bool enter =
      ImGui::InputTextWithHint("##rampPath", "path/to/ramp.png", &editor.rampPathInput,
                               ImGuiInputTextFlags_EnterReturnsTrue);
  tooltip("A 1xN or Nx1 PNG: the first pixel is the lowest land (article 000's gradient)");
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  if (ImGui::Button("...##ramp")) {
    openBrowser(editor.browser, BrowsePurpose::Ramp,
                editor.rampPathInput.empty() ? std::string() : editor.rampPathInput);
  }
  tooltip("Choose a ramp PNG in the file browser");
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  if ((ImGui::Button("Load") || enter) && !editor.rampPathInput.empty()) {
    std::error_code ec;
    const auto absolute = std::filesystem::absolute(editor.rampPathInput, ec);
    doc.look.ramp = ec ? editor.rampPathInput : absolute.string();
    changed = true;
  }
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::TextUnformatted("Ramp PNG");
  statusLine(shown.rampStatus);
  return changed;
}

// The 3D view's heights against its widths: 1 is true scale (metres over
// metres). The document keeps the exaggeration (height 1 in map widths),
// so a world's new width or range keeps the block's shape on screen.
bool verticalScaleSlider(ViewState& view, const World& world) {
  const double trueScale = trueScaleExaggeration(world);
  const ParamInfo& info = viewTable().infos()[*viewTable().indexOf("exaggeration")];
  auto scale = static_cast<float>(view.exaggeration / trueScale);
  const auto lo = static_cast<float>(std::max(kLeastVerticalScale, info.min / trueScale));
  const auto hi = static_cast<float>(std::min(kMostVerticalScale, info.max / trueScale));
  const bool moved =
      ImGui::SliderFloat("Vertical scale", &scale, lo, std::max(lo, hi), "%.2fx",
                         ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_Logarithmic);
  tooltip("1 is true scale: a metre up as long as a metre across. More stretches the heights");
  if (!moved || !std::isfinite(scale)) return false;
  view.exaggeration = std::clamp(static_cast<double>(scale) * trueScale, info.min, info.max);
  return true;
}

PanelActions viewSection(Document& doc, WindowView& view, GraphEditorState& graphEditor,
                         const ShownTerrain& shown, bool& changed) {
  PanelActions a;
  auto& v = view.settings;
  const bool profile = isProfile(doc);
  auto radio = [&](const char* label, ViewKind choice, bool enabled) {
    ImGui::BeginDisabled(!enabled);
    const bool active = enabled ? doc.view.kind == choice : choice == ViewKind::Side;
    if (ImGui::RadioButton(label, active) && !active) {
      doc.view.kind = choice;
      changed = true;
    }
    ImGui::EndDisabled();
    tooltip(enabled ? "" : "A profile has only a side view");
  };
  radio("Side (1)", ViewKind::Side, true);
  ImGui::SameLine();
  radio("Map (2)", ViewKind::Map, !profile);
  ImGui::SameLine();
  radio("3D (3)", ViewKind::Mesh, !profile);
  ImGui::BeginDisabled(profile);
  if (ImGui::Checkbox("Graph editor (G)", &graphEditor.open)) graphEditor.frameAll = true;
  ImGui::EndDisabled();
  tooltip(profile ? "A profile is a chain of its own: graphs combine maps"
                  : "The nodes and links below the view: add, link, move and delete nodes");

  const auto kind = effectiveViewKind(doc);
  if (kind == ViewKind::Side && !profile) {
    float row = static_cast<float>(doc.view.row);
    if (ImGui::SliderFloat("Cross-section", &row, 0.0f, 1.0f, "%.3f",
                           ImGuiSliderFlags_AlwaysClamp)) {
      if (std::isfinite(row)) doc.view.row = std::clamp(static_cast<double>(row), 0.0, 1.0);
      changed = true;
    }
    tooltip("The map row shown from the side, 0 top .. 1 bottom");
  } else if (kind == ViewKind::Map) {
    if (ImGui::Button("Fit map")) {
      v.mapZoom = 1.0f;
      v.mapCenter = glm::vec2(0.5f);
    }
    ImGui::SameLine();
    ImGui::TextColored(kDim, "zoom %.1fx", static_cast<double>(v.mapZoom));
    changed |= overlayCombo(doc, shown, view);
  } else if (kind == ViewKind::Mesh) {
    changed |= verticalScaleSlider(doc.view, doc.world);
    changed |= overlayCombo(doc, shown, view);
    changed |= ImGui::Checkbox("Water plane", &doc.view.waterPlane);
    ImGui::SameLine();
    ImGui::Checkbox("Wireframe", &v.wireframe);
    ImGui::SameLine();
    ImGui::Checkbox("Isometric", &v.camera.isometric);
    tooltip("Orthographic projection, as article 004 draws it");
    a.resetView = ImGui::Button("Reset view (F)");
  }
  return a;
}

// The node cache's budget (a setting) and what it holds.
void nodeCacheSlider(Preferences& prefs, const ShownTerrain& shown) {
  ImGui::SliderInt("Node cache", &prefs.nodeCacheMiB, 0, kMaxNodeCacheMiB, "%d MiB",
                   ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  tooltip(
      "Memory for node results beyond those on screen, so that undoing an edit or going back "
      "to an earlier branch of the graph costs nothing; the least recently used go first");
  ImGui::TextColored(kDim, "holds %.0f MiB", static_cast<double>(shown.nodeCacheHeld) / 1048576.0);
}

void statsLines(const ShownTerrain& shown, const GpuResources& gpu, Preferences& prefs) {
  if (shown.progress) {
    const std::string label = shown.progress->stage + " (" +
                              std::to_string(shown.progress->index + 1) + "/" +
                              std::to_string(shown.progress->count) + ")";
    ImGui::ProgressBar(shown.progress->fraction, ImVec2(-FLT_MIN, 0.0f), label.c_str());
  }
  if (!shown.field) {
    ImGui::TextColored(kDim, shown.generating ? "generating..." : "no terrain yet");
    return;
  }
  const auto& f = *shown.field;
  const std::string size = f.isProfile() ? std::to_string(f.width) + " points"
                                         : std::to_string(f.width) + "x" + std::to_string(f.height);
  ImGui::Text("%s   generated in %.1f ms", size.c_str(), shown.generateMs);
  tooltip("Generation + statistics on the worker thread; 'on screen' is request to drawn frame");
  if (shown.fieldIsDraft && !shown.generateError.empty()) {
    ImGui::TextColored(kDim, "a draft is on screen: the map itself failed (above)");
  } else if (shown.fieldIsDraft) {
    ImGui::TextColored(kDim, "draft on screen after %.1f ms; the map's own size follows",
                       shown.draftToFrameMs);
    tooltip("The map was slow to make, so the preview size (the same valleys) goes first");
  } else {
    ImGui::Text("on screen after %.1f ms   frame %.1f ms", shown.regenToFrameMs, shown.frameMs);
  }
  if (!f.isProfile() && gpu.displayedSide > 0 && gpu.displayedSide < f.width) {
    ImGui::TextColored(kDim, "shown at %d (GPU texture limit %d); exports keep all %d",
                       gpu.displayedSide, gpu.textureLimit, f.width);
  }
  const World& world = shown.doc.world;
  ImGui::Text("elevation min %.0f m  mean %.0f m  max %.0f m",
              elevationOf(world, static_cast<double>(shown.stats.min)),
              elevationOf(world, shown.stats.mean),
              elevationOf(world, static_cast<double>(shown.stats.max)));
  ImGui::PlotHistogram("##histogram", shown.histogram.data(), kHistogramBins, 0, nullptr, 0.0f,
                       FLT_MAX, ImVec2(ImGui::GetContentRegionAvail().x, 40.0f));
  tooltip("Cells per height, 64 bins from 0 (left) to 1 (right)");
  nodeCacheSlider(prefs, shown);
}

// The figures under the panel, each line wrapped at the panel's edge (a
// draft's line was cut there: "the map's own siz").
void statsSection(const ShownTerrain& shown, const GpuResources& gpu, Preferences& prefs) {
  ImGui::PushTextWrapPos(0.0f);
  statsLines(shown, gpu, prefs);
  ImGui::PopTextWrapPos();
}

PanelActions projectSection(DocumentState& document, EditorState& editor, ExportState& exporting) {
  PanelActions a;
  ImGui::BeginDisabled(!document.history.canUndo());
  a.undo = ImGui::Button("Undo");
  ImGui::EndDisabled();
  tooltip("Ctrl+Z: back one change (a new terrain by a click is one change)");
  ImGui::SameLine();
  ImGui::BeginDisabled(!document.history.canRedo());
  a.redo = ImGui::Button("Redo");
  ImGui::EndDisabled();
  tooltip("Ctrl+Shift+Z or Ctrl+Y");
  ImGui::SameLine();
  if (ImGui::Button("Export...")) exporting.open = !exporting.open;
  tooltip("Heightmaps, colour maps and the view, for your engine");
  const std::string& start =
      editor.projectPathInput.empty() ? document.projectPath : editor.projectPathInput;
  if (ImGui::Button("Save")) {
    if (document.projectPath.empty()) {
      openBrowser(editor.browser, BrowsePurpose::SaveProject, start);
    } else {
      a.save = true;
    }
  }
  tooltip(document.projectPath.empty() ? std::string("Ctrl+S: save the project (choose where)")
                                       : "Ctrl+S: save to " + document.projectPath);
  ImGui::SameLine();
  if (ImGui::Button("Save as...")) openBrowser(editor.browser, BrowsePurpose::SaveProject, start);
  tooltip("Ctrl+Shift+S: save the project under another name");
  ImGui::SameLine();
  if (ImGui::Button("Open...")) openBrowser(editor.browser, BrowsePurpose::OpenProject, start);
  tooltip("Ctrl+O: open a project (.terrain.json, .json)");
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::InputTextWithHint("##projectPath", "path/to/project.json", &editor.projectPathInput);
  tooltip("The project's file: the graph, the world, the look and the view, as JSON");
  statusLine(document.projectStatus);
  return a;
}

void controlsSection(EditorState& editor) {
  ImGui::SetNextItemOpen(editor.helpOpen, ImGuiCond_Always);
  editor.helpOpen = ImGui::CollapsingHeader("Controls (H)");
  if (!editor.helpOpen) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(
      "Click the view (no drag) or press R: next seed, a new terrain (Ctrl+Z brings the last "
      "one back).\n"
      "1 / 2 / 3: side, map, 3D view.   F: reset camera and map zoom.\n"
      "Map: wheel zooms around the cursor, left-drag pans.\n"
      "3D: left-drag orbits, right- or middle-drag pans, wheel zooms.\n"
      "Brush (a sculpt, paint-mask, river or road node selected): left-drag draws on the map or\n"
      "3D view, ctrl lowers or erases; right-drag then pans the map and orbits the 3D view.\n"
      "Ctrl+Z / Ctrl+Shift+Z: undo / redo.   Ctrl+S, Ctrl+Shift+S, Ctrl+O: save, save as, open.\n"
      "Sliders: drag, or ctrl-click to type a value.\n"
      "G: show or hide the graph editor: drag from an output to an input to link, a linked\n"
      "input away to unlink; right-click or Tab adds a node; Del, Ctrl+D; F frames the graph.\n"
      "H: show or hide this help.");
  ImGui::PopTextWrapPos();
}

// What makes the terrain (a linear graph's source and modifiers, or any
// other graph's nodes), the seed gallery, the world and the look. Returns
// whether the document changed.
bool documentSections(DocumentState& document, EditorState& editor, const ShownTerrain& shown,
                      const GalleryTextures& gallery) {
  bool changed = false;
  const bool chain = isLinear(document.doc.graph);
  if (!chain) {
    if (ImGui::CollapsingHeader("Graph", ImGuiTreeNodeFlags_DefaultOpen)) {
      if (documentUsesSeed(document.doc)) changed |= seedInput(document.doc, document.history);
      changed |= graphNodesSection(document.doc, editor);
      changed |= presetButtons(document.doc);  // start again from a preset or an article
    }
  } else if (ImGui::CollapsingHeader("Source", ImGuiTreeNodeFlags_DefaultOpen)) {
    changed |= sourceSection(document.doc, editor, document.history);
  }
  if (!shown.generateError.empty()) statusLine({windowWording(shown.generateError), false});
  // Eight pictures of one terrain say nothing: no gallery when no node
  // draws from the seed (an imported DEM).
  if (documentUsesSeed(document.doc)) {
    ImGui::SetNextItemOpen(editor.galleryOpen, ImGuiCond_Always);
    editor.galleryOpen = ImGui::CollapsingHeader("Seed gallery");
    if (editor.galleryOpen) changed |= gallerySection(gallery, document.doc);
  }
  // Still a chain: a preset or a seed above may have replaced the document.
  if (chain && isLinear(document.doc.graph) &&
      ImGui::CollapsingHeader("Modifiers", ImGuiTreeNodeFlags_DefaultOpen)) {
    changed |= modifierSection(document.doc);
  }
  if (ImGui::CollapsingHeader("World")) changed |= worldSection(document.doc, shown);
  if (ImGui::CollapsingHeader("Look")) changed |= lookSection(document.doc, editor, shown);
  return changed;
}

// What the file browser chose, where it goes: a project opened or saved
// as the path field's, a DEM into its import node, a ramp into the look,
// a folder into the Export window.
PanelActions takeBrowsedFile(Document& doc, EditorState& editor, ExportState& exporting,
                             Preferences& prefs) {
  PanelActions a;
  const auto chosen = drawFileBrowser(editor.browser, prefs.recentFiles);
  if (!chosen) return a;
  switch (editor.browser.purpose) {
    case BrowsePurpose::OpenProject:
    case BrowsePurpose::SaveProject:
      editor.projectPathInput = *chosen;
      (editor.browser.purpose == BrowsePurpose::OpenProject ? a.open : a.saveAs) = true;
      break;
    case BrowsePurpose::ImportDem:
      a.documentChanged = importFile(doc, editor, editor.browser.node, *chosen);
      break;
    case BrowsePurpose::Ramp:
      editor.rampPathInput = *chosen;
      doc.look.ramp = *chosen;
      a.documentChanged = true;
      break;
    case BrowsePurpose::ExportFolder:
      exporting.directory = *chosen;
      break;
  }
  return a;
}

}  // namespace

PanelActions drawPanel(AppState& s, float width, float height) {
  PanelActions a;
  ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("Terrain", nullptr, flags);
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 8.0f);  // room for the labels on the right

  ImGui::TextUnformatted("Terrain Explorer");
  ImGui::SameLine();
  if (s.shown.generating) {
    ImGui::TextColored(kGreen, "generating...");
  } else {
    ImGui::TextColored(kDim, "seed %llu", static_cast<unsigned long long>(s.shown.doc.seed));
  }
  const PanelActions project = projectSection(s.document, s.editor, s.exporting);
  a.undo = project.undo;
  a.redo = project.redo;
  a.save = project.save;
  a.saveAs = project.saveAs;
  a.open = project.open;
  ImGui::Separator();

  bool changed = documentSections(s.document, s.editor, s.shown, s.gpu.gallery);
  if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) {
    a.resetView = viewSection(s.document.doc, s.view, s.editor.graph, s.shown, changed).resetView;
  }
  a.documentChanged = changed;

  ImGui::Separator();
  statsSection(s.shown, s.gpu, s.prefs);
  controlsSection(s.editor);
  if (const std::string notes = configNotes(s.prefs); !notes.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kDim, "%s", escapeControl(notes).c_str());  // paths are data
    ImGui::PopTextWrapPos();
  }

  ImGui::PopItemWidth();
  ImGui::End();

  // Export in a window of its own beside the panel: always in reach, however
  // long the panel grows.
  const PanelActions exporting = drawExportWindow(s.exporting, s.shown, width);
  a.exportNow = exporting.exportNow;
  a.cancelExport = exporting.cancelExport;
  if (s.exporting.browseFolder) {
    s.exporting.browseFolder = false;
    openBrowser(s.editor.browser, BrowsePurpose::ExportFolder,
                exportDirectory(s.exporting).string());
  }
  a |= takeBrowsedFile(s.document.doc, s.editor, s.exporting, s.prefs);
  return a;
}

}  // namespace terrain::app
