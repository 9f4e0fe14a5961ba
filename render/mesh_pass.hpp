#pragma once
// 3D view (article 004 in perspective or isometric): the terrain block lit
// by a directional sun, what stands on it, the sky, then the translucent
// water: the sea's plane, lakes and rivers at their own levels.
#include <functional>
#include <optional>

#include <glm/glm.hpp>

#include "render/ambient_occlusion.hpp"
#include "render/gl_program.hpp"
#include "render/grid_mesh.hpp"
#include "render/mesh_geometry.hpp"
#include "render/shader_library.hpp"
#include "render/terrain_textures.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {

// The view's sun (the look's, in map space) in the mesh's world: x east,
// y up, z south.
glm::vec3 worldSun(const ViewSettings& view);

class MeshPass {
 public:
  MeshPass();
  // How a draw brings the ambient occlusion up to date when the view's
  // exaggeration changed (the occlusion of other heights is always made
  // whole first: never another map's over these).
  enum class Occlusion {
    Whole,  // all at once (a picture)
    Part,   // a band a frame, the last one shown meanwhile (the window)
    Keep,   // not at all: another terrain is being prepared (see prepare)
  };
  // What stands on the ground (the instances): drawn after it, depth-tested
  // against it, and before the sky and the water, so the water covers what
  // lies below its surface.
  using OnGround = std::function<void(const MeshGeometry&)>;
  // Clears depth; draws into the current viewport.
  void draw(const TerrainTextures& textures, const ViewSettings& view, glm::ivec4 viewport,
            Occlusion occlusion, const OnGround& onGround = {});
  // One more part of what `textures` needs before this view can draw them
  // (their occlusion), or all of it when `whole`; true when nothing is left.
  // Binds texture units: bind the drawn textures again after it.
  bool prepare(const TerrainTextures& textures, const ViewSettings& view, bool whole);

  // Draws with this grid instead of the one the map's size on screen picks
  // (a reference at the map's own resolution, to compare the level of
  // detail with).
  std::optional<GridShape> gridOverride;

 private:
  // Lakes and rivers (TerrainTextures::waterBodies) over the drawn ground.
  void drawWaterBodies(const TerrainTextures& textures, const MeshGeometry& geometry,
                       const GridMesh& grid, glm::vec3 sun);

  ProgramVariants terrain_;
  gl::Program water_;
  gl::Program waterBodies_;
  gl::Program sky_;
  gl::VertexArray empty_;
  GridCache grids_;
  AmbientOcclusion ambientOcclusion_;
};

}  // namespace terrain::render
