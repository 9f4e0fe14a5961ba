#pragma once
// The heightmap as a triangle mesh in world units, for engines and DCC
// tools (written by core/mesh/mesh_export.hpp as OBJ or binary glTF).
//
// Axes follow glTF: metres, right-handed, +Y up. +X is east (columns), +Z is
// south (rows), so north is -Z; the map's north-west corner (row 0, column
// 0, the first pixel of every exported PNG) sits at x = z = 0. Triangles
// wind counter-clockwise seen from above, so their fronts face up.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/parallel.hpp"
#include "core/base/world.hpp"
#include "core/mesh/field_halo.hpp"

namespace terrain {

struct MeshOptions {
  // Triangles to simplify down to (met within about 2% unless the error
  // bound needs more); 0 = no count target.
  std::size_t targetTriangles = 0;
  // How far, in metres, the simplified surface may stray from the heights at
  // any grid point, measured vertically; 0 = no bound (the count decides). With both 0 the mesh is
  // the full grid: every cell's two triangles.
  double maxError = 0.0;
  // Keep every vertex of the outline (a tile's): a neighbouring tile cut
  // from the same world shares these samples, so the two meshes meet vertex
  // for vertex whatever each keeps inside. Costs about two triangles per
  // outline cell, graded inwards.
  bool keepOutline = false;

  bool simplifies() const { return targetTriangles > 0 || maxError > 0.0; }
};

struct TerrainMesh {
  std::vector<float> positions;  // x, y, z per vertex, metres (axes above)
  std::vector<float> normals;    // x, y, z per vertex, unit length
  // u, v per vertex, 0..1 across the map: u west -> east, v north -> south,
  // glTF's convention (v = 0 is the first row of an image), so the colour
  // map PNG drapes as exported. OBJ's v runs the other way: its writer flips.
  std::vector<float> uvs;
  std::vector<std::uint32_t> indices;  // three per triangle
  // The largest vertical distance, metres, between the surface and the
  // heights at any grid point (measured on the triangles kept; 0 for the
  // full grid, whose vertices are the grid points).
  double verticalError = 0.0;

  std::size_t vertexCount() const { return positions.size() / 3; }
  std::size_t triangleCount() const { return indices.size() / 3; }
};

// The field's surface as a mesh: one vertex per sample (a wrapping map gets
// a copy of its first column and row past the last, so the mesh covers the
// whole world and tiles), heights world.baseElevation + h * world.heightRange
// metres (above sea level, as the sidecar states the range), normals from
// the heights by central differences in metres (one-sided at the edges,
// across the seam on a torus), kept vertices in the grid's row-major order.
//
// Simplified: a right-triangulated irregular network (core/mesh/mesh_rtin.hpp)
// with one error threshold over the whole map, built in square blocks in
// parallel: the threshold that gives the target count (within about 2%), or
// a lower one when the error bound needs it, checked against the heights at
// every grid point. Triangles go where the ground is rough; the
// outline stays the full rectangle, there are no cracks or folds, kept
// vertices have their full-resolution normals and UVs, and each block's
// triangles come in vertex cache order (meshoptimizer). The same bytes for
// every thread count. Throws InputError for a profile or a bad option
// (negative or NaN error).
//
// `halo`: a tile's neighbouring samples (core/mesh/field_halo.hpp); the
// normals at its edges are then central differences into them, as its
// neighbour's are, so both sides of a seam carry the same normal.
TerrainMesh buildTerrainMesh(const Heightfield& field, const World& world,
                             const MeshOptions& options, const Execution& exec = {},
                             const FieldHalo& halo = {});

}  // namespace terrain
