#pragma once
// 3D view (article 004 in perspective or isometric): sky, the terrain block
// lit by a directional sun, then the translucent water plane.
#include <glm/glm.hpp>

#include "render/ambient_occlusion.hpp"
#include "render/gl_program.hpp"
#include "render/grid_mesh.hpp"
#include "render/terrain_textures.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {

// The view's sun (the look's, in map space) in the mesh's world: x east,
// y up, z south.
glm::vec3 worldSun(const ViewSettings& view);

class MeshPass {
 public:
  MeshPass();
  // Clears depth; draws into the current viewport.
  void draw(const TerrainTextures& textures, const ViewSettings& view, glm::ivec4 viewport);

 private:
  gl::Program terrain_;
  gl::Program water_;
  gl::Program sky_;
  gl::VertexArray empty_;
  GridCache grids_;
  AmbientOcclusion ambientOcclusion_;
};

}  // namespace terrain::render
