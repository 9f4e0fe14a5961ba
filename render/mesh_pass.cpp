#include "render/mesh_pass.hpp"

#include <algorithm>
#include <cmath>

#include "render/mesh_geometry.hpp"
#include "render/shader_library.hpp"

namespace terrain::render {
glm::vec3 worldSun(const ViewSettings& view) {
  // Map space (x east, y south, z up) to the mesh's world (x east, y up, z south).
  return glm::normalize(glm::vec3(view.sun.x, view.sun.z, view.sun.y));
}

MeshPass::MeshPass()
    : terrain_("mesh.vert", "mesh.frag", kTerrainFeatureNames),
      water_(loadProgram("water.vert", "water.frag")),
      waterBodies_(loadProgram("water_bodies.vert", "water_bodies.frag")),
      sky_(loadProgram("fullscreen.vert", "sky.frag")),
      empty_(gl::VertexArray::create()) {}

bool MeshPass::prepare(const TerrainTextures& textures, const ViewSettings& view, bool whole) {
  if (!view.ambientOcclusion || textures.empty() || textures.isProfile()) return true;
  return ambientOcclusion_.update(textures, std::max(view.exaggeration, 0.0f), whole);
}

void MeshPass::draw(const TerrainTextures& textures, const ViewSettings& view, glm::ivec4 viewport,
                    Occlusion occlusion, const OnGround& onGround) {
  glDisable(GL_BLEND);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDepthMask(GL_TRUE);
  glClear(GL_DEPTH_BUFFER_BIT);  // the scissor keeps this inside the viewport

  const float aspect = static_cast<float>(viewport.z) / static_cast<float>(viewport.w);
  const MeshGeometry geometry =
      meshGeometry(view, {textures.textureWidth, textures.textureHeight}, aspect);
  const glm::vec2 extent = geometry.extent;
  const float exaggeration = geometry.exaggeration;
  const CameraPose& camera = geometry.camera;
  const glm::mat4& viewProjection = geometry.viewProjection;
  const glm::vec3 eye = camera.eye;
  const glm::ivec2 size(textures.textureWidth, textures.textureHeight);
  const glm::vec3 sun = worldSun(view);

  // Grid density follows the map's size on screen (see kPixelsPerQuad).
  const float pixelsPerMap = camera.pixelsPerWorldUnit(static_cast<float>(viewport.w));
  const glm::vec2 pixels = pixelsPerMap * extent;
  const GridShape lod{gridResolution(textures.textureWidth, pixels.x),
                      gridResolution(textures.textureHeight, pixels.y),
                      gridResolution(textures.textureWidth, pixels.x, kEdgePixelsPerQuad),
                      gridResolution(textures.textureHeight, pixels.y, kEdgePixelsPerQuad)};
  const GridMesh& grid = grids_.get(gridOverride.value_or(lod));

  if (view.ambientOcclusion) {
    const bool shown = ambientOcclusion_.showsHeights(textures);
    if (!shown || occlusion != Occlusion::Keep) {
      ambientOcclusion_.update(textures, exaggeration, !shown || occlusion == Occlusion::Whole);
    } else {
      ambientOcclusion_.bindShown();
    }
  }
  std::uint32_t features = terrainFeatures(textures, view.showOverlay, view.overlayGrey);
  if (view.ambientOcclusion) features |= kFeatureAmbientOcclusion;
  const gl::Program& terrain = terrain_.get(features);
  terrain.use();
  setTerrainUniforms(terrain, textures, view.water);
  terrain.set("uAmbientOcclusion", static_cast<int>(kAmbientOcclusionUnit));
  terrain.set("uShowAmbientOcclusion", view.ambientOcclusion ? 1 : 0);
  terrain.set("uAoSize", ambientOcclusion_.size());
  setOverlayUniforms(terrain, textures, view.showOverlay, view.overlayColor, view.materialColors);
  terrain.set("uOverlayGrey", view.overlayGrey ? 1 : 0);
  terrain.set("uSize", size);
  terrain.set("uViewProjection", viewProjection);
  terrain.set("uExtent", extent);
  terrain.set("uExaggeration", exaggeration);
  terrain.set("uBase", kBlockBaseY);
  terrain.set("uSunDirection", sun);
  terrain.set("uEye", eye);
  terrain.set("uGrid", glm::ivec2(grid.shape().columns, grid.shape().rows));
  if (view.wireframe) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
  grid.draw();
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  if (onGround) onGround(geometry);

  // Sky after the ground, at the far plane, only where the depth is still
  // clear: pixels the ground covers are not shaded twice.
  glDepthRange(1.0, 1.0);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_FALSE);
  sky_.use();
  empty_.bind();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDepthRange(0.0, 1.0);

  const float water = std::clamp(view.water, 0.0f, 1.0f);
  if (textures.hasWater && water > 0.0f) {
    // Blended over the ground, never hiding what lies above the level.
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(-1.0f, -1.0f);  // wins over flat ground at the same depth
    water_.use();
    setTerrainUniforms(water_, textures, view.water);
    water_.set("uSize", size);
    water_.set("uViewProjection", viewProjection);
    water_.set("uExtent", extent);
    water_.set("uLevel", water * exaggeration);
    water_.set("uBase", kBlockBaseY);
    water_.set("uExaggeration", exaggeration);
    water_.set("uEye", eye);
    water_.set("uSunDirection", sun);
    empty_.bind();
    glDrawArrays(GL_TRIANGLES, 0, 30);  // surface + 4 walls, see water.vert
    glDisable(GL_POLYGON_OFFSET_FILL);
  }
  if (textures.hasWaterBodies && !view.wireframe) drawWaterBodies(textures, geometry, grid, sun);
}

void MeshPass::drawWaterBodies(const TerrainTextures& textures, const MeshGeometry& geometry,
                               const GridMesh& grid, glm::vec3 sun) {
  // The ground's own grid raised by the depth: a river as shallow as a few
  // centimetres still lies on or above its triangles, and the offset wins
  // the tie where it lies on them. Blended without writing depth, so the
  // sheets never hide each other's far side.
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_FALSE);
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(-1.0f, -2.0f);
  waterBodies_.use();
  setTerrainUniforms(waterBodies_, textures, 0.0f);
  waterBodies_.set("uSize", glm::ivec2(textures.textureWidth, textures.textureHeight));
  waterBodies_.set("uViewProjection", geometry.viewProjection);
  waterBodies_.set("uExtent", geometry.extent);
  waterBodies_.set("uExaggeration", geometry.exaggeration);
  waterBodies_.set("uEye", geometry.camera.eye);
  waterBodies_.set("uSunDirection", sun);
  grid.draw();
  glDisable(GL_POLYGON_OFFSET_FILL);
  glDepthMask(GL_TRUE);
}

}  // namespace terrain::render
