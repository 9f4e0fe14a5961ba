#include "app/source_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "app/document_edits.hpp"
#include "app/file_browser.hpp"
#include "app/panel_widgets.hpp"
#include "core/base/error.hpp"
#include "core/base/param_values.hpp"
#include "core/base/random.hpp"
#include "core/document/presets.hpp"
#include "core/graph/node_registry.hpp"
#include "core/nodes/registry.hpp"
#include "core/nodes/sources/import.hpp"

namespace terrain::app {
namespace {

std::string sourceLabel(const SourceStage& source) {
  const auto article = source.articlePreset();
  return (article ? std::string(article->article) + "  " : std::string("     ")) +
         std::string(source.title());
}

bool sourceCombo(Document& doc) {
  bool changed = false;
  const SourceStage& current = sourceStage(chainSource(doc.graph).type);
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::BeginCombo("##source", sourceLabel(current).c_str(), ImGuiComboFlags_HeightLarge)) {
    for (const SourceStage* source : sources()) {
      const bool selected = source == &current;
      if (ImGui::Selectable(sourceLabel(*source).c_str(), selected) && !selected) {
        doc = switchSource(doc, source->key());
        changed = true;
      }
      tooltip(source->help());
    }
    ImGui::EndCombo();
  }
  tooltip(current.help());
  return changed;
}

// Landforms: whole documents (source, stages, world, look) to start from.
bool landformButtons(Document& doc) {
  bool changed = false;
  ImGui::TextColored(kDim, "Start from");
  // The buttons run on as far as the panel is wide, then wrap.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  for (const LandformPreset& preset : landformPresets()) {
    const std::string label = std::string(preset.title) + "##landform";
    const float width =
        ImGui::CalcTextSize(label.c_str(), nullptr, true).x + 2 * style.FramePadding.x;
    if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + width <= right) ImGui::SameLine();
    if (ImGui::Button(label.c_str())) {
      doc = preset.build();
      changed = true;
    }
    tooltip(std::string(preset.summary) + " (Ctrl+Z goes back)");
  }
  return changed;
}

}  // namespace

bool seedInput(Document& doc, const History& history) {
  bool changed = false;
  const float dice = ImGui::CalcTextSize("Dice").x + ImGui::GetStyle().FramePadding.x * 2.0f;
  const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - dice - spacing -
                          ImGui::CalcTextSize("Seed").x - spacing);
  std::uint64_t seed = doc.seed;
  const std::uint64_t step = 1;
  if (ImGui::InputScalar("##seed", ImGuiDataType_U64, &seed, &step, nullptr, "%llu")) {
    doc.seed = seed;
    changed = true;
  }
  tooltip("Any whole number up to 18446744073709551615; the same seed gives the same terrain");
  ImGui::SameLine(0.0f, spacing);
  if (ImGui::Button("Dice")) {
    // The moment of the click, through the one seed mixer: a seed nobody chose.
    const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    doc.seed = mix64(static_cast<std::uint64_t>(now)) % 1000000U;
    changed = true;
  }
  tooltip("A random seed (click the view or press R for the next one)");
  ImGui::SameLine(0.0f, spacing);
  ImGui::TextUnformatted("Seed");

  const auto& seeds = history.recentSeeds();
  if (seeds.size() > 1) {
    const std::string preview = "recent: " + std::to_string(seeds.size()) + " seeds";
    if (ImGui::BeginCombo("Seed history", preview.c_str())) {
      for (const std::uint64_t recent : seeds) {
        const std::string label = std::to_string(recent);
        if (ImGui::Selectable(label.c_str(), recent == doc.seed) && recent != doc.seed) {
          doc.seed = recent;
          changed = true;
        }
      }
      ImGui::EndCombo();
    }
    tooltip("The seeds seen, newest first: pick one to go back to it");
  }
  return changed;
}

bool presetButtons(Document& doc) {
  bool changed = landformButtons(doc);
  ImGui::TextColored(kDim, "As in article");
  for (const SourceStage* source : sources()) {
    const auto article = source->articlePreset();
    if (!article) continue;
    ImGui::SameLine();
    const std::string label = std::string(article->article) + "##preset";
    if (ImGui::Button(label.c_str())) {
      Document next = articleDocument(source->key());
      next.look.ramp = doc.look.ramp == "auto" ? "auto" : doc.look.ramp;
      doc = next;
      changed = true;
    }
    tooltip(std::string(source->title()) + ": " + std::string(article->summary));
  }
  return changed;
}

bool sourceSection(Document& doc, EditorState& editor, const History& history) {
  bool changed = sourceCombo(doc);
  if (documentUsesSeed(doc)) changed |= seedInput(doc, history);
  GraphNode& node = chainSource(doc.graph);
  const SourceStage& source = sourceStage(node.type);
  const ParamValues before = node.values;
  changed |= stageParams(source, node.values, &source);
  if (node.type == importSource().key()) {
    if (node.values != before) editor.importNote = takeImportEdit(before, node.values, doc);
    importFileButton(editor, node);
    if (!editor.importNote.empty()) statusLine({windowWording(editor.importNote), false});
  }
  changed |= presetButtons(doc);
  return changed;
}

bool documentUsesSeed(const Document& doc) {
  return std::ranges::any_of(doc.graph.nodes, [](const GraphNode& node) {
    const NodeType* type = findNodeType(node.type);
    return node.enabled && (type == nullptr || type->usesSeed());
  });
}

bool importFile(Document& doc, EditorState& editor, NodeId id, const std::string& path) {
  GraphNode* node = doc.graph.find(id);
  if (node == nullptr || node->type != importSource().key()) return false;
  const SourceStage& source = importSource();
  const std::size_t file = *source.indexOf("file");
  const ParamValues before = node->values;
  try {
    node->values[file] = parseValue(source.params()[file], path);
  } catch (const InputError& e) {
    editor.importNote = e.what();
    return false;
  }
  editor.importNote = takeImportEdit(before, node->values, doc);
  return node->values != before;
}

void importFileButton(EditorState& editor, const GraphNode& node) {
  if (ImGui::Button("Choose a file...")) {
    const SourceStage& source = importSource();
    const std::size_t file = *source.indexOf("file");
    const std::string current = formatValue(source.params()[file], node.values[file]);
    openBrowser(editor.browser, BrowsePurpose::ImportDem, current, node.id);
  }
  tooltip("A DEM or heightmap: GeoTIFF, SRTM .hgt, ASCII grid, .dem, .vrt or a 16-bit PNG");
}

std::string windowWording(std::string message) {
  std::string out;
  std::size_t at = 0;
  while (true) {
    const std::size_t dash = message.find("--", at);
    if (dash == std::string::npos) break;
    std::size_t end = dash + 2;
    while (end < message.size() &&
           (std::isalnum(static_cast<unsigned char>(message[end])) || message[end] == '-')) {
      ++end;
    }
    const std::string key = message.substr(dash + 2, end - dash - 2);
    const SourceStage& source = importSource();
    const auto index = source.indexOf(key);
    out += message.substr(at, dash - at);
    if (index) {
      std::string label(source.params()[*index].label);
      if (dash == 0 && !label.empty()) label[0] = static_cast<char>(std::toupper(label[0]));
      if (dash != 0) out += '\'';
      out += label;
      if (dash != 0) out += '\'';
    } else {
      out += message.substr(dash, end - dash);
    }
    at = end;
  }
  return out + message.substr(at);
}

Document switchSource(const Document& doc, std::string_view key) {
  const SourceStage& source = sourceStage(key);
  Document next = doc;
  GraphNode& head = chainSource(next.graph);
  const SourceStage* old = findSource(head.type);
  ParamValues values = source.defaults();
  if (old != nullptr) values[source.sizeIndex()] = source.snapSize(old->size(head.values));
  head.type = std::string(key);
  head.values = std::move(values);
  // Keep the modifiers that work on the new kind of terrain.
  const NodeId headId = head.id;
  std::vector<NodeId> order = chainOrder(next.graph);
  std::erase_if(order, [&](NodeId id) {
    return id != headId && source.profile() &&
           !modifierStage(next.graph.find(id)->type).appliesToProfiles();
  });
  relinkChain(next.graph, order);
  if (source.profile()) {
    next.view.kind = ViewKind::Side;
  } else if (old != nullptr && old->profile()) {
    next.view.kind = ViewKind::Map;
  }
  return next;
}

}  // namespace terrain::app
