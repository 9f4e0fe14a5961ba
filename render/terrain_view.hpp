#pragma once
// Draws heights with a colour ramp and a camera. Knows nothing of
// generators. Needs a current OpenGL 3.3 core context (glad loaded).
#include <array>
#include <cstdint>
#include <memory>
#include <span>

#include <glm/glm.hpp>

#include "core/base/heightfield.hpp"
#include "core/base/view_kind.hpp"
#include "core/base/world.hpp"
#include "core/look/color.hpp"
#include "core/look/look.hpp"
#include "core/look/water_look.hpp"
#include "core/scatter/scatter.hpp"
#include "render/instance_shapes.hpp"

namespace terrain::render {

// The 3D view's world box (x east, y up, z south) the camera frames.
struct Box3 {
  glm::vec3 min{0.0f};
  glm::vec3 max{0.0f};
};

// What the 3D view is drawn with: a camera placed for one box and aspect.
struct CameraPose {
  glm::mat4 view{1.0f};
  glm::mat4 projection{1.0f};
  glm::vec3 eye{0.0f};
  float visibleHeight = 1.0f;  // world units over the view's height at the target
  // Screen pixels per world unit (the map's longer side is 1) at the target,
  // for a viewport this many pixels high: the 3D view's level of detail.
  float pixelsPerWorldUnit(float viewportHeight) const { return viewportHeight / visibleHeight; }
};

struct OrbitCamera {
  float yawDegrees = 45.0f;
  float pitchDegrees = 35.0f;  // clamped to (5, 89)
  // Distance as a multiple of the framing distance: at 1 the whole block
  // (heights as exaggerated) fits the view with a margin, for the view's
  // aspect, seen from the default yaw and pitch. So the framing follows the
  // exaggeration and the window's shape, and orbiting does not change it.
  float distance = 1.0f;
  glm::vec2 pan{0.0f};     // target offset in map units, from the framed centre
  bool isometric = false;  // orthographic, as article 004's projection

  void rotate(float dxPixels, float dyPixels);
  void panBy(float dxPixels, float dyPixels);
  void zoom(float wheelSteps);
  void reset();  // frames the block again (keeps the projection)
  // The camera for `block` in a view of this aspect (width / height).
  CameraPose pose(const Box3& block, float aspect) const;
};

struct ViewSettings {
  ViewKind kind = ViewKind::Map;
  float water = 0.3f;  // 0..1
  // Side view of a heightmap: the row shown, as a fraction of the map's
  // height (0 = the first, northern row .. 1 = the last; see
  // crossSectionRow), so it stays in place when the size or generator changes.
  float crossSection = 0.5f;
  bool markCrossSection = false;  // map view of a heightmap: mark that row with a line
  bool hillshade = true;          // map view
  // Map view: the mask given to setOverlay, drawn over the terrain in this
  // colour, as opaque as the mask is high.
  bool showOverlay = false;
  glm::vec3 overlayColor{0.1f, 0.45f, 1.0f};
  bool overlayGrey = false;  // a mask drawn in greys (0 black .. 1 white) instead of its colour
  // The look's sun and relief (core/look/look.hpp, the one definition): towards
  // the sun in map space, x east, y south (down the map), z up; height 1
  // against the map's side. The map view shades as the colour map export.
  // A splat overlay (either view): the materials as they look (grass,
  // rock, sediment, snow, wet ground; core/look/look.hpp's kMaterialColors),
  // blended by the weights and lit like the terrain, so the map and the mesh
  // show what the exported splat maps give the engine, in the same colours.
  std::array<glm::vec3, kMaterialCount> materialColors{{
      {kMaterialColors[0][0], kMaterialColors[0][1], kMaterialColors[0][2]},
      {kMaterialColors[1][0], kMaterialColors[1][1], kMaterialColors[1][2]},
      {kMaterialColors[2][0], kMaterialColors[2][1], kMaterialColors[2][2]},
      {kMaterialColors[3][0], kMaterialColors[3][1], kMaterialColors[3][2]},
      {kMaterialColors[4][0], kMaterialColors[4][1], kMaterialColors[4][2]},
  }};
  // 3D view: the sky light each point gets dimmed by how much of the sky
  // the terrain around it hides (ambient occlusion), so valleys and
  // crevices read.
  bool ambientOcclusion = true;
  glm::vec3 sun{-0.5f, -0.5f, 0.70710678f};
  float relief = 0.5f;
  float mapZoom = 1.0f;        // map view: 1 = whole map fits
  glm::vec2 mapCenter{0.5f};   // map view: centre, in map units 0..1
  float exaggeration = 0.25f;  // 3D: height of 1.0 in map widths
  bool wireframe = false;      // 3D
  OrbitCamera camera;          // 3D
  // The instances given to setInstances: shapes in the 3D view, dots in
  // their species' colours over the map view.
  bool showInstances = true;
  bool instanceDots = true;
};

// The heightmap row a cross-section fraction shows in a map `rows` high (the
// nearest, 0 .. rows - 1; the middle for NaN), and the fraction that shows `row`.
int crossSectionRow(float fraction, int rows);
float crossSectionFraction(int row, int rows);

class TerrainView {
 public:
  TerrainView();  // throws std::runtime_error naming the shader on a GL failure
  ~TerrainView();
  TerrainView(TerrainView&&) noexcept;
  TerrainView& operator=(TerrainView&&) noexcept;
  TerrainView(const TerrainView&) = delete;
  TerrainView& operator=(const TerrainView&) = delete;

  // Uploads the heights as a texture (in place when the size is unchanged)
  // and the ramp as lookup tables; nothing else is computed or rebuilt.
  // While a terrain is on screen the new one is uploaded beside it and
  // replaces it in the first draw that finds it complete: the 3D view makes
  // its ambient occlusion a band a frame first (see preparing()), the map
  // and side views need nothing more. The overlay and water set after it,
  // and displayedResolution(), are the new terrain's.
  // Heightmaps larger than the texture limit are shown downsampled: every
  // k-th sample, k the smallest that fits (16385 -> 8193 under a 16384
  // limit), see displayedResolution().
  void setTerrain(const Heightfield& field, const ColorRamp& ramp);
  void setRamp(const ColorRamp& ramp);
  // A mask of the current terrain (one value 0..1 per cell of the field last
  // given to setTerrain; see core/look/masks.hpp) for the map view to draw when
  // ViewSettings::showOverlay; empty removes it. setTerrain removes it too.
  void setOverlay(const std::vector<float>& mask);
  // The splat map (core/look/splat.hpp: five weights per cell of the field
  // last given to setTerrain; four: grass, rock, sediment, snow and no wet
  // ground) as the overlay instead of a mask: each cell shows
  // ViewSettings::materialColors blended by its weights. Empty removes it.
  void setSplatOverlay(std::span<const std::array<std::uint8_t, kMaterialCount>> weights);
  void setSplatOverlay(std::span<const std::array<std::uint8_t, 4>> weights);
  // Lakes and rivers (core/look/water_look.hpp) of the field last given to
  // setTerrain, drawn at their own levels in the 3D view and over the land
  // in the map view; empty vectors remove them. setTerrain removes them too.
  void setWaterBodies(const WaterLook& water);
  // Scattered instances on the terrain (render/instance_pass.hpp), each drawn
  // as its species' look; empty removes them. Uploaded here, once.
  void setInstances(std::span<const ScatterInstance> instances, std::span<const InstanceLook> looks,
                    const InstancePlacement& placement);
  // Whether the terrain last given to setTerrain is still being prepared,
  // the one before it drawn meanwhile: the window draws more frames until
  // it is not (a 1025 map's occlusion took 114 ms in one frame).
  bool preparing() const;
  // The next draw completes the terrain being prepared (a frame that must
  // show the newest terrain: a screenshot, a test). renderToImage always does.
  void finishPreparing();
  // Draws into the currently bound framebuffer's viewport rectangle.
  // Pixels outside the rectangle are untouched (scissor); the 3D view needs a
  // depth buffer there. GL state it changes is restored. width or height <= 0
  // draws nothing. Profiles show their side view whatever view.kind says.
  void draw(const ViewSettings& view, int x, int y, int width, int height);
  // Renders offscreen (framebuffer object) and reads back; top row first.
  // Restores the caller's framebuffer bindings and viewport. Throws
  // std::invalid_argument for sides outside 1..8192.
  RgbImage renderToImage(const ViewSettings& view, int width, int height);

  // Samples shown per side (width, height) for the last setTerrain: the
  // field's own size, or less when it was downsampled to fit the texture
  // limit; (0, 0) before any terrain. Profiles report (samples, 1).
  glm::ivec2 displayedResolution() const;
  // The largest texture side used: GL_MAX_TEXTURE_SIZE, or the budget.
  int textureLimit() const;
  // Caps the texture side below the GPU's own limit (a video memory
  // budget), from the next setTerrain on: a larger map is shown
  // downsampled, as past the GPU's limit. 0 (or < 2): no cap.
  void setTextureBudget(int side);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace terrain::render
