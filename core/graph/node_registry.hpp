#pragma once
// Every node type, one list: the sources, the modifiers, then the graph's
// own nodes (combine, blend, masks). Adding a node is its file under
// core/nodes/ plus one line in node_registry.cpp; core/nodes/registry.hpp
// reads the sources and modifiers out of the same list.
#include <span>
#include <string>
#include <string_view>

#include "core/graph/node_type.hpp"

namespace terrain {

std::span<const NodeType* const> nodeTypes();
const NodeType* findNodeType(std::string_view key);  // nullptr when unknown
const NodeType& nodeType(std::string_view key);      // throws InputError naming the known
std::string nodeTypeKeyList();                       // "random-walk, ..., slope-mask"

}  // namespace terrain
