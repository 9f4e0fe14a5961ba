#include "core/nodes/registry.hpp"

#include <vector>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/graph/node_registry.hpp"

namespace terrain {
namespace {

template <class T>
std::string keyList(std::span<const T* const> stages) {
  std::string out;
  for (const T* s : stages) {
    if (!out.empty()) out += ", ";
    out += s->key();
  }
  return out;
}

// The nodes of one family, in the registry's order.
template <class T, const T* (*As)(const NodeType&)>
std::vector<const T*> family() {
  std::vector<const T*> out;
  for (const NodeType* type : nodeTypes()) {
    if (const T* stage = As(*type)) out.push_back(stage);
  }
  return out;
}

template <class T>
const T* findIn(std::span<const T* const> stages, std::string_view key) {
  for (const T* s : stages) {
    if (s->key() == key) return s;
  }
  return nullptr;
}

}  // namespace

std::span<const SourceStage* const> sources() {
  static const std::vector<const SourceStage*> list = family<SourceStage, asSource>();
  return list;
}

std::span<const ModifierStage* const> modifiers() {
  static const std::vector<const ModifierStage*> list = family<ModifierStage, asModifier>();
  return list;
}

const SourceStage* findSource(std::string_view key) {
  return findIn(sources(), key);
}

const ModifierStage* findModifier(std::string_view key) {
  return findIn(modifiers(), key);
}

const SourceStage& sourceStage(std::string_view key) {
  if (const SourceStage* s = findSource(key)) return *s;
  throw InputError(excerpt(key) + " is not a source; allowed: " + sourceKeyList());
}

const ModifierStage& modifierStage(std::string_view key) {
  if (const ModifierStage* s = findModifier(key)) return *s;
  throw InputError(excerpt(key) + " is not a modifier stage; allowed: " + modifierKeyList());
}

std::string sourceKeyList() {
  return keyList(sources());
}

std::string modifierKeyList() {
  return keyList(modifiers());
}

}  // namespace terrain
