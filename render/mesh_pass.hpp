#pragma once
// 3D view (article 004 in perspective or isometric): sky, the terrain block
// lit by a directional sun, then the translucent water: the sea's plane,
// lakes and rivers at their own levels.
#include <glm/glm.hpp>

#include "render/ambient_occlusion.hpp"
#include "render/gl_program.hpp"
#include "render/grid_mesh.hpp"
#include "render/mesh_geometry.hpp"
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
  // Lakes and rivers (TerrainTextures::waterBodies) over the drawn ground.
  void drawWaterBodies(const TerrainTextures& textures, const MeshGeometry& geometry,
                       const GridMesh& grid, glm::vec3 sun);

  gl::Program terrain_;
  gl::Program water_;
  gl::Program waterBodies_;
  gl::Program sky_;
  gl::VertexArray empty_;
  GridCache grids_;
  AmbientOcclusion ambientOcclusion_;
};

}  // namespace terrain::render
