#include "render/map_pass.hpp"

#include <algorithm>

#include "render/shader_library.hpp"

namespace terrain::render {

MapPass::MapPass()
    : programs_("fullscreen.vert", "map.frag", kTerrainFeatureNames),
      empty_(gl::VertexArray::create()) {}

void MapPass::draw(const TerrainTextures& textures, const ViewSettings& view, glm::ivec4 viewport) {
  const bool mark = view.markCrossSection && !textures.isProfile();
  std::uint32_t features = terrainFeatures(textures, view.showOverlay, view.overlayGrey);
  if (view.hillshade) features |= kFeatureHillshade;
  if (textures.wraps) features |= kFeatureWraps;
  if (mark) features |= kFeatureMarkRow;
  const gl::Program& program = programs_.get(features);
  program.use();
  setTerrainUniforms(program, textures, view.water);
  program.set("uSize", glm::ivec2(textures.textureWidth, textures.textureHeight));
  program.set("uViewport", glm::vec4(viewport));
  program.set("uCenter", view.mapCenter);
  program.set("uZoom", std::max(view.mapZoom, 1e-3f));
  program.set("uHillshade", view.hillshade ? 1 : 0);
  program.set("uSun", view.sun);
  program.set("uRelief", view.relief);
  setOverlayUniforms(program, textures, view.showOverlay, view.overlayColor, view.materialColors);
  program.set("uOverlayGrey", view.overlayGrey ? 1 : 0);
  program.set("uWraps", textures.wraps ? 1 : 0);
  program.set("uMarkRow",
              mark ? textures.textureRow(crossSectionRow(view.crossSection, textures.height)) : -1);
  empty_.bind();
  glDrawArrays(GL_TRIANGLES, 0, 3);
}

}  // namespace terrain::render
