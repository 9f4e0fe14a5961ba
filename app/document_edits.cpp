#include "app/document_edits.hpp"

namespace terrain::app {

std::uint64_t nextSeed(std::uint64_t seed) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  const std::uint64_t next = z % 1000000U;
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
