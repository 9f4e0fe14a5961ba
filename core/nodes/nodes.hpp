#pragma once
// The graph's own node types, one file each under core/nodes/ (sources and
// modifiers declare theirs in their own headers); node_registry.cpp lists them.
#include <span>

#include "core/graph/node_type.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {

const NodeType& combineNode();        // add, subtract, multiply, min, max
const NodeType& blendNode();          // a where the mask is 0, b where it is 1
const NodeType& heightMaskNode();     // a height range with soft edges
const NodeType& slopeMaskNode();      // a slope range in degrees, in the world's metres
const NodeType& combineMasksNode();   // multiply, min, max, add, subtract two masks
const NodeType& invertMaskNode();     // 1 - m
const NodeType& erosionMaskNode();    // flow, wear or deposition of the erosion upstream
const NodeType& curvatureMaskNode();  // ridges (convex) or valleys (concave), in metres
const NodeType& blurMaskNode();       // soft edges over a radius in metres
const NodeType& growMaskNode();       // wider or narrower by a distance in metres
const NodeType& paintMaskNode();      // a mask painted with the brush, in metres
const NodeType& sculptNode();         // raise, lower, smooth, flatten brush strokes
const NodeType& riverNode();          // a channel carved along a drawn course
const NodeType& roadNode();           // a levelled strip along a drawn course
const NodeType& waterNode();          // sea, lakes and rivers with their surface and masks
const NodeType& scatterNode();        // trees and rocks placed by species, with a density mask
const NodeType& rerouteNode();        // a point a link passes through

}  // namespace terrain
