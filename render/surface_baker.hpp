#pragma once
// Bakes the 3D view's per-fragment data (height and slopes, RGBA16F) from the
// height texture on the GPU, once per new map (shaders/surface.frag).
#include "render/gl_program.hpp"
#include "render/terrain_textures.hpp"

namespace terrain::render {

class SurfaceBaker {
 public:
  SurfaceBaker();
  // Fills textures.surface from textures.heights; profiles get none.
  // Leaves the caller's framebuffer, viewport and state as they were.
  void bake(TerrainTextures& textures);

 private:
  gl::Program program_;
  gl::VertexArray empty_;
  gl::Framebuffer framebuffer_;
};

}  // namespace terrain::render
