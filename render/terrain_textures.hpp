#pragma once
// The GPU copy of one terrain: heights as an R32F texture and the colour ramp
// as two 256x1 RGB8 lookup tables. Regenerating a map re-uploads these only.
#include "core/color.hpp"
#include "core/heightfield.hpp"
#include "render/gl_objects.hpp"

namespace terrain::render {

inline constexpr int kRampEntries = 256;

// Texture units shared by every pass.
inline constexpr GLuint kHeightsUnit = 0;
inline constexpr GLuint kLandRampUnit = 1;
inline constexpr GLuint kWaterRampUnit = 2;
inline constexpr GLuint kSurfaceUnit = 3;

struct TerrainTextures {
  gl::Texture heights;  // R32F, GL_NEAREST: crisp map cells, exact grid vertices
  // RGBA16F, GL_LINEAR: height and slopes per sample for the 3D view's
  // fragments (SurfaceBaker fills it; heightmaps only).
  gl::Texture surface;
  gl::Texture landRamp;
  gl::Texture waterRamp;
  bool hasWater = false;

  // Samples in the field as given (for profiles: samples along x).
  int width = 0;
  int height = 0;
  // Texture layout. Heightmaps: same as the field (downsampled if larger
  // than GL_MAX_TEXTURE_SIZE). Profiles longer than the limit are folded:
  // sample i sits at (i % textureWidth, i / textureWidth).
  int textureWidth = 0;
  int textureHeight = 0;

  bool empty() const { return width == 0 || height == 0; }
  bool isProfile() const { return height == 1; }

  void uploadHeights(const Heightfield& field);
  void uploadRamp(const ColorRamp& ramp);
  // Binds heights and ramps to their units.
  void bind() const;
};

}  // namespace terrain::render
