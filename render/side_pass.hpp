#pragma once
// Side view (articles 000/001): a profile, or one row of a heightmap, drawn as
// filled columns coloured by height, with water and sky. One full-screen pass.
#include <glm/glm.hpp>

#include "render/gl_program.hpp"
#include "render/terrain_textures.hpp"
#include "render/terrain_view.hpp"

namespace terrain::render {

class SidePass {
 public:
  SidePass();
  // viewport: x, y, width, height in pixels (already set as the GL viewport).
  void draw(const TerrainTextures& textures, const ViewSettings& view, glm::ivec4 viewport) const;

 private:
  gl::Program program_;
  gl::VertexArray empty_;  // core profile needs a bound VAO even without attributes
};

// Heights 0 and 1 sit at these fractions of the view height: a small margin
// keeps the profile using most of the view.
inline constexpr glm::vec2 kSideBand{0.04f, 0.90f};

}  // namespace terrain::render
