#pragma once
// Undo and redo of the document: every committed change is a step (a
// slider drag is committed once, when it ends), and the seeds seen are kept
// so a designer can go back to one.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/document/document.hpp"

namespace terrain {

class History {
 public:
  static constexpr std::size_t kMaxSteps = 500;
  static constexpr std::size_t kMaxSeeds = 12;

  explicit History(Document initial);

  // Makes doc the current step when it differs from it; clears the redo
  // steps. Returns whether a step was added: a change only to how the
  // document is looked at (the view, the pinned node, node places) is
  // folded into the current step instead.
  bool commit(const Document& doc);
  bool canUndo() const { return current_ > 0; }
  bool canRedo() const { return current_ + 1 < steps_.size(); }
  // Step back or forward; the current document when there is nowhere to go.
  const Document& undo();
  const Document& redo();
  const Document& current() const { return steps_[current_]; }
  std::size_t size() const { return steps_.size(); }

  // The seeds of the committed documents, newest first, each once.
  const std::vector<std::uint64_t>& recentSeeds() const { return seeds_; }

 private:
  void noteSeed(std::uint64_t seed);

  std::vector<Document> steps_;
  std::size_t current_ = 0;
  std::vector<std::uint64_t> seeds_;
};

// An undo or redo step as the window takes it: the document edits of
// `step` with the view, the pinned node and the export settings on screen
// (`shown`), so undo never switches the view.
Document keepingTheView(Document step, const Document& shown);

}  // namespace terrain
