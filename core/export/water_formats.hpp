#pragma once
// The water node's maps and surface as export formats (issue 40 item 1):
// the surface and depth in metres (EXR), the masks and the flow map as
// 16-bit PNG, wetness, and a glTF mesh of the water surface where there is
// water. They write the document's water node (core/nodes/water.cpp), the
// same maps its ports give, and a tile gets its window of the whole
// world's water, so tiles meet at their seams.
#include <span>
#include <string>
#include <vector>

#include "core/export/output_format.hpp"
#include "core/mesh/terrain_mesh.hpp"

namespace terrain {

struct TilePlan;  // core/export/tiles.hpp

// The water node's maps over the exported field's samples.
struct WaterExport {
  int width = 0;
  int height = 0;
  World world;                 // the exported map's (a tile's) metres
  double cell = 0.0;           // metres between samples
  std::vector<float> surface;  // height units (0..1 of the world's range); the ground where dry
  std::vector<float> depth;    // height units
  std::vector<float> lake;     // 0..1 cover of each kind
  std::vector<float> river;
  std::vector<float> sea;
  std::vector<float> flowX;  // 0.5 + 0.5 v / full speed: east positive
  std::vector<float> flowY;  // the same, south (down the image) positive
  std::vector<float> wetness;
};

// The water of `in`'s terrain: the graph's first water node's maps (a
// water node with its defaults on the terrain when the graph has none),
// the whole map's or the tile's window of the whole world's. A terrain the
// graph does not give as it is (an engine size's fit) gets its own water
// with that node's parameters. Throws InputError for a profile, with
// --output-node (its map replaces the terrain), when the graph's water
// node is switched off, and for a fit when that node has a rain mask (the
// formats' unavailable() says the same before any file). The graph runs on
// in.exec's threads.
WaterExport waterForExport(const OutputInput& in);

// Why the run's water formats cannot be written for tiles made by `plan`
// ("" when they can, or none is asked for): "--water-masks: ..." for a
// two-stage world, whose tiles are not windows of one whole world, so no
// tile's water could meet its neighbour's. Asked before any tile is made.
std::string waterTilesUnavailable(const TilePlan& plan, std::span<const OutputRequest> outputs);

// The water surface as a mesh, in the terrain mesh's axes and metres (x
// east, y up above sea level, z south; core/mesh/terrain_mesh.hpp): every grid
// square whose four corners hold water, two triangles at the surface's
// heights, normals up; a row's run of squares flat at one level (a lake,
// the sea) is one quad. Empty when there is no water.
TerrainMesh waterMesh(const WaterExport& water);

// The rows: water-surface, water-depth (EXR), water-masks, water-flow,
// water-wetness (PNG), water-glb.
std::vector<OutputFormat> waterFormats();

}  // namespace terrain
