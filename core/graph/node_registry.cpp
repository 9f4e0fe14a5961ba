#include "core/graph/node_registry.hpp"

#include <vector>

#include "core/base/error.hpp"
#include "core/nodes/modifiers/clamp.hpp"
#include "core/nodes/modifiers/curve.hpp"
#include "core/nodes/modifiers/droplets.hpp"
#include "core/nodes/modifiers/normalise.hpp"
#include "core/nodes/modifiers/smooth.hpp"
#include "core/nodes/modifiers/stream_power.hpp"
#include "core/nodes/modifiers/terrace.hpp"
#include "core/nodes/modifiers/thermal.hpp"
#include "core/nodes/nodes.hpp"
#include "core/nodes/sources/coastline.hpp"
#include "core/nodes/sources/diamond_square.hpp"
#include "core/nodes/sources/import.hpp"
#include "core/nodes/sources/midpoint.hpp"
#include "core/nodes/sources/noise.hpp"
#include "core/nodes/sources/random_walk.hpp"
#include "core/nodes/sources/rectangles.hpp"

namespace terrain {
namespace {

// One line per node: sources in the panel's order, then modifiers, then the
// graph's own nodes in the add menu's order.
const std::vector<const NodeType*>& list() {
  static const std::vector<const NodeType*> types = {
      &randomWalkSource(),
      &midpointSource(),
      &coastlineSource(),
      &rectanglesSource(),
      &diamondSquareSource(),
      &noiseSource(),
      &importSource(),
      &smoothModifier(),
      &normaliseModifier(),
      &curveModifier(),
      &terraceModifier(),
      &clampModifier(),
      &thermalModifier(),
      &dropletsModifier(),
      &streamPowerModifier(),
      &combineNode(),
      &blendNode(),
      &heightMaskNode(),
      &slopeMaskNode(),
      &combineMasksNode(),
      &invertMaskNode(),
      &erosionMaskNode(),
      &curvatureMaskNode(),
      &blurMaskNode(),
      &growMaskNode(),
      &paintMaskNode(),
      &sculptNode(),
      &riverNode(),
      &roadNode(),
      &waterNode(),
      &scatterNode(),
      &rerouteNode(),
  };
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
