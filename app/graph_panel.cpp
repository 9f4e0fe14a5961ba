#include "app/graph_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/brush_tool.hpp"
#include "app/document_edits.hpp"
#include "app/panel_widgets.hpp"
#include "app/source_panel.hpp"
#include "core/base/error.hpp"
#include "core/graph/node_type.hpp"
#include "core/nodes/sources/import.hpp"

namespace terrain::app {
namespace {

std::string nodeLabel(const GraphNode& node) {
  return std::to_string(node.id) + "  " + std::string(typeOf(node).title());
}

// One size for the whole map: set on every source at once.
bool mapSizeWidget(Document& doc) {
  Graph& graph = doc.graph;
  for (const GraphNode& node : graph.nodes) {
    const SourceStage* source = findSource(node.type);
    if (source == nullptr) continue;
    const ParamInfo& info = source->params()[source->sizeIndex()];
    double size = node.values[source->sizeIndex()];
    if (!paramWidget(info, size, info.max, {}, source)) return false;
    setDocumentSize(doc, static_cast<int>(size));
    return true;
  }
  return false;
}

// "a <- 3  Curve", one line per connected input.
void inputLines(const Graph& graph, const GraphNode& node) {
  const auto inputs = typeOf(node).inputs();
  for (std::uint32_t port = 0; port < inputs.size(); ++port) {
    const GraphEdge* edge = graph.edgeInto({node.id, port});
    if (edge == nullptr) continue;
    const GraphNode& from = *graph.find(edge->from.node);
    ImGui::TextColored(kDim, "%s <- %s", std::string(inputs[port].title).c_str(),
                       nodeLabel(from).c_str());
  }
}

// 0 follows the document's seed; another number gives the node its own.
bool seedOffsetInput(GraphNode& node) {
  const std::uint32_t step = 1;
  const bool changed =
      ImGui::InputScalar("Seed offset", ImGuiDataType_U32, &node.seedOffset, &step, nullptr, "%u");
  tooltip(
      "0: the document's seed. Another number: a seed of this node's own, derived from the "
      "document's, so two nodes with the same settings differ");
  return changed;
}

bool nodeParams(GraphNode& node, const World& world) {
  const NodeType& type = typeOf(node);
  const bool source = findSource(node.type) != nullptr;
  bool changed = type.usesSeed() && seedOffsetInput(node);
  const auto params = type.params();
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (source && params[i].key == "size") continue;  // the map size, above
    changed |= paramWidget(params[i], node.values[i], type.dynamicMax(i, node.values),
                           type.idleReason(i, node.values), nullptr, &world);
  }
  return changed;
}

bool hasHeightsInput(const NodeType& type) {
  for (const PortInfo& port : type.inputs()) {
    if (port.kind == PortKind::Heights) return true;
  }
  return false;
}

bool nodeSection(Graph& graph, GraphNode& node, const World& world) {
  const NodeType& type = typeOf(node);
  bool changed = false;
  ImGui::PushID(static_cast<int>(node.id));
  if (hasHeightsInput(type)) {  // a disabled node passes its heights on
    changed |= ImGui::Checkbox("##on", &node.enabled);
    tooltip("Switch this node off: it passes its first heights input on");
    ImGui::SameLine();
  }
  const bool open =
      ImGui::TreeNodeEx("##node", ImGuiTreeNodeFlags_DefaultOpen, "%s", nodeLabel(node).c_str());
  tooltip(type.help());
  if (open) {
    inputLines(graph, node);
    ImGui::BeginDisabled(!node.enabled);
    changed |= nodeParams(node, world);
    ImGui::EndDisabled();
    ImGui::TreePop();
  }
  ImGui::PopID();
  return changed;
}

// The node's section; a new file on an import node brings its range and
// world, as the chain's Source section does.
bool editNode(Document& doc, EditorState& editor, NodeId id) {
  GraphNode& node = *doc.graph.find(id);
  const ParamValues before = node.values;
  const bool changed = nodeSection(doc.graph, node, doc.world);
  if (node.type != importSource().key()) return changed;
  if (changed) editor.importNote = takeImportEdit(before, node.values, doc);
  importFileButton(editor, node);
  if (!editor.importNote.empty()) statusLine({windowWording(editor.importNote), false});
  return changed;
}

}  // namespace

bool graphNodesSection(Document& doc, EditorState& editor) {
  Graph& graph = doc.graph;
  const GraphNode* output = graph.find(graph.output);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(kDim, "A graph of %d nodes; the terrain is node %s",
                     static_cast<int>(graph.nodes.size()),
                     output != nullptr ? nodeLabel(*output).c_str() : "?");
  ImGui::PopTextWrapPos();
  bool changed = mapSizeWidget(doc);
  // The nodes the terrain depends on, each after its inputs; then any other.
  std::vector<NodeId> order;
  try {
    order = upstreamOrder(graph, graph.output);
  } catch (const std::exception&) {
    order.clear();  // a cycle: validate() says so in the status line
  }
  for (const GraphNode& node : graph.nodes) {
    if (std::find(order.begin(), order.end(), node.id) == order.end()) order.push_back(node.id);
  }
  // A node selected in the editor comes first, the others folded below it.
  const auto& selected = editor.graph.selected;
  if (selected && graph.find(*selected) != nullptr) {
    ImGui::TextColored(kDim, "Selected in the graph editor:");
    changed |= editNode(doc, editor, *selected);
    brushSection(doc, editor);
    if (!ImGui::TreeNode("Every node")) return changed;
    for (const NodeId id : order) {
      if (id != *selected) changed |= editNode(doc, editor, id);
    }
    ImGui::TreePop();
    return changed;
  }
  for (const NodeId id : order) changed |= editNode(doc, editor, id);
  return changed;
}

}  // namespace terrain::app
