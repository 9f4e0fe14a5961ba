#pragma once
// The 3D view's grid: vertices hold only grid coordinates (u, v in 0..1) and a
// skirt flag; heights come from the texture in the vertex shader, so a grid
// is built once per resolution and reused for every map and every frame.
#include <memory>
#include <vector>

#include "render/gl_objects.hpp"

namespace terrain::render {

// Mesh budget: at most this many vertices along a side (513 = 2^9 + 1 keeps a
// diamond-square map's samples on vertices; bigger maps use every 2nd, 4th, ...).
inline constexpr int kMaxGridVertices = 513;
inline constexpr int kMinGridVertices = 65;
// Level of detail: about one grid quad per this many pixels on screen. Lighting
// and colour come per fragment from the full-resolution textures, so the grid
// only carries the silhouette; software rasterisers (llvmpipe) pay per
// triangle, and pixel-sized triangles would cost several times more.
inline constexpr float kPixelsPerQuad = 4.5f;

class GridMesh {
 public:
  GridMesh(int columns, int rows);  // columns, rows >= 2
  void draw() const;                // GL_TRIANGLES with the bound program
  int columns() const { return columns_; }
  int rows() const { return rows_; }

 private:
  gl::VertexArray vertexArray_;
  gl::Buffer vertices_;
  gl::Buffer indices_;
  GLsizei indexCount_ = 0;
  int columns_ = 0;
  int rows_ = 0;
};

// Grids built so far, one per resolution (a handful at most: 65 .. 513).
class GridCache {
 public:
  const GridMesh& get(int columns, int rows);

 private:
  std::vector<std::unique_ptr<GridMesh>> grids_;
};

// Grid vertices along a side of `samples` height samples, for a map drawn
// about `pixelsPerMap` pixels wide along that side: a power of two quads
// (65 .. 513 vertices) close to one per kPixelsPerQuad pixels, never more
// vertices than samples, and when possible every k-th sample on a vertex.
int gridResolution(int samples, float pixelsPerMap);

}  // namespace terrain::render
