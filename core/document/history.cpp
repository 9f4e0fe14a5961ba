#include "core/document/history.hpp"

#include <algorithm>

#include "core/graph/graph_edits.hpp"

namespace terrain {

History::History(Document initial) {
  steps_.push_back(std::move(initial));
  noteSeed(steps_.front().seed);
}

namespace {

// How the document is looked at, not what it makes: the view (which one,
// its row, exaggeration, overlay), where nodes are drawn and which one is
// pinned, and the Export window's settings. None is an undo step of its own (issue 38: Ctrl+Z walked back
// through view switches before the last parameter change).
bool sameButLookedAt(const Document& a, const Document& b) {
  Document viewed = b;
  viewed.view = a.view;
  viewed.exports = a.exports;
  viewed.graph = a.graph;
  return viewed == a && sameExceptLayout(a.graph, b.graph);
}

}  // namespace

Document keepingTheView(Document step, const Document& shown) {
  step.view = shown.view;
  step.exports = shown.exports;  // the Export window's settings are no step either
  const NodeId pinned = shown.graph.pinned;
  // A pin on a node the step does not have is the step's own again.
  if (pinned == 0 || step.graph.find(pinned) != nullptr) step.graph.pinned = pinned;
  return step;
}

bool History::commit(const Document& doc) {
  if (doc == current()) return false;
  if (sameButLookedAt(doc, current())) {  // the view, a pin, a node moved: folded in
    steps_[current_] = doc;
    return false;
  }
  steps_.resize(current_ + 1);
  steps_.push_back(doc);
  if (steps_.size() > kMaxSteps) steps_.erase(steps_.begin());
  current_ = steps_.size() - 1;
  noteSeed(doc.seed);
  return true;
}

const Document& History::undo() {
  if (canUndo()) --current_;
  return current();
}

const Document& History::redo() {
  if (canRedo()) ++current_;
  return current();
}

void History::noteSeed(std::uint64_t seed) {
  seeds_.erase(std::remove(seeds_.begin(), seeds_.end(), seed), seeds_.end());
  seeds_.insert(seeds_.begin(), seed);
  if (seeds_.size() > kMaxSeeds) seeds_.pop_back();
}

}  // namespace terrain
