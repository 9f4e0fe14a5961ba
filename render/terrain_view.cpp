// TerrainView: owns the terrain's textures and the three passes, and picks
// the pass for the view. Profiles have no map or mesh: every view kind shows
// their side view.
#include "render/terrain_view.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <exception>
#include <utility>

#include "render/gl_state.hpp"
#include "render/instance_pass.hpp"
#include "render/map_pass.hpp"
#include "render/mesh_pass.hpp"
#include "render/offscreen_target.hpp"
#include "render/side_pass.hpp"
#include "render/terrain_textures.hpp"

namespace terrain::render {

struct TerrainView::Impl {
  TerrainTextures textures;  // drawn
  // A terrain given since, while its parts are made (the 3D view's
  // occlusion, a band a frame); drawn in place of `textures` once complete,
  // so no frame shows half of it.
  TerrainTextures incoming;
  bool hasIncoming = false;
  // Set by setTerrain: the frame the map lands in has paid for its uploads
  // (and the window's for its water and overlay), so its first part waits
  // for the next frame.
  bool landed = false;
  bool finishNext = false;  // finishPreparing: the next draw completes it
  SidePass side;
  MapPass map;
  MeshPass mesh;
  InstancePass instances;
  OffscreenTarget offscreen;

  TerrainTextures& newest() { return hasIncoming ? incoming : textures; }
  const TerrainTextures& newest() const { return hasIncoming ? incoming : textures; }
  // One more part of the incoming terrain (all of it when `whole`); shown
  // from this frame on once complete.
  void advanceIncoming(const ViewSettings& view, bool whole);
  void drawViewport(const ViewSettings& view, glm::ivec4 viewport, bool whole);
};

namespace {

// The largest map whose textures are kept for the next one after it is
// replaced (see advanceIncoming).
constexpr int kKeptSpareSide = 2049;

// Shown before the first setTerrain: the sky's horizon colour.
constexpr std::array<float, 3> kEmptyColor{0.86f, 0.91f, 0.96f};

}  // namespace

void TerrainView::Impl::advanceIncoming(const ViewSettings& view, bool whole) {
  if (!hasIncoming) return;
  const bool needsMesh = view.kind == ViewKind::Mesh && !incoming.isProfile();
  const bool justLanded = std::exchange(landed, false);
  if (needsMesh && justLanded && !whole) return;
  if (needsMesh && !mesh.prepare(incoming, view, whole)) return;
  std::swap(textures, incoming);
  hasIncoming = false;
  // Past 2049 a side the second set is not worth its memory (and a new
  // map of that size costs more than a frame to upload anyway).
  if (Heightfield::cellCount(incoming.textureWidth, incoming.textureHeight) >
      Heightfield::cellCount(kKeptSpareSide, kKeptSpareSide)) {
    const int budget = incoming.budget;
    incoming = TerrainTextures{};
    incoming.budget = budget;
  }
}

void TerrainView::Impl::drawViewport(const ViewSettings& view, glm::ivec4 viewport, bool whole) {
  advanceIncoming(view, whole);
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
    case ViewKind::Mesh: {
      const auto standing = [&](const MeshGeometry& geometry) {
        instances.drawMesh(geometry, worldSun(view), viewport);
      };
      MeshPass::OnGround onGround;
      if (view.showInstances && !instances.empty()) onGround = standing;
      mesh.draw(textures, view, viewport,
                whole         ? MeshPass::Occlusion::Whole
                : hasIncoming ? MeshPass::Occlusion::Keep
                              : MeshPass::Occlusion::Part,
                onGround);
      break;
    }
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
  Impl& impl = *impl_;
  if (impl.textures.empty()) {  // nothing on screen to keep
    impl.hasIncoming = false;
    impl.textures.uploadHeights(field);
    impl.textures.uploadRamp(ramp);
    return;
  }
  impl.hasIncoming = false;  // an older incoming terrain is dropped unseen
  impl.incoming.budget = impl.textures.budget;
  impl.incoming.uploadHeights(field);  // throws before anything changes on screen
  impl.incoming.uploadRamp(ramp);
  impl.hasIncoming = true;
  impl.landed = true;
}

bool TerrainView::preparing() const {
  return impl_->hasIncoming;
}

void TerrainView::finishPreparing() {
  impl_->finishNext = true;
}

glm::ivec2 TerrainView::displayedResolution() const {
  const TerrainTextures& t = impl_->newest();
  if (t.empty()) return {0, 0};
  if (t.isProfile()) return {t.width, 1};
  return {t.textureWidth, t.textureHeight};
}

int TerrainView::textureLimit() const {
  return impl_->newest().textureLimit();
}

void TerrainView::setTextureBudget(int side) {
  impl_->textures.budget = impl_->incoming.budget = side >= 2 ? side : 0;
}

void TerrainView::setRamp(const ColorRamp& ramp) {
  impl_->textures.uploadRamp(ramp);
  if (impl_->hasIncoming) impl_->incoming.uploadRamp(ramp);
}

void TerrainView::setOverlay(const std::vector<float>& mask) {
  impl_->newest().uploadOverlay(mask);
}

void TerrainView::setSplatOverlay(
    std::span<const std::array<std::uint8_t, kMaterialCount>> weights) {
  impl_->newest().uploadSplatOverlay(weights);
}

void TerrainView::setSplatOverlay(std::span<const std::array<std::uint8_t, 4>> weights) {
  impl_->newest().uploadSplatOverlay(weights);
}

void TerrainView::setWaterBodies(const WaterLook& water) {
  impl_->newest().uploadWaterBodies(water);
}

void TerrainView::setInstances(std::span<const ScatterInstance> instances,
                               std::span<const InstanceLook> looks,
                               const InstancePlacement& placement) {
  impl_->instances.setInstances(instances, looks, placement);
}

void TerrainView::draw(const ViewSettings& view, int x, int y, int width, int height) {
  const GlStateGuard guard;
  if (width <= 0 || height <= 0) {  // e.g. a minimised window: the newest is shown when it opens
    impl_->advanceIncoming(view, true);
    return;
  }
  impl_->drawViewport(view, {x, y, width, height}, std::exchange(impl_->finishNext, false));
}

RgbImage TerrainView::renderToImage(const ViewSettings& view, int width, int height) {
  const FramebufferBindingGuard bindings;
  const GlStateGuard state;
  impl_->offscreen.ensure(width, height);  // throws for sizes beyond kMaxOffscreenSize
  impl_->offscreen.bind();
  impl_->drawViewport(view, {0, 0, width, height}, true);  // a picture shows the newest, whole
  return impl_->offscreen.read();
}

}  // namespace terrain::render
