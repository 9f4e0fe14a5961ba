#include "app/graph_selection.hpp"

#include <algorithm>
#include <cmath>

#include "app/graph_canvas.hpp"
#include "core/graph/graph_clipboard.hpp"
#include "core/graph/graph_edits.hpp"

namespace terrain::app {
namespace {

constexpr float kDuplicateOffset = 40.0f;  // canvas units, down and right of the original

// The selection as the panel has it: `selected` last, the one it edits.
void selectNew(GraphEditorState& e, const std::vector<NodeId>& ids) {
  e.selection = ids;
  if (ids.empty()) {
    e.selected.reset();
  } else {
    e.selected = ids.back();
  }
}

}  // namespace

bool isSelected(const GraphEditorState& e, NodeId id) {
  return std::find(e.selection.begin(), e.selection.end(), id) != e.selection.end();
}

void keepSelectionValid(GraphEditorState& e, const Graph& graph) {
  std::erase_if(e.selection, [&](NodeId id) { return graph.find(id) == nullptr; });
  if (e.selected && graph.find(*e.selected) == nullptr) e.selected.reset();
  if (e.selected && !isSelected(e, *e.selected)) e.selection = {*e.selected};
  if (!e.selected && !e.selection.empty()) e.selected = e.selection.back();
}

void selectOnly(GraphEditorState& e, NodeId id) {
  selectNew(e, {id});
}

void toggleSelected(GraphEditorState& e, NodeId id) {
  std::vector<NodeId> ids = e.selection;
  if (isSelected(e, id)) {
    std::erase(ids, id);
  } else {
    ids.push_back(id);
  }
  selectNew(e, ids);
}

void selectAll(GraphEditorState& e, const std::vector<NodeId>& ids, bool adding) {
  std::vector<NodeId> next = adding ? e.selection : std::vector<NodeId>{};
  for (const NodeId id : ids) {
    if (std::find(next.begin(), next.end(), id) == next.end()) next.push_back(id);
  }
  selectNew(e, next);
}

bool deleteSelection(Document& doc, GraphEditorState& e) {
  if (e.selection.empty()) return false;
  const bool changed = tryEdit(e, [&] {
    Document next = doc;
    removeNodes(next.graph, e.selection);
    doc = std::move(next);
  });
  if (changed) selectNew(e, {});
  return changed;
}

void copySelection(Document& doc, GraphEditorState& e) {
  if (e.selection.empty()) return;
  e.clipboard = copyNodes(doc.graph, e.selection);
}

bool pasteClipboard(Document& doc, GraphEditorState& e, float x, float y) {
  const auto bounds = boundsOf(e.clipboard, {});
  if (!bounds) return false;
  return tryEdit(e, [&] {
    Document next = doc;
    const int size = documentSize(next);
    const auto added = pasteNodes(next.graph, e.clipboard, std::round(x - bounds->x0),
                                  std::round(y - bounds->y0), size);
    validate(next.graph, GraphCheck::Structure);
    doc = std::move(next);
    selectNew(e, added);
  });
}

bool duplicateSelection(Document& doc, GraphEditorState& e) {
  if (e.selection.empty()) return false;
  return tryEdit(e, [&] {
    Document next = doc;
    const int size = documentSize(next);
    const Graph copied = copyNodes(next.graph, e.selection);
    const auto added = pasteNodes(next.graph, copied, kDuplicateOffset, kDuplicateOffset, size);
    doc = std::move(next);
    selectNew(e, added);
  });
}

void frameNodes(GraphEditorState& e, const Graph& graph, ImVec2 size,
                const std::vector<NodeId>& ids) {
  const auto b = boundsOf(graph, ids);
  if (!b) return;
  const float margin = 50.0f;
  const float fit =
      std::min(size.x / (b->width() + 2.0f * margin), size.y / (b->height() + 2.0f * margin));
  e.zoom = std::clamp(fit, kLegibleZoom, 1.25f);
  // What it centres on along each axis: the middle when the nodes fit;
  // else the terrain node (when framed) as near the middle as the nodes
  // allow, so the view is full of graph and shows where it ends.
  const GraphNode* output = graph.find(graph.output);
  const bool outputFramed =
      output != nullptr &&
      (ids.empty() || std::find(ids.begin(), ids.end(), graph.output) != ids.end());
  const NodeBox focusBox =
      outputFramed ? nodeBox(*output)
                   : NodeBox{(b->x0 + b->x1) * 0.5f, (b->y0 + b->y1) * 0.5f, 0.0f, 0.0f};
  const auto centreOn = [&](float lo, float hi, float focus, float screen) {
    const float half = screen * 0.5f / e.zoom;
    if (hi - lo + 2.0f * margin <= 2.0f * half) return (lo + hi) * 0.5f;
    return std::clamp(focus, lo - margin + half, hi + margin - half);
  };
  const float cx = centreOn(b->x0, b->x1, focusBox.x + focusBox.width * 0.5f, size.x);
  const float cy = centreOn(b->y0, b->y1, focusBox.y + focusBox.height * 0.5f, size.y);
  e.panX = size.x * 0.5f - cx * e.zoom;
  e.panY = size.y * 0.5f - cy * e.zoom;
}

}  // namespace terrain::app
