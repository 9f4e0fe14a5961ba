#include "app/graph_comments.hpp"

#include <algorithm>
#include <cstring>

#include "core/graph/graph_edits.hpp"
#include "core/graph/graph_layout.hpp"

namespace terrain::app {
namespace {

constexpr float kCommentMargin = 24.0f;  // canvas units between the frame and its nodes
const ImU32 kCommentFill = IM_COL32(90, 110, 150, 45);
const ImU32 kCommentTitleColour = IM_COL32(70, 88, 128, 255);

bool inside(const GraphComment& c, const NodeBox& box) {
  return box.x >= c.x && box.y >= c.y && box.x + box.width <= c.x + c.width &&
         box.y + box.height <= c.y + c.height;
}

}  // namespace

void drawComments(ImDrawList* dl, const Graph& graph, const Canvas& c,
                  std::optional<std::size_t> selected) {
  const float fontSize = ImGui::GetFontSize() * std::clamp(c.zoom, 0.5f, 1.5f);
  for (std::size_t i = 0; i < graph.comments.size(); ++i) {
    const GraphComment& comment = graph.comments[i];
    const ImVec2 lo = c.toScreen(comment.x, comment.y);
    const ImVec2 hi = c.toScreen(comment.x + comment.width, comment.y + comment.height);
    const float rounding = 6.0f * c.zoom;
    dl->AddRectFilled(lo, hi, kCommentFill, rounding);
    dl->AddRectFilled(lo, ImVec2(hi.x, lo.y + kCommentTitle * c.zoom), kCommentTitleColour,
                      rounding, ImDrawFlags_RoundCornersTop);
    dl->PushClipRect(lo, ImVec2(hi.x, lo.y + kCommentTitle * c.zoom), true);
    dl->AddText(ImGui::GetFont(), fontSize * 1.1f,
                ImVec2(lo.x + 8.0f * c.zoom, lo.y + (kCommentTitle * c.zoom - fontSize) * 0.5f),
                IM_COL32(235, 238, 245, 255), comment.text.c_str());
    dl->PopClipRect();
    if (selected == i) dl->AddRect(lo, hi, IM_COL32(255, 255, 255, 255), rounding, 0, 2.0f);
  }
}

std::optional<std::size_t> commentTitleAt(const Graph& graph, const Canvas& c, ImVec2 mouse) {
  const ImVec2 at = c.toCanvas(mouse);
  for (std::size_t i = graph.comments.size(); i-- > 0;) {
    const GraphComment& comment = graph.comments[i];
    if (at.x >= comment.x && at.x < comment.x + comment.width && at.y >= comment.y &&
        at.y < comment.y + kCommentTitle) {
      return i;
    }
  }
  return std::nullopt;
}

bool commentAroundSelection(Document& doc, GraphEditorState& e) {
  const auto bounds = boundsOf(doc.graph, e.selection);
  if (e.selection.empty() || !bounds) return false;
  doc.graph.comments.push_back({"Comment", bounds->x0 - kCommentMargin,
                                bounds->y0 - kCommentMargin - kCommentTitle,
                                bounds->width() + 2.0f * kCommentMargin,
                                bounds->height() + 2.0f * kCommentMargin + kCommentTitle});
  e.comment = doc.graph.comments.size() - 1;
  openCommentText(doc, e);
  return true;
}

void moveComment(Document& doc, std::size_t index, float dx, float dy) {
  if (index >= doc.graph.comments.size()) return;
  GraphComment& comment = doc.graph.comments[index];
  for (const GraphNode& n : doc.graph.nodes) {
    if (inside(comment, nodeBox(n))) moveNode(doc.graph, n.id, n.x + dx, n.y + dy);
  }
  comment.x += dx;
  comment.y += dy;
}

bool deleteComment(Document& doc, GraphEditorState& e) {
  if (!e.comment || *e.comment >= doc.graph.comments.size()) return false;
  auto& comments = doc.graph.comments;
  comments.erase(comments.begin() + static_cast<std::ptrdiff_t>(*e.comment));
  e.comment.reset();
  return true;
}

void openCommentText(Document& doc, GraphEditorState& e) {
  if (!e.comment || *e.comment >= doc.graph.comments.size()) return;
  const std::string& text = doc.graph.comments[*e.comment].text;
  const std::size_t n = std::min(text.size(), sizeof e.commentText - 1);
  std::memcpy(e.commentText, text.data(), n);
  e.commentText[n] = '\0';
  ImGui::OpenPopup("comment text");
}

bool commentTextPopup(Document& doc, GraphEditorState& e) {
  if (!ImGui::BeginPopup("comment text")) return false;
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  bool changed = false;
  ImGui::SetNextItemWidth(260.0f);
  if (ImGui::InputText("##comment", e.commentText, sizeof e.commentText,
                       ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll)) {
    if (e.comment && *e.comment < doc.graph.comments.size()) {
      doc.graph.comments[*e.comment].text = e.commentText;
      changed = true;
    }
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  ImGui::TextDisabled("Enter: keep");
  ImGui::EndPopup();
  return changed;
}

}  // namespace terrain::app
