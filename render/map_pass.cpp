#include "render/map_pass.hpp"

#include <algorithm>

#include "render/shader_library.hpp"

namespace terrain::render {

MapPass::MapPass()
    : program_(loadProgram("fullscreen.vert", "map.frag")), empty_(gl::VertexArray::create()) {}

void MapPass::draw(const TerrainTextures& textures, const ViewSettings& view,
                   glm::ivec4 viewport) const {
  program_.use();
  setTerrainUniforms(program_, textures, view.water);
  program_.set("uSize", glm::ivec2(textures.textureWidth, textures.textureHeight));
  program_.set("uViewport", glm::vec4(viewport));
  program_.set("uCenter", view.mapCenter);
  program_.set("uZoom", std::max(view.mapZoom, 1e-3f));
  program_.set("uHillshade", view.hillshade ? 1 : 0);
  program_.set("uSun", view.sun);
  program_.set("uRelief", view.relief);
  setOverlayUniforms(program_, textures, view.showOverlay, view.overlayColor, view.materialColors);
  program_.set("uOverlayGrey", view.overlayGrey ? 1 : 0);
  program_.set("uWraps", textures.wraps ? 1 : 0);
  const bool mark = view.markCrossSection && !textures.isProfile();
  program_.set(
      "uMarkRow",
      mark ? textures.textureRow(crossSectionRow(view.crossSection, textures.height)) : -1);
  empty_.bind();
  glDrawArrays(GL_TRIANGLES, 0, 3);
}

}  // namespace terrain::render
