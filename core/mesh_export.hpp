#pragma once
// Writing a terrain mesh (core/terrain_mesh.hpp): Wavefront OBJ and binary
// glTF 2.0. Both are atomic (core/atomic_file.hpp) and throw IoError naming
// the path and the cause; a failed write leaves no temporary and the old
// file as it was.
#include <string>

#include "core/parallel.hpp"
#include "core/terrain_mesh.hpp"

namespace terrain {

// Text: "v x y z", "vt u v", "vn x y z" per vertex, then "f a/a/a b/b/b c/c/c"
// per triangle (1-based; every attribute shares the vertex's number). Floats
// are written in their shortest form that reads back to the same float. vt's
// v is 1 - the mesh's v (OBJ puts v = 0 at the image's bottom row), so the
// colour map PNG drapes as in glTF. Lines are formatted in parallel, in
// batches, and written in order: the same bytes for every thread count.
void writeObj(const std::string& path, const TerrainMesh& mesh, const Execution& exec = {});

struct GlbOptions {
  // When not empty, a material whose base colour is this image (a URI
  // relative to the .glb, e.g. the colour map PNG's file name), clamped at
  // the edges and draped by TEXCOORD_0. Empty: no material (glTF's default).
  std::string colorTexture;
};

// One .glb: a scene of one node holding one mesh of one indexed triangle
// primitive, POSITION (with its min and max), NORMAL, TEXCOORD_0 as float
// and uint32 indices, in a single buffer in the file's BIN chunk; asset
// generator "Terrain Explorer". Throws IoError when the file would pass
// glTF's 4 GiB limit.
void writeGlb(const std::string& path, const TerrainMesh& mesh, const GlbOptions& options = {});

}  // namespace terrain
