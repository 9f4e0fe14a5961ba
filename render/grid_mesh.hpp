#pragma once
// The 3D view's grid: vertices hold only grid coordinates (u, v in 0..1) and
// skirt flags; heights come from the texture in the vertex shader, so a grid
// is built once per resolution and reused for every map and every frame.
#include <memory>
#include <vector>

#include "render/gl_objects.hpp"

namespace terrain::render {

// Mesh budget: at most this many vertices along a side (513 = 2^9 + 1 keeps a
// diamond-square map's samples on vertices; bigger maps use every 2nd, 4th, ...).
inline constexpr int kMaxGridVertices = 513;
inline constexpr int kMinGridVertices = 65;
// Level of detail: about one surface quad per this many pixels on screen.
// Lighting and colour come per fragment from the full-resolution textures, so
// the surface grid only carries the relief's shape; llvmpipe shades in 4x4
// pixel blocks, and small triangles leave most of a block's lanes idle (at
// 4.5 pixels per quad the lit terrain cost about twice as much to shade).
inline constexpr float kPixelsPerQuad = 9.0f;
// The block's edges (the skirt's top, the outline most seen against the sky
// and the soil) keep a finer step: few, cheaply shaded triangles.
inline constexpr float kEdgePixelsPerQuad = 4.5f;

// Vertices along each side: the surface grid and the skirt along its edges
// (edge counts >= the surface's; the skirt's top follows the finer step).
struct GridShape {
  int columns = 2;
  int rows = 2;
  int edgeColumns = 2;
  int edgeRows = 2;
  bool operator==(const GridShape&) const = default;
};

class GridMesh {
 public:
  explicit GridMesh(GridShape shape);  // every count >= 2
  void draw() const;                   // GL_TRIANGLES with the bound program
  const GridShape& shape() const { return shape_; }

 private:
  gl::VertexArray vertexArray_;
  gl::Buffer vertices_;
  gl::Buffer indices_;
  GLsizei indexCount_ = 0;
  GridShape shape_;
};

// Grids built so far, one per shape (a handful at most: 65 .. 513).
class GridCache {
 public:
  const GridMesh& get(const GridShape& shape);

 private:
  std::vector<std::unique_ptr<GridMesh>> grids_;
};

// Grid vertices along a side of `samples` height samples, for a map drawn
// about `pixelsPerMap` pixels wide along that side: a power of two quads
// (65 .. 513 vertices) close to one per `pixelsPerQuad` pixels, never more
// vertices than samples, and when possible every k-th sample on a vertex.
int gridResolution(int samples, float pixelsPerMap, float pixelsPerQuad = kPixelsPerQuad);

}  // namespace terrain::render
