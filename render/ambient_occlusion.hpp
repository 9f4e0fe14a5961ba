#pragma once
// The 3D view's ambient occlusion (shaders/ambient_occlusion.frag): how much
// sky each point of the heights sees, computed on the GPU into a texture at
// about half the map's resolution (a soft term), again only when the map or
// the exaggeration changes. The mesh pass darkens its sky light by it.
#include <cstdint>

#include "render/gl_objects.hpp"
#include "render/gl_program.hpp"
#include "render/terrain_textures.hpp"

namespace terrain::render {

inline constexpr GLuint kAmbientOcclusionUnit = 4;

class AmbientOcclusion {
 public:
  AmbientOcclusion();
  // Brings the texture up to date for these heights and exaggeration and
  // binds it to kAmbientOcclusionUnit. Keeps the caller's framebuffer,
  // viewport and program bindings as they were. Heightmaps only.
  void update(const TerrainTextures& textures, float exaggeration);
  glm::ivec2 size() const { return {width_, height_}; }

 private:
  gl::Program program_;
  gl::VertexArray empty_;
  gl::Texture texture_;
  gl::Framebuffer framebuffer_;
  int width_ = 0;
  int height_ = 0;
  std::uint64_t heightsVersion_ = 0;
  float exaggeration_ = -1.0f;
};

}  // namespace terrain::render
