#include "core/history.hpp"

#include <algorithm>

#include "core/graph/graph_edits.hpp"

namespace terrain {

History::History(Document initial) {
  steps_.push_back(std::move(initial));
  noteSeed(steps_.front().seed);
}

bool History::commit(const Document& doc) {
  if (doc == current()) return false;
  if (sameExceptLayout(doc, current())) {  // a node moved: not a step of its own
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
