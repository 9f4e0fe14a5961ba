#pragma once
// A Scatter node's instances as export formats (issue 40 item 2): a CSV an
// Unreal data table imports (a Name column and an FTransform column, which
// PCG's Load Data Table turns into points), JSON in metres in our own frame
// with the species table, and a glTF with one simple mesh per species
// drawn at every instance through EXT_mesh_gpu_instancing. A tile writes
// its own instances: those nearest the samples of its window, less its
// last row and column unless they end the world, so every instance of the
// world is in exactly one tile (with --tile-overlap, the overlap's are in
// its neighbours' files too).
#include <array>
#include <string>
#include <vector>

#include "core/export/output_format.hpp"
#include "core/graph/node_type.hpp"

namespace terrain {

// The instances the file writes: the graph's first Scatter node's, over the
// whole map or the tile's own window of the whole world's (made as the
// tiles are). Throws InputError as the formats' unavailable() says, and for
// a tile of a world too large to make whole whose Scatter depends on a
// whole-map node.
InstanceSet instancesForExport(const OutputInput& in);

// The writers, for the formats and the tests: `world` places the heights
// (its base elevation is sea level's offset).
void writeInstancesCsv(const std::string& path, const InstanceSet& set, const World& world);
void writeInstancesJson(const std::string& path, const InstanceSet& set, const World& world);
void writeInstancesGltf(const std::string& path, const InstanceSet& set, const World& world);

// An instance's turn as a unit quaternion (x, y, z, w) in our frame (x
// east, y south, z up): its rotation about the vertical, then tilted so
// its up is the instance's up vector.
std::array<double, 4> instanceQuaternion(const ScatterInstance& instance);

// The rows: instances-csv, instances-json, instances-gltf.
std::vector<OutputFormat> scatterFormats();

}  // namespace terrain
