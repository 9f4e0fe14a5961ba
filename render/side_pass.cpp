#include "render/side_pass.hpp"

#include "render/shader_library.hpp"

namespace terrain::render {

SidePass::SidePass()
    : program_(loadProgram("fullscreen.vert", "side.frag")), empty_(gl::VertexArray::create()) {}

void SidePass::draw(const TerrainTextures& textures, const ViewSettings& view,
                    glm::ivec4 viewport) const {
  // A heightmap shows its cross-section row (the nearest one uploaded when
  // the map was downsampled); a profile its only row.
  int row = 0;
  int count = textures.width;
  if (!textures.isProfile()) {
    row = textures.textureRow(crossSectionRow(view.crossSection, textures.height));
    count = textures.textureWidth;
  }
  program_.use();
  setTerrainUniforms(program_, textures, view.water);
  program_.set("uCount", count);
  program_.set("uRow", row);
  program_.set("uFoldWidth", textures.textureWidth);
  program_.set("uViewport", glm::vec4(viewport));
  program_.set("uBand", kSideBand);
  empty_.bind();
  glDrawArrays(GL_TRIANGLES, 0, 3);
}

}  // namespace terrain::render
