#pragma once
// The 3D view's grid: vertices hold only grid coordinates (u, v in 0..1) and a
// skirt flag; heights come from the texture in the vertex shader, so the grid
// is built once per resolution and reused for every map of that size.
#include "render/gl_objects.hpp"

namespace terrain::render {

// Mesh budget: at most this many vertices along a side (513 = 2^9 + 1 keeps a
// diamond-square map's samples on vertices; bigger maps use every 2nd, 4th, ...).
inline constexpr int kMaxGridVertices = 513;

class GridMesh {
 public:
  // Rebuilds only when the resolution changes. columns, rows >= 2.
  void ensure(int columns, int rows);
  void draw() const;  // GL_TRIANGLES with the bound program
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

// Grid vertices along a side for a map of `samples` samples along it.
int gridResolution(int samples);

}  // namespace terrain::render
