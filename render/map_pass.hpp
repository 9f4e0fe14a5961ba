#pragma once
// Map view (article 002's look): top-down coloured cells, optional hillshade,
// zoom and pan, letterboxed to keep cells square, and the side view's row
// marked with a line when asked. A map that wraps shows its 8 neighbouring
// copies faintly around it, so the seams can be seen to match. One
// full-screen pass.
#include <glm/glm.hpp>

#include "render/gl_program.hpp"
#include "render/shader_library.hpp"
#include "render/terrain_textures.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {

class MapPass {
 public:
  MapPass();
  void draw(const TerrainTextures& textures, const ViewSettings& view, glm::ivec4 viewport);

 private:
  ProgramVariants programs_;
  gl::VertexArray empty_;
};

}  // namespace terrain::render
