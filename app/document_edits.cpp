#include "app/document_edits.hpp"

#include "core/random.hpp"

namespace terrain::app {

std::uint64_t nextSeed(std::uint64_t seed) {
  const std::uint64_t next = mix64(seed + 0x9E3779B97F4A7C15ULL) % 1000000U;
  return next == seed ? (next + 1) % 1000000U : next;
}

bool undoRedo(Document& doc, History& history, bool undo) {
  history.commit(doc);
  const Document& target = undo ? history.undo() : history.redo();
  if (target == doc) return false;
  doc = target;
  return true;
}

bool commitFinishedEdit(History& history, const Document& doc, bool editing) {
  return !editing && history.commit(doc);
}

}  // namespace terrain::app
