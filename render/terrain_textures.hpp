#pragma once
// The GPU copy of one terrain: heights as an R32F texture and the colour ramp
// as two 256x1 RGB8 lookup tables. Regenerating a map re-uploads these only,
// into the existing textures when the size is unchanged.
#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "core/base/heightfield.hpp"
#include "core/look/color.hpp"
#include "core/look/water_look.hpp"
#include "render/gl_objects.hpp"
#include "render/gl_program.hpp"

namespace terrain::render {

inline constexpr int kRampEntries = 256;

// Texture units shared by every pass.
inline constexpr GLuint kHeightsUnit = 0;
inline constexpr GLuint kLandRampUnit = 1;
inline constexpr GLuint kWaterRampUnit = 2;
inline constexpr GLuint kOverlayUnit = 3;
// 4 is the ambient occlusion's (render/ambient_occlusion.hpp).
inline constexpr GLuint kShadingUnit = 5;
inline constexpr GLuint kWaterBodiesUnit = 6;

// The largest texture side this context takes (GL_MAX_TEXTURE_SIZE, at
// least 1024 as GL 3.3 guarantees).
int gpuTextureLimit();

struct TerrainTextures {
  // R32F, one texel per sample, GL_LINEAR: the map, side view and the 3D
  // grid's vertices read single samples with texelFetch (crisp cells, exact
  // vertices); the 3D view's fragments read it filtered for height and slopes,
  // from the mip level that matches the pixel's footprint (heightmaps carry
  // a mip chain of 2x2 averages, rebuilt at each upload), so detail
  // finer than a pixel is averaged instead of aliasing into speckle.
  gl::Texture heights;
  gl::Texture landRamp;
  gl::Texture waterRamp;
  bool hasWater = false;
  // A mask over the map (core/look/masks.hpp), R8 at the heights' texture
  // layout, or the splat map's four weights (core/look/splat.hpp), RGBA8; absent
  // until uploadOverlay or uploadSplatOverlay.
  gl::Texture overlay;
  bool hasOverlay = false;
  bool overlayIsSplat = false;  // RGBA weights rather than one mask
  // The heights the map view's hillshade reads (core/look/image.hpp's
  // despeckled: single-cell pits and spikes clamped to their neighbours),
  // R32F at the heights' layout, read with texelFetch; made at each
  // uploadHeights, none for a profile.
  gl::Texture shading;
  // Lakes and rivers (core/look/water_look.hpp): RG16F, R the water's
  // depth over the ground in height units, G how much of the cell it
  // hides; absent until uploadWaterBodies, dropped by uploadHeights.
  gl::Texture waterBodies;
  bool hasWaterBodies = false;

  // Samples in the field as given (for profiles: samples along x).
  int width = 0;
  int height = 0;
  // Texture layout. Heightmaps: the samples shown, every k-th sample of the
  // field when it is larger than the texture limit (see uploadHeights).
  // Profiles longer than the limit are folded: sample i sits at
  // (i % textureWidth, i / textureWidth).
  int textureWidth = 0;
  int textureHeight = 0;
  // A torus (Heightfield::wraps): the map view shows its neighbouring copies.
  bool wraps = false;
  // New at every uploadHeights, unique in the process (a view keeps two
  // sets of textures, see TerrainView::setTerrain): what was computed from
  // the heights (the 3D view's ambient occlusion) knows whose it is. 0: none.
  std::uint64_t heightsVersion = 0;
  // Largest texture side to use when below the GPU's (TerrainView::
  // setTextureBudget); 0 = the GPU's.
  int budget = 0;

  bool empty() const { return width == 0 || height == 0; }
  bool isProfile() const { return height == 1; }
  int textureLimit() const {
    const int gpu = gpuTextureLimit();
    return budget > 0 && budget < gpu ? budget : gpu;
  }

  // The texture row showing the field's row `fieldRow` (the nearest one kept
  // when the map was downsampled).
  int textureRow(int fieldRow) const;

  // Throws std::invalid_argument for an empty or inconsistent field.
  void uploadHeights(const Heightfield& field);
  void uploadRamp(const ColorRamp& ramp);
  // A mask of the field last uploaded (one value 0..1 per cell, row-major),
  // laid out like its heights; an empty mask removes the overlay. Throws
  // std::invalid_argument when the mask does not match the heights.
  void uploadOverlay(const std::vector<float>& mask);
  // The splat map of the field last uploaded (five weights per cell summing
  // to 255, row-major; four: no wet ground), laid out like its heights;
  // empty removes the overlay. Throws std::invalid_argument when it does not
  // match the heights. The texture holds all but grass (overlay.glsl).
  void uploadSplatOverlay(std::span<const std::array<std::uint8_t, kMaterialCount>> weights);
  void uploadSplatOverlay(std::span<const std::array<std::uint8_t, 4>> weights);
  // Lakes and rivers of the field last uploaded, laid out like its
  // heights; empty vectors remove them. Throws std::invalid_argument when
  // they do not match the heights.
  void uploadWaterBodies(const WaterLook& water);
  // Binds heights and ramps to their units.
  void bind() const;

 private:
  // Levels 1.. of the heights' mip chain from level 0 (2x2 means), or none
  // for a profile; sets the filtering to match.
  void uploadMipChain(const float* level0, bool reallocate);
  // The shading texture from the texels shown (`shown`: the field's own
  // heights, or the downsampled copy).
  void uploadShading(const Heightfield& field, const float* shown);
  // The overlay texture from texels already at the texture layout.
  void uploadOverlayTexels(GLint internalFormat, GLenum format, const void* texels);

  // Sizes the textures were allocated with, so a same-size upload only
  // replaces the texels (glTexSubImage2D) instead of reallocating.
  int allocatedWidth_ = 0;
  int allocatedHeight_ = 0;
  bool rampsAllocated_ = false;
  std::vector<float> scratch_;     // folded or downsampled heights, kept for reuse
  std::vector<float> mipScratch_;  // mip levels 1.., each made in place from the last
  int decimationStep_ = 1;         // every k-th sample is shown (1: all)
};

// The uniforms every terrain shader shares (heights.glsl, ramp.glsl,
// water_bodies.glsl): the texture units, whether the ramp has water
// colours, the water level, and the lakes and rivers.
void setTerrainUniforms(const gl::Program& program, const TerrainTextures& textures, float water);

// The switches the terrain shaders take as constants (ProgramVariants,
// render/shader_library.hpp), one bit each, in kTerrainFeatureNames' order:
// what a view does not show costs its pixels nothing.
enum TerrainFeature : std::uint32_t {
  kFeatureHasWater = 1U << 0,          // ramp.glsl's uHasWater
  kFeatureWaterBodies = 1U << 1,       // water_bodies.glsl's uHasWaterBodies
  kFeatureShowOverlay = 1U << 2,       // overlay.glsl's uShowOverlay
  kFeatureOverlaySplat = 1U << 3,      // overlay.glsl's uOverlaySplat
  kFeatureOverlayGrey = 1U << 4,       // overlay.glsl's uOverlayGrey
  kFeatureHillshade = 1U << 5,         // map.frag's uHillshade
  kFeatureWraps = 1U << 6,             // map.frag's uWraps
  kFeatureMarkRow = 1U << 7,           // map.frag's row marker
  kFeatureAmbientOcclusion = 1U << 8,  // mesh.frag's uShowAmbientOcclusion
};
inline const std::vector<std::string_view> kTerrainFeatureNames{
    "HAS_WATER", "WATER_BODIES", "SHOW_OVERLAY", "OVERLAY_SPLAT",    "OVERLAY_GREY",
    "HILLSHADE", "WRAPS",        "MARK_ROW",     "AMBIENT_OCCLUSION"};

// The features these textures and an overlay setting switch on (water,
// lakes and rivers, the overlay as shown by setOverlayUniforms).
std::uint32_t terrainFeatures(const TerrainTextures& textures, bool showOverlay, bool overlayGrey);

// The overlay's uniforms (overlay.glsl): its unit, whether it is shown and
// a splat map, a mask's colour and the materials' colours for the splat.
void setOverlayUniforms(const gl::Program& program, const TerrainTextures& textures, bool show,
                        glm::vec3 maskColor,
                        const std::array<glm::vec3, kMaterialCount>& materialColors);

}  // namespace terrain::render
