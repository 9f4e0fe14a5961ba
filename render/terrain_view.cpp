// TerrainView: owns the terrain's textures and the three passes, and picks
// the pass for the view. Profiles have no map or mesh: every view kind shows
// their side view.
#include "render/terrain_view.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <exception>

#include "render/gl_state.hpp"
#include "render/instance_pass.hpp"
#include "render/map_pass.hpp"
#include "render/mesh_pass.hpp"
#include "render/offscreen_target.hpp"
#include "render/side_pass.hpp"
#include "render/terrain_textures.hpp"

namespace terrain::render {

struct TerrainView::Impl {
  TerrainTextures textures;
  SidePass side;
  MapPass map;
  MeshPass mesh;
  InstancePass instances;
  OffscreenTarget offscreen;

  void drawViewport(const ViewSettings& view, glm::ivec4 viewport);
};

namespace {

// Shown before the first setTerrain: the sky's horizon colour.
constexpr std::array<float, 3> kEmptyColor{0.86f, 0.91f, 0.96f};

}  // namespace

void TerrainView::Impl::drawViewport(const ViewSettings& view, glm::ivec4 viewport) {
  glViewport(viewport.x, viewport.y, viewport.z, viewport.w);
  glScissor(viewport.x, viewport.y, viewport.z, viewport.w);
  glEnable(GL_SCISSOR_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  if (textures.empty()) {
    glClearColor(kEmptyColor[0], kEmptyColor[1], kEmptyColor[2], 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    return;
  }
  textures.bind();
  const ViewKind kind = textures.isProfile() ? ViewKind::Side : view.kind;
  switch (kind) {
    case ViewKind::Side:
      side.draw(textures, view, viewport);
      break;
    case ViewKind::Map:
      map.draw(textures, view, viewport);
      if (view.instanceDots) {
        instances.drawDots(view, {textures.textureWidth, textures.textureHeight}, viewport);
      }
      break;
    case ViewKind::Mesh:
      mesh.draw(textures, view, viewport);
      if (view.showInstances && !instances.empty()) {
        const glm::ivec2 size(textures.textureWidth, textures.textureHeight);
        const float aspect = static_cast<float>(viewport.z) / static_cast<float>(viewport.w);
        instances.drawMesh(meshGeometry(view, size, aspect), worldSun(view), viewport);
      }
      break;
  }
}

int crossSectionRow(float fraction, int rows) {
  if (rows <= 1) return 0;
  const float f = std::isnan(fraction) ? 0.5f : std::clamp(fraction, 0.0f, 1.0f);
  return static_cast<int>(std::lround(f * static_cast<float>(rows - 1)));
}

float crossSectionFraction(int row, int rows) {
  if (rows <= 1) return 0.5f;
  return static_cast<float>(std::clamp(row, 0, rows - 1)) / static_cast<float>(rows - 1);
}

TerrainView::TerrainView() : impl_(std::make_unique<Impl>()) {}

TerrainView::~TerrainView() = default;
TerrainView::TerrainView(TerrainView&&) noexcept = default;
TerrainView& TerrainView::operator=(TerrainView&&) noexcept = default;

void TerrainView::setTerrain(const Heightfield& field, const ColorRamp& ramp) {
  impl_->textures.uploadHeights(field);
  impl_->textures.uploadRamp(ramp);
}

glm::ivec2 TerrainView::displayedResolution() const {
  const TerrainTextures& t = impl_->textures;
  if (t.empty()) return {0, 0};
  if (t.isProfile()) return {t.width, 1};
  return {t.textureWidth, t.textureHeight};
}

int TerrainView::textureLimit() const {
  return impl_->textures.textureLimit();
}

void TerrainView::setTextureBudget(int side) {
  impl_->textures.budget = side >= 2 ? side : 0;
}

void TerrainView::setRamp(const ColorRamp& ramp) {
  impl_->textures.uploadRamp(ramp);
}

void TerrainView::setOverlay(const std::vector<float>& mask) {
  impl_->textures.uploadOverlay(mask);
}

void TerrainView::setSplatOverlay(std::span<const std::array<std::uint8_t, 4>> weights) {
  impl_->textures.uploadSplatOverlay(weights);
}

void TerrainView::setWaterBodies(const WaterLook& water) {
  impl_->textures.uploadWaterBodies(water);
}

void TerrainView::setInstances(std::span<const ScatterInstance> instances,
                               std::span<const InstanceLook> looks,
                               const InstancePlacement& placement) {
  impl_->instances.setInstances(instances, looks, placement);
}

void TerrainView::draw(const ViewSettings& view, int x, int y, int width, int height) {
  if (width <= 0 || height <= 0) return;  // e.g. a minimised window
  const GlStateGuard guard;
  impl_->drawViewport(view, {x, y, width, height});
}

RgbImage TerrainView::renderToImage(const ViewSettings& view, int width, int height) {
  const FramebufferBindingGuard bindings;
  const GlStateGuard state;
  impl_->offscreen.ensure(width, height);  // throws for sizes beyond kMaxOffscreenSize
  impl_->offscreen.bind();
  impl_->drawViewport(view, {0, 0, width, height});
  return impl_->offscreen.read();
}

}  // namespace terrain::render
