#pragma once
// Writing a terrain mesh (core/mesh/terrain_mesh.hpp): Wavefront OBJ and binary
// glTF 2.0. Both are atomic (core/io/atomic_file.hpp) and throw IoError naming
// the path and the cause; a failed write leaves no temporary and the old
// file as it was.
#include <string>

#include "core/base/parallel.hpp"
#include "core/mesh/terrain_mesh.hpp"

namespace terrain {

// What a mesh file carries besides the mesh: its name and place in a tiled
// world, and the images written beside it that its material uses.
struct MeshFileOptions {
  // URIs relative to the mesh file ("" = none). The colour map is the base
  // colour (sRGB); the normal map must be OpenGL's convention (green up the
  // image), glTF's; the splat map's RGBA weights are data, so glTF names it
  // in the material's extras (no core slot takes it) and OBJ in a comment.
  std::string colorTexture;
  std::string normalTexture;
  std::string splatTexture;
  // The glTF node's and mesh's name, OBJ's object ("o") and material's.
  std::string name = "terrain";
  // Metres from the world's north-west corner to the mesh's (a tile's
  // first sample): glTF's node translation (+X east, +Z south), added to
  // OBJ's vertex positions, which have no transform.
  double east = 0.0;
  double south = 0.0;
};
using GlbOptions = MeshFileOptions;

// Text: "o NAME", then "v x y z", "vt u v", "vn x y z" per vertex, then
// "f a/a/a b/b/b c/c/c" per triangle (1-based; every attribute shares the
// vertex's number). Floats are written in their shortest form that reads
// back to the same float. vt's v is 1 - the mesh's v (OBJ puts v = 0 at the
// image's bottom row), so the colour map PNG drapes as in glTF. With a
// texture, a material library "<file without .obj>.mtl" is written first
// (map_Kd the colour map, map_Bump the normal map) and the OBJ names it.
// Lines are formatted in parallel, in batches, and written in order: the
// same bytes for every thread count.
void writeObj(const std::string& path, const TerrainMesh& mesh, const Execution& exec = {},
              const MeshFileOptions& options = {});

// A relative path as a URI reference (RFC 3986): everything but unreserved
// characters and '/' percent-encoded, so a name with spaces or '#' is still
// one reference.
std::string uriOfPath(const std::string& path);

// The .mtl an OBJ at `objPath` names: its .obj replaced (appended otherwise).
std::string mtlPathFor(const std::string& objPath);

// Whether writeObj writes a material library beside the OBJ: when an image
// of its material is named.
bool writesMaterialLibrary(const MeshFileOptions& options);

// MTL and OBJ's mtllib have no quoting or escape: the format's own text
// reads "mtllib filename1 filename2 ..." and puts options before a map's
// file, so a space ends a name, and a newline ends the statement. Throws InputError "<what>: <name>
// cannot be named in the OBJ's material library ..." when `name` holds a space, a tab or any
// control character.
void refuseNameMtlCannotHold(const std::string& what, const std::string& name);

// One .glb: a scene of one node (named, translated to its place) holding one
// mesh of one indexed triangle primitive, POSITION (with its min and max),
// NORMAL, TEXCOORD_0 as float and uint32 indices, in a single buffer in the
// file's BIN chunk; asset generator "Terrain Explorer". With a texture, a
// metallic-roughness material (metallic 0, roughness 1) whose
// baseColorTexture and normalTexture are the images by relative URI.
// Throws IoError when the file would pass glTF's 4 GiB limit.
void writeGlb(const std::string& path, const TerrainMesh& mesh, const GlbOptions& options = {});

}  // namespace terrain
