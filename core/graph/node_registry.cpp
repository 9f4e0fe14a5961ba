#include "core/graph/node_registry.hpp"

#include <algorithm>
#include <vector>

#include "core/base/error.hpp"
#include "core/nodes/nodes.hpp"

namespace terrain {
namespace {

std::vector<const NodeType*> makeList() {
  std::vector<const NodeType*> list(stageNodes().begin(), stageNodes().end());
  // Stage nodes replaced by a node of their own with more ports.
  for (const NodeType* own : {&streamPowerNode()}) {
    std::replace_if(
        list.begin(), list.end(), [own](const NodeType* t) { return t->key() == own->key(); }, own);
  }
  // One line per node type of the graph's own, in the add menu's order.
  list.push_back(&combineNode());
  list.push_back(&blendNode());
  list.push_back(&heightMaskNode());
  list.push_back(&slopeMaskNode());
  list.push_back(&combineMasksNode());
  list.push_back(&invertMaskNode());
  list.push_back(&erosionMaskNode());
  list.push_back(&curvatureMaskNode());
  list.push_back(&blurMaskNode());
  list.push_back(&growMaskNode());
  list.push_back(&paintMaskNode());
  list.push_back(&sculptNode());
  list.push_back(&riverNode());
  list.push_back(&roadNode());
  list.push_back(&waterNode());
  list.push_back(&rerouteNode());
  return list;
}

const std::vector<const NodeType*>& list() {
  static const std::vector<const NodeType*> types = makeList();
  return types;
}

}  // namespace

std::span<const NodeType* const> nodeTypes() {
  return list();
}

const NodeType* findNodeType(std::string_view key) {
  for (const NodeType* type : list()) {
    if (type->key() == key) return type;
  }
  return nullptr;
}

const NodeType& nodeType(std::string_view key) {
  if (const NodeType* type = findNodeType(key)) return *type;
  throw InputError("unknown node type '" + std::string(key) + "'; known: " + nodeTypeKeyList());
}

std::string nodeTypeKeyList() {
  std::string out;
  for (const NodeType* type : list()) {
    if (!out.empty()) out += ", ";
    out += type->key();
  }
  return out;
}

}  // namespace terrain
