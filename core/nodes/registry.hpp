#pragma once
// The sources and the modifiers, as the chain's code asks for them
// (--generator, --stage, the panel): read out of the one list of nodes,
// core/graph/node_registry.cpp, in its order.
#include <span>
#include <string>
#include <string_view>

#include "core/nodes/stage.hpp"

namespace terrain {

std::span<const SourceStage* const> sources();
std::span<const ModifierStage* const> modifiers();

// nullptr when unknown.
const SourceStage* findSource(std::string_view key);
const ModifierStage* findModifier(std::string_view key);
// Throw InputError naming the known keys.
const SourceStage& sourceStage(std::string_view key);
const ModifierStage& modifierStage(std::string_view key);

std::string sourceKeyList();    // "random-walk, midpoint, ..."
std::string modifierKeyList();  // "smooth, normalise, ..."

}  // namespace terrain
